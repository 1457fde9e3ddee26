// `npm run bench`: boots the stack (every service of the registry and the gateway as processes against
// PostgreSQL, NATS and Redis) and measures, in one run:
//   - rounds of the compared rows, each row once per round (A, B, C, ... A, B, C, ...; BENCH_PAIRS rounds):
//     the bare express route behind a minimal proxy and behind the gateway, GET /api/leaderboard/today,
//     the board of a challenge of 10,000 members, POST /api/activity with every consumer attached
//     (the CPU per log and per bare request is read from /proc over the same runs)
//   - each consumer's cost to logging: the logging load with its service stopped and started again,
//     alternated in BENCH_PAIRS pairs
//   - event-to-leaderboard freshness: from the POST's answer to the point showing on /api/leaderboard/today
//   - the Battle Pulse's fan-out to 5,000 sockets on /ws through the gateway (scripts/bench/pulse-fanout.ts)
//   - the floor: logging with no consumer at all (activity waiting for no effects), alternated with the
//     bare route, and its CPU per log: what the gateway and activity cost before any consumer does
//   - rebuilding the boards from the ledger for 100,000 warriors (scripts/bench/ledger-rebuild.ts)
//   - the embedded product (`npm start`) as a process: logs/s and leaderboard reads/s (scripts/bench/embedded.ts)
//   - the embedded mode's in-process leaderboard at 100k members (scripts/bench/memory-store.ts)
// and ends with one summary block: every target PASS or FAIL with the medians and spreads it used, and
// the CPU per log by process. A FAIL is a finding, not an error: the bench exits non-zero only when it
// could not measure.
import { spawn, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import type autocannon from 'autocannon';
import { DEFAULT_EFFECTS_WAIT_MS } from '@warriors/activity';
import { ACTIVITY_CATALOG, BULK_MAX_QUANTITY } from '@warriors/contracts';
import { effectSourcesOf, loadServiceRegistry } from '@warriors/kit';
import { freePort, waitFor } from '@warriors/test-support';
import { apiClient } from '../test/support/api-client';
import { STACK_SERVICES, startStack, UNTHROTTLED_LOGGING } from '../test/support/stack';
import { BARE_PATH } from './bench/bare-route';
import { seedChallengeMembers } from './bench/challenge-members';
import { cpuSnapshot, CpuTally, type CpuGroups } from './bench/cpu';
import { measureEmbedded } from './bench/embedded';
import { measureLedgerRebuild } from './bench/ledger-rebuild';
import { load, loggingLoad, LOGS_PER_WARRIOR_UNDER_CEILINGS, type LoadSettings, type Row } from './bench/load';
import { measureMemoryStore } from './bench/memory-store';
import { measurePulseFanout } from './bench/pulse-fanout';
import { costVerdict, median, pairwiseRatios, percentile, printVerdicts, ratioVerdict, type Verdict } from './bench/verdicts';

const SETTINGS: LoadSettings = { connections: Number(process.env.BENCH_CONNECTIONS ?? 50), durationS: Number(process.env.BENCH_DURATION ?? 10) };
const USERS = Number(process.env.BENCH_USERS ?? 200);
const FRESHNESS_SAMPLES = Number(process.env.BENCH_FRESHNESS_SAMPLES ?? 100);
const CHALLENGE_MEMBERS = Number(process.env.BENCH_CHALLENGE_MEMBERS ?? 10_000);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5000);
const PULSE_EVENTS = Number(process.env.BENCH_PULSE_EVENTS ?? 10);
/**
 * The freshness leader's seed, each type to its daily ceiling (nothing held off the board): every type the
 * logging load uses but email (left for the samples), and three it never uses. However many logs the load
 * made on a fast machine, a warrior holds at most the load types' ceilings (2,200 points); the leader then
 * holds 2,600 before its first sample.
 */
const FRESHNESS_LEADER_SEED = (['cold_call', 'doorknock', 'direct_mail', 'live_conversation', 'referral_source_call', 'past_client'] as const).map(
  (type) => [type, ACTIVITY_CATALOG[type].dailyCeiling] as const,
);
/** Alternated pairs (rounds) of every compared pair of rows. */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
const EMBEDDED_USERS = Number(process.env.BENCH_EMBEDDED_USERS ?? 100);
const REBUILD_USERS = Number(process.env.BENCH_REBUILD_USERS ?? 100_000);
/** Every consumer of activity.logged, each detached (its service stopped) and attached again in turn. */
const CONSUMERS = ['gamification', 'campaigns', 'challenges', 'social'] as const;
/** When set, every service and the gateway write a V8 CPU profile (.cpuprofile) there when the stack stops. */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
/** Warming after a process was started again (pools filled, code compiled), before a measured run. */
const REWARM_S = 2;

const TARGETS = {
  gatewayOfMinimal: 0.9,
  leaderboardOfBare: 0.9,
  challengeOfLeaderboard: 0.8,
  loggingOfBare: 0.25,
  consumerCost: 0.1,
  freshnessP99Ms: 100,
  fanoutP99Ms: 500,
  rebuildMs: 5000,
};

/** Until every durable consumer of the stack's stream has nothing pending: a restarted consumer caught up. */
async function consumersCaughtUp(stream: string): Promise<void> {
  const nc = await connect({ servers: 'nats://127.0.0.1:4222' });
  try {
    const jsm = await jetstreamManager(nc);
    await waitFor(
      async () => {
        for await (const info of jsm.consumers.list(stream)) if (info.num_pending > 0 || info.num_ack_pending > 0) return false;
        return true;
      },
      120_000,
      'the consumers to catch up',
    );
  } finally {
    await nc.close();
  }
}

/** A measured run, printed as it ends so that a run cut short still shows what it measured. */
async function measure(title: string, options: autocannon.Options): Promise<Row> {
  const row = await load(SETTINGS, title, options);
  console.log(`  ${row.scenario}: ${row.rps} requests/s (2xx), p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.errors} errors`);
  return row;
}
const warm = (options: autocannon.Options, durationS = REWARM_S) => load(SETTINGS, 'warm-up', { ...options, duration: durationS });
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const minutes = (ms: number) => `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;

function commitOf(): string {
  const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
  return dirty ? `${head} with uncommitted changes` : head;
}

function printRows(rows: readonly Row[]): void {
  console.log('| scenario | requests/s (2xx) | p50 ms | p99 ms | errors |');
  console.log('|---|---:|---:|---:|---:|');
  for (const row of rows) console.log(`| ${row.scenario} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} |`);
}

async function main(): Promise<void> {
  const benchStarted = performance.now();
  const startedAt = new Date();
  const loadAtStart = loadAverage();
  console.log('Booting the stack...');
  const barePort = await freePort();
  const bareServer = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'bench/bare-server.ts')], {
    env: { ...process.env, PORT: String(barePort) },
    stdio: 'inherit',
  });
  const minimalProxyPort = await freePort();
  const minimalProxy = spawn(process.execPath, ['--import', 'tsx', path.join(__dirname, 'bench/minimal-proxy.ts')], {
    env: { ...process.env, PORT: String(minimalProxyPort), BARE_URL: `http://127.0.0.1:${barePort}` },
    stdio: 'inherit',
  });
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [];
  const stack = await startStack({
    gateway: { script: 'scripts/bench/gateway-with-bare-route.ts', execArgv: ['--import', 'tsx', ...profile] },
    serviceScripts: { activity: 'scripts/bench/activity-with-effect-sources.ts' },
    serviceExecArgv: { ...Object.fromEntries(STACK_SERVICES.map((name) => [name, profile])), activity: ['--import', 'tsx', ...profile] },
    // The load is far above any broker's pace: 200 users log 2-7 times a second each, and the
    // freshness leader logs 100 times back to back. The per-user velocity limits are raised so the
    // bench measures logging, not 429s; their check (a map lookup per request) still runs. A log
    // waits for its effects as long as the product's default does (the test stacks wait longer).
    env: {
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      ...UNTHROTTLED_LOGGING,
      ACTIVITY_EFFECTS_WAIT_MS: String(DEFAULT_EFFECTS_WAIT_MS),
      // The fan-out's sockets are shared by the bench's warriors (25 each by default), not one or two
      // per broker: the per-account cap is raised as the velocity limits are.
      SOCIAL_SOCKETS_PER_ACCOUNT: String(Math.max(1, Math.ceil(SOCKETS / USERS))),
      LOG_LEVEL: 'error',
      BARE_URL: `http://127.0.0.1:${barePort}`,
    },
  }).catch((err: unknown) => {
    bareServer.kill();
    minimalProxy.kill();
    throw err;
  });
  const effectSources = effectSourcesOf(loadServiceRegistry());
  const allRows: Row[] = [];
  const verdicts: Verdict[] = [];
  let freshness: number[] = [];
  let fanoutLines: string[];
  const runs: Record<'minimal' | 'bare' | 'board' | 'crowd' | 'logging', Row[]> = { minimal: [], bare: [], board: [], crowd: [], logging: [] };
  const consumerRuns = new Map<string, { attached: Row[]; detached: Row[] }>();
  const logCpu = new CpuTally();
  const bareCpu = new CpuTally();
  const floorCpu = new CpuTally();
  const floorRuns = { bare: [] as Row[], logging: [] as Row[] };
  try {
    const api = apiClient(stack.url);
    console.log(`Signing up ${USERS} warriors and seeding the boards...`);
    const tokens: string[] = [];
    const userIds: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const signup = await api.signup({ name: `Bench Warrior ${i}`, timezone: 'UTC' });
      if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
      tokens.push(signup.body.access_token);
      userIds.push(signup.body.user.id);
    }
    for (let i = 0; i < USERS; i++) {
      const logged = await api.call('POST', '/api/activity', {
        token: tokens[i],
        body: { activity_type: i % 3 === 0 ? 'meeting' : 'cold_call' },
        headers: { 'idempotency-key': randomUUID() },
      });
      if (logged.status !== 201) throw new Error(`seed log failed: ${logged.status} ${JSON.stringify(logged.body)}`);
    }

    console.log(`Every warrior joins a running challenge; a second one gets ${CHALLENGE_MEMBERS.toLocaleString('en-US')} members...`);
    const hostToken = tokens[0]!;
    const window = { start_at: new Date(Date.now() - 60_000).toISOString(), end_at: new Date(Date.now() + 7 * 86_400_000).toISOString() };
    const sprint = await api.call('POST', '/api/challenges', { token: hostToken, body: { name: 'Bench Sprint', is_private: false, ...window } });
    if (sprint.status !== 201) throw new Error(`challenge create failed: ${sprint.status} ${JSON.stringify(sprint.body)}`);
    for (const token of tokens.slice(1)) {
      const joined = await api.call('POST', `/api/challenges/${sprint.body.id}/join`, { token });
      if (joined.status >= 300) throw new Error(`challenge join failed: ${joined.status} ${JSON.stringify(joined.body)}`);
    }
    const crowd = await api.call('POST', '/api/challenges', { token: hostToken, body: { name: 'Bench Crowd', is_private: false, ...window } });
    if (crowd.status !== 201) throw new Error(`challenge create failed: ${crowd.status} ${JSON.stringify(crowd.body)}`);
    await seedChallengeMembers(`postgres://postgres@127.0.0.1:5432/${stack.database}`, crowd.body.id, CHALLENGE_MEMBERS);
    const rebuilt = await stack.run('challenges', 'services/challenges/dist/rebuild.js');
    if (rebuilt.code !== 0) throw new Error(`challenge boards rebuild failed: ${rebuilt.output}`);
    const crowdBoard: autocannon.Options = { url: `${stack.url}/api/challenges/${crowd.body.id}/leaderboard`, headers: { authorization: `Bearer ${hostToken}` } };
    // A service's keeper that saw the boards incomplete during that rebuild may rebuild them once more
    // right after it (reads answer 503 meanwhile): wait for a page before measuring.
    let crowdPage = await api.call('GET', `/api/challenges/${crowd.body.id}/leaderboard`, { token: hostToken });
    for (let waited = 0; crowdPage.status === 503 && waited < 30_000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      crowdPage = await api.call('GET', `/api/challenges/${crowd.body.id}/leaderboard`, { token: hostToken });
    }
    if (crowdPage.status !== 200 || crowdPage.body.length === 0)
      throw new Error(`challenge board read failed: ${crowdPage.status} ${JSON.stringify(crowdPage.body).slice(0, 200)}`);

    const minimalBare: autocannon.Options = { url: `http://127.0.0.1:${minimalProxyPort}${BARE_PATH}` };
    const gatewayBare: autocannon.Options = { url: `${stack.url}${BARE_PATH}` };
    const board: autocannon.Options = { url: `${stack.url}/api/leaderboard/today` };
    const logging = loggingLoad(stack.url, tokens);
    // Warm every path (the POST's: connection pools filled, the consumers' batch paths compiled).
    for (const options of [minimalBare, gatewayBare, board, crowdBoard, logging]) await warm(options);
    const cpuGroups = (): CpuGroups => ({
      pids: { ...Object.fromEntries(['gateway', ...STACK_SERVICES].map((n) => [n, stack.pid(n)])), 'bare JSON server': bareServer.pid },
      database: stack.database,
    });

    console.log(`Measuring the compared rows in ${PAIRS} alternated rounds...`);
    for (let pair = 1; pair <= PAIRS; pair++) {
      runs.minimal.push(await measure(`GET ${BARE_PATH} (bare express behind a minimal express + http-proxy-middleware), round ${pair}`, minimalBare));
      const bareBefore = cpuSnapshot(cpuGroups());
      const bare = await measure(`GET ${BARE_PATH} (bare express behind the gateway), round ${pair}`, gatewayBare);
      bareCpu.add(bareBefore, cpuSnapshot(cpuGroups()), bare.ok);
      runs.bare.push(bare);
      runs.board.push(await measure(`GET /api/leaderboard/today, round ${pair}`, board));
      runs.crowd.push(
        await measure(`GET /api/challenges/{id}/leaderboard (${CHALLENGE_MEMBERS.toLocaleString('en-US')} members, page of ${crowdPage.body.length}), round ${pair}`, crowdBoard),
      );
      const logBefore = cpuSnapshot(cpuGroups());
      const logged = await measure(`POST /api/activity (every consumer attached), round ${pair}`, logging);
      // The consumers may still be applying the last logs: their CPU counts until they have.
      await consumersCaughtUp(stack.nats.stream);
      logCpu.add(logBefore, cpuSnapshot(cpuGroups()), logged.ok);
      runs.logging.push(logged);
    }
    allRows.push(...runs.minimal, ...runs.bare, ...runs.board, ...runs.crowd, ...runs.logging);

    // Activity waits for the effects of the services that answer them (the registry's
    // answersLogEffects) up to its bound. The product without one of them would not wait for it, so
    // for a detached run activity is started again without it in that list, and with the full list
    // for the attached run: stopped alone, every detached log would wait out the bound instead.
    const startActivity = async (waitsFor: readonly string[] | undefined) => {
      await stack.stop('activity');
      await stack.start('activity', { BENCH_EFFECT_SOURCES: waitsFor?.join(',') });
    };
    for (const consumer of CONSUMERS) {
      const answersEffects = effectSources.includes(consumer);
      console.log(`Measuring the ${consumer} consumer's cost to logging in ${PAIRS} alternated pairs...`);
      const measured = { attached: [] as Row[], detached: [] as Row[] };
      for (let pair = 1; pair <= PAIRS; pair++) {
        await stack.stop(consumer);
        if (answersEffects) await startActivity(effectSources.filter((source) => source !== consumer));
        await warm(logging);
        measured.detached.push(await measure(`POST /api/activity (${consumer} consumer detached), pair ${pair}`, logging));
        await stack.start(consumer);
        if (answersEffects) await startActivity(undefined);
        await consumersCaughtUp(stack.nats.stream);
        await warm(logging);
        measured.attached.push(await measure(`POST /api/activity (${consumer} consumer attached), pair ${pair}`, logging));
        await consumersCaughtUp(stack.nats.stream);
      }
      allRows.push(...measured.detached, ...measured.attached);
      consumerRuns.set(consumer, measured);
    }

    console.log(`Measuring freshness over ${FRESHNESS_SAMPLES} logs...`);
    // One warrior far ahead of everyone stays on the top 20; each sample waits for their new total.
    const leader = await api.signup({ name: 'Freshness Leader', timezone: 'UTC' });
    const leaderToken: string = leader.body.access_token;
    let expected = 0;
    for (const [activity_type, quantity] of FRESHNESS_LEADER_SEED) {
      for (let left = quantity; left > 0; left -= BULK_MAX_QUANTITY) {
        const bulk = await api.call('POST', '/api/activity/bulk', {
          token: leaderToken,
          body: { activity_type, quantity: Math.min(left, BULK_MAX_QUANTITY), note: 'bench freshness leader', honesty_confirmed: true },
        });
        if (bulk.status !== 201) throw new Error(`freshness seed failed: ${bulk.status} ${JSON.stringify(bulk.body)}`);
        expected += bulk.body.points_awarded;
      }
    }
    for (let i = 0; i < FRESHNESS_SAMPLES; i++) {
      const logged = await api.call('POST', '/api/activity', { token: leaderToken, body: { activity_type: 'email' } });
      if (logged.status !== 201) throw new Error(`freshness log failed: ${logged.status} ${JSON.stringify(logged.body)}`);
      expected += logged.body.points_awarded;
      const answered = performance.now();
      for (;;) {
        const current = await api.call('GET', '/api/leaderboard/today');
        const row = (current.body as Array<{ id: string; points: number }>).find((r) => r.id === leader.body.user.id);
        if (row && row.points >= expected) break;
        if (performance.now() - answered > 10_000) throw new Error('a logged point never reached the leaderboard');
      }
      freshness.push(performance.now() - answered);
    }
    freshness = freshness.sort((a, b) => a - b);

    console.log(`Opening ${SOCKETS.toLocaleString('en-US')} sockets on /ws and making ${PULSE_EVENTS} pulse events...`);
    const fanout = await measurePulseFanout({
      url: stack.url,
      tokens,
      sockets: SOCKETS,
      events: PULSE_EVENTS,
      pids: { social: stack.pid('social')!, gateway: stack.pid('gateway')! },
      // A nudge makes an encourage event; each from another sender, so no sender's rate limit is near.
      makeEvent: async (index) => {
        const nudge = await api.call('POST', '/api/nudges', { token: tokens[1 + (index % (tokens.length - 1))], body: { type: 'cheer', to_user_id: userIds[0] } });
        if (nudge.status !== 201) throw new Error(`nudge failed: ${nudge.status} ${JSON.stringify(nudge.body)}`);
      },
    });
    const pooled = fanout.delaysMs.flat().sort((a, b) => a - b);
    const eventP99s = fanout.delaysMs.map((delays) => percentile(delays, 99));
    verdicts.push({
      target: `pulse fan-out to ${fanout.sockets.toLocaleString('en-US')} sockets p99 <= ${TARGETS.fanoutP99Ms} ms`,
      measured: `${percentile(pooled, 99).toFixed(1)} ms`,
      spread: `p50 ${percentile(pooled, 50).toFixed(1)} ms; each event's p99 ${Math.min(...eventP99s).toFixed(0)}–${Math.max(...eventP99s).toFixed(0)} ms over ${PULSE_EVENTS} events`,
      pass: percentile(pooled, 99) <= TARGETS.fanoutP99Ms,
    });
    console.log(`Measuring the floor (logging with no consumer attached) in ${PAIRS} alternated rounds with the bare route...`);
    // Last on the stack: the consumers stay stopped, and the logs they never took wait in the stream.
    for (const consumer of CONSUMERS) await stack.stop(consumer);
    await startActivity([]);
    await warm(logging);
    for (let pair = 1; pair <= PAIRS; pair++) {
      floorRuns.bare.push(await measure(`GET ${BARE_PATH} (bare express behind the gateway), floor round ${pair}`, gatewayBare));
      const floorBefore = cpuSnapshot(cpuGroups());
      const floor = await measure(`POST /api/activity (no consumer attached: the floor), round ${pair}`, logging);
      floorCpu.add(floorBefore, cpuSnapshot(cpuGroups()), floor.ok);
      floorRuns.logging.push(floor);
    }
    allRows.push(...floorRuns.bare, ...floorRuns.logging);
    fanoutLines = [
      `pulse fan-out: ${PULSE_EVENTS} nudges one after another, each timed from its request's start to its pulse line's arrival on every socket; ${(fanout.connectMs / 1000).toFixed(1)} s to open the sockets`,
      `resident memory per 1,000 open sockets: social ${(fanout.rssKbPerThousand.social / 1024).toFixed(1)} MiB, gateway ${(fanout.rssKbPerThousand.gateway / 1024).toFixed(1)} MiB`,
    ];
  } finally {
    await stack.close();
    bareServer.kill();
    minimalProxy.kill();
  }

  console.log(`Rebuilding the boards from the ledger for ${REBUILD_USERS.toLocaleString('en-US')} warriors...`);
  const rebuild = await measureLedgerRebuild(REBUILD_USERS);
  console.log(`Measuring the embedded product (npm start) with ${EMBEDDED_USERS} warriors...`);
  const embedded = await measureEmbedded(SETTINGS, EMBEDDED_USERS);
  allRows.push(embedded.logs, embedded.reads);
  const memory = await measureMemoryStore();

  console.log(`\nEvery run (${SETTINGS.connections} connections, ${SETTINGS.durationS} s each, ${USERS} warriors; node ${process.version}):\n`);
  printRows(allRows);
  console.log(`\n${fanoutLines.join('\n')}`);
  console.log(
    `the embedded product: ready ${(embedded.bootMs / 1000).toFixed(1)} s after its start, ${embedded.cpuMsPerLog.toFixed(2)} ms of CPU per log; ` +
      `its in-process leaderboard at ${memory.members.toLocaleString('en-US')} members: rebuild ${memory.rebuildMs.toFixed(0)} ms, ` +
      `${memory.increments.toLocaleString('en-US')} increments at ${memory.incrementUs.toFixed(1)} µs each, top 20 and 5 ranks ${memory.readsMs.toFixed(1)} ms`,
  );
  const logsPerWarrior = allRows.filter((r) => r.scenario.startsWith('POST') && !r.scenario.includes('embedded')).reduce((sum, r) => sum + r.ok, 0) / USERS;
  if (logsPerWarrior > LOGS_PER_WARRIOR_UNDER_CEILINGS)
    console.log(`note: ${logsPerWarrior.toFixed(0)} logs per warrior passed the daily ceilings (${LOGS_PER_WARRIOR_UNDER_CEILINGS}): the last ones were held off the boards`);

  verdicts.unshift(
    ratioVerdict("gateway's bare route / minimal proxy", runs.bare, runs.minimal, TARGETS.gatewayOfMinimal),
    ratioVerdict("GET /api/leaderboard/today / gateway's bare route", runs.board, runs.bare, TARGETS.leaderboardOfBare),
    ratioVerdict(`challenge board (${CHALLENGE_MEMBERS.toLocaleString('en-US')} members) / GET /api/leaderboard/today`, runs.crowd, runs.board, TARGETS.challengeOfLeaderboard),
    ratioVerdict("POST /api/activity, every consumer attached / gateway's bare route", runs.logging, runs.bare, TARGETS.loggingOfBare),
    ...CONSUMERS.map((consumer) => costVerdict(consumer, consumerRuns.get(consumer)!.attached, consumerRuns.get(consumer)!.detached, TARGETS.consumerCost)),
    {
      target: `freshness (POST answered -> on /api/leaderboard/today) p99 <= ${TARGETS.freshnessP99Ms} ms`,
      measured: `${percentile(freshness, 99).toFixed(1)} ms`,
      spread: `p50 ${percentile(freshness, 50).toFixed(1)} ms over ${freshness.length} logs`,
      pass: percentile(freshness, 99) <= TARGETS.freshnessP99Ms,
    },
  );
  verdicts.push({
    target: `boards rebuilt from the ledger, ${rebuild.users.toLocaleString('en-US')} warriors < ${TARGETS.rebuildMs / 1000} s`,
    measured: rebuild.failure ? 'did not finish' : `${(rebuild.rebuildMs / 1000).toFixed(2)} s`,
    spread: rebuild.failure
      ? `the command exited after ${(rebuild.processMs / 1000).toFixed(1)} s: ${rebuild.failure.replaceAll('\n', ' ').slice(0, 200)}`
      : `${rebuild.ledgerRows.toLocaleString('en-US')} ledger rows, ${rebuild.keys} boards; the command's process ${(rebuild.processMs / 1000).toFixed(2)} s from start to exit`,
    pass: !rebuild.failure && rebuild.rebuildMs < TARGETS.rebuildMs,
  });

  const perLog = logCpu.perUnit();
  const perBare = bareCpu.perUnit();
  const perFloorLog = floorCpu.perUnit();
  const ours = (figures: Array<{ name: string; ms: number }>) => figures.filter((c) => !c.name.includes('shared')).reduce((sum, c) => sum + c.ms, 0);
  const everything = (figures: Array<{ name: string; ms: number }>) => figures.reduce((sum, c) => sum + c.ms, 0);
  const passed = verdicts.filter((v) => v.pass).length;

  console.log(`\n## Summary`);
  console.log(
    `\n${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commitOf()}, ${os.cpus().length} cores, ` +
      `load average (1 / 5 / 15 min) ${loadAtStart} at the start and ${loadAverage()} at the end; the bench took ${minutes(performance.now() - benchStarted)}.`,
  );
  console.log(
    `Compared rows ran in ${PAIRS} alternated rounds on the same stack (${SETTINGS.connections} connections, ${SETTINGS.durationS} s a run), each consumer's cost in ${PAIRS} detached/attached pairs: ` +
      'a target is judged on the median of the pairwise ratios (each pair ran back to back, so the ratio cancels the drift of the shared machine, which the median of each side would not), ' +
      'the spread is their min–max. A consumer that answers logs with effects (gamification, campaigns) is detached with activity started again without waiting for it, as the product without it would; ' +
      `attached, activity waits for it again, up to ${DEFAULT_EFFECTS_WAIT_MS} ms as in the product. Each consumer run follows a ${REWARM_S} s warm-up.\n`,
  );
  printVerdicts(verdicts);
  console.log(`\n${passed} of ${verdicts.length} targets PASS.\n`);
  console.log('| row without a target | requests/s (2xx) | p50 ms | p99 ms | errors |');
  console.log('|---|---:|---:|---:|---:|');
  const medianRow = (label: string, rows: Row[]) =>
    console.log(
      `| ${label} (median of ${rows.length}) | ${median(rows.map((r) => r.rps))} | ${median(rows.map((r) => r.p50))} | ${median(rows.map((r) => r.p99))} | ${rows.reduce((s, r) => s + r.errors, 0)} |`,
    );
  medianRow('minimal express + http-proxy-middleware, bare route', runs.minimal);
  medianRow("gateway's bare route", runs.bare);
  medianRow('GET /api/leaderboard/today', runs.board);
  medianRow(`challenge board, ${CHALLENGE_MEMBERS.toLocaleString('en-US')} members`, runs.crowd);
  medianRow('POST /api/activity, every consumer attached', runs.logging);
  medianRow('POST /api/activity, no consumer attached (the floor)', floorRuns.logging);
  for (const row of [embedded.logs, embedded.reads]) console.log(`| ${row.scenario} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.errors} |`);
  const floorRatios = pairwiseRatios(floorRuns.logging, floorRuns.bare);
  console.log(
    `\nThe floor, logging with no consumer attached (activity waiting for no effects), against the gateway's bare route in ${PAIRS} alternated rounds: ` +
      (floorRatios.length > 0
        ? `${median(floorRatios).toFixed(3)} (${floorRatios.map((r) => r.toFixed(3)).join(', ')}): no consumer's work can raise logging above it.`
        : 'n/a, no round had answers on both sides.'),
  );
  console.log(
    `\nCPU per log (from /proc; the shared servers also carry other loads on the machine), over the ${PAIRS} logging rounds with every consumer attached (until the consumers caught up) and over the ${PAIRS} floor rounds:\n`,
  );
  console.log('| process | every consumer attached, CPU ms per log | no consumer (the floor) |');
  console.log('|---|---:|---:|');
  const floorOf = (name: string) => perFloorLog.find((c) => c.name === name)?.ms ?? 0;
  for (const { name, ms } of perLog) console.log(`| ${name} | ${ms.toFixed(2)} | ${floorOf(name).toFixed(2)} |`);
  console.log(`| total without the shared servers | ${ours(perLog).toFixed(2)} | ${ours(perFloorLog).toFixed(2)} |`);
  console.log(`| total with them | ${everything(perLog).toFixed(2)} | ${everything(perFloorLog).toFixed(2)} |`);
  console.log(
    `\nbare requests per log: ${(ours(perLog) / ours(perBare)).toFixed(1)} (with the shared servers ${(everything(perLog) / everything(perBare)).toFixed(1)}; ` +
      `the floor ${(ours(perFloorLog) / ours(perBare)).toFixed(1)} and ${(everything(perFloorLog) / everything(perBare)).toFixed(1)}) — ` +
      `the total CPU per log divided by the total CPU per request of the gateway's bare route, read from the same processes over its ${PAIRS} rounds ` +
      `(${ours(perBare).toFixed(3)} ms without the shared servers, of which gateway ${perBare.find((c) => c.name === 'gateway')!.ms.toFixed(3)} and the bare JSON server ${perBare.find((c) => c.name === 'bare JSON server')!.ms.toFixed(3)}).`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});

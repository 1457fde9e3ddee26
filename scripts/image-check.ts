// `npm run image:check`: builds deploy/Dockerfile with podman and proves the image it makes.
//   1. the tools (podman, runc, debootstrap) from Debian's packages when missing; the base image, or a local
//      stand-in for it where no image registry is reachable (scripts/image-check/stand-in-base.ts);
//   2. the build, with this machine's npm registry and CA passed at build time only; its time, the image's
//      size and what its layers add over the base (at most MAX_ADDED_BYTES);
//   3. from that image, with --network host on free ports: the embedded product (DATA_DIR on a tmpfs), then
//      the gateway and every service of services.registry.json as separate containers against this
//      machine's PostgreSQL (a database of its own), NATS (a stream and subject prefix of its own) and Redis
//      (a leaderboard namespace of its own), all sending mail to an SMTP server this script runs. Through
//      each gateway a broker signs up, receives the mail that verifies the address, logs an activity and
//      finds its points on today's leaderboard;
//   4. every container is stopped with SIGTERM and must exit cleanly within 10 s.
// Everything it started is removed at the end (containers, database, stream, Redis keys); images and the
// build cache stay, so the next run builds only what changed. Exits non-zero, saying why, on any failure.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Client } from 'pg';
import { createRedis, ensureDatabaseExists, loadServiceRegistry, upstreamVariable } from '@warriors/kit';
import { deleteKeysMatching, freePort, startTestSmtp, waitFor, type TestSmtp } from '@warriors/test-support';
import { apiClient } from '../test/support/api-client';
import { CheckFailure, megabytes, mustPodman, mustRun, podman, run, seconds, tail } from './image-check/commands';
import { BASE_IMAGE, ensureBaseImage } from './image-check/stand-in-base';

const ROOT = path.resolve(__dirname, '..');
const IMAGE = 'localhost/prospect-warriors:image-check';
/** What the image may add to node:20-bookworm-slim: production dependencies and built files only. */
const MAX_ADDED_BYTES = 120_000_000;
/** How long a container may take to exit after SIGTERM before it counts as a failure (and podman kills it). */
const STOP_GRACE_S = 10;
const HOST_CA = '/etc/ssl/certs/ca-certificates.crt';
const BUILD_LOG = path.join(ROOT, 'artifacts/image-check-build.log');
const POSTGRES = 'postgres://postgres@127.0.0.1:5432';
const NATS_URL = 'nats://127.0.0.1:4222';
const REDIS_URL = 'redis://127.0.0.1:6379';
const TOOLS = ['podman', 'runc', 'debootstrap'];

const runId = randomBytes(5).toString('hex');
const runLabel = `prospect-warriors.image-check=${runId}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function ensureTools(): Promise<void> {
  const missing: string[] = [];
  for (const tool of TOOLS) if ((await run('sh', ['-c', `command -v ${tool}`])).code !== 0) missing.push(tool);
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) throw new CheckFailure(`missing ${missing.join(', ')}: install them (apt-get install ${missing.join(' ')}) or run as root`);
  console.log(`installing ${missing.join(', ')} from Debian's packages`);
  await mustRun('apt-get update', 'apt-get', ['update', '-qq']);
  await mustRun(`apt-get install ${missing.join(' ')}`, 'apt-get', ['install', '-y', '-qq', ...missing], { env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

/** This machine's npm registry and egress CA, for the build's npm only (build arguments and a read-only mount). */
async function buildTimeNpmSettings(): Promise<string[]> {
  const registry = (await mustRun('npm config get registry', 'npm', ['config', 'get', 'registry'])).trim();
  const settings = ['--build-arg', `NPM_CONFIG_REGISTRY=${registry}`];
  if (existsSync(HOST_CA)) settings.push('--volume', `${HOST_CA}:/etc/ssl/certs/host-ca.crt:ro`, '--build-arg', 'NODE_EXTRA_CA_CERTS=/etc/ssl/certs/host-ca.crt');
  return settings;
}

async function imageId(reference: string): Promise<string | undefined> {
  const answer = await podman(['image', 'inspect', '--format', '{{.Id}}', reference]);
  return answer.code === 0 ? answer.output.trim() : undefined;
}

async function imageSize(reference: string): Promise<number> {
  return Number((await mustPodman(`reading the size of ${reference}`, ['image', 'inspect', '--format', '{{.Size}}', reference])).trim());
}

async function buildImage(): Promise<{ buildMs: number; sizeBytes: number; addedBytes: number }> {
  const previous = await imageId(IMAGE);
  mkdirSync(path.dirname(BUILD_LOG), { recursive: true });
  console.log(`build: podman build -f deploy/Dockerfile (output in ${path.relative(ROOT, BUILD_LOG)})`);
  const started = Date.now();
  const args = ['build', '--file', 'deploy/Dockerfile', '--tag', IMAGE, '--layers', '--network', 'host', ...(await buildTimeNpmSettings()), ROOT];
  const build = await podman(args);
  const buildMs = Date.now() - started;
  writeFileSync(BUILD_LOG, build.output);
  if (build.code !== 0) throw new CheckFailure(`the image did not build (exit code ${build.code}):\n${tail(build.output, 40)}`);
  // The image this build replaced is no cache for anything: only its name held it.
  const current = await imageId(IMAGE);
  if (previous && previous !== current) await podman(['rmi', previous]);
  const sizeBytes = await imageSize(IMAGE);
  const addedBytes = sizeBytes - (await imageSize(BASE_IMAGE));
  console.log(`build: ${seconds(buildMs)}; image ${megabytes(sizeBytes)}, of which its own layers ${megabytes(addedBytes)} over ${BASE_IMAGE}`);
  if (addedBytes > MAX_ADDED_BYTES)
    throw new CheckFailure(
      `the image adds ${megabytes(addedBytes)} to its base, over the ${megabytes(MAX_ADDED_BYTES)} allowed: see what its layers hold with podman history ${IMAGE}`,
    );
  return { buildMs, sizeBytes, addedBytes };
}

interface Container {
  name: string;
  /** The process it runs, as the user reads it (`embedded`, `auth`, `gateway`...). */
  role: string;
  port: number;
}

/** Runs one entry point of the image. Variables are handed over by name, so no secret shows in a command line. */
async function startContainer(role: string, command: string[], env: Record<string, string>, extra: string[] = []): Promise<Container> {
  const port = await freePort();
  const name = `prospect-warriors-check-${runId}-${role}`;
  const variables = { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  const passed = Object.keys(variables).flatMap((variable) => ['--env', variable]);
  await mustPodman(`starting ${role}`, ['run', '--detach', '--name', name, '--label', runLabel, '--network', 'host', ...passed, ...extra, IMAGE, ...command], { env: variables });
  return { name, role, port };
}

async function logsOf(container: Container): Promise<string> {
  return tail((await podman(['logs', container.name])).output, 40);
}

async function waitReady(container: Container): Promise<void> {
  const ready = async () => {
    try {
      if ((await fetch(`http://127.0.0.1:${container.port}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok) return true;
    } catch {
      // not listening yet
    }
    const state = await podman(['inspect', '--format', '{{.State.Running}}', container.name]);
    if (state.output.trim() !== 'true') throw new CheckFailure(`${container.role} exited before it was ready:\n${await logsOf(container)}`);
    await pause(250);
    return false;
  };
  try {
    await waitFor(ready, 90_000, `${container.role} to answer /readyz`);
  } catch (err) {
    if (err instanceof CheckFailure) throw err;
    throw new CheckFailure(`${(err as Error).message}:\n${await logsOf(container)}`);
  }
}

/** A broker signs up, logs a meeting and finds its points on today's leaderboard, all through the gateway. */
async function proveCoreLoop(where: string, gatewayUrl: string, smtp: TestSmtp): Promise<void> {
  const api = apiClient(gatewayUrl);
  const signup = await api.signup({ name: `Image Check ${runId}`, timezone: 'UTC' });
  if (signup.status !== 201) throw new CheckFailure(`${where}: POST /api/signup answered ${signup.status}: ${JSON.stringify(signup.body)}`);
  const token: string = signup.body.access_token;
  const userId: string = signup.body.user.id;
  const email: string = signup.body.user.email;
  try {
    await waitFor(
      async () => {
        if (smtp.received.some((mail) => mail.to.includes(email) && (mail.parsed.text ?? '').includes('/verify-email?token='))) return true;
        await pause(200);
        return false;
      },
      20_000,
      'the verification mail',
    );
  } catch {
    throw new CheckFailure(`${where}: no mail with a /verify-email link reached ${smtp.url} for the new account`);
  }
  const log = await api.call('POST', '/api/activity', { token, body: { activity_type: 'meeting' } });
  if (log.status !== 201) throw new CheckFailure(`${where}: POST /api/activity answered ${log.status}: ${JSON.stringify(log.body)}`);
  const points: number = log.body.points_awarded;
  try {
    await waitFor(
      async () => {
        const board = await api.list<{ id: string; points: number }>('/api/leaderboard/today?tz=UTC');
        if (board?.some((row) => row.id === userId && row.points === points)) return true;
        await pause(200);
        return false;
      },
      20_000,
      'the logged points',
    );
  } catch {
    throw new CheckFailure(`${where}: the ${points} points logged never showed on GET /api/leaderboard/today`);
  }
  console.log(`${where}: signed up, received the verification mail over SMTP, logged a meeting (${points} points), read it back on /api/leaderboard/today`);
}

/** Sends SIGTERM to each container (through tini, PID 1) and times its exit; a clean exit is code 0 within the grace. */
async function stopAll(containers: Container[]): Promise<string[]> {
  const results = await Promise.all(
    containers.map(async (container) => {
      const started = Date.now();
      await mustPodman(`stopping ${container.role}`, ['stop', '--time', String(STOP_GRACE_S), container.name]);
      const ms = Date.now() - started;
      const code = Number((await mustPodman(`reading ${container.role}'s exit`, ['inspect', '--format', '{{.State.ExitCode}}', container.name])).trim());
      return { container, ms, code };
    }),
  );
  const failures: string[] = [];
  for (const { container, ms, code } of results) {
    console.log(`stop: ${container.role.padEnd(12)} exited ${code} after SIGTERM in ${seconds(ms)}`);
    if (code !== 0 || ms >= STOP_GRACE_S * 1000)
      failures.push(`${container.role} did not exit cleanly within ${STOP_GRACE_S} s of SIGTERM (exit code ${code} after ${seconds(ms)}):\n${await logsOf(container)}`);
  }
  return failures;
}

async function checkEmbedded(smtp: TestSmtp): Promise<void> {
  const product = await startContainer('embedded', [], { SMTP_URL: smtp.url }, ['--mount', 'type=tmpfs,destination=/app/data,chown=true']);
  await waitReady(product);
  await proveCoreLoop('embedded product', `http://127.0.0.1:${product.port}`, smtp);
  const failures = await stopAll([product]);
  if (failures.length > 0) throw new CheckFailure(failures.join('\n\n'));
}

interface StackResources {
  database: string;
  stream: string;
  namespace: string;
}

async function checkStack(resources: StackResources, smtp: TestSmtp): Promise<void> {
  const databaseUrl = `${POSTGRES}/${resources.database}`;
  await ensureDatabaseExists(databaseUrl);
  const common = {
    DATABASE_URL: databaseUrl,
    NATS_URL,
    REDIS_URL,
    NATS_STREAM: resources.stream,
    NATS_SUBJECT_PREFIX: resources.stream.toLowerCase(),
    LEADERBOARD_NAMESPACE: resources.namespace,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'http://127.0.0.1:8080',
  };
  const services = loadServiceRegistry().services.map((service) => service.name);
  const containers: Container[] = [];
  for (const service of services) containers.push(await startContainer(service, ['node', `services/${service}/dist/main.js`], common));
  await Promise.all(containers.map(waitReady));
  const upstreams = Object.fromEntries(containers.map((container) => [upstreamVariable(container.role), `http://127.0.0.1:${container.port}`]));
  // The login limit counts per client address in the shared Redis, where other runs on this machine count too.
  const gateway = await startContainer('gateway', ['node', 'gateway/dist/main.js'], { ...common, ...upstreams, AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  containers.push(gateway);
  await waitReady(gateway);
  await proveCoreLoop(`gateway + ${services.length} services`, `http://127.0.0.1:${gateway.port}`, smtp);
  const failures = await stopAll([gateway, ...containers.filter((container) => container !== gateway)]);
  if (failures.length > 0) throw new CheckFailure(failures.join('\n\n'));
}

/** Removes what this run started, whatever state it stopped in; a step that fails is reported and the others still run. */
async function cleanUp(resources: StackResources): Promise<void> {
  const steps: Array<[string, () => Promise<unknown>]> = [
    [
      'containers',
      async () => {
        const ids = (await mustPodman('listing containers', ['ps', '--all', '--quiet', '--filter', `label=${runLabel}`])).split('\n').filter(Boolean);
        if (ids.length > 0) await mustPodman('removing containers', ['rm', '--force', '--time', '0', ...ids]);
      },
    ],
    [
      'database',
      async () => {
        const admin = new Client({ connectionString: `${POSTGRES}/postgres` });
        await admin.connect();
        try {
          await admin.query(`drop database if exists ${resources.database} with (force)`);
        } finally {
          await admin.end();
        }
      },
    ],
    [
      'stream',
      async () => {
        const nats = await connect({ servers: NATS_URL });
        try {
          await (await jetstreamManager(nats)).streams.delete(resources.stream).catch(() => false);
        } finally {
          await nats.close();
        }
      },
    ],
    [
      'Redis keys',
      async () => {
        const redis = createRedis(REDIS_URL);
        try {
          // The leaderboards' keys, and the challenge boards' under `<namespace>-challenges`.
          for (const pattern of [`${resources.namespace}:*`, `${resources.namespace}-challenges:*`]) {
            await deleteKeysMatching(redis, pattern);
          }
        } finally {
          redis.disconnect();
        }
      },
    ],
  ];
  for (const [what, step] of steps) {
    try {
      await step();
    } catch (err) {
      console.error(`clean-up: could not remove this run's ${what}: ${(err as Error).message}`);
    }
  }
}

async function main(): Promise<void> {
  const resources: StackResources = { database: `image_check_${runId}`, stream: `IMAGE_CHECK_${runId.toUpperCase()}`, namespace: `image_check_${runId}` };
  let cleaned: Promise<void> | undefined;
  const cleanUpOnce = () => (cleaned ??= cleanUp(resources));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanUpOnce().finally(() => process.exit(1)));
  try {
    await ensureTools();
    await ensureBaseImage();
    const { buildMs, sizeBytes, addedBytes } = await buildImage();
    const smtp = await startTestSmtp();
    try {
      await checkEmbedded(smtp);
      await checkStack(resources, smtp);
    } finally {
      await smtp.stop();
    }
    console.log(
      `image check passed: built in ${seconds(buildMs)}, ${megabytes(sizeBytes)} (${megabytes(addedBytes)} over the base); every entry point served the core loop and stopped on SIGTERM`,
    );
  } finally {
    await cleanUpOnce();
  }
}

main().catch((err: unknown) => {
  console.error(`image check FAILED: ${err instanceof CheckFailure ? err.message : ((err as Error).stack ?? String(err))}`);
  process.exit(1);
});

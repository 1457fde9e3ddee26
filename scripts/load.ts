// `npm run load -- <scenario>`: the k6 scenario k6/<scenario>.ts as an autocannon load of the same shape
// (k6/shapes/<scenario>.ts) against a running product at BASE_URL; prints the metrics k6 would judge and
// each threshold PASS/FAIL, and exits 1 when one is missed. For machines without k6 (see k6/README.md).
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { holds, LoadMetrics } from './load/metrics';
import { autocannonRequests, planFor, type Mirror } from './load/mirror';
import { MIRRORS } from './load/scenarios';

const BASE_URL = process.env.BASE_URL ?? 'http://localhost:8080';
/** A shorter (or longer) run than the scenario's, in k6's syntax (e.g. 10s); the recorded figures use the scenario's own. */
const LOAD_DURATION = process.env.LOAD_DURATION;

/** What autocannon's response event hands over: the connection, whose request iterator still holds the request answered. */
interface AnsweringClient {
  requestIterator: { currentRequest: { method?: string; path?: string } };
}

const ms = (value: number) => `${value.toFixed(2)}ms`;

async function run<Data>(name: string, mirror: Mirror<Data>): Promise<boolean> {
  const plan = planFor(mirror.shape.options, mirror.requestsPerIteration, LOAD_DURATION);
  const runId = randomUUID().slice(0, 8);
  const pace =
    plan.overallRate === undefined
      ? `${plan.connections} virtual users`
      : `${plan.overallRate} requests/s (${plan.expectedIterations} iterations), up to ${plan.connections} connections`;
  console.log(`${name}: scenario ${plan.scenario} (${plan.executor}) against ${BASE_URL}: ${pace} for ${plan.durationSeconds} s${LOAD_DURATION ? ' (LOAD_DURATION)' : ''}`);

  const metrics = new LoadMetrics();
  const data = await mirror.setup(BASE_URL, metrics, runId);
  const routeOf = new Map(Object.entries(mirror.shape.routes).map(([route, { method, path }]) => [`${method} ${path}`, route]));
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: BASE_URL,
        connections: plan.connections,
        overallRate: plan.overallRate,
        duration: plan.durationSeconds,
        // k6's default request timeout.
        timeout: 60,
        requests: autocannonRequests(mirror, data, runId, () => (metrics.iterationsStarted += 1)),
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (client: unknown, status: number, _bytes: number, durationMs: number) => {
      const { method, path } = (client as AnsweringClient).requestIterator.currentRequest;
      metrics.record(routeOf.get(`${method} ${path}`) ?? `${method} ${path}`, status, durationMs);
    });
  });
  metrics.unanswered = result.errors;
  if (plan.expectedIterations !== undefined) metrics.droppedIterations = Math.max(0, plan.expectedIterations - metrics.iterationsStarted);

  const duration = (tag?: string) =>
    `avg=${ms(metrics.value('http_req_duration', 'avg', tag))} min=${ms(metrics.value('http_req_duration', 'min', tag))} med=${ms(metrics.value('http_req_duration', 'med', tag))} max=${ms(metrics.value('http_req_duration', 'max', tag))} p(90)=${ms(metrics.value('http_req_duration', 'p(90)', tag))} p(95)=${ms(metrics.value('http_req_duration', 'p(95)', tag))} p(99)=${ms(metrics.value('http_req_duration', 'p(99)', tag))}`;
  console.log(`  http_reqs.............: ${metrics.value('http_reqs', 'count')} (${(metrics.value('http_reqs', 'count') / result.duration).toFixed(1)}/s)`);
  console.log(
    `  http_req_failed.......: ${(metrics.value('http_req_failed', 'rate') * 100).toFixed(2)}% (${result.errors} without an answer, ${result.timeouts} of them timeouts)`,
  );
  console.log(`  http_req_duration.....: ${duration()}`);
  for (const tag of metrics.names()) console.log(`    {name:${tag}}${'.'.repeat(Math.max(1, 14 - tag.length))}: ${duration(tag)}`);
  console.log(`  iterations............: ${metrics.iterationsStarted}`);
  if (plan.expectedIterations !== undefined) console.log(`  dropped_iterations....: ${metrics.droppedIterations}`);

  let passed = true;
  for (const threshold of plan.thresholds) {
    const value = metrics.value(threshold.metric, threshold.aggregation, threshold.name);
    // A threshold over no requests at all proves nothing: it fails (k6 would pass a trend with no samples).
    const met = metrics.value('http_reqs', 'count', threshold.name) > 0 && holds(threshold, value);
    passed &&= met;
    console.log(`  ${met ? 'PASS' : 'FAIL'} ${threshold.key} ${threshold.expression}: ${Number.isInteger(value) ? value : value.toFixed(4)}`);
  }
  console.log(passed ? `${name}: every threshold met` : `${name}: a threshold was missed`);
  return passed;
}

async function main(): Promise<void> {
  const name = process.argv[2];
  const usage = `usage: npm run load -- <${Object.keys(MIRRORS).join('|')}>`;
  if (name === 'auth') process.exitCode = (await run(name, MIRRORS.auth)) ? 0 : 1;
  else if (name === 'leaderboard') process.exitCode = (await run(name, MIRRORS.leaderboard)) ? 0 : 1;
  else if (name === 'log-activity') process.exitCode = (await run(name, MIRRORS['log-activity'])) ? 0 : 1;
  else {
    console.error(usage);
    process.exitCode = 2;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});

// A k6 scenario's shape (k6/shapes) turned into an autocannon load: the same routes, bodies, arrival rate
// or virtual users, duration and thresholds.
import type autocannon from 'autocannon';
import type { ShapeOptions, ShapeRoute, ShapeScenario } from '../../k6/shapes/shape';
import { durationSeconds, parseThresholds, type LoadMetrics, type Threshold } from './metrics';

export interface LoadPlan {
  scenario: string;
  executor: ShapeScenario['executor'];
  /** k6's most virtual users at once: one connection each. */
  connections: number;
  /** Requests a second across every connection (arrival-rate scenarios); none for constant virtual users. */
  overallRate?: number;
  durationSeconds: number;
  /** Iterations k6 starts in that time (arrival-rate scenarios): the ones not started are dropped_iterations. */
  expectedIterations?: number;
  thresholds: Threshold[];
}

/** One request as the mirror sends it, before autocannon serialises it. */
export interface MirrorRequest {
  headers: Record<string, string>;
  body?: unknown;
}

/** What the requests of one connection share from one iteration to the next request of it (a token, say). */
export type IterationContext = Record<string, unknown>;

export interface Mirror<Data = undefined> {
  shape: { options: ShapeOptions; routes: Record<string, ShapeRoute> };
  /** Route names in the order a connection sends them, round and round. */
  cycle: string[];
  /** How many of the cycle's requests make one k6 iteration (the first of them starts it). */
  requestsPerIteration: number;
  /** k6's setup(): runs once before the load; its requests count in the totals, as k6's do. */
  setup(baseUrl: string, metrics: LoadMetrics, runId: string): Promise<Data>;
  /** Request `route` of iteration `n` (numbered across the whole test, as exec.scenario.iterationInTest). */
  request(route: string, n: number, context: IterationContext, data: Data, runId: string): MirrorRequest;
  onResponse?(route: string, status: number, body: string, context: IterationContext): void;
}

export function planFor(options: ShapeOptions, requestsPerIteration: number, durationOverride?: string): LoadPlan {
  const entries = Object.entries(options.scenarios);
  if (entries.length !== 1) throw new Error(`the mirror runs one scenario per file, found ${entries.length}`);
  const [scenario, shape] = entries[0]!;
  const seconds = durationSeconds(durationOverride ?? shape.duration);
  const thresholds = parseThresholds(options.thresholds);
  if (shape.executor === 'constant-vus') return { scenario, executor: shape.executor, connections: shape.vus, durationSeconds: seconds, thresholds };
  const perSecond = shape.rate / durationSeconds(shape.timeUnit);
  const overallRate = perSecond * requestsPerIteration;
  // autocannon paces whole requests per second; a fractional rate would be rounded, i.e. not the same load.
  if (!Number.isInteger(overallRate)) throw new Error(`${scenario}: ${overallRate} requests a second is not a whole number autocannon can pace`);
  return {
    scenario,
    executor: shape.executor,
    connections: shape.maxVUs ?? shape.preAllocatedVUs,
    overallRate,
    durationSeconds: seconds,
    expectedIterations: Math.floor(perSecond * seconds),
    thresholds,
  };
}

/**
 * autocannon's request cycle for a mirror: each request built just before it is sent, numbered like k6's
 * iterations; `onIteration` is called as each iteration starts.
 */
export function autocannonRequests<Data>(mirror: Mirror<Data>, data: Data, runId: string, onIteration: () => void): autocannon.Request[] {
  let next = 0;
  return mirror.cycle.map((route, index) => {
    const { method, path } = mirror.shape.routes[route]!;
    const startsIteration = index % mirror.requestsPerIteration === 0;
    return {
      method,
      path,
      setupRequest: (request: autocannon.Request, shared: object) => {
        const context = shared as IterationContext;
        if (startsIteration) {
          context.iteration = next++;
          onIteration();
        }
        const built = mirror.request(route, context.iteration as number, context, data, runId);
        return { ...request, headers: built.headers, body: built.body === undefined ? undefined : JSON.stringify(built.body) };
      },
      onResponse: (status: number, body: string, shared: object) => mirror.onResponse?.(route, status, body, shared as IterationContext),
    };
  });
}

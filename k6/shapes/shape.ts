// The shape of a k6 scenario as plain data: what the k6 script runs and what `npm run load`'s autocannon
// mirror (scripts/load) runs, so the two cannot drift. Plain TypeScript without k6 imports: k6 and Node both load it.

/** The k6 executors the scenarios use; the mirror refuses any other. */
export type ShapeScenario =
  | { executor: 'constant-arrival-rate'; rate: number; timeUnit: string; duration: string; preAllocatedVUs: number; maxVUs?: number }
  | { executor: 'constant-vus'; vus: number; duration: string };

/** k6 options, restricted to what a shape sets: one scenario and its thresholds. */
export interface ShapeOptions {
  scenarios: Record<string, ShapeScenario>;
  /** k6's own syntax, e.g. `{ 'http_req_duration{name:me}': ['p(99)<150'] }`. */
  thresholds: Record<string, string[]>;
}

/** One request an iteration makes; the key it is stored under is its k6 `name` tag. */
export interface ShapeRoute {
  method: 'GET' | 'POST';
  path: string;
}

export const LOAD_TEST_PASSWORD = 'load-test-password';

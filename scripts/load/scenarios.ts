// The mirror of each k6 scenario in k6/: the same requests, built from the same shape.
import { authShape } from '../../k6/shapes/auth';
import { leaderboardShape } from '../../k6/shapes/leaderboard';
import { logActivityShape } from '../../k6/shapes/log-activity';
import type { LoadMetrics } from './metrics';
import type { Mirror } from './mirror';

const JSON_BODY = { 'content-type': 'application/json' };

const auth: Mirror = {
  shape: authShape,
  cycle: ['signup', 'me'],
  requestsPerIteration: 2,
  setup: async () => undefined,
  request(route, n, context, _data, runId) {
    if (route === 'signup') return { headers: JSON_BODY, body: authShape.signupBody(`load.${runId}.${n}@example.com`) };
    return { headers: { authorization: `Bearer ${String(context.token)}` } };
  },
  onResponse(route, status, body, context) {
    if (route === 'signup') context.token = status === 201 ? (JSON.parse(body) as { access_token: string }).access_token : undefined;
  },
};

const leaderboard: Mirror = {
  shape: leaderboardShape,
  cycle: Object.keys(leaderboardShape.routes),
  requestsPerIteration: 1,
  setup: async () => undefined,
  request: () => ({ headers: {} }),
};

const WARRIORS = Number(process.env.WARRIORS ?? logActivityShape.defaultWarriors);

const logActivity: Mirror<{ tokens: string[] }> = {
  shape: logActivityShape,
  cycle: ['log'],
  requestsPerIteration: 1,
  async setup(baseUrl, metrics: LoadMetrics, runId) {
    const { method, path } = logActivityShape.routes.signup;
    const tokens: string[] = [];
    for (let i = 0; i < WARRIORS; i++) {
      const started = performance.now();
      const res = await fetch(`${baseUrl}${path}`, { method, headers: JSON_BODY, body: JSON.stringify(logActivityShape.signupBody(i, `load.${runId}.${i}@example.com`)) });
      const body = (await res.json()) as { access_token?: string };
      metrics.record('signup', res.status, performance.now() - started);
      if (!body.access_token) throw new Error(`setup: sign-up ${i} answered ${res.status} ${JSON.stringify(body)}`);
      tokens.push(body.access_token);
    }
    return { tokens };
  },
  request(_route, n, _context, { tokens }, runId) {
    return {
      headers: { ...JSON_BODY, authorization: `Bearer ${tokens[n % tokens.length]}`, 'idempotency-key': `load-${runId}-${n}` },
      body: logActivityShape.logBody(n),
    };
  },
};

/** `npm run load -- <scenario>`: the scenario is the k6 file's name. */
export const MIRRORS = { auth, leaderboard, 'log-activity': logActivity };

// k6 scenario: spectators hammering the Battle Ground's boards through the gateway.
// `k6 run k6/leaderboard.ts -e BASE_URL=http://localhost:8080`
import http from 'k6/http';
import { check } from 'k6';
import type { Options } from 'k6/options';

const BASE_URL = __ENV.BASE_URL ?? 'http://localhost:8080';
const WINDOWS = ['today', '7d', 'alltime'];

export const options: Options = {
  scenarios: {
    spectators: { executor: 'constant-vus', vus: 50, duration: '30s' },
  },
  thresholds: {
    http_req_failed: ['rate<0.001'],
    http_req_duration: ['p(50)<20', 'p(99)<100'],
  },
};

export default function watchTheBoards(): void {
  const window = WINDOWS[__ITER % WINDOWS.length];
  const res = http.get(`${BASE_URL}/api/leaderboard/${window}?tz=America/New_York`, { tags: { name: `leaderboard_${window}` } });
  check(res, {
    'answered 200': (r) => r.status === 200,
    'at most 20 rows': (r) => (r.json() as unknown[]).length <= 20,
  });
}

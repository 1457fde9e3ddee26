// k6 scenario: spectators hammering the Battle Ground's boards through the gateway (shape: shapes/leaderboard.ts).
// `k6 run k6/leaderboard.ts -e BASE_URL=http://localhost:8080` (see k6/README.md)
import http from 'k6/http';
import { check } from 'k6';
import type { Options } from 'k6/options';
import { leaderboardShape } from './shapes/leaderboard.ts';

const BASE_URL = __ENV.BASE_URL ?? 'http://localhost:8080';
const BOARDS = Object.entries(leaderboardShape.routes);

export const options: Options = leaderboardShape.options;

export default function watchTheBoards(): void {
  const [name, route] = BOARDS[__ITER % BOARDS.length];
  const res = http.request(route.method, `${BASE_URL}${route.path}`, null, { tags: { name } });
  check(res, {
    'answered 200': (r) => r.status === 200,
    'at most 20 rows': (r) => (r.json() as unknown[]).length <= leaderboardShape.pageSize,
  });
}

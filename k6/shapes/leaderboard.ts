// Spectators hammering the Battle Ground's boards: each iteration reads the next window's top 20.
import type { ShapeOptions, ShapeRoute } from './shape.ts';

const board = (window: string): ShapeRoute => ({ method: 'GET', path: `/api/leaderboard/${window}?tz=America/New_York` });

export const leaderboardShape = {
  options: {
    scenarios: {
      spectators: { executor: 'constant-vus', vus: 50, duration: '30s' },
    },
    thresholds: {
      http_req_failed: ['rate<0.001'],
      http_req_duration: ['p(50)<20', 'p(99)<100'],
    },
  } satisfies ShapeOptions,
  /** In the order a virtual user reads them, one per iteration. */
  routes: {
    leaderboard_today: board('today'),
    leaderboard_7d: board('7d'),
    leaderboard_alltime: board('alltime'),
  } satisfies Record<string, ShapeRoute>,
  /** The most rows a board answers. */
  pageSize: 20,
};

export type * from './leaderboard/leaderboard-store.port';

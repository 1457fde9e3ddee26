// The leaderboard feature's public surface: the dashboard's compact board and standing (its screen is loaded by
// the app's routes).
export { leaderboardApi, useGetLeaderboardQuery, useGetMyStandingQuery } from './api';
export { CompactLeaderboard, LEADERBOARD_POLL_MS } from './CompactLeaderboard';
export { WINDOW_TABS } from './leaderboard-rules';
export { ResetCountdown } from './ResetCountdown';

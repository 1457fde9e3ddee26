// Plain values without a schema: the dashboard's goal ring, board and presence read them without loading zod and every schema beside it
// (docs/decisions.md, "The signed-in screens load no schema").

export const DEFAULT_DAILY_GOAL_POINTS = 50;
export const LEADERBOARD_SIZE = 20;
export const ACTIVE_WINDOW_MINUTES = 10;

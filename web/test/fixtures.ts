import type { LeaderboardRow, LogResult } from '@warriors/contracts';

/** A log answer that set off nothing; tests add the effects they are about. */
export function logResult(overrides: Partial<LogResult> = {}): LogResult {
  return {
    activity: {
      id: 'a-1',
      user_id: 'u-1',
      activity_type: 'cold_call',
      quantity: 1,
      points: 1,
      note: null,
      created_at: '2025-06-15T12:00:00Z',
      local_date: '2025-06-15',
    },
    points_awarded: 1,
    badges: [],
    milestones: [],
    rank_change: null,
    campaign_completed: null,
    ...overrides,
  };
}

export function leaderboardRow(rank: number, overrides: Partial<LeaderboardRow> = {}): LeaderboardRow {
  return {
    id: `u-${rank + 100}`,
    name: `Warrior${rank} Smith`,
    username: `warrior${rank}`,
    points: 1000 - rank,
    profile_picture: null,
    company: null,
    city: null,
    state: null,
    last_activity_date: null,
    rank,
    ...overrides,
  };
}

import type {
  Badge,
  Campaign,
  CampaignList,
  Challenge,
  ChallengeInvite,
  ChallengeLeaderboardEntry,
  Kudos,
  LeaderboardRow,
  LogResult,
  Nudge,
  PublicProfile,
  PulseEvent,
  RecapNotice,
  WeeklyRecap,
} from '@warriors/contracts';

/** A log answer that set off nothing but a streak of 4 (testUser has 3); tests add the effects they are about. */
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
    held: false,
    held_message: null,
    badges: [],
    milestones: [],
    rank_change: null,
    campaign_completed: null,
    streak_days: 4,
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

/** A joined goal: 3 cold calls today, none logged yet; tests change what they are about. */
export function campaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 20,
    campaign_id: 20,
    user_campaign_id: 300,
    goal_id: 300,
    name: 'Today: 3 Cold Calls',
    campaign_name: 'Today: 3 Cold Calls',
    description: '',
    icon: 'target',
    kind: 'custom',
    status: 'active',
    duration_days: 1,
    category: 'daily',
    goal_type: 'cold_call',
    activity_type: 'cold_call',
    goal_count: 3,
    progress: 0,
    started_at: new Date(Date.now() - 60 * 60_000).toISOString(),
    ends_at: new Date(Date.now() + 23 * 60 * 60_000).toISOString(),
    days_remaining: 1,
    completed_at: null,
    bonus_points: 0,
    creator_id: 'u-1',
    is_auto_generated: false,
    activity_breakdown: [{ type: 'cold_call', current: 0, target: 3 }],
    ...overrides,
  };
}

export function campaignList(lists: Partial<CampaignList> = {}): CampaignList {
  return { available: [], active: [], completed: [], ...lists };
}

/** A public challenge the caller has joined, running, 5 days left; tests change what they are about. */
export function challenge(overrides: Partial<Challenge> = {}): Challenge {
  return {
    id: 7,
    owner_id: 'u-9',
    owner_name: 'Bob Stone',
    name: 'Cold Call Clash',
    description: 'Most dials wins',
    start_at: '2026-11-20T09:00:00Z',
    end_at: '2026-11-29T09:00:00Z',
    start_date: '2026-11-20T09:00:00Z',
    end_date: '2026-11-29T09:00:00Z',
    points_target: 500,
    is_private: false,
    visibility: 'public',
    activity_goals: { cold_call: 100 },
    members_count: 3,
    status: 'active',
    days_remaining: 5,
    role: 'member',
    my_role: 'member',
    is_joined: true,
    is_invited: false,
    my_points: 42,
    user_points: 42,
    user_score: 42,
    my_activity_counts: { cold_call: 42 },
    progress: 42,
    can_edit: false,
    can_delete: false,
    created_at: '2026-11-01T09:00:00Z',
    ...overrides,
  };
}

export function challengeEntry(overrides: Partial<ChallengeLeaderboardEntry> = {}): ChallengeLeaderboardEntry {
  return { user_id: 'u-9', name: 'Bob Stone', username: 'bob', profile_picture: null, role: 'owner', points: 120, ...overrides };
}

export function challengeInvite(overrides: Partial<ChallengeInvite> = {}): ChallengeInvite {
  return {
    invite_id: '0b6a1f3e-5a8b-4c1e-9f55-1d2a3b4c5d6e',
    from_name: 'Bob Stone',
    from_username: 'bob',
    challenge_name: 'Secret Sprint',
    challenge_id: 9,
    created_at: '2026-11-23T10:00:00Z',
    ...overrides,
  };
}

/** A public profile with nothing logged and no badges; tests add what they are about. */
export function publicProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: 'u-bob',
    username: 'bob',
    profile_public: true,
    name: 'Bob Stone',
    profile_picture: null,
    created_at: '2024-11-05T12:00:00Z',
    rank: null,
    streak_days: 0,
    today_points: 0,
    points_7d: 0,
    points_30d: 0,
    total_points: 0,
    company: null,
    specialty: null,
    city: null,
    state: null,
    x_url: null,
    bio: null,
    badges: [],
    activity_counts: { today: {}, '7d': {}, '30d': {} },
    ...overrides,
  };
}

/** Maria's First Meeting badge, in the pulse a minute ago. */
export function pulseEvent(overrides: Partial<PulseEvent> = {}): PulseEvent {
  return {
    id: 'e-1',
    type: 'achievement',
    user_id: 'u-maria',
    username: 'maria',
    name: 'Maria Lopez',
    message: 'earned the First Meeting badge',
    related_user: null,
    created_at: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  };
}

/** An unread cheer from Maria. */
export function nudge(overrides: Partial<Nudge> = {}): Nudge {
  return {
    id: 'n-1',
    type: 'cheer',
    from_name: 'Maria Lopez',
    from_username: 'maria',
    message: 'Maria Lopez is cheering you on!',
    created_at: '2026-11-24T10:00:00Z',
    is_read: false,
    ...overrides,
  };
}

export function kudos(overrides: Partial<Kudos> = {}): Kudos {
  return {
    id: 'k-1',
    entry_id: 'e-1',
    activity_type: 'cold_call',
    from_user_id: 'u-9',
    from_name: 'Jo Park',
    from_username: 'jo',
    created_at: '2026-11-24T10:00:00Z',
    is_read: false,
    ...overrides,
  };
}

/** The First Meeting badge, earned once; tests change what they are about. */
export function badge(overrides: Partial<Badge> = {}): Badge {
  return {
    id: 'b-1',
    badge_type: 'first_meeting',
    name: 'First Meeting',
    description: 'Booked your first meeting',
    cycle: 'lifetime',
    repeat_count: 1,
    repeat: 1,
    earned_at: '2025-03-02T15:00:00Z',
    ...overrides,
  };
}

/** A recap of a week without any activity; tests fill in the figures they are about. */
export function weeklyRecap(overrides: Partial<WeeklyRecap> = {}): WeeklyRecap {
  const none = { value: 0, previous: 0, change: 0 };
  return {
    week: { start: '2026-03-02', end: '2026-03-08' },
    previous_week: { start: '2026-02-23', end: '2026-03-01' },
    rank: { value: null, previous: null, change: null },
    best_day: { value: null, previous: null },
    points: none,
    badges_earned: { ...none, badges: [] },
    logs: none,
    goals_completed: { ...none, names: [] },
    logs_by_type: [],
    timezone: 'America/Chicago',
    ...overrides,
  };
}

export function recapNotice(overrides: Partial<RecapNotice> = {}): RecapNotice {
  return { id: '2026-03-02', kind: 'weekly_recap', week: { start: '2026-03-02', end: '2026-03-08' }, created_at: '2026-03-09T14:00:00Z', is_read: false, ...overrides };
}

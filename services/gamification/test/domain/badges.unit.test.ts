import { BADGE_TYPES, BadgeProgressList, type ActivityType, type BadgeType } from '@warriors/contracts';
import { BADGE_CATALOG } from '../../src/domain/badge-catalog';
import { badgeDefinitions, badgeProgress, cycleKey, newestBadges, qualifyingBadges, scopeRanges, summarizeBadges, type BadgeStats } from '../../src/domain/badges';
import { badgeStats } from '../../src/domain/ledger';

type Scope = keyof BadgeStats['points'];

/** Stats where only what a test names is non-zero. */
function stats(options: { points?: Partial<Record<Scope, number>>; counts?: Partial<Record<Scope, Partial<Record<ActivityType, number>>>>; streak?: number }): BadgeStats {
  return {
    points: { day: 0, week: 0, month: 0, quarter: 0, lifetime: 0, ...options.points },
    counts: { day: {}, week: {}, month: {}, quarter: {}, lifetime: {}, ...options.counts },
    streak: options.streak ?? 0,
  };
}

const earned = (s: BadgeStats, date = '2025-03-12', goal = 50): BadgeType[] => qualifyingBadges(s, date, goal).map((b) => b.spec.key);

describe('the badge catalog', () => {
  it('has the 15 badges of spec point 3, each once', () => {
    expect(BADGE_CATALOG.map((b) => b.key).sort()).toEqual([...BADGE_TYPES].sort());
  });

  it('answers definitions with lifetime badges typed lifetime and the rest repeatable', () => {
    const definitions = badgeDefinitions();
    expect(definitions).toHaveLength(15);
    expect(definitions.find((d) => d.key === 'first_meeting')).toMatchObject({ cycle: 'lifetime', type: 'lifetime' });
    expect(definitions.find((d) => d.key === 'connector_week')).toMatchObject({ cycle: 'weekly', type: 'repeatable' });
  });
});

describe('badge rules at their thresholds', () => {
  it.each<[BadgeType, Parameters<typeof stats>[0], Parameters<typeof stats>[0]]>([
    ['daily_victory', { points: { day: 50 } }, { points: { day: 49, week: 500 } }],
    ['call_crusher', { counts: { day: { cold_call: 50 } } }, { counts: { day: { cold_call: 49 }, week: { cold_call: 300 } } }],
    ['connector', { counts: { day: { live_conversation: 10 } } }, { counts: { day: { live_conversation: 9 } } }],
    ['door_dominator', { counts: { day: { doorknock: 20 } } }, { counts: { day: { doorknock: 19 } } }],
    ['seven_day_streak', { streak: 7 }, { streak: 6 }],
    ['connector_week', { counts: { week: { live_conversation: 50 } } }, { counts: { week: { live_conversation: 49 }, month: { live_conversation: 200 } } }],
    ['field_warrior_week', { counts: { week: { doorknock: 50 } } }, { counts: { week: { doorknock: 49 } } }],
    ['call_crusher_1k', { counts: { month: { cold_call: 1000 } } }, { counts: { month: { cold_call: 999 }, quarter: { cold_call: 2000 } } }],
    ['meeting_maker_20', { counts: { month: { meeting: 20 } } }, { counts: { month: { meeting: 19 } } }],
    ['monthly_master', { points: { month: 1500 } }, { points: { month: 1499, quarter: 3000 } }],
    ['quarter_champ', { points: { quarter: 4500 } }, { points: { quarter: 4499, lifetime: 9000 } }],
    ['call_titan_10k', { counts: { lifetime: { cold_call: 10_000 } } }, { counts: { lifetime: { cold_call: 9999 } } }],
    ['all_star_streak_100', { streak: 100 }, { streak: 99 }],
    ['first_meeting', { counts: { lifetime: { meeting: 1 } } }, { counts: { lifetime: { email: 5 } } }],
    ['100_calls', { counts: { lifetime: { cold_call: 100 } } }, { counts: { lifetime: { cold_call: 99 } } }],
  ])('%s is earned at its threshold and not one below', (badge, reached, below) => {
    expect(earned(stats(reached))).toContain(badge);
    expect(earned(stats(below))).not.toContain(badge);
  });

  it('earns nothing without activity', () => {
    expect(earned(stats({}))).toEqual([]);
  });

  it('measures daily victory against the configured goal', () => {
    expect(earned(stats({ points: { day: 60 } }), '2025-03-12', 75)).not.toContain('daily_victory');
    expect(earned(stats({ points: { day: 75 } }), '2025-03-12', 75)).toContain('daily_victory');
  });

  it('counts the streak at 100 for both streak badges', () => {
    expect(earned(stats({ streak: 100 }))).toEqual(['seven_day_streak', 'all_star_streak_100']);
  });
});

describe('badge cycles', () => {
  const keyOf = (badge: BadgeType, date: string) =>
    qualifyingBadges(stats({ points: { day: 9999, month: 9999, quarter: 9999 }, streak: 7, counts: { lifetime: { meeting: 1 } } }), date, 50).find((b) => b.spec.key === badge)!
      .cycleKey;

  it('keys a daily badge by local date: a new cycle after midnight', () => {
    expect(keyOf('daily_victory', '2025-03-12')).toBe('2025-03-12');
    expect(keyOf('daily_victory', '2025-03-13')).toBe('2025-03-13');
  });

  it('keys a weekly badge by the Monday of its ISO week: Sunday and the next Monday differ', () => {
    expect(keyOf('seven_day_streak', '2025-03-10')).toBe('2025-03-10');
    expect(keyOf('seven_day_streak', '2025-03-16')).toBe('2025-03-10');
    expect(keyOf('seven_day_streak', '2025-03-17')).toBe('2025-03-17');
  });

  it('keys a monthly badge by month: the 1st starts a new cycle', () => {
    expect(keyOf('monthly_master', '2025-03-31')).toBe('2025-03');
    expect(keyOf('monthly_master', '2025-04-01')).toBe('2025-04');
  });

  it('keys lifetime badges once, whatever the date (quarter_champ too)', () => {
    expect(keyOf('first_meeting', '2025-03-12')).toBe('lifetime');
    expect(keyOf('quarter_champ', '2025-07-01')).toBe('lifetime');
    expect(cycleKey('lifetime', '2030-01-01')).toBe('lifetime');
  });

  it('bounds the scopes of a date: ISO week, month, calendar quarter', () => {
    expect(scopeRanges('2025-05-04')).toEqual({
      day: { from: '2025-05-04', to: '2025-05-04' },
      week: { from: '2025-04-28', to: '2025-05-04' },
      month: { from: '2025-05-01', to: '2025-05-31' },
      quarter: { from: '2025-04-01', to: '2025-06-30' },
    });
  });
});

describe('badgeStats', () => {
  it('sums points over types and keeps counts per type', () => {
    const zero = { day: 0, week: 0, month: 0, quarter: 0, lifetime: 0 };
    const s = badgeStats(
      [
        { activity_type: 'cold_call', quantity: { ...zero, day: 5, lifetime: 8 }, points: { ...zero, day: 5, lifetime: 8 } },
        { activity_type: 'meeting', quantity: { ...zero, lifetime: 1 }, points: { ...zero, lifetime: 10 } },
      ],
      3,
    );
    expect(s.points).toEqual({ ...zero, day: 5, lifetime: 18 });
    expect(s.counts.day).toEqual({ cold_call: 5, meeting: 0 });
    expect(s.counts.lifetime).toEqual({ cold_call: 8, meeting: 1 });
    expect(s.streak).toBe(3);
  });
});

describe('summarizeBadges', () => {
  it('answers one badge per type with the number of cycles and the latest earning, in catalog order', () => {
    const badges = summarizeBadges([
      { id: 'b1', badge_type: 'first_meeting', earned_at: new Date('2025-03-01T10:00:00Z') },
      { id: 'b2', badge_type: 'daily_victory', earned_at: new Date('2025-03-01T11:00:00Z') },
      { id: 'b3', badge_type: 'daily_victory', earned_at: new Date('2025-03-02T11:00:00Z') },
    ]);
    expect(badges).toEqual([
      {
        id: 'b3',
        badge_type: 'daily_victory',
        name: 'Daily Victory',
        description: expect.any(String),
        cycle: 'daily',
        repeat_count: 2,
        repeat: 2,
        earned_at: '2025-03-02T11:00:00.000Z',
      },
      {
        id: 'b1',
        badge_type: 'first_meeting',
        name: 'First Meeting',
        description: expect.any(String),
        cycle: 'lifetime',
        repeat_count: 1,
        repeat: 1,
        earned_at: '2025-03-01T10:00:00.000Z',
      },
    ]);
  });
});

describe('newestBadges', () => {
  const earned = (badgeType: BadgeType, at: string) => summarizeBadges([{ id: '1', badge_type: badgeType, earned_at: new Date(at) }])[0]!;

  it('answers the most recently earned first, at most the limit', () => {
    const badges = [earned(BADGE_TYPES[0], '2025-03-01T10:00:00Z'), earned(BADGE_TYPES[1], '2025-03-03T10:00:00Z'), earned(BADGE_TYPES[2], '2025-03-02T10:00:00Z')];
    expect(newestBadges(badges, 2).map((b) => b.badge_type)).toEqual([BADGE_TYPES[1], BADGE_TYPES[2]]);
    expect(newestBadges(badges, 8)).toHaveLength(3);
    expect(badges.map((b) => b.badge_type)).toEqual([BADGE_TYPES[0], BADGE_TYPES[1], BADGE_TYPES[2]]);
  });
});

describe('badgeProgress', () => {
  const progressOf = (s: BadgeStats, held: Array<{ badge_type: BadgeType; cycle_key: string }> = [], date = '2025-03-12', goal = 50) => badgeProgress(s, date, goal, held);
  const find = (list: ReturnType<typeof progressOf>, badge: BadgeType) => list.find((p) => p.badge_type === badge);

  it('lists every badge, in catalog order, as the contract’s, when nothing is earned', () => {
    const list = progressOf(stats({}));
    expect(BadgeProgressList.parse(list)).toEqual(list);
    expect(list.map((p) => p.badge_type)).toEqual(BADGE_CATALOG.map((b) => b.key));
  });

  it('shows a badge one short of its threshold with 1 remaining, in its measure’s words', () => {
    const list = progressOf(stats({ counts: { day: { cold_call: 49 }, lifetime: { cold_call: 99 } }, points: { day: 20 }, streak: 4 }));
    expect(find(list, 'call_crusher')).toEqual({
      badge_type: 'call_crusher',
      name: 'Call Crusher',
      cycle: 'daily',
      current: 49,
      target: 50,
      remaining: 1,
      text: '1 more cold call to Call Crusher',
    });
    expect(find(list, '100_calls')).toMatchObject({ current: 99, target: 100, remaining: 1, text: '1 more cold call to 100 Calls' });
    expect(find(list, 'daily_victory')).toMatchObject({ current: 20, target: 50, remaining: 30, text: '30 more points to Daily Victory' });
    expect(find(list, 'seven_day_streak')).toMatchObject({ current: 4, target: 7, remaining: 3, text: 'Streak 4 of 7 days' });
    expect(find(list, 'door_dominator')?.text).toBe('20 more doorknocks to Door Dominator');
  });

  it('writes thousands in a progress line with en-US separators', () => {
    const list = progressOf(stats({ counts: { lifetime: { cold_call: 1 } } }));
    expect(find(list, 'call_titan_10k')?.text).toBe('9,999 more cold calls to Call Titan');
  });

  it('measures daily victory against the configured goal', () => {
    expect(find(progressOf(stats({ points: { day: 60 } }), [], '2025-03-12', 75), 'daily_victory')).toMatchObject({ target: 75, remaining: 15 });
  });

  it('leaves out a badge earned in the current cycle, and shows it again when its cycle resets', () => {
    const held = [
      { badge_type: 'call_crusher' as const, cycle_key: cycleKey('daily', '2025-03-12') },
      { badge_type: 'connector_week' as const, cycle_key: cycleKey('weekly', '2025-03-12') },
      { badge_type: 'first_meeting' as const, cycle_key: cycleKey('lifetime', '2025-03-12') },
    ];
    const today = progressOf(stats({ counts: { day: { cold_call: 60 } } }), held).map((p) => p.badge_type);
    expect(today).not.toContain('call_crusher');
    expect(today).not.toContain('connector_week');
    expect(today).not.toContain('first_meeting');
    // The next day is a new daily cycle (the same ISO week); a lifetime badge never comes back.
    const tomorrow = progressOf(stats({}), held, '2025-03-13');
    expect(find(tomorrow, 'call_crusher')).toMatchObject({ current: 0, remaining: 50 });
    expect(find(tomorrow, 'connector_week')).toBeUndefined();
    expect(find(tomorrow, 'first_meeting')).toBeUndefined();
    // Monday 2025-03-17 starts a new ISO week.
    expect(find(progressOf(stats({}), held, '2025-03-17'), 'connector_week')).toMatchObject({ remaining: 50 });
  });

  it('shows a rule that holds but is not earned yet with nothing remaining', () => {
    expect(find(progressOf(stats({ counts: { month: { meeting: 25 } } })), 'meeting_maker_20')).toMatchObject({ current: 25, target: 20, remaining: 0 });
  });
});

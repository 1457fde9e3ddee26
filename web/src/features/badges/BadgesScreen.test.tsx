import { render, screen, within } from '@testing-library/react';
import type { BadgeDefinition, BadgeProgress } from '@warriors/contracts';
import { jsonResponse, mockApi, renderApp, signedIn } from '../../../test/render';
import { badgeGroup } from './badge-rules';
import { BadgeProgressLine, badgeProgressPercent } from './BadgeProgressLine';

const definition = (key: BadgeDefinition['key'], name: string, cycle: BadgeDefinition['cycle'], type: BadgeDefinition['type'] = 'repeatable'): BadgeDefinition => ({
  key,
  name,
  description: `${name} description`,
  cycle,
  type,
  icon: '🏅',
});

const definitions = [
  definition('daily_victory', 'Daily Victory', 'daily'),
  definition('call_crusher', 'Call Crusher', 'daily'),
  definition('seven_day_streak', 'Seven Day Streak', 'weekly'),
  definition('monthly_master', 'Monthly Master', 'monthly'),
  definition('first_meeting', 'First Meeting', 'lifetime', 'lifetime'),
];

const earned = (badge_type: string, repeat_count: number, earned_at: string) => ({
  id: `b-${badge_type}`,
  badge_type,
  name: badge_type,
  description: '',
  cycle: 'daily',
  repeat_count,
  repeat: repeat_count,
  earned_at,
});

const progress = (badge_type: BadgeProgress['badge_type'], name: string, current: number, target: number, text: string): BadgeProgress => ({
  badge_type,
  name,
  cycle: 'daily',
  current,
  target,
  remaining: Math.max(0, target - current),
  text,
});

async function openBadges(
  badges: unknown[] = [],
  definitionsReply = jsonResponse(200, { definitions, daily_goal_points: 50 }),
  progressReply = jsonResponse(200, [] as BadgeProgress[]),
) {
  mockApi({ 'GET /api/badge-definitions': definitionsReply, 'GET /api/badges': jsonResponse(200, badges), 'GET /api/badges/progress': progressReply });
  renderApp('/badges', signedIn());
  await screen.findByRole('heading', { name: 'Badges', level: 1 });
}

function card(name: string) {
  const item = screen.getByText(name).closest('li');
  if (!item) throw new Error(`No card for ${name}`);
  return item;
}

beforeEach(() => localStorage.clear());

describe('BadgesScreen', () => {
  it('groups the badges into Daily, Weekly, Monthly and Lifetime achievements, in that order', async () => {
    await openBadges();
    const titles = (await screen.findAllByRole('heading', { level: 2 })).map((heading) => heading.textContent);
    expect(titles).toEqual(['Daily achievements', 'Weekly achievements', 'Monthly achievements', 'Lifetime achievements']);
    expect(within(screen.getByRole('region', { name: 'Daily achievements' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: 'Lifetime achievements' })).getByText('First Meeting')).toBeInTheDocument();
  });

  it("shows earned badges with their date and a repeat count above 1, the rest dimmed 'Not earned yet'", async () => {
    await openBadges([earned('daily_victory', 3, '2025-06-14T12:00:00Z'), earned('daily_victory', 4, '2025-06-15T12:00:00Z'), earned('first_meeting', 1, '2025-01-05T12:00:00Z')]);
    await screen.findByText('Daily Victory');
    expect(card('Daily Victory')).toHaveTextContent('Earned Jun 15, 2025');
    expect(card('Daily Victory')).toHaveTextContent('x4');
    expect(card('First Meeting')).toHaveTextContent('Earned Jan 5, 2025');
    expect(card('First Meeting')).not.toHaveTextContent('x1');
    expect(card('Call Crusher')).toHaveTextContent('Not earned yet');
    expect(card('Call Crusher')).toHaveClass('badge-card--locked');
    expect(card('Daily Victory')).not.toHaveClass('badge-card--locked');
  });

  it("counts '{earned} of {total}' in the header and explains the resets", async () => {
    await openBadges([earned('daily_victory', 1, '2025-06-15T12:00:00Z'), earned('monthly_master', 2, '2025-06-01T12:00:00Z')]);
    expect(await screen.findByText('2 of 5')).toBeInTheDocument();
    expect(
      screen.getByText(/Daily badges reset every day and are repeatable\. Weekly badges reset every Monday\. Monthly badges reset on the 1st\. Lifetime badges are awarded once\./),
    ).toBeInTheDocument();
  });

  it("says 'Failed to fetch badges' when they can't be loaded", async () => {
    await openBadges([], jsonResponse(500, {}));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch badges');
  });
});

describe('badge progress lines', () => {
  const lines = [
    progress('call_crusher', 'Call Crusher', 38, 50, '12 more cold calls to Call Crusher'),
    progress('seven_day_streak', 'Seven Day Streak', 4, 7, 'Streak 4 of 7 days'),
    // Earned on an earlier day, not yet today: a repeatable badge shows its line again.
    progress('daily_victory', 'Daily Victory', 20, 50, '30 more points to Daily Victory'),
  ];

  it('shows under each badge not earned in its cycle its line and a bar named after the badge', async () => {
    await openBadges([earned('daily_victory', 2, '2025-06-14T12:00:00Z'), earned('first_meeting', 1, '2025-01-05T12:00:00Z')], undefined, jsonResponse(200, lines));
    const bar = await screen.findByRole('progressbar', { name: 'Call Crusher progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '38');
    expect(bar).toHaveAttribute('aria-valuemax', '50');
    expect(bar).toHaveAttribute('aria-valuetext', '38 of 50');
    expect(card('Call Crusher')).toHaveTextContent('12 more cold calls to Call Crusher');
    expect(within(card('Seven Day Streak')).getByRole('progressbar', { name: 'Seven Day Streak progress' })).toBeInTheDocument();
    expect(card('Seven Day Streak')).toHaveTextContent('Streak 4 of 7 days');
    expect(card('Daily Victory')).toHaveTextContent('30 more points to Daily Victory');
    // Earned for good, and not in the answer: no line.
    expect(within(card('First Meeting')).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the cards without lines when progress cannot be loaded', async () => {
    await openBadges([], undefined, jsonResponse(500, {}));
    await screen.findByText('Call Crusher');
    expect(card('Call Crusher')).toHaveTextContent('Not earned yet');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('BadgeProgressLine', () => {
  it('fills the bar in proportion, full when the rule already holds', () => {
    render(<BadgeProgressLine progress={progress('call_crusher', 'Call Crusher', 38, 50, '12 more cold calls to Call Crusher')} />);
    expect(screen.getByText('12 more cold calls to Call Crusher')).toBeInTheDocument();
    expect(badgeProgressPercent({ current: 38, target: 50 })).toBe(76);
    expect(badgeProgressPercent({ current: 25, target: 20 })).toBe(100);
    expect(badgeProgressPercent({ current: 0, target: 7 })).toBe(0);
  });
});

describe('badgeGroup', () => {
  it('puts lifetime first by type, and reads a bare repeatable cycle as daily', () => {
    expect(badgeGroup({ cycle: 'weekly', type: 'lifetime' })).toBe('lifetime');
    expect(badgeGroup({ cycle: 'lifetime', type: 'repeatable' })).toBe('lifetime');
    expect(badgeGroup({ cycle: 'repeatable', type: 'repeatable' })).toBe('daily');
    expect(badgeGroup({ cycle: 'monthly', type: 'repeatable' })).toBe('monthly');
  });
});

import { screen, within } from '@testing-library/react';
import type { BadgeDefinition } from '@warriors/contracts';
import { jsonResponse, mockApi, renderApp, signedIn } from '../../../test/render';
import { badgeGroup } from './badge-rules';

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

async function openBadges(badges: unknown[] = [], definitionsReply = jsonResponse(200, { definitions, daily_goal_points: 50 })) {
  mockApi({ 'GET /api/badge-definitions': definitionsReply, 'GET /api/badges': jsonResponse(200, badges) });
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

describe('badgeGroup', () => {
  it('puts lifetime first by type, and reads a bare repeatable cycle as daily', () => {
    expect(badgeGroup({ cycle: 'weekly', type: 'lifetime' })).toBe('lifetime');
    expect(badgeGroup({ cycle: 'lifetime', type: 'repeatable' })).toBe('lifetime');
    expect(badgeGroup({ cycle: 'repeatable', type: 'repeatable' })).toBe('daily');
    expect(badgeGroup({ cycle: 'monthly', type: 'repeatable' })).toBe('monthly');
  });
});

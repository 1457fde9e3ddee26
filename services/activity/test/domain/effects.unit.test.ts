import type { ActivityEffects, Badge } from '@warriors/contracts';
import { mergeEffects, NO_EFFECTS } from '../../src/domain/effects';

const badge = (id: string): Badge => ({
  id,
  badge_type: 'call_crusher',
  name: 'Call Crusher',
  description: '50 calls in a day',
  cycle: 'daily',
  repeat_count: 1,
  repeat: 1,
  earned_at: '2025-03-12T10:00:00.000Z',
});

const answer = (source: ActivityEffects['source'], overrides: Partial<ActivityEffects>): ActivityEffects => ({
  activity_id: 'a1',
  source,
  badges: [],
  milestones: [],
  rank_change: null,
  campaign_completed: null,
  ...overrides,
});

describe('mergeEffects', () => {
  it('answers no effects when nothing arrived', () => {
    expect(mergeEffects([])).toEqual(NO_EFFECTS);
  });

  it('adds up lists and keeps each single effect from the source that has it', () => {
    const rank = { new_rank: 3, positions_gained: 2, passed_users: [{ id: 'u2', username: 'bo' }] };
    const campaign = { campaign_name: 'Sprint Week', bonus_points: 50, badge_earned: null };
    const merged = mergeEffects([
      answer('gamification', { badges: [badge('b1')], rank_change: rank }),
      answer('campaigns', { milestones: [{ percentage: 50, goal_name: 'Sprint Week', remaining: 50 }], campaign_completed: campaign, badges: [badge('b2')] }),
    ]);
    expect(merged).toEqual({
      badges: [badge('b1'), badge('b2')],
      milestones: [{ percentage: 50, goal_name: 'Sprint Week', remaining: 50 }],
      rank_change: rank,
      campaign_completed: campaign,
      held_message: null,
      streak_days: null,
    });
  });

  it("keeps gamification's hold on an entry above its daily ceiling", () => {
    const merged = mergeEffects([answer('campaigns', {}), answer('gamification', { held_message: 'Held for your confirmation' })]);
    expect(merged.held_message).toBe('Held for your confirmation');
  });

  it("carries gamification's streak after the entry, whatever order the answers came in", () => {
    expect(mergeEffects([answer('campaigns', {}), answer('gamification', { streak_days: 2 })]).streak_days).toBe(2);
    expect(mergeEffects([answer('gamification', { streak_days: 0 }), answer('campaigns', {})]).streak_days).toBe(0);
  });
});

import { act, renderHook } from '@testing-library/react';
import type { Badge } from '@warriors/contracts';
import { logResult } from '../../../test/fixtures';
import { passedUsersText, pickCelebration, rankChangeHeadline } from './celebration';
import { useCelebration } from './use-celebration';

const badge = (name: string): Badge => ({
  id: `b-${name}`,
  badge_type: 'call_crusher',
  name,
  description: 'Made 50 calls in a day',
  cycle: 'daily',
  repeat_count: 1,
  repeat: 1,
  earned_at: '2025-06-15T12:00:00Z',
});

const campaign = { campaign_name: 'Sprint Week', bonus_points: 100, badge_earned: null };
const milestone = (percentage: number) => ({ percentage, goal_name: `Goal ${percentage}`, remaining: 10 });
const rankChange = { new_rank: 4, positions_gained: 2, passed_users: [{ id: 'u-2', username: 'bob' }] };

describe('pickCelebration', () => {
  it('shows a completed campaign above everything else', () => {
    const result = logResult({ campaign_completed: campaign, badges: [badge('Call Crusher')], milestones: [milestone(50)], rank_change: rankChange });
    expect(pickCelebration(result)).toEqual({ kind: 'campaign', campaign });
  });

  it('else the first newly earned badge', () => {
    const result = logResult({ badges: [badge('Call Crusher'), badge('Connector')], milestones: [milestone(50)], rank_change: rankChange });
    expect(pickCelebration(result)).toEqual({ kind: 'badge', badge: badge('Call Crusher') });
  });

  it('else the milestone with the highest percentage', () => {
    const result = logResult({ milestones: [milestone(25), milestone(75), milestone(50)], rank_change: rankChange });
    expect(pickCelebration(result)).toEqual({ kind: 'milestone', milestone: milestone(75) });
  });

  it('else a climb in rank, and nothing when the log set off nothing', () => {
    expect(pickCelebration(logResult({ rank_change: rankChange }))).toEqual({ kind: 'rank', rankChange });
    expect(pickCelebration(logResult({ rank_change: { ...rankChange, positions_gained: 0 } }))).toBeNull();
    expect(pickCelebration(logResult())).toBeNull();
  });
});

describe('rank-change texts', () => {
  it('says how far the user climbed and whom they passed', () => {
    expect(rankChangeHeadline(rankChange)).toBe('You climbed 2 spots to #4!');
    expect(rankChangeHeadline({ ...rankChange, positions_gained: 1 })).toBe('You climbed 1 spot to #4!');
    expect(passedUsersText(rankChange)).toBe('You passed @bob');
    const many = [1, 2, 3, 4].map((n) => ({ id: `u-${n}`, username: `w${n}` }));
    expect(passedUsersText({ ...rankChange, passed_users: many.slice(0, 2) })).toBe('You passed @w1 and @w2');
    expect(passedUsersText({ ...rankChange, passed_users: many })).toBe('You passed @w1, @w2 and 2 more');
    expect(passedUsersText({ ...rankChange, passed_users: [] })).toBeNull();
  });
});

describe('useCelebration', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function advance(ms: number) {
    act(() => jest.advanceTimersByTime(ms));
  }

  it('keeps a toast visible 4 s, fades it, and removes it at 4.5 s', () => {
    const { result } = renderHook(() => useCelebration());
    act(() => result.current.celebrate(logResult({ milestones: [milestone(50)] })));
    expect(result.current.shown).toEqual({ celebration: { kind: 'milestone', milestone: milestone(50) }, leaving: false, activityId: 'a-1' });

    advance(3999);
    expect(result.current.shown?.leaving).toBe(false);
    advance(1);
    expect(result.current.shown?.leaving).toBe(true);
    advance(499);
    expect(result.current.shown).not.toBeNull();
    advance(1);
    expect(result.current.shown).toBeNull();
  });

  it('shows the rank-change toast on the same 4 s / 4.5 s timing', () => {
    const { result } = renderHook(() => useCelebration());
    act(() => result.current.celebrate(logResult({ rank_change: rankChange })));
    advance(4000);
    expect(result.current.shown?.leaving).toBe(true);
    advance(500);
    expect(result.current.shown).toBeNull();
  });

  it('closes the badge popup after 3 s and the campaign popup after 5 s', () => {
    const { result } = renderHook(() => useCelebration());
    act(() => result.current.celebrate(logResult({ badges: [badge('Call Crusher')] })));
    advance(2999);
    expect(result.current.shown?.celebration.kind).toBe('badge');
    advance(1);
    expect(result.current.shown).toBeNull();

    act(() => result.current.celebrate(logResult({ campaign_completed: campaign })));
    advance(4999);
    expect(result.current.shown).toEqual({ celebration: { kind: 'campaign', campaign }, leaving: false, activityId: 'a-1' });
    advance(1);
    expect(result.current.shown).toBeNull();
  });

  it('lets a newer log replace the celebration on screen, with its own full duration', () => {
    const { result } = renderHook(() => useCelebration());
    act(() => result.current.celebrate(logResult({ badges: [badge('Call Crusher')] })));
    advance(2000);
    act(() => result.current.celebrate(logResult({ rank_change: rankChange })));
    advance(2000);
    expect(result.current.shown?.celebration.kind).toBe('rank');
    expect(result.current.shown?.leaving).toBe(false);
  });

  it('closes at once when dismissed, and shows nothing for a quiet log', () => {
    const { result } = renderHook(() => useCelebration());
    act(() => result.current.celebrate(logResult({ badges: [badge('Call Crusher')] })));
    act(() => result.current.dismiss());
    expect(result.current.shown).toBeNull();
    act(() => result.current.celebrate(logResult()));
    expect(result.current.shown).toBeNull();
  });
});

import { badge } from '../../test/fixtures';
import { testUser } from '../../test/render';
import { userAfterLog } from './session';

describe('userAfterLog', () => {
  it("takes the answer's streak, and its badges in place of earlier awards of their types, in catalog order as /me lists them", () => {
    const firstMeeting = badge();
    const crusher = badge({ id: 'b-2', badge_type: 'call_crusher', name: 'Call Crusher', cycle: 'daily', earned_at: '2025-03-01T15:00:00Z' });
    const user = { ...testUser, streak_days: 3, badges: [crusher, firstMeeting] };
    const crusherAgain = { ...crusher, id: 'b-3', repeat_count: 2, repeat: 2, earned_at: '2025-03-02T15:00:00Z' };
    const victory = badge({ id: 'b-4', badge_type: 'daily_victory', name: 'Daily Victory', cycle: 'daily' });

    const after = userAfterLog(user, { streak_days: 4, badges: [crusherAgain, victory] });
    expect(after.streak_days).toBe(4);
    expect(after.badges).toEqual([victory, crusherAgain, firstMeeting]);
    expect(userAfterLog(user, { streak_days: 3, badges: [] })).toEqual(user);
  });
});

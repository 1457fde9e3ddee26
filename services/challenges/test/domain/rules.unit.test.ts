import { challengeProgress, challengeRankedOnText, challengeTimeState, scoresOnChallengeBoard } from '@warriors/contracts';
import { canDelete, canEdit, creditUnderCeiling, scoresIn, timeState } from '../../src/domain/rules';
import { challengeView, NO_STANDING, publicView, type ChallengeRecord } from '../../src/domain/view';

const at = (iso: string) => new Date(iso);
const challenge: ChallengeRecord = {
  id: 7,
  ownerId: 'owner',
  ownerName: 'Olive Owner',
  ownerPublicName: 'olive',
  name: 'March Madness',
  description: null,
  startAt: at('2026-03-10T09:00:00Z'),
  endAt: at('2026-03-17T09:00:00Z'),
  pointsTarget: 100,
  isPrivate: false,
  activityGoals: { email: 10, meeting: 2 },
  membersCount: 3,
  createdAt: at('2026-03-01T00:00:00Z'),
};
const BEFORE = at('2026-03-09T12:00:00Z');
const DURING = at('2026-03-12T12:00:00Z');
const AFTER = at('2026-03-20T12:00:00Z');

describe('time states (pinned clock)', () => {
  it('is upcoming before start_at, active from it until end_at, ended from end_at', () => {
    expect(timeState(challenge, BEFORE)).toBe('upcoming');
    expect(timeState(challenge, challenge.startAt)).toBe('active');
    expect(timeState(challenge, DURING)).toBe('active');
    expect(timeState(challenge, new Date(challenge.endAt.getTime() - 1))).toBe('active');
    expect(timeState(challenge, challenge.endAt)).toBe('ended');
    expect(challengeTimeState(challenge.startAt, challenge.endAt, AFTER)).toBe('ended');
  });
});

describe('edit and delete rules', () => {
  it('lets only the owner edit, and only before the start', () => {
    expect(canEdit(challenge, 'owner', BEFORE)).toBe(true);
    expect(canEdit(challenge, 'owner', challenge.startAt)).toBe(false);
    expect(canEdit(challenge, 'owner', AFTER)).toBe(false);
    expect(canEdit(challenge, 'someone', BEFORE)).toBe(false);
  });

  it('lets only the owner delete, and never while active', () => {
    expect(canDelete(challenge, 'owner', BEFORE)).toBe(true);
    expect(canDelete(challenge, 'owner', DURING)).toBe(false);
    expect(canDelete(challenge, 'owner', challenge.endAt)).toBe(true);
    expect(canDelete(challenge, 'someone', AFTER)).toBe(false);
  });
});

describe('the scoring window', () => {
  const joinedEarly = at('2026-03-01T00:00:00Z');
  const joinedLate = at('2026-03-12T00:00:00Z');
  it('starts at the later of start_at and the joining and ends before end_at', () => {
    expect(scoresIn(challenge, joinedEarly, new Date(challenge.startAt.getTime() - 1))).toBe(false);
    expect(scoresIn(challenge, joinedEarly, challenge.startAt)).toBe(true);
    expect(scoresIn(challenge, joinedLate, at('2026-03-11T23:59:59Z'))).toBe(false);
    expect(scoresIn(challenge, joinedLate, joinedLate)).toBe(true);
    expect(scoresIn(challenge, joinedEarly, new Date(challenge.endAt.getTime() - 1))).toBe(true);
    expect(scoresIn(challenge, joinedEarly, challenge.endAt)).toBe(false);
  });
});

describe('daily ceilings', () => {
  it('credits only the units up to the type ceiling, points in proportion', () => {
    expect(creditUnderCeiling('meeting', 0, 5, 50)).toEqual({ units: 5, points: 50 });
    expect(creditUnderCeiling('meeting', 15, 10, 100)).toEqual({ units: 5, points: 50 });
    expect(creditUnderCeiling('meeting', 20, 1, 10)).toEqual({ units: 0, points: 0 });
    expect(creditUnderCeiling('meeting', 30, 1, 10)).toEqual({ units: 0, points: 0 });
  });
});

describe('progress and the view', () => {
  it('measures goals as the sum of min(count, target) over the targets, otherwise points over the target', () => {
    expect(challengeProgress({ email: 10, meeting: 2 }, { email: 15, meeting: 1 }, 0, null)).toBeCloseTo(((10 + 1) / 12) * 100);
    expect(challengeProgress({}, {}, 50, 200)).toBe(25);
    expect(challengeProgress({}, {}, 50, null)).toBe(0);
  });

  it('shows the caller their role, points, progress and what they may do', () => {
    const owner = challengeView(challenge, 'owner', { role: 'owner', invited: false, points: 40, counts: { email: 5, meeting: 1 } }, BEFORE);
    expect(owner).toMatchObject({
      role: 'owner',
      my_role: 'owner',
      is_joined: true,
      my_points: 40,
      user_points: 40,
      user_score: 40,
      my_activity_counts: { email: 5, meeting: 1 },
      progress: (6 / 12) * 100,
      can_edit: true,
      can_delete: true,
      status: 'upcoming',
      days_remaining: 8,
      visibility: 'public',
      start_date: challenge.startAt.toISOString(),
    });
    const stranger = challengeView(challenge, 'stranger', NO_STANDING, DURING);
    expect(stranger).toMatchObject({
      role: null,
      is_joined: false,
      my_points: 0,
      my_activity_counts: { email: 0, meeting: 0 },
      can_edit: false,
      can_delete: false,
      status: 'active',
    });
    expect(challengeView(challenge, 'owner', NO_STANDING, AFTER)).toMatchObject({ days_remaining: 0, status: 'ended', can_delete: true, can_edit: false });
  });

  it('names the host as the public may see them on the invitation, and by name to the signed-in', () => {
    expect(publicView(challenge, BEFORE).owner_name).toBe('olive');
    expect(challengeView(challenge, 'stranger', NO_STANDING, BEFORE).owner_name).toBe('Olive Owner');
  });
});

describe('what a challenge ranks on (issue 41)', () => {
  it("ranks a challenge with activity goals on the goals' types, one without on every type", () => {
    expect(scoresOnChallengeBoard({ cold_call: 1000 }, 'cold_call')).toBe(true);
    expect(scoresOnChallengeBoard({ cold_call: 1000 }, 'meeting')).toBe(false);
    expect(scoresOnChallengeBoard({}, 'meeting')).toBe(true);
  });

  it('says so on the card', () => {
    expect(challengeRankedOnText({ cold_call: 1000 })).toBe('Ranked on Cold Calls');
    expect(challengeRankedOnText({ email: 20, meeting: 2 })).toBe('Ranked on Emails and Meetings');
    expect(challengeRankedOnText({ email: 20, meeting: 2, doorknock: 5 })).toBe('Ranked on Emails, Meetings and Doorknocks');
    expect(challengeRankedOnText({})).toBeNull();
  });
});

import { PULSE_RANK_TOP, STREAK_MILESTONES } from '@warriors/contracts';
import { challengeLineDate, nudgeDraft, pulseDraftOf, type PulseDraft, type PulseSource } from '../../src/domain/pulse';
import { originAllowed } from '../../src/domain/origin';

const envelope = { id: 'e', v: 1 as const, occurredAt: '2026-03-02T15:00:00.000Z' };
const streak = (streak_days: number, previous_streak_days: number): PulseSource => ({
  ...envelope,
  type: 'streak.changed',
  data: { user_id: 'u', streak_days, previous_streak_days, local_date: '2026-03-02' },
});
const rank = (new_rank: number, passed: Array<{ id: string; username: string }>): PulseSource => ({
  ...envelope,
  type: 'rank.changed',
  data: { user_id: 'u', window: 'today', local_date: '2026-03-02', new_rank, positions_gained: 1, passed_users: passed },
});

/** What a draft says once the store names its related broker `name`. */
const said = (draft: PulseDraft | null, name: string) => (draft === null || draft.related_user_id === null ? draft?.message : draft.message(name));

describe('pulse lines', () => {
  it("makes a coach line of the coach's plan, naming none of it", () => {
    expect(pulseDraftOf({ ...envelope, type: 'pulse.coached', data: { user_id: 'u', local_date: '2026-03-02' } })).toEqual({
      type: 'coach',
      user_id: 'u',
      related_user_id: null,
      message: "got today's coaching plan",
    });
  });

  it('marks reaching a streak milestone only, not passing it again or a streak between milestones', () => {
    for (const days of STREAK_MILESTONES) expect(pulseDraftOf(streak(days, days - 1))?.message).toBe(`is on a ${days}-day streak`);
    expect(pulseDraftOf(streak(8, 7))).toBeNull();
    expect(pulseDraftOf(streak(7, 7))).toBeNull();
    expect(pulseDraftOf(streak(0, 7))).toBeNull();
  });

  it('marks a climb into the top PULSE_RANK_TOP, naming the first passed user', () => {
    expect(pulseDraftOf(rank(PULSE_RANK_TOP + 1, [{ id: 'p', username: 'maria' }]))).toBeNull();
    expect(
      pulseDraftOf(
        rank(PULSE_RANK_TOP, [
          { id: 'p', username: 'maria' },
          { id: 'q', username: 'joe' },
        ]),
      ),
    ).toMatchObject({ type: 'achievement', user_id: 'u', related_user_id: 'p' });
    const climb = pulseDraftOf(rank(PULSE_RANK_TOP, [{ id: 'p', username: 'maria' }]));
    // The passed broker is named as the store finds them named (personName), not by the event's username.
    expect(said(climb, 'Maria S.')).toBe(`climbed to #${PULSE_RANK_TOP} today, passing Maria S.`);
    expect(pulseDraftOf(rank(1, []))?.message).toBe('climbed to #1 today');
  });

  it('reads a challenge.joined without is_private as private', () => {
    const joined = (is_private?: boolean): PulseSource => ({
      ...envelope,
      type: 'challenge.joined',
      data: { challenge_id: 1, challenge_name: 'Q4 Blitz', user_id: 'u', owner_id: 'o', ...(is_private === undefined ? {} : { is_private }) },
    });
    expect(pulseDraftOf(joined())).toBeNull();
    expect(pulseDraftOf(joined(true))).toBeNull();
    expect(pulseDraftOf(joined(false))).toMatchObject({ type: 'challenge', message: 'joined the challenge Q4 Blitz' });
  });

  it('names the challenge of a challenge line, and counts its day in UTC', () => {
    const started: PulseSource = {
      ...envelope,
      type: 'challenge.created',
      data: { challenge_id: 7, owner_id: 'o', name: 'Q4 Blitz', is_private: false, start_at: envelope.occurredAt, end_at: envelope.occurredAt },
    };
    expect(pulseDraftOf(started)).toEqual({ type: 'challenge', user_id: 'o', related_user_id: null, message: 'started the challenge Q4 Blitz', challenge_id: 7 });
    expect(pulseDraftOf(streak(7, 6))).not.toHaveProperty('challenge_id');
    // 23:30 in New York on March 2 is already March 3 in UTC.
    expect(challengeLineDate(new Date('2026-03-03T04:30:00.000Z'))).toBe('2026-03-03');
    expect(challengeLineDate(new Date('2026-03-02T23:59:59.999Z'))).toBe('2026-03-02');
  });

  it('says what a nudge was, about its recipient', () => {
    expect(nudgeDraft('cheer', 'u', 'r')).toMatchObject({ type: 'encourage', user_id: 'u', related_user_id: 'r' });
    expect(said(nudgeDraft('cheer', 'u', 'r'), 'Maria S.')).toBe('cheered for Maria S.');
    expect(said(nudgeDraft('props', 'u', 'r'), 'Maria S.')).toBe('gave props to Maria S.');
    expect(said(nudgeDraft('challenge', 'u', 'r'), 'Maria S.')).toBe('challenged Maria S. to a prospecting battle');
  });
});

describe('the live socket origin check', () => {
  it('lets in no Origin, the same host, and configured origins only', () => {
    expect(originAllowed(undefined, 'app.example.com', [])).toBe(true);
    expect(originAllowed('https://app.example.com', 'app.example.com', [])).toBe(true);
    expect(originAllowed('http://localhost:8000', 'localhost:8000', [])).toBe(true);
    expect(originAllowed('http://localhost:5173', 'localhost:8000', ['http://localhost:5173'])).toBe(true);
    expect(originAllowed('https://evil.example.com', 'app.example.com', ['http://localhost:5173'])).toBe(false);
    expect(originAllowed('https://app.example.com.evil.com', 'app.example.com', [])).toBe(false);
    expect(originAllowed('null', 'app.example.com', [])).toBe(false);
  });
});

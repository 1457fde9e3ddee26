import { BulkActivityBody, MESSAGES } from '@warriors/contracts';
import { entryTime, LOGGED_AT_MESSAGES, newActivity, toLogResult } from '../../src/domain/activity';
import { NO_EFFECTS } from '../../src/domain/effects';

const at = new Date('2025-03-12T03:30:00Z');
const request = (activity_type: Parameters<typeof newActivity>[2]['activity_type'], quantity = 1) => ({ activity_type, quantity, note: null, idempotency_key: null });

describe('newActivity', () => {
  it.each([
    ['cold_call', 1, 1],
    ['live_conversation', 1, 3],
    ['email', 1, 1],
    ['meeting', 1, 10],
    ['doorknock', 1, 3],
    ['direct_mail', 1, 2],
    ['referral_source_call', 1, 2],
    ['past_client', 1, 2],
    ['thank_you_card', 1, 2],
    ['social_media', 1, 1],
    ['newsletter_sent', 1, 3],
    ['direct_mail', 25, 50],
    ['meeting', 100, 1000],
  ] as const)('scores %s x%d at %d points from the catalog', (type, quantity, points) => {
    expect(newActivity('a1', 'u1', request(type, quantity), at, { timezone: 'UTC' }).points).toBe(points);
  });

  it('dates the activity in the actor’s timezone', () => {
    expect(newActivity('a1', 'u1', request('email'), at, { timezone: 'America/New_York' }).local_date).toBe('2025-03-11');
    expect(newActivity('a1', 'u1', request('email'), at, { timezone: 'Asia/Tokyo' }).local_date).toBe('2025-03-12');
  });

  it('dates it on the day a change of timezone left in force, until the carry ends', () => {
    // 2025-03-12T03:30Z is 23:30 on Mar 11 in New York; a flight west left Mar 12 in force until 05:00Z on Mar 13.
    const carried = { timezone: 'America/New_York', day_carry_date: '2025-03-12', day_carry_until: '2025-03-13T05:00:00.000Z' };
    expect(newActivity('a1', 'u1', request('email'), at, carried).local_date).toBe('2025-03-12');
    expect(newActivity('a1', 'u1', request('email'), at, { ...carried, day_carry_until: '2025-03-12T03:30:00.000Z' }).local_date).toBe('2025-03-11');
  });

  it('answers the activity with the points awarded', () => {
    const record = newActivity('a1', 'u1', { activity_type: 'doorknock', quantity: 4, note: 'Main street', idempotency_key: 'k' }, at, { timezone: 'UTC' });
    expect(toLogResult(record, NO_EFFECTS)).toEqual({
      activity: {
        id: 'a1',
        user_id: 'u1',
        activity_type: 'doorknock',
        quantity: 4,
        points: 12,
        note: 'Main street',
        created_at: '2025-03-12T03:30:00.000Z',
        local_date: '2025-03-12',
      },
      points_awarded: 12,
      held: false,
      held_message: null,
      badges: [],
      milestones: [],
      rank_change: null,
      campaign_completed: null,
      streak_days: null,
    });
  });

  it('says the entry is held when gamification held it', () => {
    const record = newActivity('a1', 'u1', request('email'), at, { timezone: 'UTC' });
    expect(toLogResult(record, { ...NO_EFFECTS, held_message: 'Held for your confirmation' })).toMatchObject({ held: true, held_message: 'Held for your confirmation' });
  });
});

describe('bulk entry rules', () => {
  const valid = { activity_type: 'cold_call', quantity: 5, note: '', honesty_confirmed: true };
  const issues = (body: object) => {
    const result = BulkActivityBody.safeParse(body);
    return result.success ? [] : result.error.issues.map((i) => ({ path: i.path, message: i.message }));
  };

  it('accepts 1 to 20 without a note and up to 100 with one', () => {
    expect(issues({ ...valid, quantity: 1 })).toEqual([]);
    expect(issues({ ...valid, quantity: 20 })).toEqual([]);
    expect(issues({ ...valid, quantity: 100, note: 'Calling the whole 5th Avenue list' })).toEqual([]);
  });

  // The note is there so only the quantity rule speaks (above 100 the note rule applies too).
  it.each([0, 101, -3, 2.5, '5'])('refuses quantity %p with the spec message', (quantity) => {
    expect(issues({ ...valid, quantity, note: 'A long enough note' })).toEqual([{ path: ['quantity'], message: MESSAGES.quantity }]);
  });

  it.each([undefined, false, 'yes'])('requires honesty_confirmed true (got %p)', (honesty_confirmed) => {
    expect(issues({ ...valid, honesty_confirmed })).toEqual([{ path: ['honesty_confirmed'], message: 'Please confirm the accuracy of your entry' }]);
  });

  it.each([undefined, '', 'too short', '  padded  '])('needs a note of 10+ characters above 20 (got %p)', (note) => {
    expect(issues({ ...valid, quantity: 21, note })).toEqual([{ path: ['note'], message: 'For entries over 20, please provide a brief description (at least 10 characters)' }]);
  });

  it('counts a 10-character note as enough', () => {
    expect(issues({ ...valid, quantity: 21, note: '0123456789' })).toEqual([]);
  });
});

describe('entryTime', () => {
  const now = new Date('2025-03-12T12:00:00Z');
  const ny = { timezone: 'America/New_York' };
  it('is now without a tap time, and for a tap up to 5 minutes ahead', () => {
    expect(entryTime(null, now, ny)).toEqual({ kind: 'at', at: now });
    expect(entryTime(new Date('2025-03-12T12:05:00Z'), now, ny)).toEqual({ kind: 'at', at: now });
    expect(entryTime(new Date('2025-03-12T12:05:00.001Z'), now, ny)).toEqual({ kind: 'future' });
  });
  it("is the tap time while its day is the broker's today, and refuses an ended day", () => {
    expect(entryTime(new Date('2025-03-12T04:00:00Z'), now, ny)).toEqual({ kind: 'at', at: new Date('2025-03-12T04:00:00Z') });
    expect(entryTime(new Date('2025-03-12T03:59:59Z'), now, ny)).toEqual({ kind: 'day_ended', date: '2025-03-11' });
  });
  it('keeps a carried day open: a tap on it still counts for it', () => {
    const carried = { timezone: 'Asia/Tokyo', day_carry_date: '2025-03-12', day_carry_until: '2025-03-12T15:00:00.000Z' };
    expect(entryTime(new Date('2025-03-12T10:00:00Z'), new Date('2025-03-12T14:00:00Z'), carried)).toMatchObject({ kind: 'at' });
  });
  it('names the ended day as a broker reads it', () => {
    expect(LOGGED_AT_MESSAGES.dayEnded('2025-03-11')).toBe('This entry was made on Tuesday, March 11, 2025, a day that has ended; it was not logged.');
  });
});

import { startOfLocalDay } from '@warriors/contracts';
import { daysRemaining, goalEndsAt, goalStartsAt, isRunning, withinWindow, type GoalDays } from '../../src/domain/goal-days';

const at = (iso: string) => new Date(iso);
const goal = (startedAt: string, durationDays: number, timeZone: string): GoalDays => ({ startedAt: at(startedAt), durationDays, timeZone });
const MS = 1;

describe('a 1-day goal ends at the local midnight after its start', () => {
  // Each started at 09:23 local on 2026-03-02 (Kolkata at 23:50, ten minutes before its midnight).
  it.each([
    ['America/Chicago', '2026-03-02T15:23:00.000Z', '2026-03-03T06:00:00.000Z'],
    ['America/Los_Angeles', '2026-03-02T17:23:00.000Z', '2026-03-03T08:00:00.000Z'],
    ['Asia/Tokyo', '2026-03-02T00:23:00.000Z', '2026-03-02T15:00:00.000Z'],
    ['Asia/Kolkata', '2026-03-02T18:20:00.000Z', '2026-03-02T18:30:00.000Z'],
    ['Pacific/Auckland', '2026-03-01T20:23:00.000Z', '2026-03-02T11:00:00.000Z'],
    ['UTC', '2026-03-02T09:23:00.000Z', '2026-03-03T00:00:00.000Z'],
  ])('in %s', (timeZone, startedAt, end) => {
    const daily = goal(startedAt, 1, timeZone);
    expect(goalEndsAt(daily).toISOString()).toBe(end);
    expect(daysRemaining(daily, at(startedAt))).toBe(1);
    expect(isRunning(daily, new Date(at(end).getTime() - MS))).toBe(true);
    expect(isRunning(daily, at(end))).toBe(false);
    expect(daysRemaining(daily, at(end))).toBe(0);
    // The last instant of the day counts; the morning after belongs to the next goal.
    expect(withinWindow(daily, new Date(at(end).getTime() - MS))).toBe(true);
    expect(withinWindow(daily, at(end))).toBe(false);
    expect(withinWindow(daily, new Date(at(startedAt).getTime() - MS))).toBe(false);
  });
});

describe('an n-day goal ends with its n-th local day (day 1 is the day it starts)', () => {
  it('counts the days left on local days: 7 on the first day, 1 on the last, 0 after it', () => {
    // Tokyo, 2026-03-02 09:23: days 1-7 are 03-02 to 03-08, so it ends at 03-09 00:00 JST.
    const week = goal('2026-03-02T00:23:00.000Z', 7, 'Asia/Tokyo');
    expect(goalEndsAt(week).toISOString()).toBe('2026-03-08T15:00:00.000Z');
    expect(daysRemaining(week, at('2026-03-02T00:23:00.000Z'))).toBe(7);
    expect(daysRemaining(week, at('2026-03-02T14:59:59.999Z'))).toBe(7);
    expect(daysRemaining(week, at('2026-03-02T15:00:00.000Z'))).toBe(6);
    expect(daysRemaining(week, at('2026-03-08T14:59:59.999Z'))).toBe(1);
    expect(daysRemaining(week, at('2026-03-08T15:00:00.000Z'))).toBe(0);
  });

  it('in Kolkata (+5:30) and Auckland across its own DST end (2026-04-05, +13 to +12)', () => {
    expect(goalEndsAt(goal('2026-03-01T22:00:00.000Z', 5, 'Asia/Kolkata')).toISOString()).toBe('2026-03-06T18:30:00.000Z');
    // Auckland, 2026-04-01 09:00 NZDT: days 04-01 to 04-07, ending at 04-08 00:00 NZST.
    const week = goal('2026-03-31T20:00:00.000Z', 7, 'Pacific/Auckland');
    expect(goalEndsAt(week).toISOString()).toBe('2026-04-07T12:00:00.000Z');
    expect(daysRemaining(week, at('2026-04-05T10:30:00.000Z'))).toBe(3); // 04-05 22:30 NZST
    expect(daysRemaining(week, at('2026-04-05T12:30:00.000Z'))).toBe(2); // 04-06 00:30 NZST
  });

  it('keeps its days in its own zone whatever the instant of the question', () => {
    const month = goal('2026-03-02T17:23:00.000Z', 30, 'America/Los_Angeles');
    // Days 03-02 to 03-31; the US moved to PDT on 03-08, so the end is 04-01 00:00 PDT.
    expect(goalEndsAt(month).toISOString()).toBe('2026-04-01T07:00:00.000Z');
    expect(daysRemaining(month, at('2026-03-31T12:00:00.000Z'))).toBe(1);
  });
});

describe('America/Chicago across its DST changes', () => {
  it('spring forward (2026-03-08, a 23-hour day): a daily goal set after midnight ends at the next midnight, CDT', () => {
    const daily = goal('2026-03-08T06:30:00.000Z', 1, 'America/Chicago'); // 00:30 CST
    expect(goalEndsAt(daily).toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(daysRemaining(daily, at('2026-03-09T04:59:59.999Z'))).toBe(1);
    const twoDays = goal('2026-03-07T15:23:00.000Z', 2, 'America/Chicago'); // 03-07 09:23 CST
    expect(goalEndsAt(twoDays).toISOString()).toBe('2026-03-09T05:00:00.000Z');
    // 03-08 00:30 CST: the 23 hours left make one day, not the ceil of a fraction.
    expect(daysRemaining(twoDays, at('2026-03-08T06:30:00.000Z'))).toBe(1);
  });

  it('fall back (2026-11-01, a 25-hour day): the day runs to midnight CST, past the 24 hours after its start', () => {
    const daily = goal('2026-11-01T05:30:00.000Z', 1, 'America/Chicago'); // 00:30 CDT
    expect(goalEndsAt(daily).toISOString()).toBe('2026-11-02T06:00:00.000Z');
    // 23:45 CST, 24 h 15 min after the start: still the same local day.
    expect(withinWindow(daily, at('2026-11-02T05:45:00.000Z'))).toBe(true);
    expect(withinWindow(daily, at('2026-11-02T06:00:00.000Z'))).toBe(false);
    const twoDays = goal('2026-10-31T17:00:00.000Z', 2, 'America/Chicago'); // 10-31 12:00 CDT
    // 11-01 00:30 CDT: 24.5 hours are left, and one local day.
    expect(daysRemaining(twoDays, at('2026-11-01T05:30:00.000Z'))).toBe(1);
  });
});

describe('the first instant of a local day', () => {
  it('is midnight, or the instant the clocks jump to where a DST change skips midnight', () => {
    expect(startOfLocalDay('2026-03-09', 'America/Chicago').toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(startOfLocalDay('2026-11-01', 'America/Chicago').toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(startOfLocalDay('2026-11-02', 'America/Chicago').toISOString()).toBe('2026-11-02T06:00:00.000Z');
    // Santiago: 2026-09-06 00:00 does not exist (clocks go to 01:00); on 2026-04-05 00:00 they go back to 23:00.
    expect(startOfLocalDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(startOfLocalDay('2026-04-05', 'America/Santiago').toISOString()).toBe('2026-04-05T04:00:00.000Z');
    expect(startOfLocalDay('2026-03-03', 'Pacific/Kiritimati').toISOString()).toBe('2026-03-02T10:00:00.000Z');
  });

  it('reads a zone this runtime does not know as UTC', () => {
    expect(goalEndsAt(goal('2026-03-02T15:23:00.000Z', 1, 'Mars/Olympus_Mons')).toISOString()).toBe('2026-03-03T00:00:00.000Z');
  });
});

describe('a goal starts at the start of its local day (issue 41)', () => {
  it.each([
    ['America/Chicago', '2026-03-02T15:23:00.000Z', '2026-03-02T06:00:00.000Z'],
    ['Asia/Tokyo', '2026-03-02T00:23:00.000Z', '2026-03-01T15:00:00.000Z'],
    ['UTC', '2026-03-02T09:23:00.000Z', '2026-03-02T00:00:00.000Z'],
    // 2026-03-08 in Chicago begins in CST; the day is 23 hours long.
    ['America/Chicago', '2026-03-08T20:00:00.000Z', '2026-03-08T06:00:00.000Z'],
  ])('in %s, made at %s', (timezone, now, start) => {
    const startedAt = goalStartsAt(at(now), { timezone });
    expect(startedAt.toISOString()).toBe(start);
    // The morning counts, the day before does not, and a 1-day goal still ends at the next midnight.
    expect(withinWindow({ startedAt, durationDays: 1, timeZone: timezone }, startedAt)).toBe(true);
    expect(withinWindow({ startedAt, durationDays: 1, timeZone: timezone }, new Date(startedAt.getTime() - MS))).toBe(false);
  });

  it('never later than the making, on a day a change of zone carried', () => {
    // Flown from Chicago to Los Angeles at 00:30 Chicago (22:30 LA): the carried day 03-03 has not begun in LA.
    const now = at('2026-03-03T06:30:00.000Z');
    const zone = { timezone: 'America/Los_Angeles', day_carry_date: '2026-03-03', day_carry_until: '2026-03-04T08:00:00.000Z' };
    expect(goalStartsAt(now, zone)).toEqual(now);
  });
});

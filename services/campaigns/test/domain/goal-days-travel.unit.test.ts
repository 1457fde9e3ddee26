import { carryOnZoneChange } from '@warriors/contracts';
import { daysRemaining, goalEndsAt, withinWindow, type GoalDays } from '../../src/domain/goal-days';

/** A goal set after a change of timezone runs on the broker's days (brokerDay), carry included. */
const at = (iso: string) => new Date(iso);

function goalAfterMove(from: string, to: string, movedAt: string, startedAt: string, durationDays: number): GoalDays {
  return { startedAt: at(startedAt), durationDays, timeZone: to, dayCarry: carryOnZoneChange(at(movedAt), { timezone: from }, to) };
}

describe('a goal set after a flight across midnight', () => {
  it('west (Chicago to Los Angeles at 00:30): a daily goal set at 22:40 in Los Angeles is the later date’s, ending at its midnight', () => {
    const daily = goalAfterMove('America/Chicago', 'America/Los_Angeles', '2026-11-11T06:30:00Z', '2026-11-11T06:40:00Z', 1);
    expect(goalEndsAt(daily).toISOString()).toBe('2026-11-12T08:00:00.000Z'); // not 80 minutes later, at Nov 11's midnight in Los Angeles
    expect(daysRemaining(daily, at('2026-11-11T06:40:00Z'))).toBe(1);
    expect(daysRemaining(daily, at('2026-11-12T07:59:00Z'))).toBe(1);
    expect(withinWindow(daily, at('2026-11-12T08:00:00Z'))).toBe(false);
    const week = goalAfterMove('America/Chicago', 'America/Los_Angeles', '2026-11-11T06:30:00Z', '2026-11-11T06:40:00Z', 7);
    expect(goalEndsAt(week).toISOString()).toBe('2026-11-18T08:00:00.000Z'); // Nov 11 to Nov 17, both counted
    expect(daysRemaining(week, at('2026-11-11T06:40:00Z'))).toBe(7);
  });

  it('east (Los Angeles to New York at 23:30): a daily goal set at 02:40 in New York is the day in force’s, ending when it does', () => {
    const daily = goalAfterMove('America/Los_Angeles', 'America/New_York', '2026-11-11T07:30:00Z', '2026-11-11T07:40:00Z', 1);
    expect(goalEndsAt(daily).toISOString()).toBe('2026-11-11T08:00:00.000Z'); // Los Angeles' midnight, 03:00 in New York
    expect(daysRemaining(daily, at('2026-11-11T07:40:00Z'))).toBe(1);
    const two = goalAfterMove('America/Los_Angeles', 'America/New_York', '2026-11-11T07:30:00Z', '2026-11-11T07:40:00Z', 2);
    expect(goalEndsAt(two).toISOString()).toBe('2026-11-12T05:00:00.000Z'); // Nov 10 then Nov 11, in New York from 03:00 on
    expect(daysRemaining(two, at('2026-11-11T08:00:00Z'))).toBe(1);
  });

  it('set once the carry has ended: the new zone’s days alone', () => {
    const daily = goalAfterMove('America/Chicago', 'America/Los_Angeles', '2026-11-11T06:30:00Z', '2026-11-12T09:00:00Z', 1);
    expect(goalEndsAt(daily).toISOString()).toBe('2026-11-13T08:00:00.000Z');
  });
});

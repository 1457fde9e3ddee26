import { brokerDay, carryOnZoneChange, type DayZone } from '@warriors/contracts';
import { streakOf, streakRule, streaksAfterBatch, type StreakDay } from '../../src/domain/streak';

/**
 * The streak across a change of timezone (docs/decisions.md, "A change of timezone: no day lost or
 * counted twice"): entries are stamped by brokerDay, and the streak is judged on the broker's today.
 */
const at = (iso: string) => new Date(iso);
const EVERY_DAY = streakRule('daily', 50);
const worked = (dates: readonly string[]): StreakDay[] => dates.map((local_date) => ({ local_date, points: 10 }));
const streakDays = (dates: readonly string[], today: string) => streakOf(worked(dates), today, EVERY_DAY).streak_days;

function trip(from: string, to: string, movedAt: string) {
  const after: DayZone = { timezone: to, ...carryOnZoneChange(at(movedAt), { timezone: from }, to) };
  return (iso: string): DayZone => (at(iso) < at(movedAt) ? { timezone: from } : after);
}

describe('the streak across a flight', () => {
  it('west across midnight: the log after landing does not fall back on the day before', () => {
    const zoneAt = trip('America/Chicago', 'America/Los_Angeles', '2026-11-11T06:30:00Z');
    const logs = ['2026-11-10T05:00:00Z', '2026-11-11T05:00:00Z', '2026-11-11T06:20:00Z', '2026-11-11T06:40:00Z'];
    const days = logs.map((iso) => brokerDay(at(iso), zoneAt(iso)));
    expect(days).toEqual(['2026-11-09', '2026-11-10', '2026-11-11', '2026-11-11']);
    const now = '2026-11-11T06:45:00Z'; // 22:45 on Nov 10 in Los Angeles
    expect(streakDays(days, brokerDay(at(now), zoneAt(now)))).toBe(3);
    const [streak] = streaksAfterBatch(
      [{ user_id: 'u', ...zoneAt(now) }],
      [],
      () => worked(days),
      () => EVERY_DAY,
      at(now),
    ).values();
    expect(streak).toBe(3);
  });

  it('east across midnight: the half hour left of the day keeps the streak, and the next day extends it', () => {
    const zoneAt = trip('America/Los_Angeles', 'America/New_York', '2026-11-11T07:30:00Z');
    const earlier = ['2026-11-09T04:00:00Z', '2026-11-10T04:00:00Z'].map((iso) => brokerDay(at(iso), zoneAt(iso)));
    expect(earlier).toEqual(['2026-11-08', '2026-11-09']);
    const late = '2026-11-11T07:45:00Z'; // 02:45 in New York, 23:45 in Los Angeles
    const lateDay = brokerDay(at(late), zoneAt(late));
    expect(lateDay).toBe('2026-11-10');
    expect(streakDays([...earlier, lateDay], brokerDay(at(late), zoneAt(late)))).toBe(3);
    // Without a log before 03:00 in New York, Nov 10 would be missed; with one, Nov 11 follows it.
    const next = '2026-11-11T14:00:00Z';
    expect(
      streaksAfterBatch(
        [{ user_id: 'u', ...zoneAt(next) }],
        [{ user_id: 'u', local_date: brokerDay(at(next), zoneAt(next)), points: 10 }],
        () => worked([...earlier, lateDay]),
        () => EVERY_DAY,
        at(next),
      ).get('u'),
    ).toBe(4);
  });
});

import { ACTIVITY_CATALOG, ACTIVITY_TYPES, localDate, pointsFor, type ActivityType } from '@warriors/contracts';
import { fixedClock } from '@warriors/kit';
import { dayOfTypeKey, judgeCeilings, type DayOfType } from '../../src/domain/ceilings';

/** A log as gamification receives it: the local date is the user's, at the pinned clock's instant. */
function logged(userId: string, type: ActivityType, quantity: number, at: Date, timeZone: string) {
  return { user_id: userId, activity_type: type, quantity, points: pointsFor(type, quantity), local_date: localDate(at, timeZone) };
}

const nothingBefore = () => 0;
const before = (counts: Record<string, number>) => (day: DayOfType) => counts[dayOfTypeKey(day)] ?? 0;

describe('daily ceilings', () => {
  const clock = fixedClock('2025-03-12T15:00:00Z');

  it('has a ceiling for every activity type, at least one bulk entry for the calling types', () => {
    for (const type of ACTIVITY_TYPES) expect(ACTIVITY_CATALOG[type].dailyCeiling).toBeGreaterThan(0);
    expect(ACTIVITY_CATALOG.cold_call.dailyCeiling).toBe(300);
    expect(ACTIVITY_CATALOG.meeting.dailyCeiling).toBe(20);
    expect(ACTIVITY_CATALOG.deal_closed.dailyCeiling).toBe(3);
  });

  it('holds the entry that takes the day above the ceiling, and every later one of that type that day', () => {
    const at = clock.now();
    const deals = [1, 1, 1, 1, 1].map(() => logged('ana', 'deal_closed', 1, at, 'America/New_York'));
    expect(judgeCeilings(deals, nothingBefore).map((v) => [v.held, v.loggedToday])).toEqual([
      [false, 1],
      [false, 2],
      [false, 3],
      [true, 4],
      [true, 5],
    ]);
  });

  it('counts what the day held before the batch, held entries included, and a whole bulk entry at once', () => {
    const entry = logged('ana', 'cold_call', 100, clock.now(), 'UTC');
    const [atCeiling] = judgeCeilings([entry], before({ [dayOfTypeKey(entry)]: 200 }));
    expect(atCeiling).toEqual({ held: false, loggedToday: 300, message: null });
    const [above] = judgeCeilings([entry], before({ [dayOfTypeKey(entry)]: 201 }));
    expect(above).toEqual({
      held: true,
      loggedToday: 301,
      message: 'Held for your confirmation: 301 Cold Calls today is above the daily limit of 300. Confirm this entry to add its 100 points to the leaderboards.',
    });
  });

  it('counts each type, each user and each local day on its own', () => {
    const at = clock.now();
    const [deal, meeting, otherUser] = judgeCeilings(
      [logged('ana', 'deal_closed', 3, at, 'UTC'), logged('ana', 'meeting', 20, at, 'UTC'), logged('bo', 'deal_closed', 3, at, 'UTC')],
      nothingBefore,
    );
    expect([deal!.held, meeting!.held, otherUser!.held]).toEqual([false, false, false]);
  });

  it("starts a new day at the user's local midnight, not at UTC's", () => {
    // 03:30 UTC on the 13th is still the 12th in New York, and already the 13th in London.
    clock.set('2025-03-13T03:30:00Z');
    const lateInNewYork = logged('ana', 'deal_closed', 1, clock.now(), 'America/New_York');
    const earlyInLondon = logged('bo', 'deal_closed', 1, clock.now(), 'Europe/London');
    expect(lateInNewYork.local_date).toBe('2025-03-12');
    expect(earlyInLondon.local_date).toBe('2025-03-13');
    const fullDay = (e: DayOfType) => ({ [dayOfTypeKey({ ...e, local_date: '2025-03-12' })]: 3 });
    expect(judgeCeilings([lateInNewYork], before(fullDay(lateInNewYork)))[0]!.held).toBe(true);
    expect(judgeCeilings([earlyInLondon], before(fullDay(earlyInLondon)))[0]!.held).toBe(false);

    // Ana's own midnight: one minute later in New York is the 13th, a fresh day.
    clock.set('2025-03-13T04:01:00Z');
    const nextDay = logged('ana', 'deal_closed', 1, clock.now(), 'America/New_York');
    expect(nextDay.local_date).toBe('2025-03-13');
    expect(judgeCeilings([nextDay], before(fullDay(lateInNewYork)))[0]!.held).toBe(false);
  });

  it('counts a batch spanning two local days of one user separately', () => {
    clock.set('2025-03-13T10:30:00Z'); // 23:30 on the 13th in Auckland (UTC+13)
    const late = logged('kiri', 'meeting', 20, clock.now(), 'Pacific/Auckland');
    clock.advance(60 * 60 * 1000); // 00:30 on the 14th there
    const early = logged('kiri', 'meeting', 20, clock.now(), 'Pacific/Auckland');
    expect([late.local_date, early.local_date]).toEqual(['2025-03-13', '2025-03-14']);
    expect(judgeCeilings([late, early], nothingBefore).map((v) => v.held)).toEqual([false, false]);
  });
});

import type { Clock } from '@warriors/kit';
import { eventually } from '@warriors/test-support';
import { apiClient } from './api-client';

/** A clock that runs as time does, from wherever a test moves it: the product's timers keep working. */
export function movableClock(): Clock & { moveTo(at: string): void } {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    moveTo: (at) => {
      offsetMs = Date.parse(at) - Date.now();
    },
  };
}

/** 10:00 on Monday 23 November 2026 in Chicago: the recap is of Mon 16 – Sun 22 November, against 9 – 15. */
export const RECAP_MONDAY = '2026-11-23T16:00:00.000Z';

export interface RecapWorld {
  /** Rita, in Chicago since before the weeks recapped: 20 points the week before (second to the rival's 30), 60 last week (first, the rival 30). */
  token: string;
  rivalToken: string;
}

/**
 * Two brokers' two weeks, logged through the product with its clock moved to each day, then the
 * clock left on RECAP_MONDAY: the weekly recap's card and bell line have something to show.
 */
export async function buildRecapWorld(url: string, clock: ReturnType<typeof movableClock>): Promise<RecapWorld> {
  const api = apiClient(url);
  const log = async (token: string, activity_type: string, quantity: number) => {
    const answer = await api.call('POST', '/api/activity/bulk', { token, body: { activity_type, quantity, note: 'Prospecting block', honesty_confirmed: true } });
    expect(answer.status).toBe(201);
  };
  // Tuesday 10 November, 09:00 in Chicago.
  clock.moveTo('2026-11-10T15:00:00.000Z');
  const [rita, rival] = [await api.signup({ name: 'Rita Recap', timezone: 'America/Chicago' }), await api.signup({ name: 'Sam Rival', timezone: 'America/Chicago' })];
  const [token, rivalToken] = [rita.body.access_token as string, rival.body.access_token as string];
  await log(token, 'cold_call', 20);
  await log(rivalToken, 'email', 20);
  await log(rivalToken, 'cold_call', 10);
  // Wednesday 18 November: 50 calls and a meeting (Call Crusher, Daily Victory, First Meeting); the rival 30 points.
  clock.moveTo('2026-11-18T16:00:00.000Z');
  await log(token, 'cold_call', 50);
  await log(token, 'meeting', 1);
  await log(rivalToken, 'meeting', 3);
  await eventually('both weeks in the ledger', async () => {
    const standing = await api.call('GET', '/api/leaderboard/me?window=alltime', { token });
    return standing.body?.points === 80 ? true : undefined;
  });
  clock.moveTo(RECAP_MONDAY);
  return { token, rivalToken };
}

import { startActivity, type TestActivity } from '../support/harness';

/**
 * A broker's zone changes in flight (docs/decisions.md, "A change of timezone: no day lost or counted
 * twice"): activity dates each log by brokerDay with the carry auth's user.updated brings.
 */
let activity: TestActivity;

beforeAll(async () => {
  activity = await startActivity({ effectsWaitMs: 20 });
});

afterAll(async () => {
  await activity.close();
});

async function logDay(token: string): Promise<string> {
  const answer = await activity.call('POST', '/api/activity', { token, body: { activity_type: 'email' } });
  expect(answer.status).toBe(201);
  return answer.body.activity.local_date;
}

const moveTo = (...args: Parameters<TestActivity['moveTo']>) => activity.moveTo(...args);

describe('logs after a change of timezone (PostgreSQL)', () => {
  it('west just after midnight: the next log is counted on the later date, not the day before again', async () => {
    const { user, token } = await activity.registerUser({ timezone: 'America/Chicago' });
    activity.clock.set('2025-03-13T05:20:00Z'); // 00:20 on Mar 13 in Chicago (CDT)
    expect(await logDay(token)).toBe('2025-03-13');

    const carry = await moveTo(user, 'America/Chicago', 'America/Los_Angeles', '2025-03-13T05:30:00.000Z');
    expect(carry).toEqual({ day_carry_date: '2025-03-13', day_carry_until: '2025-03-14T07:00:00.000Z' });
    expect(await activity.storedUser(user.user_id)).toMatchObject(carry);

    activity.clock.set('2025-03-13T05:40:00Z'); // 22:40 on Mar 12 in Los Angeles
    expect(await logDay(token)).toBe('2025-03-13');
    activity.clock.set('2025-03-14T06:59:00Z'); // 23:59 on Mar 13 in Los Angeles
    expect(await logDay(token)).toBe('2025-03-13');
    activity.clock.set('2025-03-14T07:10:00Z'); // 00:10 on Mar 14 in Los Angeles: its days from now on
    expect(await logDay(token)).toBe('2025-03-14');
  });

  it('east just before midnight: the rest of the day in force is still that day, then the next one', async () => {
    const { user, token } = await activity.registerUser({ timezone: 'America/Los_Angeles' });
    activity.clock.set('2025-03-13T06:00:00Z'); // 23:00 on Mar 12 in Los Angeles (PDT)
    expect(await logDay(token)).toBe('2025-03-12');

    await moveTo(user, 'America/Los_Angeles', 'America/New_York', '2025-03-13T06:30:00.000Z'); // 02:30 on Mar 13 in New York
    activity.clock.set('2025-03-13T06:45:00Z');
    expect(await logDay(token)).toBe('2025-03-12');
    activity.clock.set('2025-03-13T07:05:00Z'); // 03:05 on Mar 13 in New York
    expect(await logDay(token)).toBe('2025-03-13');
  });
});

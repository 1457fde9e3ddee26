import { createLogger } from '@warriors/kit';
import { forTheseTests } from '@warriors/test-support';
import { createRetention, NUDGE_RETENTION_DAYS, PULSE_RETENTION_DAYS } from '../../src/use-cases/retention';
import { startSocial, type TestSocial, type TestUser } from '../support/harness';

const social = forTheseTests(() => startSocial());
const DAY_MS = 24 * 60 * 60 * 1000;

async function earn(s: TestSocial, user: TestUser, name: string): Promise<void> {
  await s.publishAndSettle(s.event('badge.earned', { user_id: user.id, badge_type: 'first_meeting', name, repeat_count: 1, earned_at: s.clock.now().toISOString() }));
}

async function cheer(s: TestSocial, from: TestUser, to: TestUser): Promise<void> {
  const sent = await s.call('POST', '/api/nudges', { token: from.token, body: { type: 'cheer', to_user_id: to.id } });
  expect(sent.status).toBe(201);
}

describe('retention', () => {
  it('removes pulse lines after 30 days and nudges after 90, keeping everything younger', async () => {
    const s = social.current;
    const maria = await s.register();
    const ben = await s.register();
    const retention = createRetention({ db: s.db, clock: s.clock, logger: createLogger('social', 'error') });
    const inbox = async () => ((await s.call('GET', '/api/nudges/inbox', { token: maria.token })).body as Array<{ created_at: string }>).length;
    const linesOf = async (user: TestUser) => (await s.pulse(user)).filter((line) => line.user_id === user.id).map((line) => line.message);

    await earn(s, maria, 'Old Badge');
    await cheer(s, ben, maria);
    s.clock.advance((PULSE_RETENTION_DAYS + 1) * DAY_MS);
    await earn(s, maria, 'New Badge');
    await cheer(s, ben, maria);

    await retention.pruneOnce();
    expect(await linesOf(maria)).toEqual(['earned the New Badge badge']);
    expect(await linesOf(ben)).toEqual([`cheered for ${maria.username}`]);
    expect(await inbox()).toBe(2);

    s.clock.advance((NUDGE_RETENTION_DAYS - PULSE_RETENTION_DAYS) * DAY_MS);
    await retention.pruneOnce();
    expect(await inbox()).toBe(1);
  });
});

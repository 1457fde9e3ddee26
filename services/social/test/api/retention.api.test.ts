import { personName } from '@warriors/contracts';
import { createLogger } from '@warriors/kit';
import { forTheseTests } from '@warriors/test-support';
import { tryRetentionLock } from '../../src/store/retention.store';
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
    expect(await linesOf(ben)).toEqual([`cheered for ${personName(maria.name, maria.username)}`]);
    expect(await inbox()).toBe(2);

    s.clock.advance((NUDGE_RETENTION_DAYS - PULSE_RETENTION_DAYS) * DAY_MS);
    await retention.pruneOnce();
    expect(await inbox()).toBe(1);
  });

  it('lets one social instance prune at a time: a pass while another holds it is skipped, the next one prunes', async () => {
    const s = social.current;
    const maria = await s.register();
    const [one, two] = [1, 2].map(() => createRetention({ db: s.db, clock: s.clock, logger: createLogger('social', 'error') }));
    await earn(s, maria, 'Old Badge');
    s.clock.advance((PULSE_RETENTION_DAYS + 1) * DAY_MS);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    // Another instance in the middle of its pass: it holds the lock until its transaction ends.
    const other = s.db.transaction().execute(async (trx) => {
      expect(await tryRetentionLock(trx)).toBe(true);
      held();
      await released;
    });
    await holding;
    expect(await one.pruneOnce()).toBeNull();
    expect((await s.pulse(maria)).filter((line) => line.user_id === maria.id)).toHaveLength(1);
    release();
    await other;
    // (The first test's rows are old by now too: only that this pass ran is this test's.)
    expect((await two.pruneOnce())?.pulseEvents).toBeGreaterThanOrEqual(1);
    expect((await s.pulse(maria)).filter((line) => line.user_id === maria.id)).toHaveLength(0);
  });
});

import { randomUUID } from 'node:crypto';
import { personName, SOCIAL_MESSAGES } from '@warriors/contracts';
import jwt from 'jsonwebtoken';
import { eventually, forTheseTests, openPulseSocket, refusedUpgrade, socketUrl, TEST_TOKEN_SECRET } from '@warriors/test-support';
import { startSocial, type TestSocial, type TestUser } from '../support/harness';

const social = forTheseTests(() => startSocial({ corsOrigins: ['https://app.example.com'] }));

const badge = (s: TestSocial, user: TestUser, name = 'First Meeting') =>
  s.event('badge.earned', { user_id: user.id, badge_type: 'first_meeting', name, repeat_count: 1, earned_at: s.clock.now().toISOString() });

/** `user` climbed one place today to `new_rank`, passing `passed`. */
const climbed = (s: TestSocial, user: TestUser, new_rank: number, passed: TestUser[]) =>
  s.event('rank.changed', {
    user_id: user.id,
    window: 'today',
    local_date: '2026-03-02',
    new_rank,
    positions_gained: 1,
    passed_users: passed.map(({ id, username }) => ({ id, username })),
  });

describe('the battle pulse', () => {
  it('makes human lines from the other services events, newest first, public challenges only', async () => {
    const s = social.current;
    const maria = await s.register({ name: 'Maria Santos' });
    const rival = await s.register();
    const at = s.clock.now().toISOString();
    const events = [
      badge(s, maria, '100 Calls'),
      s.event('campaign.completed', {
        user_id: maria.id,
        campaign_id: 1,
        user_campaign_id: 1,
        campaign_name: 'Sprint Week',
        bonus_points: 50,
        badge_earned: null,
        activity_id: null,
        completed_at: at,
        local_date: '2026-03-02',
        timezone: 'UTC',
      }),
      s.event('challenge.created', { challenge_id: 1, owner_id: maria.id, name: 'Q4 Blitz', is_private: false, start_at: at, end_at: at }),
      s.event('challenge.created', { challenge_id: 2, owner_id: maria.id, name: 'Secret Club', is_private: true, start_at: at, end_at: at }),
      s.event('challenge.joined', { challenge_id: 1, challenge_name: 'Q4 Blitz', user_id: rival.id, owner_id: maria.id, is_private: false }),
      s.event('challenge.joined', { challenge_id: 2, challenge_name: 'Secret Club', user_id: rival.id, owner_id: maria.id, is_private: true }),
      s.event('challenge.joined', { challenge_id: 3, challenge_name: 'Old Private', user_id: rival.id, owner_id: maria.id }),
      s.event('streak.changed', { user_id: maria.id, streak_days: 6, previous_streak_days: 5, local_date: '2026-03-02' }),
      s.event('streak.changed', { user_id: maria.id, streak_days: 7, previous_streak_days: 6, local_date: '2026-03-03' }),
      s.event('rank.changed', {
        user_id: rival.id,
        window: 'today',
        local_date: '2026-03-02',
        new_rank: 3,
        positions_gained: 2,
        passed_users: [{ id: maria.id, username: maria.username }],
      }),
      climbed(s, rival, 11, []),
    ];
    for (const e of events) {
      s.clock.advance(1000);
      await s.bus.publish({ ...e, occurredAt: s.clock.now().toISOString() });
    }
    await s.publishAndSettle(badge(s, maria, 'Settled'));

    const lines = (await s.pulse(maria)).filter((line) => line.user_id === maria.id || line.user_id === rival.id);
    expect(lines.map((line) => [line.username, line.type, line.message, line.related_user])).toEqual([
      [maria.username, 'achievement', 'earned the Settled badge', null],
      [rival.username, 'achievement', 'climbed to #3 today, passing Maria S.', maria.username],
      [maria.username, 'achievement', 'is on a 7-day streak', null],
      [rival.username, 'challenge', 'joined the challenge Q4 Blitz', null],
      [maria.username, 'challenge', 'started the challenge Q4 Blitz', null],
      [maria.username, 'achievement', 'completed Sprint Week', null],
      [maria.username, 'achievement', 'earned the 100 Calls badge', null],
    ]);
    expect((await s.pulse(maria, 2)).length).toBe(2);
  });

  it('names people as every list does: the user by their name now, the other broker in the words as named then, old words kept', async () => {
    const s = social.current;
    const maria = await s.register({ name: 'Maria Santos' });
    const joe = await s.register({ name: 'Joe' });
    const nameless = await s.register({ name: '' });
    // A line stored before lines named people: its words keep the username they were made with.
    const old = randomUUID();
    await s.db
      .withSchema('social')
      .insertInto('pulse_events')
      .values({
        id: old,
        type: 'encourage',
        user_id: joe.id,
        related_user_id: maria.id,
        message: `gave props to ${maria.username}`,
        created_at: s.clock.now(),
        stored_at: s.clock.now(),
        challenge_id: null,
        challenge_date: null,
      })
      .execute();
    s.clock.advance(1000);
    expect((await s.call('POST', '/api/nudges', { token: joe.token, body: { type: 'cheer', to_user_id: maria.id } })).status).toBe(201);
    s.clock.advance(1000);
    await s.publishAndSettle(climbed(s, maria, 2, [nameless]));
    const ours = async () => (await s.pulse(maria)).filter((line) => [maria.id, joe.id].includes(line.user_id)).map(({ username, name, message }) => ({ username, name, message }));
    expect(await ours()).toEqual([
      { username: maria.username, name: 'Maria Santos', message: `climbed to #2 today, passing ${nameless.username}` },
      { username: joe.username, name: 'Joe', message: 'cheered for Maria S.' },
      { username: joe.username, name: 'Joe', message: `gave props to ${maria.username}` },
    ]);

    // A rename shows on the user's own lines at once; words already said about them stay as they were.
    await s.update(maria, { name: 'Maria Lopez' });
    await eventually('the new name read', async () => ((await ours())[0]?.name === 'Maria Lopez' ? true : undefined));
    expect((await ours()).map((line) => line.message)).toContain('cheered for Maria S.');
  });

  it('makes one line of an event delivered twice', async () => {
    const s = social.current;
    const user = await s.register();
    const once = badge(s, user, 'Twice Sent');
    await s.bus.publish(once);
    await s.bus.publish(once, { msgId: randomUUID() });
    await s.publishAndSettle(badge(s, user, 'After'));
    expect((await s.pulse(user)).filter((line) => line.message === 'earned the Twice Sent badge')).toHaveLength(1);
  });

  it('validates the limit and needs a token', async () => {
    const s = social.current;
    const user = await s.register();
    const bad = await s.call('GET', '/api/battle-pulse?limit=0', { token: user.token });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['query', 'limit']);
    expect((await s.call('GET', '/api/battle-pulse?limit=101', { token: user.token })).status).toBe(422);
    expect((await s.call('GET', '/api/battle-pulse')).status).toBe(401);
  });

  it('hides a user who turned show_in_battle_pulse off from old and new lines, as actor or related user', async () => {
    const s = social.current;
    const shy = await s.register();
    const other = await s.register();
    await s.publishAndSettle(badge(s, shy, 'Before Hiding'));
    s.clock.advance(1000);
    await s.publishAndSettle(climbed(s, other, 2, [shy]));
    const mine = async () => (await s.pulse(other)).filter((line) => line.user_id === shy.id || line.related_user === shy.username);
    expect(await mine()).toHaveLength(2);

    await s.update(shy, { show_in_battle_pulse: false });
    expect(await mine()).toEqual([]);
    await s.publishAndSettle(badge(s, shy, 'While Hidden'));
    await s.update(shy, { show_in_battle_pulse: true });
    expect((await mine()).map((line) => line.message)).toEqual([`climbed to #2 today, passing ${personName(shy.name, shy.username)}`, 'earned the Before Hiding badge']);
  });

  it('forgets a deleted user: their lines and the nudges they sent and received', async () => {
    const s = social.current;
    const leaving = await s.register();
    const friend = await s.register();
    await s.publishAndSettle(badge(s, leaving, 'Soon Gone'));
    expect((await s.call('POST', '/api/nudges', { token: friend.token, body: { type: 'cheer', to_user_id: leaving.id } })).status).toBe(201);
    expect((await s.call('POST', '/api/nudges', { token: leaving.token, body: { type: 'props', to_user_id: friend.id } })).status).toBe(201);
    await s.deleteUser(leaving);
    const rows = await s.db
      .withSchema('social')
      .selectFrom('nudges')
      .selectAll()
      .where((eb) => eb.or([eb('from_user_id', '=', leaving.id), eb('to_user_id', '=', leaving.id)]))
      .execute();
    expect(rows).toEqual([]);
    const lines = await s.db
      .withSchema('social')
      .selectFrom('pulse_events')
      .selectAll()
      .where((eb) => eb.or([eb('user_id', '=', leaving.id), eb('related_user_id', '=', leaving.id)]))
      .execute();
    expect(lines).toEqual([]);
    expect((await s.call('GET', '/api/nudges/inbox', { token: friend.token })).body).toEqual([]);
    const toDeleted = await s.call('POST', '/api/nudges', { token: friend.token, body: { type: 'cheer', to_user_id: leaving.id } });
    expect(toDeleted).toEqual({ status: 404, body: { detail: SOCIAL_MESSAGES.userNotFound } });
  });
});

describe('the live socket', () => {
  it('sends each new line to every open socket, and the socket never sees a hidden user', async () => {
    const s = social.current;
    const author = await s.register();
    const watcher = await s.register();
    const one = await openPulseSocket(socketUrl(s.url, watcher.token));
    const two = await openPulseSocket(socketUrl(s.url, author.token), { origin: 'https://app.example.com' });
    await s.publishAndSettle(badge(s, author, 'Live One'));
    for (const client of [one, two]) {
      await eventually('the line on the socket', () => (client.received.some((m) => m.message.payload.message === 'earned the Live One badge') ? true : undefined));
      const line = client.received.find((m) => m.message.payload.message === 'earned the Live One badge')!;
      expect(line.message).toMatchObject({ kind: 'pulse', payload: { user_id: author.id, username: author.username, name: author.name, type: 'achievement', related_user: null } });
    }
    const hidden = await s.register({ show_in_battle_pulse: false });
    await s.publishAndSettle(badge(s, hidden, 'Never Shown'));
    await s.publishAndSettle(badge(s, author, 'Live Two'));
    await eventually('the next line', () => (one.received.some((m) => m.message.payload.message === 'earned the Live Two badge') ? true : undefined));
    expect(one.received.filter((m) => m.message.payload.user_id === hidden.id)).toEqual([]);
    expect(one.received.filter((m) => m.message.payload.message === 'earned the Live One badge')).toHaveLength(1);
    one.close();
    two.close();
  });

  it('refuses an upgrade without a valid token of a live account (401) or from a foreign origin (403)', async () => {
    const s = social.current;
    const user = await s.register();
    const gone = await s.register();
    await s.deleteUser(gone);
    expect(await refusedUpgrade(`${s.wsUrl}/ws`)).toBe(401);
    expect(await refusedUpgrade(`${s.wsUrl}/ws?token=`)).toBe(401);
    expect(await refusedUpgrade(`${s.wsUrl}/ws?token=garbage`)).toBe(401);
    expect(await refusedUpgrade(`${s.wsUrl}/ws?token=${gone.token}`)).toBe(401);
    const expired = jwt.sign({ sub: user.id, exp: Math.floor(Date.now() / 1000) - 60 }, TEST_TOKEN_SECRET);
    expect(await refusedUpgrade(`${s.wsUrl}/ws?token=${expired}`)).toBe(401);
    expect(await refusedUpgrade(`${s.wsUrl}/ws?token=${user.token}`, { origin: 'https://evil.example.com' })).toBe(403);
    expect(await refusedUpgrade(`${s.wsUrl}/elsewhere?token=${user.token}`)).toBe(404);
    // Same origin (the Host the page was served from) and no Origin at all (a non-browser client) are let in.
    const host = new URL(s.url).host;
    (await openPulseSocket(socketUrl(s.url, user.token), { origin: `http://${host}` })).close();
    (await openPulseSocket(socketUrl(s.url, user.token))).close();
  });
});

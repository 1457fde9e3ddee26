import { randomUUID } from 'node:crypto';
import { nudgeMessage, personName, SOCIAL_MESSAGES } from '@warriors/contracts';
import { forTheseTests } from '@warriors/test-support';
import { startSocial } from '../support/harness';

const social = forTheseTests(() => startSocial({ nudgesPerMinute: 3 }));

describe('nudges', () => {
  it('sends a nudge: 201, in the recipient bell, and an encourage line in the pulse', async () => {
    const s = social.current;
    const from = await s.register();
    const to = await s.register();
    const sent = await s.call('POST', '/api/nudges', { token: from.token, body: { type: 'cheer', to_user_id: to.id } });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({
      id: expect.any(String),
      type: 'cheer',
      from_name: from.name,
      from_username: from.username,
      message: nudgeMessage('cheer', from.name),
      created_at: s.clock.now().toISOString(),
      is_read: false,
    });
    expect((await s.call('GET', '/api/nudges/inbox', { token: to.token })).body).toEqual([sent.body]);
    const line = (await s.pulse(to)).find((l) => l.user_id === from.id);
    expect(line).toMatchObject({ type: 'encourage', username: from.username, message: `cheered for ${personName(to.name, to.username)}`, related_user: to.username });
  });

  it('refuses a nudge to oneself, on a coach line, to an unknown user and of an unknown type', async () => {
    const s = social.current;
    const from = await s.register();
    const to = await s.register();
    const send = (body: unknown) => s.call('POST', '/api/nudges', { token: from.token, body });
    expect(await send({ type: 'props', to_user_id: from.id })).toEqual({ status: 400, body: { detail: SOCIAL_MESSAGES.selfNudge } });
    const coachLine = randomUUID();
    await s.db
      .withSchema('social')
      .insertInto('pulse_events')
      .values({ id: coachLine, type: 'coach', user_id: to.id, related_user_id: null, message: 'shared a tip', created_at: s.clock.now(), stored_at: s.clock.now() })
      .execute();
    expect(await send({ type: 'props', to_user_id: to.id, event_id: coachLine })).toEqual({ status: 400, body: { detail: SOCIAL_MESSAGES.coachNudge } });
    expect(await send({ type: 'props', to_user_id: to.id, event_id: randomUUID() })).toEqual({ status: 404, body: { detail: SOCIAL_MESSAGES.eventNotFound } });
    expect(await send({ type: 'props', to_user_id: to.id, event_id: 'not-a-uuid' })).toEqual({ status: 404, body: { detail: SOCIAL_MESSAGES.eventNotFound } });
    expect(await send({ type: 'props', to_user_id: randomUUID() })).toEqual({ status: 404, body: { detail: 'User not found' } });
    expect(await send({ type: 'props', to_user_id: 'not-a-uuid' })).toEqual({ status: 404, body: { detail: 'User not found' } });
    const badType = await send({ type: 'slap', to_user_id: to.id });
    expect(badType.status).toBe(422);
    expect(badType.body.detail[0].loc).toEqual(['body', 'type']);
    expect((await send({})).status).toBe(422);
    expect((await s.call('POST', '/api/nudges', { body: { type: 'props', to_user_id: to.id } })).status).toBe(401);
    expect((await s.call('GET', '/api/nudges/inbox', { token: to.token })).body).toEqual([]);
  });

  it('limits a sender to nudgesPerMinute in a minute (429), counted in the database', async () => {
    const s = social.current;
    const from = await s.register();
    const to = await s.register();
    const send = () => s.call('POST', '/api/nudges', { token: from.token, body: { type: 'props', to_user_id: to.id } });
    const answers = await Promise.all([send(), send(), send(), send(), send()]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 429, 429]);
    expect(answers.find((a) => a.status === 429)!.body).toEqual({ detail: SOCIAL_MESSAGES.tooManyNudges });
    s.clock.advance(61_000);
    expect((await send()).status).toBe(201);
  });

  it('lets only the recipient read and mark a nudge (BOLA)', async () => {
    const s = social.current;
    const from = await s.register();
    const to = await s.register();
    const stranger = await s.register();
    const sent = (await s.call('POST', '/api/nudges', { token: from.token, body: { type: 'props', to_user_id: to.id } })).body;
    for (const who of [from, stranger]) {
      expect(await s.call('PUT', `/api/nudges/${sent.id}/read`, { token: who.token })).toEqual({ status: 404, body: { detail: SOCIAL_MESSAGES.nudgeNotFound } });
      expect((await s.call('GET', '/api/nudges/inbox', { token: who.token })).body).toEqual([]);
    }
    expect((await s.call('GET', '/api/nudges/inbox', { token: to.token })).body[0].is_read).toBe(false);
    expect(await s.call('PUT', `/api/nudges/${randomUUID()}/read`, { token: to.token })).toEqual({ status: 404, body: { detail: SOCIAL_MESSAGES.nudgeNotFound } });
    expect((await s.call('PUT', '/api/nudges/not-a-uuid/read', { token: to.token })).status).toBe(404);
    expect((await s.call('PUT', `/api/nudges/${sent.id}/read`)).status).toBe(401);
    const read = await s.call('PUT', `/api/nudges/${sent.id}/read`, { token: to.token });
    expect(read).toEqual({ status: 200, body: { ...sent, is_read: true } });
    expect((await s.call('GET', '/api/nudges/inbox', { token: to.token })).body).toEqual([{ ...sent, is_read: true }]);
  });

  it('shows the bell newest first, at most 50', async () => {
    const s = social.current;
    const to = await s.register();
    const senders = await Promise.all(Array.from({ length: 18 }, () => s.register()));
    for (const from of senders) {
      for (let i = 0; i < 3; i++) {
        s.clock.advance(1000);
        expect((await s.call('POST', '/api/nudges', { token: from.token, body: { type: 'encourage', to_user_id: to.id } })).status).toBe(201);
      }
    }
    const bell = (await s.call('GET', '/api/nudges/inbox', { token: to.token })).body as Array<{ created_at: string; from_username: string }>;
    expect(bell).toHaveLength(50);
    expect(bell[0]!.from_username).toBe(senders[17]!.username);
    expect([...bell].sort((a, b) => b.created_at.localeCompare(a.created_at))).toEqual(bell);
  });
});

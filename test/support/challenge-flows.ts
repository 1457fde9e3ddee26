import { randomUUID } from 'node:crypto';
import { CHALLENGE_MESSAGES } from '@warriors/contracts';
import { eventually, type TestSmtp } from '@warriors/test-support';
import { apiClient } from './api-client';
import { mailWithLink, verifyByMail } from './mail-flows';

/**
 * The challenge loop through the gateway, the same in every run mode: a host creates an active
 * challenge inviting an existing account and an email not signed up yet, a warrior joins and logs,
 * the board ranks them, and the email's later sign-up finds its invite once its owner verified it
 * (auth answering the lookup for verified addresses, user.email_verified carrying the email). Both
 * invited addresses get the invitation mail, its link on the public invitation.
 */
export function describeChallengesThroughGateway(baseUrl: () => string, inbox: () => TestSmtp): void {
  it('runs a challenge: create with invites, join, score from the activity log, board, and an invite that reaches a later sign-up', async () => {
    const api = apiClient(baseUrl());
    const knownEmail = `known.${randomUUID()}@example.com`;
    const laterEmail = `later.${randomUUID()}@example.com`;
    const host = await api.signup({ name: 'Hana Host' });
    const warrior = await api.signup({ name: 'Wade Warrior' });
    const known = await api.signup({ name: 'Kim Known', email: knownEmail });
    expect([host.status, warrior.status, known.status]).toEqual([201, 201, 201]);
    await verifyByMail(baseUrl(), inbox(), knownEmail);

    const now = Date.now();
    const body = {
      name: `Gateway Sprint ${randomUUID().slice(0, 6)}`,
      start_at: new Date(now - 60_000).toISOString(),
      end_at: new Date(now + 7 * 24 * 60 * 60 * 1000).toISOString(),
      is_private: false,
      activity_goals: [{ type: 'meeting', count: 5 }],
      invite_emails: `Kim Known, ${knownEmail}\nLou Later, ${laterEmail}`,
    };
    const created = await eventually('the host known to challenges', async () => {
      const answer = await api.call('POST', '/api/challenges', { token: host.body.access_token, body });
      return answer.status === 201 ? answer : undefined;
    });
    expect(created.body).toMatchObject({ role: 'owner', is_joined: true, members_count: 1, points_target: 50 });
    const id = created.body.id as number;

    // The host's name comes from challenges' projection of user.registered, which may trail the sign-up.
    const publicView = await eventually("the public invitation with the host's name", async () => {
      const answer = await api.call('GET', `/api/challenges/public/${id}`);
      return answer.body?.owner_name === 'Hana Host' ? answer : undefined;
    });
    expect(publicView).toMatchObject({ status: 200, body: { name: body.name, members_count: 1 } });

    await eventually('the known account invited', async () => {
      const invites = await api.call('GET', '/api/challenge-invites', { token: known.body.access_token });
      return invites.body?.some((i: { challenge_id: number }) => i.challenge_id === id) ? true : undefined;
    });

    const joined = await eventually('the warrior known to challenges', async () => {
      const answer = await api.call('POST', `/api/challenges/${id}/join`, { token: warrior.body.access_token });
      return answer.status === 200 ? answer : undefined;
    });
    expect(joined.body).toMatchObject({ is_joined: true, role: 'member', members_count: 2 });

    expect((await api.call('POST', '/api/activity', { token: warrior.body.access_token, body: { activity_type: 'meeting' } })).status).toBe(201);
    const board = await eventually('the warrior on the board', async () => {
      const answer = await api.call('GET', `/api/challenges/${id}/leaderboard`, { token: host.body.access_token });
      return answer.status === 200 && answer.body.length > 0 ? answer.body : undefined;
    });
    expect(board).toEqual([expect.objectContaining({ user_id: warrior.body.user.id, name: 'Wade Warrior', role: 'member', points: 10 })]);
    const mine = await api.call('GET', `/api/challenges/${id}`, { token: warrior.body.access_token });
    expect(mine.body).toMatchObject({ my_points: 10, my_activity_counts: { meeting: 1 }, progress: 20 });

    const invitation = await mailWithLink(inbox(), laterEmail, `challenge_id=${id}`);
    expect(invitation.parsed.subject).toBe(`Hana Host invited you to ${body.name} on Prospect Warriors`);
    expect(invitation.linkTo('/').searchParams.get('challenge_id')).toBe(String(id));
    await mailWithLink(inbox(), knownEmail, `challenge_id=${id}`);

    const later = await api.signup({ name: 'Lou Later', email: laterEmail });
    expect(later.status).toBe(201);
    expect((await api.call('GET', '/api/challenge-invites', { token: later.body.access_token })).body).toEqual([]);
    await verifyByMail(baseUrl(), inbox(), laterEmail);
    const invites = await eventually('the later sign-up invited', async () => {
      const answer = await api.call('GET', '/api/challenge-invites', { token: later.body.access_token });
      return answer.status === 200 && answer.body.length > 0 ? answer.body : undefined;
    });
    expect(invites).toEqual([expect.objectContaining({ challenge_id: id, from_name: 'Hana Host', challenge_name: body.name })]);
    const accepted = await api.call('POST', `/api/challenge-invites/${invites[0].invite_id}/accept`, { token: later.body.access_token });
    expect(accepted.body).toMatchObject({ is_joined: true, members_count: 3 });
  });

  it('refuses early-year and far dates with 422 (year 0000 answered 500 and 0042 was stored as 2042 embedded), keeps dates exact, and names a private host by username on the public invitation', async () => {
    const api = apiClient(baseUrl());
    const host = await api.signup({ name: 'Pia Private' });
    const token = host.body.access_token as string;
    const week = 7 * 24 * 60 * 60 * 1000;
    const end = new Date(Date.now() + week).toISOString();
    for (const start_at of ['0000-03-01T00:00:00Z', '0042-03-01T00:00:00Z', '1999-12-31T23:59:59Z']) {
      const answer = await api.call('POST', '/api/challenges', { token, body: { name: 'Early', start_at, end_at: end, is_private: false } });
      expect([start_at, answer.status, answer.body.detail]).toEqual([start_at, 422, expect.arrayContaining([expect.objectContaining({ msg: CHALLENGE_MESSAGES.dateWindow })])]);
    }
    const far = await api.call('POST', '/api/challenges', { token, body: { name: 'Far', start_at: '2090-01-01T00:00:00Z', end_at: '2090-01-08T00:00:00Z', is_private: false } });
    expect([far.status, far.body.detail?.[0]?.msg]).toEqual([422, CHALLENGE_MESSAGES.dateWindow]);

    expect((await api.call('PUT', '/api/settings/privacy?profile_public=false', { token })).status).toBe(200);
    const start_at = new Date(Date.now() + 24 * 60 * 60 * 1000 + 123).toISOString();
    const created = await eventually('the host known to challenges', async () => {
      const answer = await api.call('POST', '/api/challenges', { token, body: { name: 'Exact', start_at, end_at: end, is_private: false } });
      return answer.status === 201 ? answer : undefined;
    });
    expect(created.body).toMatchObject({ start_at, end_at: end });
    const invitation = await eventually('the private host by username', async () => {
      const answer = await api.call('GET', `/api/challenges/public/${created.body.id}`);
      return answer.body?.owner_name === host.body.user.username ? answer : undefined;
    });
    expect(invitation.body).toMatchObject({ start_at, end_at: end });
  });
}

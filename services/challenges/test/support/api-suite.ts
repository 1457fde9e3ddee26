import { randomUUID } from 'node:crypto';
import { BUS_QUESTIONS, CHALLENGE_MESSAGES, PendingInvitesReply } from '@warriors/contracts';
import { eventually, testUser } from '@warriors/test-support';
import { startChallenges, type TestChallenges, type TestUser } from './harness';

const NOW = '2026-03-02T15:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(Date.parse(NOW) + offsetMs).toISOString();

/**
 * The challenges API on real PostgreSQL and NATS, with the boards in Redis or in the embedded mode's
 * in-process store: one suite, both stores.
 */
export function runChallengesApiSuite(boards: 'redis' | 'memory'): void {
  jest.setTimeout(60_000);

  let c: TestChallenges;
  beforeAll(async () => {
    c = await startChallenges(NOW, boards);
  });
  afterAll(() => c?.close());
  beforeEach(() => c.clock.set(NOW));

  /** An upcoming challenge (starts in a day, lasts a week) unless the body says otherwise. */
  const create = (user: TestUser, body: Record<string, unknown> = {}) =>
    c.call('POST', '/api/challenges', { token: user.token, body: { name: 'Spring Sprint', start_at: at(DAY), end_at: at(8 * DAY), is_private: false, ...body } });

  async function created(user: TestUser, body: Record<string, unknown> = {}): Promise<any> {
    const answer = await create(user, body);
    expect(answer.status).toBe(201);
    return answer.body;
  }

  /** A challenge that ended a day ago, created before it started (a challenge cannot be created ended). */
  async function endedChallenge(user: TestUser, body: Record<string, unknown> = {}): Promise<any> {
    c.clock.set(at(-10 * DAY));
    try {
      return await created(user, { start_at: at(-9 * DAY), end_at: at(-DAY), ...body });
    } finally {
      c.clock.set(NOW);
    }
  }

  /** An active challenge: started an hour ago, ends in a week. */
  const active = (user: TestUser, body: Record<string, unknown> = {}) => created(user, { start_at: at(-60 * 60 * 1000), end_at: at(7 * DAY), ...body });

  const board = async (user: TestUser, id: number) => {
    const answer = await c.call('GET', `/api/challenges/${id}/leaderboard`, { token: user.token });
    expect(answer.status).toBe(200);
    return answer.body as Array<{ user_id: string; points: number; role: string; name: string }>;
  };

  describe('authentication', () => {
    it.each([
      ['GET', '/api/challenges/open?window=active'],
      ['GET', '/api/challenges/my?window=active'],
      ['GET', '/api/challenges/1'],
      ['GET', '/api/challenges/1/leaderboard'],
      ['POST', '/api/challenges'],
      ['POST', '/api/challenges/1/update'],
      ['POST', '/api/challenges/1/join'],
      ['POST', '/api/challenges/1/leave'],
      ['DELETE', '/api/challenges/1'],
      ['GET', '/api/challenge-invites'],
      ['POST', `/api/challenge-invites/${randomUUID()}/accept`],
      ['POST', `/api/challenge-invites/${randomUUID()}/decline`],
    ])('%s %s needs a bearer token', async (method, path) => {
      expect((await c.call(method, path)).status).toBe(401);
    });
  });

  describe('create', () => {
    it('answers 201 with the challenge; the owner is its member', async () => {
      const owner = await c.register();
      const body = await created(owner, {
        description: 'Go',
        activity_goals: [
          { type: 'email', count: 20 },
          { type: 'meeting', count: 2 },
        ],
      });
      expect(body).toMatchObject({
        owner_id: owner.id,
        owner_name: owner.name,
        name: 'Spring Sprint',
        description: 'Go',
        points_target: 20 * 1 + 2 * 10,
        is_private: false,
        visibility: 'public',
        activity_goals: { email: 20, meeting: 2 },
        members_count: 1,
        role: 'owner',
        my_role: 'owner',
        is_joined: true,
        my_points: 0,
        status: 'upcoming',
        can_edit: true,
        can_delete: true,
        progress: 0,
      });
      expect(typeof body.id).toBe('number');
      await eventually('challenge.created', () => c.published.find((e) => e.type === 'challenge.created' && (e.data as any).challenge_id === body.id));
    });

    it('keeps a points target given, and none without goals or target', async () => {
      const owner = await c.register();
      expect((await created(owner, { points_target: 500 })).points_target).toBe(500);
      expect((await created(owner)).points_target).toBeNull();
    });

    it.each([
      [{ name: '' }, 'name', CHALLENGE_MESSAGES.nameRequired],
      [{ start_at: undefined }, 'start_at', CHALLENGE_MESSAGES.startRequired],
      [{ end_at: undefined }, 'end_at', CHALLENGE_MESSAGES.endRequired],
      [{ end_at: at(DAY) }, 'end_at', CHALLENGE_MESSAGES.endAfterStart],
      [{ activity_goals: [{ type: 'email', count: 0 }] }, 'activity_goals', CHALLENGE_MESSAGES.count],
      [{ activity_goals: [{ type: 'email', count: 10001 }] }, 'activity_goals', CHALLENGE_MESSAGES.count],
      [{ points_target: 0 }, 'points_target', CHALLENGE_MESSAGES.pointsTarget],
      // Issue 20 item 6: early years answered 500 (0000) or were stored as 1950-2049 (0001-0099) in embedded mode.
      [{ start_at: '0000-03-01T00:00:00Z' }, 'start_at', CHALLENGE_MESSAGES.dateWindow],
      [{ start_at: '0042-03-01T00:00:00Z' }, 'start_at', CHALLENGE_MESSAGES.dateWindow],
      [{ start_at: '1999-12-31T23:59:59Z' }, 'start_at', CHALLENGE_MESSAGES.dateWindow],
      [{ start_at: at(3640 * DAY), end_at: at(3660 * DAY) }, 'end_at', CHALLENGE_MESSAGES.dateWindow],
      // Item 7: challenges already ended or spanning years were accepted.
      [{ start_at: at(-3 * DAY), end_at: at(-DAY) }, 'end_at', CHALLENGE_MESSAGES.endInPast],
      [{ start_at: at(DAY), end_at: at(DAY + 367 * DAY) }, 'end_at', CHALLENGE_MESSAGES.tooLong],
      [{ start_at: '2026-03-03T00:00:00Z', end_at: '4026-03-03T00:00:00Z' }, 'end_at', CHALLENGE_MESSAGES.tooLong],
    ])('refuses %j with 422 naming %s', async (patch, field, msg) => {
      const owner = await c.register();
      const answer = await create(owner, patch);
      expect(answer.status).toBe(422);
      expect(answer.body.detail).toEqual(expect.arrayContaining([expect.objectContaining({ msg })]));
      expect(answer.body.detail.some((item: any) => item.loc.includes(field))).toBe(true);
    });
  });

  describe('reading', () => {
    it('a public challenge is visible to anyone, a private one only to members and the invited', async () => {
      const [owner, other, invited] = [await c.register(), await c.register(), await c.register()];
      const open = await created(owner);
      const closed = await created(owner, { is_private: true, invitees: [invited.id] });
      expect((await c.call('GET', `/api/challenges/${open.id}`, { token: other.token })).body).toMatchObject({ is_joined: false, role: null, can_edit: false });
      expect((await c.call('GET', `/api/challenges/${closed.id}`, { token: other.token })).status).toBe(404);
      expect((await c.call('GET', `/api/challenges/${closed.id}`, { token: invited.token })).body).toMatchObject({ is_invited: true, is_joined: false });
      expect((await c.call('GET', `/api/challenges/${closed.id}`, { token: owner.token })).status).toBe(200);
      expect((await c.call('GET', '/api/challenges/999999', { token: owner.token })).status).toBe(404);
    });

    it("open lists public challenges not yet ended with is_joined; my lists the caller's by window", async () => {
      const [owner, other] = [await c.register(), await c.register()];
      const open = await created(owner);
      const closed = await created(owner, { is_private: true });
      const past = await endedChallenge(owner);
      const list = (await c.call('GET', '/api/challenges/open?window=active', { token: other.token })).body as any[];
      const ids = list.map((x) => x.id);
      expect(ids).toContain(open.id);
      expect(ids).not.toContain(closed.id);
      expect(ids).not.toContain(past.id);
      expect(list.find((x) => x.id === open.id).is_joined).toBe(false);
      const mine = (await c.call('GET', '/api/challenges/my?window=active', { token: owner.token })).body.map((x: any) => x.id);
      expect(mine).toEqual(expect.arrayContaining([open.id, closed.id]));
      expect(mine).not.toContain(past.id);
      const completed = (await c.call('GET', '/api/challenges/my?window=completed', { token: owner.token })).body.map((x: any) => x.id);
      expect(completed).toEqual([past.id]);
      expect((await c.call('GET', '/api/challenges/my?window=completed', { token: other.token })).body).toEqual([]);
      expect((await c.call('GET', '/api/challenges/my?window=sometime', { token: other.token })).status).toBe(422);
    });

    it("the public call answers a public challenge's invitation fields without a token, and 404 for a private one", async () => {
      const owner = await c.register();
      const open = await created(owner, { activity_goals: [{ type: 'email', count: 5 }] });
      const closed = await created(owner, { is_private: true });
      const answer = await c.call('GET', `/api/challenges/public/${open.id}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ name: 'Spring Sprint', members_count: 1, points_target: 5, activity_goals: { email: 5 }, owner_name: owner.name });
      expect(answer.body.owner_id).toBeUndefined();
      expect((await c.call('GET', `/api/challenges/public/${closed.id}`)).status).toBe(404);
      expect((await c.call('GET', '/api/challenges/public/abc')).status).toBe(404);
    });
  });

  describe('join and leave', () => {
    it('joins a public challenge idempotently and publishes challenge.joined once', async () => {
      const [owner, other] = [await c.register(), await c.register()];
      const ch = await created(owner);
      const first = await c.call('POST', `/api/challenges/${ch.id}/join`, { token: other.token });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ is_joined: true, role: 'member', members_count: 2 });
      const again = await c.call('POST', `/api/challenges/${ch.id}/join`, { token: other.token });
      expect(again.body).toMatchObject({ is_joined: true, members_count: 2 });
      await c.settled();
      await eventually('challenge.joined', () => c.published.find((e) => e.type === 'challenge.joined' && (e.data as any).challenge_id === ch.id));
      expect(c.published.filter((e) => e.type === 'challenge.joined' && (e.data as any).challenge_id === ch.id)).toHaveLength(1);
    });

    it('answers the uninvited a private challenge as no challenge (404, like an unused id) and lets the invited join, removing the invite', async () => {
      const [owner, other, invited] = [await c.register(), await c.register(), await c.register()];
      const ch = await created(owner, { is_private: true, invitees: [invited.id] });
      const refused = await c.call('POST', `/api/challenges/${ch.id}/join`, { token: other.token });
      const unused = await c.call('POST', '/api/challenges/2147483647/join', { token: other.token });
      expect([refused.status, refused.body]).toEqual([404, { detail: CHALLENGE_MESSAGES.notFound }]);
      expect([unused.status, unused.body]).toEqual([refused.status, refused.body]);
      expect((await c.call('POST', `/api/challenges/${ch.id}/join`, { token: invited.token })).status).toBe(200);
      expect((await c.call('GET', '/api/challenge-invites', { token: invited.token })).body).toEqual([]);
      expect((await c.call('GET', `/api/challenges/${ch.id}`, { token: owner.token })).body.members_count).toBe(2);
    });

    it('refuses to join an ended challenge with a text detail', async () => {
      const [owner, other] = [await c.register(), await c.register()];
      const ch = await endedChallenge(owner);
      const answer = await c.call('POST', `/api/challenges/${ch.id}/join`, { token: other.token });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe(CHALLENGE_MESSAGES.ended);
    });

    it('the owner cannot leave; a member leaves and goes off the board', async () => {
      const [owner, other] = [await c.register(), await c.register()];
      const ch = await active(owner);
      await c.call('POST', `/api/challenges/${ch.id}/join`, { token: other.token });
      await c.log(other, 'meeting');
      await c.log(owner, 'email');
      expect((await board(owner, ch.id)).map((e) => e.user_id)).toEqual([other.id, owner.id]);
      const refused = await c.call('POST', `/api/challenges/${ch.id}/leave`, { token: owner.token });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(CHALLENGE_MESSAGES.ownerCannotLeave);
      expect((await c.call('POST', `/api/challenges/${ch.id}/leave`, { token: other.token })).status).toBe(200);
      expect((await board(owner, ch.id)).map((e) => e.user_id)).toEqual([owner.id]);
      expect(await c.board.score(`challenge:${ch.id}`, other.id)).toBeNull();
      const view = (await c.call('GET', `/api/challenges/${ch.id}`, { token: other.token })).body;
      expect(view).toMatchObject({ is_joined: false, my_points: 0, members_count: 1 });
      expect((await c.call('POST', `/api/challenges/${ch.id}/leave`, { token: other.token })).status).toBe(400);
    });
  });

  describe('update and delete', () => {
    it('the owner edits before the start; invitees added on update are invited', async () => {
      const [owner, invited] = [await c.register(), await c.register()];
      const ch = await created(owner, { is_private: true, activity_goals: [{ type: 'email', count: 10 }] });
      const answer = await c.call('POST', `/api/challenges/${ch.id}/update`, { token: owner.token, body: { name: 'Renamed', description: 'New', invitees: [invited.id] } });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ name: 'Renamed', description: 'New', activity_goals: { email: 10 }, points_target: 10 });
      const invites = (await c.call('GET', '/api/challenge-invites', { token: invited.token })).body;
      expect(invites).toEqual([expect.objectContaining({ challenge_id: ch.id, challenge_name: 'Renamed', from_name: owner.name, from_username: owner.username })]);
      await eventually('challenge.invited', () => c.published.find((e) => e.type === 'challenge.invited' && (e.data as any).to_user_id === invited.id));
    });

    it('refuses an edit after the start with a text detail and changes nothing', async () => {
      const owner = await c.register();
      const ch = await active(owner);
      const answer = await c.call('POST', `/api/challenges/${ch.id}/update`, { token: owner.token, body: { name: 'Late' } });
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe(CHALLENGE_MESSAGES.editStarted);
      expect((await c.call('GET', `/api/challenges/${ch.id}`, { token: owner.token })).body.name).toBe('Spring Sprint');
    });

    it('refuses an end before the start once merged with the stored dates (422)', async () => {
      const owner = await c.register();
      const ch = await created(owner);
      const answer = await c.call('POST', `/api/challenges/${ch.id}/update`, { token: owner.token, body: { end_at: at(DAY / 2) } });
      expect(answer.status).toBe(422);
      expect(answer.body.detail[0].msg).toBe(CHALLENGE_MESSAGES.endAfterStart);
    });

    it("drops an ended challenge's board with it", async () => {
      const owner = await c.register();
      const ch = await active(owner);
      await c.log(owner, 'meeting');
      expect(await c.board.score(`challenge:${ch.id}`, owner.id)).toBe(10);
      c.clock.set(at(8 * DAY));
      expect((await c.call('DELETE', `/api/challenges/${ch.id}`, { token: owner.token })).status).toBe(200);
      expect(await c.board.top(`challenge:${ch.id}`, 10)).toEqual([]);
    });

    it('deletes an upcoming or ended challenge, never an active one', async () => {
      const owner = await c.register();
      const upcoming = await created(owner);
      const running = await active(owner);
      const ended = await endedChallenge(owner);
      const refused = await c.call('DELETE', `/api/challenges/${running.id}`, { token: owner.token });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(CHALLENGE_MESSAGES.deleteActive);
      expect((await c.call('GET', `/api/challenges/${running.id}`, { token: owner.token })).status).toBe(200);
      expect((await c.call('DELETE', `/api/challenges/${upcoming.id}`, { token: owner.token })).status).toBe(200);
      expect((await c.call('DELETE', `/api/challenges/${ended.id}`, { token: owner.token })).status).toBe(200);
      expect((await c.call('GET', `/api/challenges/${upcoming.id}`, { token: owner.token })).status).toBe(404);
      expect((await c.call('GET', `/api/challenges/${ended.id}`, { token: owner.token })).status).toBe(404);
    });
  });

  describe('scoring', () => {
    it('scores catalog points inside the window only, from the later of start and joining', async () => {
      const [owner, late] = [await c.register(), await c.register()];
      const ch = await created(owner, { start_at: at(DAY), end_at: at(3 * DAY), activity_goals: [{ type: 'meeting', count: 4 }] });
      await c.log(owner, 'meeting'); // before the start
      c.clock.set(at(DAY + 1000));
      await c.log(owner, 'meeting', { at: at(DAY + 1000), quantity: 2 }); // 20
      c.clock.set(at(2 * DAY));
      await c.log(late, 'meeting', { at: at(2 * DAY - 1000) }); // not a member yet
      await c.call('POST', `/api/challenges/${ch.id}/join`, { token: late.token });
      await c.log(late, 'meeting', { at: at(2 * DAY - 500) }); // logged after the joining, but occurred before it
      await c.log(late, 'meeting', { at: at(2 * DAY + 1000) }); // 10
      await c.log(owner, 'meeting', { at: at(3 * DAY) }); // at end_at: out
      const entries = await board(owner, ch.id);
      expect(entries.map((e) => [e.user_id, e.points, e.role])).toEqual([
        [owner.id, 20, 'owner'],
        [late.id, 10, 'member'],
      ]);
      const view = (await c.call('GET', `/api/challenges/${ch.id}`, { token: owner.token })).body;
      expect(view).toMatchObject({ my_points: 20, user_points: 20, user_score: 20, my_activity_counts: { meeting: 2 }, progress: 50, status: 'active' });
    });

    it("ranks a challenge with activity goals on the goals' types only, exactly after an undo and a rebuild; one without goals on all points", async () => {
      // Issue 41: '1,000 Cold Calls' was won with meetings.
      const [caller, closer] = [await c.register(), await c.register()];
      const calls = await active(caller, { name: '1,000 Cold Calls', activity_goals: [{ type: 'cold_call', count: 1000 }] });
      const open = await active(closer);
      await c.call('POST', `/api/challenges/${calls.id}/join`, { token: closer.token });
      await c.call('POST', `/api/challenges/${open.id}/join`, { token: caller.token });
      await c.log(caller, 'cold_call', { quantity: 40 }); // 40
      await c.log(caller, 'email', { quantity: 5 }); // 5, not a cold call
      const meetings = await c.log(closer, 'meeting', { quantity: 3 }); // 30, not a cold call
      const dials = await c.log(closer, 'cold_call', { quantity: 20 }); // 20
      const standing = async (id: number) => (await board(caller, id)).map((e) => [e.user_id, e.points]);
      expect(await standing(calls.id)).toEqual([
        [caller.id, 40],
        [closer.id, 20],
      ]);
      expect(await standing(open.id)).toEqual([
        [closer.id, 50],
        [caller.id, 45],
      ]);
      const view = (await c.call('GET', `/api/challenges/${calls.id}`, { token: closer.token })).body;
      expect(view).toMatchObject({ my_points: 20, user_points: 20, my_activity_counts: { cold_call: 20 }, progress: 2 });

      // Undone: the cold calls take their points back, the meetings had none here to take.
      await c.undo(dials);
      await c.undo(meetings);
      expect(await standing(calls.id)).toEqual([[caller.id, 40]]);
      expect(await standing(open.id)).toEqual([[caller.id, 45]]);
      expect((await c.call('GET', `/api/challenges/${calls.id}`, { token: closer.token })).body).toMatchObject({ my_points: 0, progress: 0 });

      // The boards rebuilt from PostgreSQL hold the same, and a later cold call ranks as a first one would.
      await c.board.clear();
      await eventually('the board rebuilt', async () => ((await c.board.isComplete()) ? true : undefined));
      expect(await standing(calls.id)).toEqual([[caller.id, 40]]);
      await c.log(closer, 'cold_call', { quantity: 50 });
      expect(await standing(calls.id)).toEqual([
        [closer.id, 50],
        [caller.id, 40],
      ]);
    });

    it('scores an entry made offline inside the window and received after its end (by its made time)', async () => {
      const owner = await c.register();
      const ch = await created(owner, { start_at: at(DAY), end_at: at(3 * DAY), activity_goals: [{ type: 'meeting', count: 4 }] });
      c.clock.set(at(3 * DAY + 60_000));
      await c.log(owner, 'meeting', { at: at(3 * DAY - 1000) }); // made a second before the end, synced a minute after
      await c.log(owner, 'email', { at: at(3 * DAY + 1000) }); // made after the end: out
      expect((await board(owner, ch.id)).map((e) => [e.user_id, e.points])).toEqual([[owner.id, 10]]);
    });

    it('a redelivered event scores once, and non-members score nothing', async () => {
      const [owner, outsider] = [await c.register(), await c.register()];
      const ch = await active(owner);
      const event = await c.log(owner, 'meeting');
      await c.redeliver(event);
      await c.log(outsider, 'meeting');
      expect((await board(owner, ch.id)).map((e) => [e.user_id, e.points])).toEqual([[owner.id, 10]]);
      expect((await c.call('GET', `/api/challenges/${ch.id}`, { token: owner.token })).body.my_points).toBe(10);
    });

    it('caps a type at its daily ceiling, as the boards do', async () => {
      const owner = await c.register();
      const ch = await active(owner);
      await c.log(owner, 'meeting', { quantity: 15 });
      await c.log(owner, 'meeting', { quantity: 15 }); // the ceiling is 20 a day: 5 more count
      expect((await board(owner, ch.id))[0]!.points).toBe(200);
    });

    it('leaves a warrior hidden from rankings off the board; non-members may not read it', async () => {
      const [owner, shy, other] = [await c.register(), await c.register({ show_on_leaderboard: false }), await c.register()];
      const ch = await active(owner);
      await c.call('POST', `/api/challenges/${ch.id}/join`, { token: shy.token });
      await c.log(shy, 'meeting');
      expect(await board(owner, ch.id)).toEqual([]);
      expect((await c.call('GET', `/api/challenges/${ch.id}`, { token: shy.token })).body.my_points).toBe(10);
      expect((await c.call('GET', `/api/challenges/${ch.id}/leaderboard`, { token: other.token })).status).toBe(403);
    });

    it('rebuilds the board from PostgreSQL after Redis lost it', async () => {
      const owner = await c.register();
      const ch = await active(owner);
      await c.log(owner, 'doorknock', { quantity: 2 });
      await c.board.clear();
      await eventually('the board rebuilt', async () => ((await c.board.isComplete()) ? true : undefined));
      expect((await board(owner, ch.id)).map((e) => e.points)).toEqual([6]);
    });
  });

  describe('invites', () => {
    it('accept makes a member and removes the invite; decline removes it', async () => {
      const [owner, a, b] = [await c.register(), await c.register(), await c.register()];
      const ch = await created(owner, { is_private: true, invitees: [a.id, b.id] });
      const [inviteA] = (await c.call('GET', '/api/challenge-invites', { token: a.token })).body;
      const [inviteB] = (await c.call('GET', '/api/challenge-invites', { token: b.token })).body;
      expect(inviteA).toMatchObject({ challenge_id: ch.id, from_name: owner.name, challenge_name: 'Spring Sprint' });
      const accepted = await c.call('POST', `/api/challenge-invites/${inviteA.invite_id}/accept`, { token: a.token });
      expect(accepted.status).toBe(200);
      expect(accepted.body).toMatchObject({ is_joined: true, role: 'member' });
      expect((await c.call('GET', '/api/challenge-invites', { token: a.token })).body).toEqual([]);
      expect((await c.call('POST', `/api/challenge-invites/${inviteB.invite_id}/decline`, { token: b.token })).status).toBe(200);
      expect((await c.call('GET', '/api/challenge-invites', { token: b.token })).body).toEqual([]);
      expect((await c.call('GET', `/api/challenges/${ch.id}`, { token: b.token })).status).toBe(404);
    });

    it('an email with an account invites that account; one without invites it once an account verifies it, and each line is mailed once', async () => {
      const owner = await c.register();
      const known = await c.register();
      const reply = await c.bus.reply(BUS_QUESTIONS.accountsByEmail.subject, async (payload: any) =>
        Object.fromEntries((payload.emails as string[]).filter((e) => e === 'known@example.com').map((e) => [e, known.id])),
      );
      try {
        const lines = 'Known One, Known@Example.com\nNew One, newbie@example.com\n';
        const ch = await created(owner, { is_private: true, invite_emails: lines, description: 'Most meetings wins' });
        expect((await c.call('GET', '/api/challenge-invites', { token: known.token })).body).toEqual([expect.objectContaining({ challenge_id: ch.id })]);
        const mail = await eventually('the invitation mail to the new address', async () => c.invitationMails('newbie@example.com')[0]);
        expect(mail.data).toEqual({
          kind: 'challenge_invitation',
          to: 'newbie@example.com',
          user_id: null,
          invitee_name: 'New One',
          host_name: owner.name,
          challenge: { id: ch.id, name: 'Spring Sprint', description: 'Most meetings wins', start_at: ch.start_at, end_at: ch.end_at },
        });
        await eventually('the invitation mail to the account', async () => c.invitationMails('known@example.com')[0]);

        // The same lines again on an edit invite no one new: no second mail.
        expect((await c.call('POST', `/api/challenges/${ch.id}/update`, { token: owner.token, body: { invite_emails: lines } })).status).toBe(200);
        await c.settled();
        expect([c.invitationMails('newbie@example.com').length, c.invitationMails('known@example.com').length]).toEqual([1, 1]);

        // Signing up with the address is not enough: its owner verifies it first.
        const newbie = await c.register({ email: 'newbie@example.com' });
        await c.settled();
        expect((await c.call('GET', '/api/challenge-invites', { token: newbie.token })).body).toEqual([]);
        await c.verify(newbie, 'newbie@example.com');
        const invites = await eventually("the verified address's invite", async () => {
          const list = (await c.call('GET', '/api/challenge-invites', { token: newbie.token })).body;
          return list.length > 0 ? list : undefined;
        });
        expect(invites).toEqual([expect.objectContaining({ challenge_id: ch.id, from_name: owner.name })]);
        await eventually('challenge.invited for the sign-up', () => c.published.find((e) => e.type === 'challenge.invited' && (e.data as any).to_user_id === newbie.id));
      } finally {
        await reply.stop();
      }
    });

    it('without auth answering, every email waits for a verified account', async () => {
      const owner = await c.register();
      const ch = await created(owner, { is_private: false, invite_emails: 'Later, later@example.com' });
      const later = await c.register({ email: 'later@example.com' });
      await c.verify(later, 'later@example.com');
      await eventually('the invite', async () => {
        const list = (await c.call('GET', '/api/challenge-invites', { token: later.token })).body;
        return list.some((i: any) => i.challenge_id === ch.id) ? true : undefined;
      });
    });

    it("answers the daily digest's question: the open invites received after an instant, newest first", async () => {
      const [owner, invitee] = [await c.register(), await c.register()];
      const first = await created(owner, { is_private: true, invitees: [invitee.id], name: 'First' });
      c.clock.set(at(60_000));
      const second = await created(owner, { is_private: true, invitees: [invitee.id], name: 'Second' });
      const ask = (userId: string, since: string) => c.bus.request(BUS_QUESTIONS.pendingInvites.subject, { user_id: userId, since }, 2000);
      expect(PendingInvitesReply.parse(await ask(invitee.id, at(-1)))).toEqual([
        { challenge_id: second.id, challenge_name: 'Second', from_name: owner.name, created_at: at(60_000) },
        { challenge_id: first.id, challenge_name: 'First', from_name: owner.name, created_at: NOW },
      ]);
      expect(await ask(invitee.id, NOW)).toEqual([expect.objectContaining({ challenge_id: second.id })]);
      expect(await ask(owner.id, at(-DAY))).toEqual([]);
    });

    it('refuses a bad invite line with 422', async () => {
      const owner = await c.register();
      const answer = await create(owner, { invite_emails: 'no email here' });
      expect(answer.status).toBe(422);
      expect(answer.body.detail[0].msg).toBe(CHALLENGE_MESSAGES.inviteLine);
    });
  });

  describe('BOLA: another user gets 403/404 and nothing changes', () => {
    it('on every challenge and invite route', async () => {
      const [owner, member, invited, intruder] = [await c.register(), await c.register(), await c.register(), await c.register()];
      const priv = await created(owner, { is_private: true, invitees: [invited.id, member.id] });
      const [memberInvite] = (await c.call('GET', '/api/challenge-invites', { token: member.token })).body;
      await c.call('POST', `/api/challenge-invites/${memberInvite.invite_id}/accept`, { token: member.token });
      const pub = await created(owner);
      const [invite] = (await c.call('GET', '/api/challenge-invites', { token: invited.token })).body;
      const snapshot = async () => ({
        priv: (await c.call('GET', `/api/challenges/${priv.id}`, { token: owner.token })).body,
        pub: (await c.call('GET', `/api/challenges/${pub.id}`, { token: owner.token })).body,
        invites: (await c.call('GET', '/api/challenge-invites', { token: invited.token })).body,
        board: await board(owner, priv.id),
      });
      const before = await snapshot();
      const attempts: Array<[string, string, unknown?]> = [
        ['GET', `/api/challenges/${priv.id}`],
        ['GET', `/api/challenges/${priv.id}/leaderboard`],
        ['GET', `/api/challenges/public/${priv.id}`],
        ['POST', `/api/challenges/${priv.id}/update`, { name: 'Hijacked' }],
        ['POST', `/api/challenges/${pub.id}/update`, { name: 'Hijacked', invitees: [intruder.id] }],
        ['POST', `/api/challenges/${priv.id}/join`],
        ['POST', `/api/challenges/${priv.id}/leave`],
        ['DELETE', `/api/challenges/${priv.id}`],
        ['DELETE', `/api/challenges/${pub.id}`],
        ['POST', `/api/challenge-invites/${invite.invite_id}/accept`],
        ['POST', `/api/challenge-invites/${invite.invite_id}/decline`],
      ];
      for (const [method, path, body] of attempts) {
        const answer = await c.call(method, path, { token: intruder.token, body });
        expect([method, path, [403, 404].includes(answer.status)]).toEqual([method, path, true]);
      }
      // The member, too, may not touch the owner's challenge or another's invite.
      for (const [method, path, body] of attempts.filter(([m, p]) => !(m === 'GET' && !p.includes('public')) && !p.endsWith('/join') && !p.endsWith('/leave'))) {
        const answer = await c.call(method, path, { token: member.token, body });
        expect([method, path, [403, 404].includes(answer.status)]).toEqual([method, path, true]);
      }
      expect(await snapshot()).toEqual(before);
      expect((await c.call('GET', '/api/challenge-invites', { token: intruder.token })).body).toEqual([]);
    });
  });

  describe('members_count', () => {
    it('is kept through join, accept and leave, in the list and the view', async () => {
      const [owner, a, b] = [await c.register(), await c.register(), await c.register()];
      const ch = await active(owner, { invitees: [b.id] });
      const count = async () => (await c.call('GET', `/api/challenges/${ch.id}`, { token: owner.token })).body.members_count;
      expect(ch.members_count).toBe(1);
      await c.call('POST', `/api/challenges/${ch.id}/join`, { token: a.token });
      await c.call('POST', `/api/challenges/${ch.id}/join`, { token: a.token }); // again: no change
      expect(await count()).toBe(2);
      const invite = (await c.call('GET', '/api/challenge-invites', { token: b.token })).body[0];
      expect((await c.call('POST', `/api/challenge-invites/${invite.invite_id}/accept`, { token: b.token })).status).toBe(200);
      expect(await count()).toBe(3);
      const mine = (await c.call('GET', '/api/challenges/my?window=active', { token: owner.token })).body;
      expect(mine.find((x: { id: number }) => x.id === ch.id).members_count).toBe(3);
      await c.call('POST', `/api/challenges/${ch.id}/leave`, { token: a.token });
      await c.call('POST', `/api/challenges/${ch.id}/leave`, { token: a.token }); // not a member any more: 400, no change
      expect(await count()).toBe(2);
    });
  });

  describe('the cached board page', () => {
    it('shows a log, a leave and a rename on the next read in the same process', async () => {
      const [owner, other] = [await c.register(), await c.register()];
      const ch = await active(owner);
      await c.call('POST', `/api/challenges/${ch.id}/join`, { token: other.token });
      await c.log(owner, 'email');
      expect((await board(owner, ch.id)).map((e) => [e.user_id, e.points])).toEqual([[owner.id, 1]]);
      // A log: credited here, so the page cached a moment ago is dropped.
      await c.log(other, 'meeting');
      expect((await board(owner, ch.id)).map((e) => [e.user_id, e.points])).toEqual([
        [other.id, 10],
        [owner.id, 1],
      ]);
      // A rename: the projection changed.
      const renamed = testUser({ user_id: owner.id, name: 'Renamed Warrior', username: owner.username });
      await c.bus.publish({ id: randomUUID(), type: 'user.updated', v: 1, occurredAt: at(1000), data: renamed });
      await c.settled();
      expect((await board(other, ch.id)).find((e) => e.user_id === owner.id)?.name).toBe('Renamed Warrior');
      // A leave.
      expect((await c.call('POST', `/api/challenges/${ch.id}/leave`, { token: other.token })).status).toBe(200);
      expect((await board(owner, ch.id)).map((e) => e.user_id)).toEqual([owner.id]);
      // The leaver is no member any more: the fast path sends them to the slow one (403).
      expect((await c.call('GET', `/api/challenges/${ch.id}/leaderboard`, { token: other.token })).status).toBe(403);
    });
  });

  describe('date rules (issue 20 items 6 and 7)', () => {
    it('stores no refused challenge, and keeps both ends of the window and of the length', async () => {
      const owner = await c.register();
      expect((await create(owner, { start_at: '0042-03-01T00:00:00Z', end_at: at(8 * DAY) })).status).toBe(422);
      const longest = await created(owner, { start_at: at(DAY), end_at: at(367 * DAY) });
      expect([longest.start_at, longest.end_at]).toEqual([at(DAY), at(367 * DAY)]);
      const latest = new Date(NOW);
      latest.setUTCFullYear(latest.getUTCFullYear() + 10);
      const farthest = await created(owner, { start_at: at(-DAY + (latest.getTime() - Date.parse(NOW))), end_at: latest.toISOString() });
      expect(farthest.end_at).toBe(latest.toISOString());
      const mine = (await c.call('GET', '/api/challenges/my?window=active', { token: owner.token })).body.map((x: any) => x.id);
      expect(mine.sort()).toEqual([longest.id, farthest.id].sort());
    });

    it('starts a new challenge at once when its start is past, and scores nothing from before the creation', async () => {
      const owner = await c.register();
      await c.log(owner, 'meeting', { at: at(-2 * 60 * 60 * 1000) });
      const ch = await active(owner);
      expect(ch).toMatchObject({ status: 'active', start_at: at(-60 * 60 * 1000) });
      await c.log(owner, 'meeting', { at: at(-30 * 60 * 1000) });
      expect(await c.board.score(`challenge:${ch.id}`, owner.id)).toBeNull();
    });

    it('refuses an edit that moves the start into the past, a date out of the window or a length over 366 days, and keeps the challenge editable', async () => {
      const owner = await c.register();
      const ch = await created(owner);
      for (const [body, msg] of [
        [{ start_at: at(-60 * 1000) }, CHALLENGE_MESSAGES.startInPast],
        [{ start_at: '0042-03-01T00:00:00Z' }, CHALLENGE_MESSAGES.dateWindow],
        [{ end_at: at(11 * 366 * DAY) }, CHALLENGE_MESSAGES.dateWindow],
        [{ end_at: at(DAY + 367 * DAY) }, CHALLENGE_MESSAGES.tooLong],
      ] as const) {
        const answer = await c.call('POST', `/api/challenges/${ch.id}/update`, { token: owner.token, body });
        expect([answer.status, answer.body.detail]).toEqual([422, [expect.objectContaining({ msg })]]);
      }
      const kept = (await c.call('GET', `/api/challenges/${ch.id}`, { token: owner.token })).body;
      expect(kept).toMatchObject({ start_at: ch.start_at, end_at: ch.end_at, status: 'upcoming', can_edit: true, can_delete: true });
      const later = await c.call('POST', `/api/challenges/${ch.id}/update`, { token: owner.token, body: { start_at: at(2 * DAY), end_at: at(9 * DAY) } });
      expect(later.body).toMatchObject({ start_at: at(2 * DAY), end_at: at(9 * DAY) });
    });
  });

  describe('smaller holes (issue 20 item 8)', () => {
    it.each([
      ['GET', '/api/challenges/public/abc', CHALLENGE_MESSAGES.notFound],
      ['GET', '/api/challenges/abc', CHALLENGE_MESSAGES.notFound],
      ['GET', '/api/challenges/1.5', CHALLENGE_MESSAGES.notFound],
      ['GET', '/api/challenges/-1', CHALLENGE_MESSAGES.notFound],
      ['GET', '/api/challenges/99999999999/leaderboard', CHALLENGE_MESSAGES.notFound],
      ['POST', '/api/challenges/abc/update', CHALLENGE_MESSAGES.notFound],
      ['POST', '/api/challenges/abc/join', CHALLENGE_MESSAGES.notFound],
      ['POST', '/api/challenges/abc/leave', CHALLENGE_MESSAGES.notFound],
      ['DELETE', '/api/challenges/abc', CHALLENGE_MESSAGES.notFound],
      ['POST', '/api/challenge-invites/not-a-uuid/accept', CHALLENGE_MESSAGES.inviteNotFound],
      ['POST', '/api/challenge-invites/not-a-uuid/decline', CHALLENGE_MESSAGES.inviteNotFound],
    ])('%s %s: a malformed id answers 404 with the not-found text', async (method, path, detail) => {
      const user = await c.register();
      const answer = await c.call(method, path, { token: user.token, body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect([answer.status, answer.body]).toEqual([404, { detail }]);
    });

    it('keeps 422 for a malformed body or query', async () => {
      const user = await c.register();
      expect((await c.call('GET', '/api/challenges/my?window=sometime', { token: user.token })).status).toBe(422);
      expect((await c.call('POST', '/api/challenges/1/update', { token: user.token, body: { name: '' } })).status).toBe(422);
    });

    it('does not invite again a user who declined that challenge, by id or by email; others still are', async () => {
      const [owner, decliner, other] = [await c.register(), await c.register({ email: 'decliner@example.com' }), await c.register()];
      const reply = await c.bus.reply(BUS_QUESTIONS.accountsByEmail.subject, async (payload: any) =>
        Object.fromEntries((payload.emails as string[]).filter((e) => e === 'decliner@example.com').map((e) => [e, decliner.id])),
      );
      try {
        const ch = await created(owner, { is_private: true, invitees: [decliner.id] });
        const [invite] = (await c.call('GET', '/api/challenge-invites', { token: decliner.token })).body;
        expect((await c.call('POST', `/api/challenge-invites/${invite.invite_id}/decline`, { token: decliner.token })).status).toBe(200);
        for (let round = 0; round < 3; round += 1) {
          const again = await c.call('POST', `/api/challenges/${ch.id}/update`, {
            token: owner.token,
            body: { invitees: [decliner.id, other.id], invite_emails: 'Decliner, decliner@example.com' },
          });
          expect(again.status).toBe(200);
          expect((await c.call('GET', '/api/challenge-invites', { token: decliner.token })).body).toEqual([]);
        }
        expect((await c.call('GET', '/api/challenge-invites', { token: other.token })).body).toEqual([expect.objectContaining({ challenge_id: ch.id })]);
        expect((await c.call('POST', `/api/challenges/${ch.id}/join`, { token: decliner.token })).status).toBe(404);
        // Another challenge of the same host may invite them.
        const next = await created(owner, { is_private: true, invitees: [decliner.id] });
        expect((await c.call('GET', '/api/challenge-invites', { token: decliner.token })).body).toEqual([expect.objectContaining({ challenge_id: next.id })]);
      } finally {
        await reply.stop();
      }
    });

    it('stores no invite for an id that names nobody or a deleted account; asks auth about one not projected yet', async () => {
      const [owner, gone] = [await c.register(), await c.register()];
      await c.bus.publish({ id: randomUUID(), type: 'user.deleted', v: 1, occurredAt: c.clock.now().toISOString(), data: { user_id: gone.id } });
      await c.settled();
      const fresh = testUser();
      const nobody = randomUUID();
      const reply = await c.bus.reply(BUS_QUESTIONS.userProjection.subject, async (payload: any) => (payload.user_id === fresh.user_id ? fresh : null));
      try {
        const ch = await created(owner, { is_private: true, invitees: [nobody, gone.id, fresh.user_id] });
        const invited = await c.db.withSchema('challenges').selectFrom('challenge_invites').select('to_user_id').where('challenge_id', '=', ch.id).execute();
        expect(invited.map((r) => r.to_user_id)).toEqual([fresh.user_id]);
      } finally {
        await reply.stop();
      }
    });

    it('answers 503 and stores nothing when auth cannot say whether an invitee exists', async () => {
      const owner = await c.register();
      const answer = await create(owner, { is_private: true, name: 'Unanswered', invitees: [randomUUID()] });
      expect(answer.status).toBe(503);
      const mine = (await c.call('GET', '/api/challenges/my?window=active', { token: owner.token })).body;
      expect(mine).toEqual([]);
    });

    it('shows a host with a private profile by username on the public invitation, by name to the signed-in', async () => {
      const [hidden, shown] = [await c.register({ profile_public: false }), await c.register()];
      const ofHidden = await created(hidden);
      const ofShown = await created(shown);
      expect((await c.call('GET', `/api/challenges/public/${ofHidden.id}`)).body.owner_name).toBe(hidden.username);
      expect((await c.call('GET', `/api/challenges/public/${ofShown.id}`)).body.owner_name).toBe(shown.name);
      expect((await c.call('GET', `/api/challenges/${ofHidden.id}`, { token: shown.token })).body.owner_name).toBe(hidden.name);
      // Turning the profile public shows the name from then on.
      await c.bus.publish({
        id: randomUUID(),
        type: 'user.updated',
        v: 1,
        occurredAt: at(1000),
        data: testUser({ user_id: hidden.id, name: hidden.name, username: hidden.username }),
      });
      await c.settled();
      expect((await c.call('GET', `/api/challenges/public/${ofHidden.id}`)).body.owner_name).toBe(hidden.name);
    });
  });

  describe('user.deleted', () => {
    it("drops the user's memberships and invites, and the challenges they host", async () => {
      const [owner, member] = [await c.register(), await c.register()];
      const hosted = await created(owner);
      const joined = await created(member);
      await c.call('POST', `/api/challenges/${joined.id}/join`, { token: owner.token });
      await c.bus.publish({ id: randomUUID(), type: 'user.deleted', v: 1, occurredAt: c.clock.now().toISOString(), data: { user_id: owner.id } });
      await c.settled();
      expect((await c.call('GET', `/api/challenges/${hosted.id}`, { token: member.token })).status).toBe(404);
      expect((await c.call('GET', `/api/challenges/${joined.id}`, { token: member.token })).body.members_count).toBe(1);
      // The board read checks the token only, then the membership: a deleted account still gets 401.
      expect((await c.call('GET', `/api/challenges/${joined.id}/leaderboard`, { token: owner.token })).status).toBe(401);
    });
  });
}

import { randomUUID } from 'node:crypto';
import { BUS_QUESTIONS, SOCIAL_MESSAGES, type ProfileFieldsReply, type PublicStatsReply } from '@warriors/contracts';
import { forTheseTests } from '@warriors/test-support';
import { startSocial } from '../support/harness';

const social = forTheseTests(() => startSocial());

const owner = randomUUID();
const fields = (profilePublic: boolean): NonNullable<ProfileFieldsReply> => ({
  user_id: owner,
  username: 'maria',
  name: 'Maria Broker',
  profile_picture: null,
  created_at: '2026-01-01T00:00:00.000Z',
  company: 'Secret Holdings',
  specialty: 'Industrial',
  city: 'Denver',
  state: 'CO',
  x_url: null,
  bio: 'Do not show this when private',
  timezone: 'America/Denver',
  profile_public: profilePublic,
});
const stats: PublicStatsReply = { rank: 4, streak_days: 3, today_points: 20, points_7d: 70, points_30d: 200, total_points: 900, badges: [] };
const counts = { today: { cold_call: 5 }, '7d': { cold_call: 20 }, '30d': { cold_call: 80, meeting: 2 } };

/** Plays auth, gamification and activity on their request subjects, as the test sets them. */
async function answering(answers: { fields?: ProfileFieldsReply | 'silent'; stats?: 'silent' }) {
  const s = social.current;
  const asked: Array<{ subject: string; payload: unknown }> = [];
  const subs = [
    answers.fields === 'silent' ? null : await s.bus.reply(BUS_QUESTIONS.profileFields.subject, async (p) => (asked.push({ subject: 'fields', payload: p }), answers.fields)),
    answers.stats === 'silent' ? null : await s.bus.reply(BUS_QUESTIONS.publicStats.subject, async (p) => (asked.push({ subject: 'stats', payload: p }), stats)),
    await s.bus.reply(BUS_QUESTIONS.activityCounts.subject, async (p) => (asked.push({ subject: 'counts', payload: p }), counts)),
  ];
  return { asked, stop: () => Promise.all(subs.map((sub) => sub?.stop())) };
}

describe('the public profile', () => {
  it('answers a public profile without a token, asking stats and counts in the owner timezone', async () => {
    const s = social.current;
    const services = await answering({ fields: fields(true) });
    try {
      const res = await s.call('GET', `/api/users/${owner}/public-profile`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: owner, username: 'maria', profile_public: true, company: 'Secret Holdings', rank: 4, total_points: 900, activity_counts: counts });
      expect(services.asked).toEqual(
        expect.arrayContaining([
          { subject: 'stats', payload: { user_id: owner, timezone: 'America/Denver' } },
          { subject: 'counts', payload: { user_id: owner, timezone: 'America/Denver' } },
        ]),
      );
    } finally {
      await services.stop();
    }
  });

  it('answers a private profile with the username and message only', async () => {
    const s = social.current;
    const services = await answering({ fields: fields(false) });
    try {
      const res = await s.call('GET', `/api/users/${owner}/public-profile`);
      expect(res).toEqual({ status: 200, body: { id: owner, username: 'maria', profile_public: false, message: SOCIAL_MESSAGES.privateProfile } });
      expect(JSON.stringify(res.body)).not.toMatch(/Secret Holdings|Do not show/);
      expect(services.asked.map((a) => a.subject)).toEqual(['fields']);
    } finally {
      await services.stop();
    }
  });

  it('answers 404 for no such (or a deleted) account and for a malformed id', async () => {
    const s = social.current;
    const services = await answering({ fields: null });
    try {
      expect(await s.call('GET', `/api/users/${owner}/public-profile`)).toEqual({ status: 404, body: { detail: SOCIAL_MESSAGES.profileNotFound } });
      expect(await s.call('GET', '/api/users/12345/public-profile')).toEqual({ status: 404, body: { detail: SOCIAL_MESSAGES.profileNotFound } });
    } finally {
      await services.stop();
    }
  });

  it('answers 503 with a text detail when a service does not answer', async () => {
    const s = social.current;
    const noAuth = await answering({ fields: 'silent' });
    try {
      const res = await s.call('GET', `/api/users/${owner}/public-profile`);
      expect(res.status).toBe(503);
      expect(typeof res.body.detail).toBe('string');
    } finally {
      await noAuth.stop();
    }
    const noStats = await answering({ fields: fields(true), stats: 'silent' });
    try {
      const res = await s.call('GET', `/api/users/${owner}/public-profile`);
      expect(res.status).toBe(503);
      expect(res.body.detail).toMatch(/stats/);
    } finally {
      await noStats.stop();
    }
  });
});

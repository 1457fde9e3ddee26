import { BUS_QUESTIONS, type MailDigestSocialReply, type PendingInvitesReply } from '@warriors/contracts';
import { eventually, forTheseTests, holdsFor, quietWeekRecap } from '@warriors/test-support';
import { startMail, type TestMail } from '../support/harness';

/** Monday 2026-03-09 in Chicago (UTC-5 after the 8 March DST change): 07:30 and 08:05 local. */
const MONDAY_BEFORE_EIGHT = '2026-03-09T12:30:00.000Z';
const MONDAY_AFTER_EIGHT = '2026-03-09T13:05:00.000Z';

const arrivedFor = (mail: TestMail, to: string) => mail.smtp!.received.filter((received) => received.to.includes(to));

/** What social and challenges answer for each broker (none: no push device and nothing waiting). */
interface Played {
  social: Map<string, MailDigestSocialReply>;
  invites: Map<string, PendingInvitesReply>;
  asked: Array<{ subject: string; payload: { user_id: string; since?: string } }>;
}

async function startWithAnswers(): Promise<TestMail & { played: Played }> {
  const mail = await startMail();
  const played: Played = { social: new Map(), invites: new Map(), asked: [] };
  const note = (subject: string, payload: unknown) => {
    played.asked.push({ subject, payload: payload as Played['asked'][number]['payload'] });
    return payload as { user_id: string };
  };
  await mail.bus.reply(BUS_QUESTIONS.weeklyRecap.subject, async (payload) => {
    note(BUS_QUESTIONS.weeklyRecap.subject, payload);
    return { ...quietWeekRecap('America/Chicago', '2026-03-02'), points: { value: 340, previous: 300, change: 40 }, logs: { value: 52, previous: 40, change: 12 } };
  });
  await mail.bus.reply(
    BUS_QUESTIONS.mailDigestSocial.subject,
    async (payload) => played.social.get(note(BUS_QUESTIONS.mailDigestSocial.subject, payload).user_id) ?? { has_push_device: false, nudges: [] },
  );
  await mail.bus.reply(BUS_QUESTIONS.pendingInvites.subject, async (payload) => played.invites.get(note(BUS_QUESTIONS.pendingInvites.subject, payload).user_id) ?? []);
  return Object.assign(mail, { played });
}

describe('the digests', () => {
  const mail = forTheseTests(startWithAnswers);

  it("send the weekly recap once, from 08:00 on the broker's Monday, with its unsubscribe headers; nothing to a broker who switched it off", async () => {
    const s = mail.current;
    s.clock.set(MONDAY_BEFORE_EIGHT);
    const broker = await s.verifiedBroker({ timezone: 'America/Chicago', name: 'Ana Silva' });
    const quiet = await s.verifiedBroker({ timezone: 'America/Chicago' });
    const quietToken = s.tokens.sign({ id: quiet.user_id });
    await s.call('PUT', '/api/mail/preferences', { token: quietToken, body: { weekly_recap: false, daily_digest: false, invitations: true } });
    for (const user of [broker, quiet]) s.played.social.set(user.user_id, { has_push_device: true, nudges: [] });

    await holdsFor(() => arrivedFor(s, broker.email).length === 0, 300, 'no recap before 08:00');
    s.clock.set(MONDAY_AFTER_EIGHT);
    const [recap] = await eventually('the weekly recap', () => (arrivedFor(s, broker.email).length > 0 ? arrivedFor(s, broker.email) : undefined));
    expect(recap!.parsed.subject).toBe('Your week: 340 points');
    expect(recap!.parsed.text).toContain('340 points (+40 on the week before)');
    expect(recap!.parsed.text).toContain('Hi Ana,');
    expect(recap!.parsed.headerLines.some((line) => line.key === 'list-unsubscribe')).toBe(true);
    await holdsFor(() => arrivedFor(s, broker.email).length === 1 && arrivedFor(s, quiet.email).length === 0, 300, 'one recap, none for the broker who switched it off');
  });

  it('send the daily digest of unread nudges and invitations to a broker without a push device, and nothing when nothing waits or push reaches them', async () => {
    const s = mail.current;
    s.clock.set('2026-03-10T12:00:00.000Z');
    const [unreached, pushed, idle] = [
      await s.verifiedBroker({ timezone: 'America/Chicago' }),
      await s.verifiedBroker({ timezone: 'America/Chicago' }),
      await s.verifiedBroker({ timezone: 'America/Chicago' }),
    ];
    const nudge = { from_name: 'Jo Park', type: 'props', message: 'Jo Park gave you props!', created_at: '2026-03-10T01:00:00.000Z' };
    s.played.social.set(unreached!.user_id, { has_push_device: false, nudges: [nudge] });
    s.played.invites.set(unreached!.user_id, [{ challenge_id: 9, challenge_name: 'Dial Duel', from_name: 'Ana Silva', created_at: '2026-03-10T02:00:00.000Z' }]);
    s.played.social.set(pushed!.user_id, { has_push_device: true, nudges: [nudge] });

    s.clock.set('2026-03-10T13:30:00.000Z');
    const [digest] = await eventually('the daily digest', () => (arrivedFor(s, unreached!.email).length > 0 ? arrivedFor(s, unreached!.email) : undefined));
    expect(digest!.parsed.subject).toBe('You have 1 nudge and 1 challenge invitation waiting');
    expect(digest!.parsed.text).toContain('- Jo Park gave you props!');
    expect(digest!.parsed.text).toContain('- Ana Silva invited you to Dial Duel');
    const since = s.played.asked.find((ask) => ask.subject === BUS_QUESTIONS.mailDigestSocial.subject && ask.payload.user_id === unreached!.user_id)?.payload.since;
    expect(since).toBe('2026-03-09T13:30:00.000Z');
    await holdsFor(
      () => arrivedFor(s, pushed!.email).length === 0 && arrivedFor(s, idle!.email).length === 0 && arrivedFor(s, unreached!.email).length === 1,
      300,
      'one digest, none for the others',
    );
  });
});

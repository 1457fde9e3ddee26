import { DEFAULT_MAIL_PREFERENCES, MAIL_MESSAGES } from '@warriors/contracts';
import { eventually, forTheseTests, holdsFor } from '@warriors/test-support';
import { invitation, PUBLIC_URL, resetRequest, startMail, type TestMail } from '../support/harness';

const arrivedFor = (mail: TestMail, to: string) => mail.smtp!.received.filter((received) => received.to.includes(to));

/** The one-click POST a mail client makes from the List-Unsubscribe headers (RFC 8058): a form body, no sign-in. */
async function oneClick(mail: TestMail, header: string): Promise<{ status: number; body: unknown }> {
  const target = new URL(/^<(.+)>$/.exec(header)![1]!);
  expect(target.origin).toBe(PUBLIC_URL);
  const res = await fetch(`${mail.url}${target.pathname}${target.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  return { status: res.status, body: await res.json() };
}

describe('mail preferences', () => {
  const mail = forTheseTests(() => startMail());

  it('are every kind on until the broker switches one off, and refuse a bad body or no token', async () => {
    const broker = await mail.current.verifiedBroker();
    const token = mail.current.tokens.sign({ id: broker.user_id });
    expect(await mail.current.call('GET', '/api/mail/preferences', { token })).toMatchObject({ status: 200, body: DEFAULT_MAIL_PREFERENCES });
    const changed = { weekly_recap: false, daily_digest: true, invitations: true };
    expect(await mail.current.call('PUT', '/api/mail/preferences', { token, body: changed })).toMatchObject({ status: 200, body: changed });
    expect((await mail.current.call('GET', '/api/mail/preferences', { token })).body).toEqual(changed);
    const bad = await mail.current.call('PUT', '/api/mail/preferences', { token, body: { weekly_recap: 'no' } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]).toMatchObject({ loc: ['body', 'weekly_recap'] });
    expect((await mail.current.call('GET', '/api/mail/preferences')).status).toBe(401);
  });

  it("unsubscribes a broker from invitations by the mail's one-click headers, and sends them no more", async () => {
    const broker = await mail.current.verifiedBroker();
    await mail.current.request(invitation(broker.email, 41));
    const [received] = await eventually('the invitation', () => (arrivedFor(mail.current, broker.email).length > 0 ? arrivedFor(mail.current, broker.email) : undefined));
    const { parsed } = received!;
    expect(parsed.subject).toBe('Ana Silva invited you to Dial Duel on Prospect Warriors');
    expect(received!.linkTo('/').toString()).toBe(`${PUBLIC_URL}/?challenge_id=41`);
    // mailparser folds the List-* headers into one object: the raw lines are what a mail client reads.
    const raw = (name: string) =>
      parsed.headerLines
        .find((line) => line.key === name)
        ?.line.slice(name.length + 1)
        .trim();
    expect(raw('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = raw('list-unsubscribe') ?? '';
    expect(received!.linkTo('/unsubscribe').searchParams.get('token')).toBe(new URL(/^<(.+)>$/.exec(listUnsubscribe)![1]!).searchParams.get('token'));

    expect(await oneClick(mail.current, listUnsubscribe)).toEqual({ status: 200, body: { detail: MAIL_MESSAGES.unsubscribed.invitations, kind: 'invitations' } });
    const token = mail.current.tokens.sign({ id: broker.user_id });
    expect((await mail.current.call('GET', '/api/mail/preferences', { token })).body).toEqual({ ...DEFAULT_MAIL_PREFERENCES, invitations: false });

    await mail.current.request(invitation(broker.email, 42));
    await mail.current.request(resetRequest(broker.email));
    await eventually('the account mail, which cannot be switched off', () => (arrivedFor(mail.current, broker.email).length === 2 ? true : undefined));
    await holdsFor(() => arrivedFor(mail.current, broker.email).length === 2, 300, 'no second invitation');
  });

  it('unsubscribes an address without an account by the address itself', async () => {
    const stranger = `colleague-${Date.now()}@example.com`;
    await mail.current.request(invitation(stranger, 51));
    const [received] = await eventually('the invitation', () => (arrivedFor(mail.current, stranger).length > 0 ? arrivedFor(mail.current, stranger) : undefined));
    const page = received!.linkTo('/unsubscribe');
    const res = await mail.current.call('POST', `/api/mail/unsubscribe?token=${encodeURIComponent(page.searchParams.get('token')!)}`, { body: {} });
    expect(res).toMatchObject({ status: 200, body: { kind: 'invitations' } });
    await mail.current.request(invitation(stranger, 52));
    await holdsFor(() => arrivedFor(mail.current, stranger).length === 1, 300, 'no second invitation');
  });

  it('refuses a forged, altered or missing token', async () => {
    const refused = { status: 400, body: { detail: MAIL_MESSAGES.unsubscribeInvalid } };
    expect(await mail.current.call('POST', '/api/mail/unsubscribe?token=abc.def', { body: {} })).toMatchObject(refused);
    const stranger = `altered-${Date.now()}@example.com`;
    await mail.current.request(invitation(stranger, 61));
    const [received] = await eventually('the invitation', () => (arrivedFor(mail.current, stranger).length > 0 ? arrivedFor(mail.current, stranger) : undefined));
    const [payload, signature] = received!.linkTo('/unsubscribe').searchParams.get('token')!.split('.');
    const other = Buffer.from(JSON.stringify(['e', 'someone-else@example.com', 'invitations'])).toString('base64url');
    expect(await mail.current.call('POST', `/api/mail/unsubscribe?token=${other}.${signature}`, { body: {} })).toMatchObject(refused);
    expect(payload).not.toBe(other);
    const missing = await mail.current.call('POST', '/api/mail/unsubscribe', { body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.detail[0]).toMatchObject({ loc: ['query', 'token'] });
  });
});

import { ACCOUNT_MESSAGES, type DomainEvent, type EventOf, type MailRequest } from '@warriors/contracts';
import { eventually } from '@warriors/test-support';
import { authForThisFile, type TestAuth } from '../support/harness';

const auth = authForThisFile();

const mailsTo = (service: TestAuth, to: string, kind: MailRequest['kind']): MailRequest[] =>
  service.mails.map((event: EventOf<'mail.requested'>) => event.data).filter((mail) => mail.to === to && mail.kind === kind);

/** The `nth` mail (1-based; the first by default) of `kind` to `to`, once the outbox relayed it. */
async function mailTo<K extends MailRequest['kind']>(service: TestAuth, to: string, kind: K, nth = 1): Promise<Extract<MailRequest, { kind: K }>> {
  const found = await eventually(`${kind} mail #${nth} to ${to}`, () => mailsTo(service, to, kind)[nth - 1]);
  return found as Extract<MailRequest, { kind: K }>;
}

const tokenOf = (mail: MailRequest): string => {
  if (!('token' in mail)) throw new Error(`${mail.kind} carries no link`);
  return mail.token;
};

const me = (token: string) => auth.current.call('GET', '/api/me', { token });

describe('a forgotten password', () => {
  it('answers every address alike, and mails a reset link only to a known one', async () => {
    const { email } = await auth.current.signup();
    const known = await auth.current.call('POST', '/api/password/forgot', { body: { email } });
    const unknown = await auth.current.call('POST', '/api/password/forgot', { body: { email: `nobody-${Date.now()}@example.com` } });

    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.body).toEqual({ detail: ACCOUNT_MESSAGES.forgotAccepted });
    expect(unknown.body).toEqual(known.body);
    const mail = await mailTo(auth.current, email, 'password_reset');
    expect(tokenOf(mail)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(auth.current.mails.filter((m) => m.data.kind === 'password_reset' && m.data.to.startsWith('nobody-'))).toEqual([]);
  });

  it('limits requests per address, known or not, with the same answer', async () => {
    const { email } = await auth.current.signup();
    const stranger = `stranger-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i++) {
      expect((await auth.current.call('POST', '/api/password/forgot', { body: { email } })).status).toBe(202);
      expect((await auth.current.call('POST', '/api/password/forgot', { body: { email: stranger } })).status).toBe(202);
    }
    const knownSixth = await auth.current.call('POST', '/api/password/forgot', { body: { email } });
    const strangerSixth = await auth.current.call('POST', '/api/password/forgot', { body: { email: stranger } });
    expect([knownSixth.status, strangerSixth.status]).toEqual([429, 429]);
    expect(knownSixth.body).toEqual({ detail: ACCOUNT_MESSAGES.tooManyForgot });
    expect(strangerSixth.body).toEqual(knownSixth.body);
    auth.current.clock.advance(61 * 60_000);
    expect((await auth.current.call('POST', '/api/password/forgot', { body: { email } })).status).toBe(202);
  });

  it('resets the password once from the link, signs in, and signs out every earlier token', async () => {
    const { email, token: before, password } = await auth.current.signup();
    await auth.current.call('POST', '/api/password/forgot', { body: { email } });
    const link = tokenOf(await mailTo(auth.current, email, 'password_reset'));

    const reset = await auth.current.call('POST', '/api/password/reset', { body: { token: link, password: 'a brand new password' } });
    expect(reset.status).toBe(200);
    expect(reset.body.user).toMatchObject({ email, email_verified: true });
    expect((await me(reset.body.access_token)).status).toBe(200);
    expect((await me(before)).status).toBe(401);

    const again = await auth.current.call('POST', '/api/password/reset', { body: { token: link, password: 'yet another password' } });
    expect(again).toMatchObject({ status: 400, body: { detail: ACCOUNT_MESSAGES.resetInvalid } });
    expect((await auth.current.call('POST', '/api/login', { body: { email, password } })).status).toBe(401);
    expect((await auth.current.call('POST', '/api/login', { body: { email, password: 'a brand new password' } })).status).toBe(200);
    await mailTo(auth.current, email, 'password_changed');
    const userId = reset.body.user.id as string;
    const revoked = await eventually('user.sessions_revoked', () =>
      auth.current.bus.events.find((event: DomainEvent) => event.type === 'user.sessions_revoked' && event.data.user_id === userId),
    );
    expect(revoked.data).toEqual({ user_id: userId, credential_version: 1 });
  });

  it('refuses a link past its hour, one a newer request replaced, and one a password change voided', async () => {
    const { email, token, password } = await auth.current.signup();
    const request = async (nth: number) => {
      expect((await auth.current.call('POST', '/api/password/forgot', { body: { email } })).status).toBe(202);
      return tokenOf(await mailTo(auth.current, email, 'password_reset', nth));
    };
    const expired = await request(1);
    auth.current.clock.advance(60 * 60_000 + 1000);
    const late = await auth.current.call('POST', '/api/password/reset', { body: { token: expired, password: 'too late now' } });
    expect(late).toMatchObject({ status: 400, body: { detail: ACCOUNT_MESSAGES.resetInvalid } });

    const first = await request(2);
    const second = await request(3);
    expect(second).not.toBe(first);
    expect((await auth.current.call('POST', '/api/password/reset', { body: { token: first, password: 'replaced link' } })).status).toBe(400);

    const changed = await auth.current.call('PUT', '/api/settings/password', { token, body: { current_password: password, new_password: 'changed in settings' } });
    expect(changed.status).toBe(200);
    expect((await auth.current.call('POST', '/api/password/reset', { body: { token: second, password: 'voided link' } })).status).toBe(400);
  });

  it('answers 422 at the field for a bad body', async () => {
    const forgot = await auth.current.call('POST', '/api/password/forgot', { body: { email: 'not an address' } });
    expect(forgot.status).toBe(422);
    expect(forgot.body.detail[0]).toMatchObject({ loc: ['body', 'email'] });
    const reset = await auth.current.call('POST', '/api/password/reset', { body: { token: 'x', password: 'short' } });
    expect(reset.status).toBe(422);
    expect(reset.body.detail[0]).toMatchObject({ loc: ['body', 'password'] });
  });
});

describe('a verified address', () => {
  it('is asked for at sign-up and verified by its link, once', async () => {
    const { email, token, user } = await auth.current.signup();
    expect(user).toMatchObject({ email_verified: false, pending_email: null });
    const link = tokenOf(await mailTo(auth.current, email, 'verify_email'));
    const verified = await auth.current.call('POST', '/api/email/verify', { body: { token: link } });
    expect(verified).toMatchObject({ status: 200, body: { user: { email, email_verified: true } } });
    expect((await me(token)).body.email_verified).toBe(true);
    expect(await auth.current.call('POST', '/api/email/verify', { body: { token: link } })).toMatchObject({ status: 400, body: { detail: ACCOUNT_MESSAGES.verifyInvalid } });
    const event = await eventually('user.email_verified', () =>
      auth.current.bus.events.find((candidate: DomainEvent) => candidate.type === 'user.email_verified' && candidate.data.user_id === user.id),
    );
    expect(event.data).toEqual({ user_id: user.id, email });
    expect(await auth.current.call('POST', '/api/email/verify/resend', { token })).toMatchObject({ status: 409, body: { detail: ACCOUNT_MESSAGES.alreadyVerified } });
  });

  it('resends a new link (the older one void) a few times an hour', async () => {
    const { email, token } = await auth.current.signup();
    const first = tokenOf(await mailTo(auth.current, email, 'verify_email'));
    expect(await auth.current.call('POST', '/api/email/verify/resend', { token })).toMatchObject({ status: 202, body: { detail: ACCOUNT_MESSAGES.verifySent } });
    const second = tokenOf(await mailTo(auth.current, email, 'verify_email', 2));
    expect(second).not.toBe(first);
    expect((await auth.current.call('POST', '/api/email/verify', { body: { token: first } })).status).toBe(400);
    expect((await auth.current.call('POST', '/api/email/verify/resend', { token })).status).toBe(202);
    expect(await auth.current.call('POST', '/api/email/verify/resend', { token })).toMatchObject({ status: 429, body: { detail: ACCOUNT_MESSAGES.tooManyResend } });
    expect((await auth.current.call('POST', '/api/email/verify', { body: { token: second } })).status).toBe(400);
  });

  it('changes only once the new address confirms, with a notice to the old one', async () => {
    const { email, token, password, user } = await auth.current.signup();
    const next = `moved-${Date.now()}@example.com`;
    expect(await auth.current.call('PUT', '/api/settings/email', { token, body: { email: next, password: 'wrong password' } })).toMatchObject({
      status: 400,
      body: { detail: ACCOUNT_MESSAGES.wrongPassword },
    });
    expect(await auth.current.call('PUT', '/api/settings/email', { token, body: { email, password } })).toMatchObject({
      status: 400,
      body: { detail: ACCOUNT_MESSAGES.sameEmail },
    });

    const asked = await auth.current.call('PUT', '/api/settings/email', { token, body: { email: next, password } });
    expect(asked).toMatchObject({ status: 200, body: { user: { email, pending_email: next } } });
    expect(await mailTo(auth.current, email, 'email_change_notice')).toMatchObject({ new_email: next });
    const confirm = tokenOf(await mailTo(auth.current, next, 'email_change_confirm'));

    const confirmed = await auth.current.call('POST', '/api/email/verify', { body: { token: confirm } });
    expect(confirmed).toMatchObject({ status: 200, body: { user: { id: user.id, email: next, email_verified: true, pending_email: null } } });
    expect((await auth.current.call('POST', '/api/login', { body: { email: next, password } })).status).toBe(200);
    expect((await auth.current.call('POST', '/api/login', { body: { email, password } })).status).toBe(401);
  });

  it('names an account to challenges only once its owner verified it', async () => {
    const { email } = await auth.current.signup();
    const ask = () => auth.current.bus.request('auth.accounts.by-email', { emails: [email] }, 2000);
    expect(await ask()).toEqual({});
    const link = tokenOf(await mailTo(auth.current, email, 'verify_email'));
    await auth.current.call('POST', '/api/email/verify', { body: { token: link } });
    expect(Object.keys((await ask()) as object)).toEqual([email]);
  });
});

describe('signing out everywhere', () => {
  it('changes the password with the current one, answering this device a new token', async () => {
    const { token, password, email } = await auth.current.signup();
    expect(await auth.current.call('PUT', '/api/settings/password', { token, body: { current_password: 'nope', new_password: 'whatever you like' } })).toMatchObject({
      status: 400,
      body: { detail: ACCOUNT_MESSAGES.wrongCurrentPassword },
    });
    const changed = await auth.current.call('PUT', '/api/settings/password', { token, body: { current_password: password, new_password: 'whatever you like' } });
    expect(changed.status).toBe(200);
    expect((await me(token)).status).toBe(401);
    expect((await me(changed.body.access_token)).status).toBe(200);
    await mailTo(auth.current, email, 'password_changed');
  });

  it("'Sign out of all devices' refuses every earlier token and answers a fresh one", async () => {
    const { token, email, password } = await auth.current.signup();
    const other = (await auth.current.call('POST', '/api/login', { body: { email, password } })).body.access_token as string;
    const revoked = await auth.current.call('POST', '/api/sessions/revoke', { token });
    expect(revoked.status).toBe(200);
    expect([(await me(token)).status, (await me(other)).status, (await me(revoked.body.access_token)).status]).toEqual([401, 401, 200]);
    expect((await auth.current.call('POST', '/api/sessions/revoke', { token: other })).status).toBe(401);
  });
});

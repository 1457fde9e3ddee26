import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { recordFaultFigures, eventually, faultFigures, forTheseTests, holdsFor, sampleValue, scrapeMetrics } from '@warriors/test-support';
import { mailCli } from '../../src/mail-cli';
import { invitation, PUBLIC_URL, resetRequest, startMail, type TestMail } from '../support/harness';

const arrivedFor = (mail: TestMail, to: string) => mail.smtp!.received.filter((received) => received.to.includes(to));

describe('a requested mail', () => {
  const mail = forTheseTests(() => startMail());

  it('reaches the SMTP server as text and HTML, its link under PUBLIC_URL, with no unsubscribe header for an account mail', async () => {
    const to = `ana-${Date.now()}@example.com`;
    await mail.current.request(resetRequest(to, 'tok_123'));
    const [received] = await eventually('the reset mail', () => (arrivedFor(mail.current, to).length > 0 ? arrivedFor(mail.current, to) : undefined));
    const { parsed } = received!;
    expect(parsed.subject).toBe('Reset your Prospect Warriors password');
    expect(parsed.from?.value).toEqual([{ name: 'Prospect Warriors', address: 'no-reply@warriors.test' }]);
    expect(received!.linkTo('/reset-password').toString()).toBe(`${PUBLIC_URL}/reset-password?token=tok_123`);
    expect(parsed.html).toContain(`href="${PUBLIC_URL}/reset-password?token=tok_123"`);
    expect(parsed.text).toContain('Hi Ana,');
    expect(parsed.messageId).toMatch(/^<[0-9a-f-]{36}@warriors\.test>$/);
    expect(parsed.headers.has('list-unsubscribe')).toBe(false);
  });

  it('is sent once however often its event is delivered', async () => {
    const to = `twice-${Date.now()}@example.com`;
    const id = await mail.current.request(resetRequest(to));
    await mail.current.request(resetRequest(to), id);
    await eventually('the mail', () => (arrivedFor(mail.current, to).length > 0 ? true : undefined));
    await holdsFor(() => arrivedFor(mail.current, to).length === 1, 500, 'one mail');
  });

  it('is tried again after each temporary (4xx) refusal until the server takes it', async () => {
    const to = `busy-${Date.now()}@example.com`;
    let refusals = 0;
    mail.current.smtp!.answer((rcpt) => (rcpt.includes(to) && refusals++ < 2 ? { code: 451, message: 'Try again later' } : { accept: true }));
    await mail.current.request(resetRequest(to));
    await eventually('the mail after two refusals', () => {
      mail.current.clock.advance(5_000);
      return arrivedFor(mail.current, to).length > 0 ? true : undefined;
    });
    expect(refusals).toBe(3);
    expect(arrivedFor(mail.current, to)).toHaveLength(1);
    mail.current.smtp!.answer(() => ({ accept: true }));
  });

  it('is dead-lettered on a permanent (550) refusal, counted, listed by the CLI and sent again once retried', async () => {
    const to = `gone-${Date.now()}@example.com`;
    mail.current.smtp!.answer((rcpt) => (rcpt.includes(to) ? { code: 550, message: 'No such user here' } : { accept: true }));
    await mail.current.request(resetRequest(to));
    await eventually('the dead letter', async () => ((await mail.current.mailsIn('dead')) > 0 ? true : undefined));
    const listed = await mailCli(['dead'], mail.current.database);
    expect(listed).toContain(to);
    expect(listed).toMatch(/1 attempts\t550 No such user here/);
    const metrics = await eventually('the dead letter counted', async () => {
      const scraped = await scrapeMetrics(mail.current.url);
      return sampleValue(scraped, 'warriors_mail_queue', { service: 'mail', state: 'dead' }) === 1 ? scraped : undefined;
    });
    expect(sampleValue(metrics, 'warriors_mail_failures_total', { service: 'mail', kind: 'password_reset', outcome: 'dead' })).toBe(1);

    mail.current.smtp!.answer(() => ({ accept: true }));
    const id = listed.split('\t')[0]!;
    expect(await mailCli(['retry', id], mail.current.database, () => mail.current.clock.now())).toBe('1 dead-lettered mail(s) back in the queue');
    await eventually('the retried mail', () => (arrivedFor(mail.current, to).length > 0 ? true : undefined));
    expect(await mailCli(['dead'], mail.current.database)).toBe('no dead-lettered mails');
  });

  it('waits out an SMTP outage: every mail queued meanwhile arrives once it is back, none lost, none twice', async () => {
    const smtp = mail.current.smtp!;
    const tag = Date.now();
    const addresses = Array.from({ length: 30 }, (_, i) => `outage-${tag}-${i}@example.com`);
    await smtp.stop();
    for (const to of addresses) await mail.current.request(resetRequest(to));
    await eventually(
      'every mail tried and failed once',
      async () => ((await mailCli(['status'], mail.current.database)).includes(`retrying ${addresses.length}`) ? true : undefined),
      15_000,
    );
    // A minute of outage on the service's clock: each mail is tried again as its backoff comes due.
    for (let second = 0; second < 60; second += 5) {
      mail.current.clock.advance(5_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(addresses.filter((to) => arrivedFor(mail.current, to).length > 0)).toEqual([]);
    await smtp.start();
    await eventually(
      'every mail after the outage',
      () => {
        mail.current.clock.advance(5_000);
        return addresses.every((to) => arrivedFor(mail.current, to).length > 0) ? true : undefined;
      },
      30_000,
    );
    await holdsFor(() => addresses.every((to) => arrivedFor(mail.current, to).length === 1), 500, 'one mail each');
    const figures = recordFaultFigures(
      faultFigures('SMTP server down for a minute', new Map(addresses.map((to) => [to, 1])), new Map(addresses.map((to) => [to, arrivedFor(mail.current, to).length]))),
    );
    expect(figures).toMatchObject({ expected: addresses.length, seen: addresses.length, lost: 0, double: 0 });
  });
});

describe('without SMTP_URL', () => {
  const mail = forTheseTests(() => startMail({ smtp: false }));

  it('writes each mail as an .eml file a mail client opens, link included', async () => {
    await mail.current.request(resetRequest('files@example.com', 'tok_file'));
    const [file] = await eventually('the .eml file', async () => {
      const files = (await readdir(mail.current.mailDir)).filter((name) => name.endsWith('.eml'));
      return files.length > 0 ? files : undefined;
    });
    const parsed = await simpleParser(await readFile(path.join(mail.current.mailDir, file!)));
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('files@example.com');
    expect(parsed.text).toContain(`${PUBLIC_URL}/reset-password?token=tok_file`);
    expect(await mail.current.mailsIn('sent')).toBe(1);
  });

  it('writes an invitation with its one-click unsubscribe headers', async () => {
    await mail.current.request(invitation('colleague@example.com'));
    await eventually('the invitation file', async () => ((await readdir(mail.current.mailDir)).length >= 2 ? true : undefined));
  });
});

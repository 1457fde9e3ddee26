import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createLogger } from '@warriors/kit';
import { simpleParser } from 'mailparser';
import { eventually, sampleValue, scrapeMetrics, startTestSmtp, type MetricSample, type TestSmtp } from '@warriors/test-support';
import { startEmbedded, type EmbeddedProduct } from '@warriors/gateway';
import { apiClient } from '../support/api-client';
import { describeAuthThroughGateway } from '../support/auth-flows';
import { describeCampaignsThroughGateway } from '../support/campaign-flows';
import { describeChallengesThroughGateway } from '../support/challenge-flows';
import { describeAccountMailThroughGateway } from '../support/mail-flows';
import { describeCoreLoopThroughGateway } from '../support/core-loop-flows';
import { describeRecapThroughGateway } from '../support/recap-flows';
import { describeExportThroughGateway } from '../support/export-flows';
import { describeSocialThroughGateway } from '../support/social-flows';

jest.setTimeout(60_000);

const METRICS_TOKEN = randomBytes(32).toString('base64url');
const start = (dataDir: string, smtpUrl: string) =>
  startEmbedded({
    port: 0,
    host: '127.0.0.1',
    dataDir,
    authAttemptsPerMinute: 1000,
    logger: createLogger('embedded-test', 'silent'),
    metricsToken: METRICS_TOKEN,
    mail: { smtpUrl },
  });

describe('embedded mode: one process, PGlite, in-process bus', () => {
  let product: EmbeddedProduct;
  let dataDir: string;
  let smtp: TestSmtp;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'warriors-data-'));
    smtp = await startTestSmtp();
    product = await start(dataDir, smtp.url);
  });
  afterAll(async () => {
    await product?.close();
    await smtp?.stop();
  });

  describeAuthThroughGateway(() => product.url);
  describeCoreLoopThroughGateway(() => product.url);
  describeCampaignsThroughGateway(() => product.url);
  describeChallengesThroughGateway(
    () => product.url,
    () => smtp,
  );
  describeAccountMailThroughGateway(
    () => product.url,
    () => smtp,
  );
  describeRecapThroughGateway(() => product.url);
  describeExportThroughGateway(() => product.url);
  describeSocialThroughGateway(() => product.url);

  it('serves every service and the gateway from one registry on /metrics, behind METRICS_TOKEN', async () => {
    expect((await fetch(`${product.url}/metrics`)).status).toBe(401);
    const api = apiClient(product.url);
    const token: string = (await api.signup()).body.access_token;
    const answered = (samples: readonly MetricSample[], service: string) =>
      sampleValue(samples, 'warriors_http_request_duration_seconds_count', { service, route: '/api/me', method: 'GET', status_class: '2xx' }) ?? 0;
    const before = await scrapeMetrics(product.url, METRICS_TOKEN);
    expect((await api.call('GET', '/api/me', { token })).status).toBe(200);
    const samples = await scrapeMetrics(product.url, METRICS_TOKEN);
    expect(answered(samples, 'gateway') - answered(before, 'gateway')).toBe(1);
    expect(answered(samples, 'auth') - answered(before, 'auth')).toBe(1);
    for (const service of ['auth', 'activity', 'gamification', 'campaigns', 'challenges', 'coaching']) {
      expect(sampleValue(samples, 'warriors_outbox_pending_events', { service })).toBeGreaterThanOrEqual(0);
    }
    expect(samples.some((s) => s.name === 'warriors_consumer_pending_messages' && s.labels.durable === 'social_pulse')).toBe(true);
    expect(sampleValue(samples, 'warriors_social_open_sockets', { service: 'social' })).toBeGreaterThanOrEqual(0);
  });

  it('keeps accounts and sessions across a restart on the same data folder', async () => {
    const signup = await apiClient(product.url).signup();
    await product.close();
    product = await start(dataDir, smtp.url);
    const me = await apiClient(product.url).call('GET', '/api/me', { token: signup.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(signup.body.user.email);
  });
});

describe('embedded mode without SMTP_URL (`npm start` on a fresh machine)', () => {
  it('writes the reset mail under DATA_DIR/mail/, and its link resets the password', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'warriors-data-'));
    const product = await startEmbedded({ port: 0, host: '127.0.0.1', dataDir, authAttemptsPerMinute: 1000, logger: createLogger('embedded-test', 'silent') });
    try {
      const api = apiClient(product.url);
      const email = `offline.${randomBytes(4).toString('hex')}@example.com`;
      expect((await api.signup({ email })).status).toBe(201);
      expect((await api.call('POST', '/api/password/forgot', { body: { email } })).status).toBe(202);
      const mailDir = path.join(dataDir, 'mail');
      const reset = await eventually(
        'the reset mail in DATA_DIR/mail',
        async () => {
          for (const name of await readdir(mailDir).catch(() => [])) {
            const parsed = await simpleParser(await readFile(path.join(mailDir, name)));
            if (parsed.subject === 'Reset your Prospect Warriors password') return parsed;
          }
          return undefined;
        },
        20_000,
      );
      const link = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(reset.text ?? '')![0]);
      expect(link.origin).toBe(product.url);
      const answer = await api.call('POST', '/api/password/reset', { body: { token: link.searchParams.get('token'), password: 'a fresh start here' } });
      expect(answer.status).toBe(200);
      expect((await api.call('POST', '/api/login', { body: { email, password: 'a fresh start here' } })).status).toBe(200);
    } finally {
      await product.close();
    }
  });
});

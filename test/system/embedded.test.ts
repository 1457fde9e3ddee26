import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@warriors/kit';
import { startEmbedded, type EmbeddedProduct } from '@warriors/gateway';
import { apiClient } from '../support/api-client';
import { describeAuthThroughGateway } from '../support/auth-flows';
import { describeCampaignsThroughGateway } from '../support/campaign-flows';
import { describeChallengesThroughGateway } from '../support/challenge-flows';
import { describeCoreLoopThroughGateway } from '../support/core-loop-flows';
import { describeSocialThroughGateway } from '../support/social-flows';

jest.setTimeout(60_000);

const start = (dataDir: string) => startEmbedded({ port: 0, host: '127.0.0.1', dataDir, authAttemptsPerMinute: 1000, logger: createLogger('embedded-test', 'silent') });

describe('embedded mode: one process, PGlite, in-process bus', () => {
  let product: EmbeddedProduct;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'warriors-data-'));
    product = await start(dataDir);
  });
  afterAll(() => product?.close());

  describeAuthThroughGateway(() => product.url);
  describeCoreLoopThroughGateway(() => product.url);
  describeCampaignsThroughGateway(() => product.url);
  describeChallengesThroughGateway(() => product.url);
  describeSocialThroughGateway(() => product.url);

  it('keeps accounts and sessions across a restart on the same data folder', async () => {
    const signup = await apiClient(product.url).signup();
    await product.close();
    product = await start(dataDir);
    const me = await apiClient(product.url).call('GET', '/api/me', { token: signup.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(signup.body.user.email);
  });
});

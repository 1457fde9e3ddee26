// `npm run fuzz -- --runs 5000 [--seed N] [--concurrency 4] [--embedded]`: the fuzz suite of
// test/system/fuzz.test.ts at any size. Boots the stack on PostgreSQL, NATS and Redis (or with --embedded
// the one-process product on PGlite, in memory), sends --runs generated requests to every route, prints the totals by route and status class, writes artifacts/fuzz-totals.json, and exits 1
// if any request was answered 5xx or not at all.
import { parseArgs } from 'node:util';
import { startEmbedded } from '@warriors/gateway';
import { createLogger } from '@warriors/kit';
import { startFakeOpenAI } from '@warriors/test-support';
import { describeTotals, FUZZ_TOTALS_FILE, runFuzz, startFuzzStack, writeTotals } from '../test/support/fuzz/run-fuzz';

/** The one-process product with the coaching service pointed at a fake model server, as the fuzz stack is. */
async function startFuzzEmbedded(): Promise<{ url: string; close(): Promise<void> }> {
  const model = await startFakeOpenAI();
  const product = await startEmbedded({
    port: 0,
    host: '127.0.0.1',
    dataDir: undefined,
    authAttemptsPerMinute: 1_000_000,
    logger: createLogger('embedded', 'warn'),
    model: { apiKey: model.apiKey, baseURL: model.url, model: 'fake-coach', timeoutMs: 20_000 },
  });
  return {
    url: product.url,
    async close() {
      await product.close();
      await model.close();
    },
  };
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '1000' }, seed: { type: 'string' }, concurrency: { type: 'string', default: '4' }, embedded: { type: 'boolean', default: false } },
  });
  const stack = values.embedded ? await startFuzzEmbedded() : await startFuzzStack();
  try {
    const totals = await runFuzz({
      url: stack.url,
      runsPerRoute: Number(values.runs),
      seed: values.seed === undefined ? undefined : Number(values.seed),
      concurrency: Number(values.concurrency),
      onRouteDone: (route, counts) => console.log(`done ${route} ${JSON.stringify(counts)}`),
    });
    await writeTotals(totals);
    console.log(describeTotals(totals));
    console.log(`totals written to ${FUZZ_TOTALS_FILE}`);
    return totals.failures.length === 0 && totals.byClass['5xx'] + totals.byClass['no answer'] === 0 ? 0 : 1;
  } finally {
    await stack.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);

// The embedded product (`npm start`: one process, PGlite, the in-process bus and boards) started as a
// user starts it, in a data folder of its own: what a small brokerage on one machine gets for logs and
// for leaderboard reads, and the CPU the process spends per log.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, waitFor } from '@warriors/test-support';
import { apiClient } from '../../test/support/api-client';
import { cpuMs } from './cpu';
import { load, loggingLoad, type LoadSettings, type Row } from './load';

const ROOT = path.resolve(__dirname, '../..');
/** A cold start builds nothing (the bench built first) but opens PGlite and migrates every schema. */
const BOOT_TIMEOUT_MS = 180_000;

export interface EmbeddedFigures {
  bootMs: number;
  logs: Row;
  reads: Row;
  cpuMsPerLog: number;
}

export async function measureEmbedded(settings: LoadSettings, users: number): Promise<EmbeddedFigures> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-embedded-'));
  const port = await freePort();
  const output: string[] = [];
  const started = performance.now();
  // What `npm start` runs. The velocity limits of the embedded product are its defaults (60 logs a
  // minute per warrior): the load stays under them with this many warriors.
  const product = spawn(process.execPath, [path.join(ROOT, 'scripts/start.js'), 'embedded'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      LOG_LEVEL: 'error',
      OPENAI_API_KEY: '',
      NODE_OPTIONS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  product.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  product.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => {
        try {
          return (await fetch(`${url}/readyz`)).ok;
        } catch {
          return false;
        }
      },
      BOOT_TIMEOUT_MS,
      'the embedded product ready',
      () => output.join(''),
    );
    const bootMs = performance.now() - started;
    const api = apiClient(url);
    const tokens: string[] = [];
    for (let i = 0; i < users; i++) {
      const signup = await api.signup({ name: `Embedded Warrior ${i}`, timezone: 'UTC' });
      if (signup.status !== 201) throw new Error(`embedded signup failed: ${signup.status} ${JSON.stringify(signup.body)}`);
      tokens.push(signup.body.access_token);
    }
    const logging = loggingLoad(url, tokens);
    await load(settings, 'warm-up', { ...logging, duration: 2 });
    const cpuBefore = cpuMs(product.pid!);
    const logs = await load(settings, 'POST /api/activity (embedded product)', logging);
    const cpuMsPerLog = logs.ok > 0 ? (cpuMs(product.pid!) - cpuBefore) / logs.ok : 0;
    const board = { url: `${url}/api/leaderboard/today` };
    await load(settings, 'warm-up', { ...board, duration: 2 });
    const reads = await load(settings, 'GET /api/leaderboard/today (embedded product)', board);
    return { bootMs, logs, reads, cpuMsPerLog };
  } finally {
    if (product.exitCode === null && product.signalCode === null) {
      const exited = new Promise((resolve) => product.once('exit', resolve));
      product.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

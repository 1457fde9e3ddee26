import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isAlive, waitFor } from '@warriors/test-support';
import { supervise, type Supervisor } from '../src/supervisor';

const dir = mkdtempSync(path.join(os.tmpdir(), 'supervisor-'));
const script = (name: string, body: string): string => {
  const file = path.join(dir, `${name}.js`);
  writeFileSync(file, body);
  return file;
};
const crashing = script('crashing', 'process.exit(3);');
const crashingLater = script('crashing-later', 'setTimeout(() => process.exit(3), 50);');
/** Stops cleanly on SIGTERM, like a service; tells the test it listens for it by creating READY_FILE. */
const serving = script('serving', "setInterval(() => {}, 1000); process.on('SIGTERM', () => process.exit(0)); require('node:fs').writeFileSync(process.env.READY_FILE, '');");

describe('the stack supervisor', () => {
  let supervisor: Supervisor | undefined;
  let lines: string[];
  beforeEach(() => {
    lines = [];
  });
  afterEach(async () => {
    await supervisor?.stop('SIGKILL');
    supervisor = undefined;
  });
  const restartDelays = (): number[] => lines.filter((l) => l.includes('restarting')).map((l) => Number(/restarting in (\d+) ms/.exec(l)![1]));

  it('restarts a crashed process with a delay that doubles up to the cap', async () => {
    supervisor = supervise([{ name: 'activity', script: crashing, env: {} }], { firstDelayMs: 5, maxDelayMs: 40, log: (l) => lines.push(l), stdio: 'ignore' });
    await waitFor(() => restartDelays().length >= 6, 10_000, 'six restarts');
    expect(restartDelays().slice(0, 6)).toEqual([5, 10, 20, 40, 40, 40]);
    expect(lines[0]).toBe('activity exited (code 3); restarting in 5 ms');
  });

  it('starts again from the first delay after a process stayed up long enough', async () => {
    supervisor = supervise([{ name: 'gateway', script: crashingLater, env: {} }], {
      firstDelayMs: 5,
      maxDelayMs: 40,
      resetAfterMs: 20,
      log: (l) => lines.push(l),
      stdio: 'ignore',
    });
    await waitFor(() => restartDelays().length >= 3, 10_000, 'three restarts');
    expect(restartDelays().slice(0, 3)).toEqual([5, 5, 5]);
  });

  it('stops every process on a signal and restarts none', async () => {
    const pending = supervise([{ name: 'campaigns', script: crashing, env: {} }], { firstDelayMs: 60_000, log: (l) => lines.push(l), stdio: 'ignore' });
    const ready = ['auth', 'gateway'].map((name) => path.join(dir, `${name}-${Date.now()}.ready`));
    supervisor = supervise(
      [
        { name: 'auth', script: serving, env: { READY_FILE: ready[0] } },
        { name: 'gateway', script: serving, env: { READY_FILE: ready[1] } },
      ],
      { log: (l) => lines.push(l), stdio: 'ignore' },
    );
    await waitFor(() => lines.includes('campaigns exited (code 3); restarting in 60000 ms'), 10_000, 'campaigns waiting to restart');
    await waitFor(() => ready.every((file) => existsSync(file)), 10_000, 'auth and gateway up');
    const pids = [supervisor.pid('auth')!, supervisor.pid('gateway')!];
    expect(pids.every((pid) => pid > 0)).toBe(true);
    // A restart that is only waiting is cancelled: stop resolves without waiting it out.
    await pending.stop('SIGTERM');
    await supervisor.stop('SIGTERM');
    expect(lines).toEqual(expect.arrayContaining(['auth stopped (code 0)', 'gateway stopped (code 0)']));
    expect(lines.filter((l) => l.includes('restarting'))).toEqual(['campaigns exited (code 3); restarting in 60000 ms']);
    expect(pids.map(isAlive)).toEqual([false, false]);
    expect(supervisor.pid('auth')).toBeUndefined();
  });
});

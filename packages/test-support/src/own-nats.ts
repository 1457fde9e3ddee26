import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitFor } from './polling';
import { freePort } from './ports';

/** Whether something listens on the loopback port (a server started and not yet ready answers false). */
export const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = new Socket();
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  });

/**
 * A NATS server with JetStream of the test's own, on a free port with its store in a temporary
 * directory, for tests that stop and start the broker: the machine's shared server is never touched.
 */
export async function startOwnNats(): Promise<{ url: string; stop(): Promise<void>; start(): Promise<void>; remove(): Promise<void> }> {
  const port = await freePort();
  const storeDir = mkdtempSync(path.join(tmpdir(), 'own-nats-'));
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    child = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir], { stdio: 'ignore' });
    await waitFor(() => accepts(port), 10_000, `own nats-server on port ${port}`);
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `nats://127.0.0.1:${port}`,
    start,
    stop,
    async remove() {
      await stop();
      rmSync(storeDir, { recursive: true, force: true });
    },
  };
}

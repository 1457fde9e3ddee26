import type { Logger } from './logger';

type Closer = () => Promise<void> | void;

/** How long a process drains on SIGTERM before it exits anyway (deploy/k8s sizes its grace period on it). */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Runs the closers in reverse order of registration on SIGTERM/SIGINT (stop taking requests first,
 * then consumers, then connections), then exits. A second signal or a stuck closer forces the exit.
 */
export function onShutdown(logger: Logger, closers: Closer[], graceMs = SHUTDOWN_GRACE_MS): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), graceMs);
    force.unref();
    for (const close of [...closers].reverse()) {
      try {
        await close();
      } catch (err) {
        logger.warn({ err }, 'error while shutting down');
      }
    }
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
}

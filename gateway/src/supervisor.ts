import { spawn, type ChildProcess } from 'node:child_process';

/** One process of the stack: a node script and its environment. */
export interface SupervisedProcess {
  name: string;
  script: string;
  env: NodeJS.ProcessEnv;
}

export interface SupervisorOptions {
  /** Wait before the first restart after a crash; each further crash doubles it. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** A process that stayed up this long counts as healthy: its next crash waits firstDelayMs again. */
  resetAfterMs?: number;
  log?: (line: string) => void;
  /** Where the processes write; the stack shares the terminal. */
  stdio?: 'inherit' | 'ignore';
}

export interface Supervisor {
  /** The running process of that name, if any. */
  pid(name: string): number | undefined;
  /**
   * Sends the signal to every process and resolves once all have exited; nothing is restarted after
   * it. A second call (a second Ctrl-C) sends the signal again, which makes the processes exit at once.
   */
  stop(signal: NodeJS.Signals): Promise<void>;
}

interface Slot {
  spec: SupervisedProcess;
  child: ChildProcess | null;
  nextDelayMs: number;
  restart: NodeJS.Timeout | null;
  exited: Promise<void>;
}

/**
 * `npm run stack`'s process manager: a service or the gateway that exits without being asked (a
 * crash, an unhandled error) is started again after a delay that grows from firstDelayMs (1 s)
 * to maxDelayMs (30 s), so a process that cannot start does not spin; one that stayed up a minute
 * is back to the first delay.
 */
export function supervise(processes: SupervisedProcess[], options: SupervisorOptions = {}): Supervisor {
  const { firstDelayMs = 1_000, maxDelayMs = 30_000, resetAfterMs = 60_000, log = console.log, stdio = 'inherit' } = options;
  let stopping = false;

  const launch = (slot: Slot): void => {
    const startedAt = Date.now();
    // Its own process group: a Ctrl-C in the terminal reaches only the supervisor, which passes it
    // on once, instead of every process getting it twice (and taking the second as "exit now").
    const child = spawn(process.execPath, [slot.spec.script], { env: slot.spec.env, stdio, detached: true });
    slot.child = child;
    slot.exited = new Promise<void>((resolve) => {
      const exited = (why: string): void => {
        if (slot.child !== child) return;
        slot.child = null;
        resolve();
        if (stopping) {
          log(`${slot.spec.name} stopped (${why})`);
          return;
        }
        if (Date.now() - startedAt >= resetAfterMs) slot.nextDelayMs = firstDelayMs;
        const delayMs = slot.nextDelayMs;
        slot.nextDelayMs = Math.min(delayMs * 2, maxDelayMs);
        log(`${slot.spec.name} exited (${why}); restarting in ${delayMs} ms`);
        slot.restart = setTimeout(() => {
          slot.restart = null;
          launch(slot);
        }, delayMs);
      };
      child.once('exit', (code, signal) => exited(signal ?? `code ${code}`));
      // Spawning itself failed (no 'exit' follows).
      child.once('error', (err) => exited(err.message));
    });
  };

  const slots: Slot[] = processes.map((spec) => ({ spec, child: null, nextDelayMs: firstDelayMs, restart: null, exited: Promise.resolve() }));
  slots.forEach(launch);

  return {
    pid: (name) => slots.find((slot) => slot.spec.name === name)?.child?.pid,
    async stop(signal) {
      stopping = true;
      for (const slot of slots) {
        if (slot.restart) clearTimeout(slot.restart);
        slot.restart = null;
        slot.child?.kill(signal);
      }
      await Promise.all(slots.map((slot) => slot.exited));
    },
  };
}

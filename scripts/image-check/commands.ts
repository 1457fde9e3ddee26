import { spawn } from 'node:child_process';
import path from 'node:path';

/** A failure of the image check, told to the user as it is (no stack trace). */
export class CheckFailure extends Error {}

export interface CommandResult {
  code: number | null;
  output: string;
}

export interface RunOptions {
  env?: NodeJS.ProcessEnv;
  /** Also writes the output here as it comes (a long build's progress). */
  onOutput?: (chunk: string) => void;
}

/** Runs a command with its output collected; never throws (a command that cannot start answers code null). */
export function run(command: string, args: string[], options: RunOptions = {}): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      options.onOutput?.(chunk.toString());
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', (err) => resolve({ code: null, output: `${output}${err.message}` }));
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** The last lines of a command's output, to show with its failure. */
export const tail = (output: string, lines = 30): string => output.trimEnd().split('\n').slice(-lines).join('\n');

/** Runs a command that must succeed, failing the check with `what` and the end of its output otherwise. */
export async function mustRun(what: string, command: string, args: string[], options: RunOptions = {}): Promise<string> {
  const result = await run(command, args, options);
  if (result.code !== 0) throw new CheckFailure(`${what} failed (exit code ${result.code}):\n${tail(result.output)}`);
  return result.output;
}

/** podman's settings for this check (ulimits, runc), without changing the machine's own configuration. */
export const CONTAINERS_CONF = path.join(__dirname, 'containers.conf');

export const podmanEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ ...process.env, ...extra, CONTAINERS_CONF });

export const podman = (args: string[], options: RunOptions = {}): Promise<CommandResult> => run('podman', args, { ...options, env: podmanEnv(options.env) });

export const mustPodman = (what: string, args: string[], options: RunOptions = {}): Promise<string> => mustRun(what, 'podman', args, { ...options, env: podmanEnv(options.env) });

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export const megabytes = (bytes: number): string => `${(bytes / 1_000_000).toFixed(1)} MB`;

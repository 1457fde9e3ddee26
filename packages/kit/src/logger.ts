import pino from 'pino';
import { z } from 'zod';

export type Logger = pino.Logger;

/** LOG_LEVEL in every process's environment schema: a wrong level stops the process, naming the variable. */
export const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');
export type LogLevel = z.infer<typeof logLevel>;

export function createLogger(name: string, level: LogLevel = levelFromEnvironment()): Logger {
  return pino({ name, level, base: { service: name } });
}

/** A wrong LOG_LEVEL is refused by loadConfig; until then the logger that reports it logs at info. */
function levelFromEnvironment(): LogLevel {
  const parsed = logLevel.safeParse(process.env.LOG_LEVEL);
  return parsed.success ? parsed.data : 'info';
}

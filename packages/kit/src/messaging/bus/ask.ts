import type { z } from 'zod';
import { HttpError } from '../../http/errors';
import type { Bus } from './bus.port';

export interface AskOptions {
  timeoutMs: number;
  /** The 503's detail when the owning service does not answer in time. */
  unavailable: string;
  /** The 503's detail when its answer is not of the expected shape (the unavailable one unless given). */
  unreadable?: string;
}

/**
 * Another service's answer to a request, validated with its reply schema, or a 503 with a text detail
 * (never a 500): a page composed of other services' answers is unavailable while one of them is.
 */
export async function askService<S extends z.ZodTypeAny>(bus: Bus, subject: string, payload: unknown, reply: S, options: AskOptions): Promise<z.infer<S>> {
  let answer: unknown;
  try {
    answer = await bus.request(subject, payload, options.timeoutMs);
  } catch {
    throw new HttpError(503, options.unavailable);
  }
  const parsed = reply.safeParse(answer);
  if (!parsed.success) throw new HttpError(503, options.unreadable ?? options.unavailable);
  return parsed.data;
}

import type { BusQuestion } from '@warriors/contracts';
import type { z } from 'zod';
import { HttpError } from '../../http/errors';
import type { Bus, Subscription } from './bus.port';

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
export async function askService<Request extends z.ZodTypeAny, Reply extends z.ZodTypeAny>(
  bus: Bus,
  question: BusQuestion<Request, Reply>,
  payload: z.input<Request>,
  options: AskOptions,
): Promise<z.infer<Reply>> {
  let answer: unknown;
  try {
    answer = await bus.request(question.subject, payload, options.timeoutMs);
  } catch {
    throw new HttpError(503, options.unavailable);
  }
  const parsed = question.reply.safeParse(answer);
  if (!parsed.success) throw new HttpError(503, options.unreadable ?? options.unavailable);
  return parsed.data;
}

/**
 * Answers a question: the handler gets the request parsed with the question's schema (a malformed
 * one throws as before it was typed) and must answer the question's reply type.
 */
export const answerQuestion = <Request extends z.ZodTypeAny, Reply extends z.ZodTypeAny>(
  bus: Bus,
  question: BusQuestion<Request, Reply>,
  handler: (request: z.infer<Request>) => Promise<z.infer<Reply>>,
): Promise<Subscription> => bus.reply(question.subject, async (payload) => handler(question.request.parse(payload)));

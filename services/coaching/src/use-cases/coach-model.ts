import OpenAI from 'openai';
import { COACHING_MESSAGES } from '@warriors/contracts';
import { HttpError, type Logger, type ServiceMetrics } from '@warriors/kit';
import type { z } from 'zod';
import type { ModelRequest } from '../domain/prompts';

/** Cheap, fast and good at structured output: a day's plan needs no larger model (docs/decisions.md). */
export const DEFAULT_MODEL = 'gpt-4o-mini';
/** A plan takes a few seconds; past this the broker is better told to try again (docs/decisions.md). */
export const DEFAULT_MODEL_TIMEOUT_MS = 20_000;

export interface ModelSettings {
  /** Unset: coaching is not configured and its routes answer 503. */
  apiKey?: string;
  baseURL?: string;
  model: string;
  timeoutMs: number;
  /** Coaching requests one user may make at once, then back at this many a minute; per instance (each may cost a model call). Unset: the default. */
  requestsPerMinute?: number;
}

export interface CoachModel {
  readonly configured: boolean;
  /** The model's structured answer to `request`, validated whole with `shape`, or a 502 (503 when not configured). */
  answer<S extends z.ZodTypeAny>(request: ModelRequest, shape: S): Promise<z.infer<S>>;
}

/** The SDK gives up a little after our own timeout, which is the one that answers (and names the timeout). */
const SDK_TIMEOUT_MARGIN_MS = 1000;

const modelFailed = () => new HttpError(502, COACHING_MESSAGES.modelFailed);

/** How a call to the model server ended (the label of warriors_model_calls_total). */
type CallOutcome = 'answered' | 'timeout' | 'failed' | 'no_json' | 'wrong_shape';

export function createCoachModel(settings: ModelSettings, logger: Logger, metrics: ServiceMetrics): CoachModel {
  const calls = metrics.counter('model_calls_total', 'Calls to the model server, by the answer asked for (kind) and how they ended (outcome)', ['kind', 'outcome']);
  const count = (request: ModelRequest, outcome: CallOutcome): void => {
    calls.inc({ service: metrics.service, kind: request.schemaName, outcome });
  };
  // No retries: a failure answers the broker promptly, and they may ask again.
  const client = settings.apiKey ? new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseURL, timeout: settings.timeoutMs + SDK_TIMEOUT_MARGIN_MS, maxRetries: 0 }) : null;
  /** A timeout of our own beside the SDK's: the SDK's is reported as a connection error in some runtimes. */
  class ModelTimeout extends Error {}

  async function completion(request: ModelRequest): Promise<string | null | undefined> {
    if (!client) throw new HttpError(503, COACHING_MESSAGES.notConfigured);
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new ModelTimeout()), settings.timeoutMs);
    try {
      const reply = await client.chat.completions.create(
        {
          model: settings.model,
          messages: [
            { role: 'system', content: request.system },
            { role: 'user', content: request.user },
          ],
          response_format: { type: 'json_schema', json_schema: { name: request.schemaName, strict: true, schema: request.schema } },
        },
        { signal: abort.signal },
      );
      return reply.choices[0]?.message?.content;
    } catch (err) {
      if (abort.signal.aborted || (err instanceof Error && err.name === 'APIConnectionTimeoutError')) {
        count(request, 'timeout');
        logger.warn({ model: settings.model }, 'the model did not answer in time');
        throw new HttpError(502, COACHING_MESSAGES.modelTimeout);
      }
      count(request, 'failed');
      logger.warn({ model: settings.model, error: err instanceof Error ? err.message : String(err) }, 'the model server failed');
      throw modelFailed();
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    configured: client !== null,
    async answer(request, shape) {
      const content = await completion(request);
      let json: unknown;
      try {
        json = JSON.parse(content ?? '');
      } catch {
        count(request, 'no_json');
        logger.warn({ model: settings.model }, 'the model answered no JSON');
        throw modelFailed();
      }
      const parsed = shape.safeParse(json);
      if (!parsed.success) {
        count(request, 'wrong_shape');
        logger.warn({ model: settings.model, issues: parsed.error.issues.length }, 'the model answered the wrong shape');
        throw modelFailed();
      }
      count(request, 'answered');
      return parsed.data;
    },
  };
}

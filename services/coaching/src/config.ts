import { z } from 'zod';
import { ServiceProcessEnv, unsetWhenEmpty } from '@warriors/kit';
import { DEFAULT_MODEL, DEFAULT_MODEL_TIMEOUT_MS, type ModelSettings } from './use-cases/coach-model';
import { DEFAULT_COACHING_REQUESTS_PER_MINUTE } from './use-cases/request-limit';

/** The model server's settings, as the coaching process and the embedded process read them. */
export const ModelEnv = z.object({
  /** Unset: the coaching routes answer 503 (not configured). */
  OPENAI_API_KEY: unsetWhenEmpty(z.string().optional()),
  /** Any OpenAI-compatible server; the SDK's default (api.openai.com) when unset. */
  OPENAI_BASE_URL: unsetWhenEmpty(z.url().optional()),
  OPENAI_MODEL: unsetWhenEmpty(z.string().min(1).default(DEFAULT_MODEL)),
  COACHING_MODEL_TIMEOUT_MS: z.coerce.number().int().positive().default(DEFAULT_MODEL_TIMEOUT_MS),
  COACHING_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(DEFAULT_COACHING_REQUESTS_PER_MINUTE),
});
export type ModelEnv = z.infer<typeof ModelEnv>;

export const CoachingProcessEnv = ServiceProcessEnv.extend(ModelEnv.shape);
export type CoachingProcessEnv = z.infer<typeof CoachingProcessEnv>;

export function modelSettings(env: ModelEnv): ModelSettings {
  return {
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    model: env.OPENAI_MODEL,
    timeoutMs: env.COACHING_MODEL_TIMEOUT_MS,
    requestsPerMinute: env.COACHING_REQUESTS_PER_MINUTE,
  };
}

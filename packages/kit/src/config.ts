import { z } from 'zod';

export class ConfigError extends Error {}

/**
 * Reads a process's settings from the environment through its zod schema.
 * A missing or bad variable stops the process with one line that names it.
 */
export function loadConfig<S extends z.ZodTypeAny>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
}

/** Environment booleans: "true"/"1" and "false"/"0". */
export const envFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

/** A secret that must come from the environment: no default, and not a guessable short string. */
export const secret = (name: string) => z.string({ message: `${name} is required` }).min(32, `${name} must be at least 32 characters`);

/**
 * A secret that may be left out (unset or empty: undefined), held to the same rules as `secret`
 * when given.
 */
export const optionalSecret = (name: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.string().min(32, `${name} must be at least 32 characters`).optional());

/** An optional variable whose empty value (`NAME=`, common in compose and Kubernetes files) counts as unset. */
export const unsetWhenEmpty = <S extends z.ZodTypeAny>(schema: S) => z.preprocess((value) => (value === '' ? undefined : value), schema);

export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

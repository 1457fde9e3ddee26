import { z } from 'zod';

/** A `limit` query parameter: a whole number from 1 to `max`, `fallback` when absent. */
export const limitParam = (max: number, fallback: number) =>
  z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(max, `limit must be at most ${max}`)
    .default(fallback);

import { z } from 'zod';

/** One item of a 422 answer: where the bad input sits and what is wrong with it. */
export const ValidationErrorItem = z.object({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
});
export type ValidationErrorItem = z.infer<typeof ValidationErrorItem>;

/** Every error the API answers: a text, or for validation a list of items. */
export const ErrorBody = z.object({
  detail: z.union([z.string(), z.array(ValidationErrorItem)]),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

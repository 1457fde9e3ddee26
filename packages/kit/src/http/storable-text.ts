import type { RequestHandler } from 'express';
import type { ValidationErrorItem } from '@warriors/contracts';
import { ValidationError } from './errors';

export const NUL_MESSAGE = 'Must not contain NUL (\\u0000) characters';
export const LONE_SURROGATE_MESSAGE = 'Must not contain unpaired UTF-16 surrogates (malformed Unicode)';

/** With the u flag a paired surrogate is one code point, so this matches only unpaired halves. */
const LONE_SURROGATE = /\p{Cs}/u;
/** One bad request needs no more items than this to be understood. */
const MAX_ITEMS = 20;

/** Why PostgreSQL (and PGlite) would refuse this text, if it would: neither stores NUL in text or jsonb, nor half a surrogate pair in jsonb. */
export function unstorableText(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_MESSAGE;
  return null;
}

interface Visit {
  value: unknown;
  key: string | number;
  parent: Visit | null;
}

/** The path to a visited value, built only for the few that are reported. */
function locOf(visit: Visit): Array<string | number> {
  const loc: Array<string | number> = [];
  for (let at: Visit | null = visit; at; at = at.parent) loc.unshift(at.key);
  return loc;
}

/**
 * Every string in a parsed body or query (keys too) that no store could keep, as 422 items. The
 * walk keeps its own stack and links each value to its parent instead of copying paths: a
 * deeply nested JSON array costs neither the call stack nor quadratic time.
 */
export function unstorableTextItems(value: unknown, part: 'body' | 'query'): ValidationErrorItem[] {
  const items: ValidationErrorItem[] = [];
  const pending: Visit[] = [{ value, key: part, parent: null }];
  while (pending.length > 0 && items.length < MAX_ITEMS) {
    const visit = pending.pop()!;
    const current = visit.value;
    if (typeof current === 'string') {
      const problem = unstorableText(current);
      if (problem) items.push({ loc: locOf(visit), msg: problem });
    } else if (Array.isArray(current)) {
      current.forEach((element, index) => pending.push({ value: element, key: index, parent: visit }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, element] of Object.entries(current)) {
        const child = { value: element, key, parent: visit };
        const problem = unstorableText(key);
        if (problem) items.push({ loc: locOf(child), msg: `Field name: ${problem}` });
        pending.push(child);
      }
    }
  }
  return items;
}

/**
 * One guard for every route: text PostgreSQL cannot store is refused with a 422 naming where it
 * sits, before any route can pass it to SQL (where it was a 500).
 */
export const refuseUnstorableText: RequestHandler = (req, _res, next) => {
  const items = [...unstorableTextItems(req.body, 'body'), ...unstorableTextItems(req.query, 'query')];
  next(items.length > 0 ? new ValidationError(items.slice(0, MAX_ITEMS)) : undefined);
};

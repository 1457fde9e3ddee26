/** Used when a name has no letters or digits left after ASCII folding (e.g. only CJK characters). */
export const FALLBACK_USERNAME = 'warrior';

/** Leaves room for a numeric suffix while keeping handles short enough to show in a table row. */
const BASE_MAX_LENGTH = 24;

/** 'Ana López' -> 'ana_lopez': accents folded to ASCII, every other run of symbols becomes one '_'. */
export function usernameBase(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, BASE_MAX_LENGTH)
    .replace(/^_+|_+$/g, '');
  return base || FALLBACK_USERNAME;
}

/**
 * The first free handle for `base`, given the taken ones that start with it: the base itself,
 * then base2, base3, ... one above the highest numeric suffix in use.
 */
export function nextUsername(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  let highest = 1;
  for (const name of taken) {
    const suffix = name.slice(base.length);
    if (name.startsWith(base) && /^[0-9]+$/.test(suffix)) highest = Math.max(highest, Number(suffix));
  }
  return `${base}${highest + 1}`;
}

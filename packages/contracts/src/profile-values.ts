// Plain values without a schema: the profile screen and the people search read them without loading zod and every schema beside it
// (docs/decisions.md, "The signed-in screens load no schema").

export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;

export const USER_SEARCH_MIN_CHARS = 2;

export function titleCaseSpecialty(stored: string): string {
  return stored
    .split('_')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

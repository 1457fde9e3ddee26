/**
 * How a person is named in every list: 'Ana S.', first name plus last initial; a one-word name as is;
 * the username when there is no name. One formatter, so a person reads the same on every part of a screen;
 * the pulse's lines name the other person they speak of with it too (social builds their words).
 */
export function personName(name: string | null | undefined, username: string): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const [first] = parts;
  if (!first) return username;
  const last = parts.at(-1);
  return parts.length > 1 && last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

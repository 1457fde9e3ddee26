/**
 * Reads started before the code that asks for them has arrived: opening the dashboard, its first
 * screen's answers are asked for beside /api/me, while the screen's code still downloads
 * (docs/decisions.md, "The dashboard's first reads start with the session"). The base query then takes
 * the waiting answer of the same GET, by the same session, instead of asking again: once, and only
 * while it is fresh, so a later visit never reads an old answer.
 */
export const EARLY_READ_FRESH_MS = 15_000;

interface EarlyRead {
  startedAt: number;
  answer: Promise<Response>;
}

const waiting = new Map<string, EarlyRead>();
const keyOf = (url: string, token: string) => `${token} ${url}`;

export function startEarlyRead(url: string, token: string, now: number = Date.now()): void {
  const answer = globalThis.fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  // Nobody may ever take it: a failure is then nobody's error (the base query reports it when taken).
  answer.catch(() => undefined);
  waiting.set(keyOf(url, token), { startedAt: now, answer });
}

/** Whether a read of this GET by this session was started and has not been taken yet. */
export function hasEarlyRead(url: string, token: string): boolean {
  return waiting.has(keyOf(url, token));
}

/** The answer started for this GET and session, if one waits and is still fresh; taking it removes it. */
export function takeEarlyRead(url: string, token: string, now: number = Date.now()): Promise<Response> | undefined {
  const key = keyOf(url, token);
  const read = waiting.get(key);
  waiting.delete(key);
  return read && now - read.startedAt <= EARLY_READ_FRESH_MS ? read.answer : undefined;
}

// Tests never sleep a fixed time: they poll for what they wait for, and fail naming it after a deadline.

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until the condition holds or the deadline passes. */
export async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs = 5_000, what = 'condition', context?: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${context ? `\n${context()}` : ''}`);
    await pause(10);
  }
}

/** Polls until `find` gives something, failing with `what` after the deadline. */
export async function eventually<T>(what: string, find: () => T | undefined | Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(20);
  }
}

/** Polls until `check` resolves without throwing (its expects pass), rethrowing its last failure after the deadline. */
export async function eventuallyPasses<T>(check: () => Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await pause(25);
    }
  }
}

/**
 * Asserts something keeps holding for a while: the only way to check that a message is NOT
 * delivered again, since absence cannot be awaited.
 */
export async function holdsFor(predicate: () => boolean, durationMs: number, what = 'condition'): Promise<void> {
  const end = Date.now() + durationMs;
  while (Date.now() < end) {
    if (!predicate()) throw new Error(`stopped holding: ${what}`);
    await pause(10);
  }
  if (!predicate()) throw new Error(`stopped holding: ${what}`);
}

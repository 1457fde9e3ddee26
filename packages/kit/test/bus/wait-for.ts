const POLL_MS = 10;

/** Resolves as soon as the predicate holds; fails with `what` once the deadline passes. */
export async function waitFor(predicate: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`waitFor timed out after ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
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
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  if (!predicate()) throw new Error(`stopped holding: ${what}`);
}

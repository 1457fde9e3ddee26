export { waitFor } from '../../../../test/support/wait-for';

const POLL_MS = 10;

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

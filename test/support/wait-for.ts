/** Polls until the condition holds or the deadline passes: tests never sleep for a fixed time. */
export async function waitFor(
  condition: () => Promise<boolean> | boolean,
  timeoutMs = 5_000,
  what = 'condition',
  context?: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${context ? `\n${context()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

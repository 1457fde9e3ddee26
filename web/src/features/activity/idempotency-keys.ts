/** How many unfinished actions keep their keys; older ones are forgotten first. */
const MAX_PENDING = 20;

/**
 * One Idempotency-Key per user action, kept until that action succeeds: a retry of the same action
 * (the same request after a failure or a timeout, whose first attempt may have been logged after all)
 * sends the same key, so the server answers the first log instead of logging twice. Once it succeeds,
 * the same request again is a new action and gets a new key.
 */
export function createIdempotencyKeys(newKey: () => string = () => crypto.randomUUID()) {
  const pending = new Map<string, string>();
  return {
    /** The key of the action `request` describes: its unfinished attempt's, or a new one. */
    keyFor(request: unknown): string {
      const action = JSON.stringify(request);
      let key = pending.get(action);
      if (key === undefined) {
        key = newKey();
        pending.set(action, key);
        if (pending.size > MAX_PENDING) pending.delete(pending.keys().next().value!);
      }
      return key;
    },
    /** The action went through: the next identical request is a new action. */
    succeeded(request: unknown): void {
      pending.delete(JSON.stringify(request));
    },
  };
}

export type IdempotencyKeys = ReturnType<typeof createIdempotencyKeys>;

/**
 * Runs one call per key at a time in this process: a caller that comes while the key's call runs
 * gets that call's promise, its answer or its failure. The key is forgotten once the call settles.
 */
export function createSingleFlight() {
  const running = new Map<string, Promise<unknown>>();
  return <T>(key: string, call: () => Promise<T>): Promise<T> => {
    // The key names what `call` answers, so the promise under it is of the caller's type.
    const current = running.get(key) as Promise<T> | undefined;
    if (current) return current;
    const started = call().finally(() => running.delete(key));
    running.set(key, started);
    return started;
  };
}

import { useEffect, useState } from 'react';

/** The longest a caller waits for an idle moment: a page that never idles still gets its secondary reads. */
export const IDLE_WAIT_LIMIT_MS = 2_000;

/**
 * False until the browser first has nothing to do after the mount (at most IDLE_WAIT_LIMIT_MS): a
 * secondary read skipped until then leaves the network and the main thread to what the page shows
 * first.
 */
export function useWhenIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setIdle(true));
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_WAIT_LIMIT_MS });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return idle;
}

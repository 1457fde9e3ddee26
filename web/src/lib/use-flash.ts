import { useCallback, useEffect, useRef, useState } from 'react';

/** Marks one item (e.g. the button just logged) for `durationMs`, then clears it; a new flash restarts. */
export function useFlash<T>(durationMs: number): [T | null, (item: T) => void] {
  const [item, setItem] = useState<T | null>(null);
  const timer = useRef<number | undefined>(undefined);

  const flash = useCallback(
    (next: T) => {
      window.clearTimeout(timer.current);
      setItem(next);
      timer.current = window.setTimeout(() => setItem(null), durationMs);
    },
    [durationMs],
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return [item, flash];
}

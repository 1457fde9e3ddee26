import { useCallback, useEffect, useRef, useState } from 'react';
import type { LogResult } from '@warriors/contracts';
import { CELEBRATION_TIMING, pickCelebration, type Celebration } from './celebration';

export interface ShownCelebration {
  celebration: Celebration;
  /** True during a toast's fade-out, between its visible time and its removal. */
  leaving: boolean;
}

/** Shows the celebration a log result earns for its duration; a newer log replaces the one on screen. */
export function useCelebration() {
  const [shown, setShown] = useState<ShownCelebration | null>(null);
  const timers = useRef<number[]>([]);

  const clearTimers = useCallback(() => {
    timers.current.forEach((timer) => window.clearTimeout(timer));
    timers.current = [];
  }, []);

  const dismiss = useCallback(() => {
    clearTimers();
    setShown(null);
  }, [clearTimers]);

  const celebrate = useCallback(
    (result: LogResult) => {
      clearTimers();
      const celebration = pickCelebration(result);
      setShown(celebration && { celebration, leaving: false });
      if (!celebration) return;
      const { visibleMs, removeMs } = CELEBRATION_TIMING[celebration.kind];
      if (removeMs > visibleMs) {
        timers.current.push(window.setTimeout(() => setShown({ celebration, leaving: true }), visibleMs));
      }
      timers.current.push(window.setTimeout(() => setShown(null), removeMs));
    },
    [clearTimers],
  );

  useEffect(() => clearTimers, [clearTimers]);

  return { shown, celebrate, dismiss };
}

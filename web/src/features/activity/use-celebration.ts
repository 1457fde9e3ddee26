import { useCallback, useEffect, useRef, useState } from 'react';
import type { LogResult } from '@warriors/contracts';
import { CELEBRATION_TIMING, pickCelebration, type Celebration } from './celebration';

export interface ShownCelebration {
  celebration: Celebration;
  /** True during a toast's fade-out, between its visible time and its removal. */
  leaving: boolean;
  /** The entry whose log earned it: its undo takes the celebration back. */
  activityId: string;
}

/**
 * Shows the celebration a log result earns for its duration; a newer log replaces the one on screen.
 * An undone entry's celebration is taken off the screen, or never shown when it was still waiting.
 */
export function useCelebration() {
  const [shown, setShown] = useState<ShownCelebration | null>(null);
  const timers = useRef<number[]>([]);
  const undone = useRef(new Set<string>());

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
      const activityId = result.activity.id;
      if (undone.current.has(activityId)) return;
      clearTimers();
      const celebration = pickCelebration(result);
      setShown(celebration && { celebration, leaving: false, activityId });
      if (!celebration) return;
      const { visibleMs, removeMs } = CELEBRATION_TIMING[celebration.kind];
      if (removeMs > visibleMs) {
        timers.current.push(window.setTimeout(() => setShown({ celebration, leaving: true, activityId }), visibleMs));
      }
      timers.current.push(window.setTimeout(() => setShown(null), removeMs));
    },
    [clearTimers],
  );

  const onScreen = useRef<ShownCelebration | null>(null);
  useEffect(() => {
    onScreen.current = shown;
  }, [shown]);

  const cancelFor = useCallback(
    (activityId: string) => {
      undone.current.add(activityId);
      if (onScreen.current?.activityId === activityId) dismiss();
    },
    [dismiss],
  );

  useEffect(() => clearTimers, [clearTimers]);

  return { shown, celebrate, dismiss, cancelFor };
}

import { useCallback, useEffect, useRef, useState } from 'react';

export type Feedback = { tone: 'error' | 'success'; text: string } | null;

/** How long a success note stays: long enough to read, short enough that it never describes an older state. */
export const SUCCESS_NOTE_MS = 5000;

/**
 * A form's one line of feedback: a success note clears itself after SUCCESS_NOTE_MS (or on `clear`, when
 * the user edits again); an error stays until the next try.
 */
export function useFeedback(successMs = SUCCESS_NOTE_MS) {
  const [feedback, setFeedback] = useState<Feedback>(null);
  const timer = useRef<number | undefined>(undefined);

  const show = useCallback(
    (next: Feedback) => {
      window.clearTimeout(timer.current);
      setFeedback(next);
      if (next?.tone === 'success') timer.current = window.setTimeout(() => setFeedback(null), successMs);
    },
    [successMs],
  );

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return {
    feedback,
    succeed: useCallback((text: string) => show({ tone: 'success', text }), [show]),
    fail: useCallback((text: string) => show({ tone: 'error', text }), [show]),
    clear: useCallback(() => show(null), [show]),
  };
}

import { startTransition, useEffect, useState } from 'react';

/**
 * False on a screen's first render, true once the browser has painted it: what a screen renders only
 * once this is true is left out of its first paint, with the reads it starts, and then rendered as a
 * transition, which React splits into short tasks, so the page stays responsive meanwhile.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // An animation frame's callback runs just before that frame paints; a task it posts runs after.
    let timer: number | undefined;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);
  return painted;
}

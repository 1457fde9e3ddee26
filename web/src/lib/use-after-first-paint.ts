import { startTransition, useEffect, useState } from 'react';

/**
 * False on a screen's first render, true soon after: what a screen renders only once this is true is
 * left out of its first paint and then rendered as a transition, which React splits into short tasks,
 * so the part above the fold paints first and the page stays responsive meanwhile.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => startTransition(() => setPainted(true)));
    return () => window.clearTimeout(timer);
  }, []);
  return painted;
}

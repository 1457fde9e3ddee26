import { useState } from 'react';
import './show-more.css';

/** Lines a dashboard feed shows before 'Show more': the feeds sit below the broker's own numbers, and a phone's screen is short. */
export const FEED_PREVIEW_LINES = 5;

export interface ShowMoreToggle {
  /** How many items the preview leaves out. */
  hidden: number;
  expanded: boolean;
  onToggle: () => void;
}

/** The first `preview` of `items` until the reader asks for all of them; `toggle` goes to a `ShowMoreButton`. */
export function useShowMore<T>(items: readonly T[], preview: number = FEED_PREVIEW_LINES): { shown: readonly T[]; toggle: ShowMoreToggle } {
  const [expanded, setExpanded] = useState(false);
  return {
    shown: expanded ? items : items.slice(0, preview),
    toggle: { hidden: Math.max(0, items.length - preview), expanded, onToggle: () => setExpanded((open) => !open) },
  };
}

/** 'Show more (n)' under a shortened list, 'Show less' once it is open; nothing when the list fits its preview. */
export function ShowMoreButton({ hidden, expanded, onToggle }: ShowMoreToggle) {
  if (hidden === 0) return null;
  return (
    <button type="button" className="link-button show-more" aria-expanded={expanded} onClick={onToggle}>
      {expanded ? 'Show less' : `Show more (${hidden})`}
    </button>
  );
}

const MINUTE_MS = 60_000;

/** An entry as giving kudos sees it: whose it is and whether its owner shows in the feed. */
export interface KudosTarget {
  user_id: string;
  show_in_battle_pulse: boolean;
}

export type KudosRefusal = 'not_found' | 'own_entry';

/**
 * Why `giverId` may not give kudos to the entry, or null when they may: an unknown entry and a hidden
 * user's entry (never offered in the feed) are both not found; one's own entry is refused.
 */
export function kudosRefusal(target: KudosTarget | undefined, giverId: string): KudosRefusal | null {
  if (!target || !target.show_in_battle_pulse) return 'not_found';
  if (target.user_id === giverId) return 'own_entry';
  return null;
}

/** Kudos requests one user may make: a feed of 20 entries clicked through twice, then one every two seconds (docs/decisions.md). */
export const DEFAULT_KUDOS_LIMIT = { limit: 40, windowMs: MINUTE_MS };

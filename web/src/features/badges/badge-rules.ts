import type { Badge, BadgeDefinition, BadgeType } from '@warriors/contracts';

export type BadgeGroupId = 'daily' | 'weekly' | 'monthly' | 'lifetime';

export const BADGE_GROUP_TITLES: Record<BadgeGroupId, string> = {
  daily: 'Daily achievements',
  weekly: 'Weekly achievements',
  monthly: 'Monthly achievements',
  lifetime: 'Lifetime achievements',
};

const GROUP_ORDER: BadgeGroupId[] = ['daily', 'weekly', 'monthly', 'lifetime'];

/**
 * Lifetime by type first; then the cycle. A cycle of plain 'repeatable' (spec point 3's wording) has
 * no period of its own: it is taken as daily, the one group the screen calls repeatable.
 */
export function badgeGroup(definition: Pick<BadgeDefinition, 'cycle' | 'type'>): BadgeGroupId {
  if (definition.type === 'lifetime' || definition.cycle === 'lifetime') return 'lifetime';
  return definition.cycle === 'repeatable' ? 'daily' : definition.cycle;
}

export interface BadgeGroup {
  id: BadgeGroupId;
  title: string;
  definitions: BadgeDefinition[];
}

/** The non-empty groups in Daily, Weekly, Monthly, Lifetime order, definitions kept in catalogue order. */
export function groupDefinitions(definitions: BadgeDefinition[]): BadgeGroup[] {
  return GROUP_ORDER.map((id) => ({ id, title: BADGE_GROUP_TITLES[id], definitions: definitions.filter((d) => badgeGroup(d) === id) })).filter(
    (group) => group.definitions.length > 0,
  );
}

/** One earned badge a type: the most recent award, which carries the running repeat count. */
export function earnedByType(badges: Badge[]): Map<BadgeType, Badge> {
  const earned = new Map<BadgeType, Badge>();
  for (const badge of badges) {
    const known = earned.get(badge.badge_type);
    if (!known || badge.earned_at > known.earned_at) earned.set(badge.badge_type, badge);
  }
  return earned;
}

/** 'x3' beside a badge earned more than once; nothing for a first award. */
export function repeatLabel(badge: Pick<Badge, 'repeat_count'>): string | null {
  return badge.repeat_count > 1 ? `x${badge.repeat_count}` : null;
}

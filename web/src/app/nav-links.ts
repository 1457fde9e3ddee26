import { paths } from '../config/paths';

export type NavLinkId = 'dashboard' | 'battleGround' | 'challenges' | 'goals' | 'stats' | 'profile';

export const NAV_LINK_LABELS: Record<NavLinkId, string> = {
  dashboard: 'Dashboard',
  battleGround: 'Battle Ground',
  challenges: 'Challenges',
  goals: 'Goals',
  stats: 'My Stats',
  profile: 'Profile',
};

const ALL_LINKS: NavLinkId[] = ['dashboard', 'battleGround', 'challenges', 'goals', 'stats', 'profile'];

/**
 * Which links the nav bar shows on a page (spec point 2): on /challenges no Battle Ground or Challenges;
 * on /stats only Dashboard, Battle Ground and Challenges; everywhere else no Dashboard. Goals, which the
 * spec's list does not name, is added under the same rules (docs/decisions.md, "A Goals link in the
 * navigation"): hidden on /stats, whose three links the spec fixes, and on /goals itself.
 */
export function navLinksFor(pathname: string): NavLinkId[] {
  const page = pathname.replace(/\/+$/, '') || '/';
  if (page === paths.challenges) return ALL_LINKS.filter((id) => id !== 'battleGround' && id !== 'challenges');
  if (page === paths.stats) return ['dashboard', 'battleGround', 'challenges'];
  if (page === paths.goals) return ALL_LINKS.filter((id) => id !== 'dashboard' && id !== 'goals');
  return ALL_LINKS.filter((id) => id !== 'dashboard');
}

/** The unread badge never grows past two characters. */
export function unreadBadgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}

/** The bell's name holds the count as the badge shows it ('9+'), so what is seen is what is said. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unreadBadgeText(unread)} unread` : 'Notifications';
}

/** The nav bar's icons: they load with the bar, after sign-in. */
import { ChartColumn, LayoutDashboard, Swords, Target, Trophy, UserRound, type LucideIcon } from 'lucide-react';

/** The nav bar's links, by the ids nav-links.ts names them with. */
export const NAV_ICONS = { dashboard: LayoutDashboard, battleGround: Swords, challenges: Trophy, goals: Target, stats: ChartColumn, profile: UserRound } as const satisfies Record<
  string,
  LucideIcon
>;

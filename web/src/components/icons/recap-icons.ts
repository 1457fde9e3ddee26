/** The weekly recap's icons: the recap itself (card and bell) and which way a figure moved. */
import { CalendarCheck, Minus, TrendingDown, TrendingUp, type LucideIcon } from 'lucide-react';

export const RECAP_ICONS = { recap: CalendarCheck, up: TrendingUp, down: TrendingDown, same: Minus } as const satisfies Record<string, LucideIcon>;

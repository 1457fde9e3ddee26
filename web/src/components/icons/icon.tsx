/**
 * The app's icons, split by where they are drawn so each screen's chunk carries only its own: SVG from
 * lucide (imported by name, so only these ship), never emoji, which show as empty boxes on a machine
 * without a colour emoji font. Only this folder imports lucide-react.
 */
import {
  Award,
  Bell,
  CalendarDays,
  CircleCheck,
  CircleDashed,
  Crown,
  Download,
  Flag,
  Flame,
  Globe,
  Hourglass,
  Lock,
  Mail,
  Menu,
  Package,
  ShieldCheck,
  Star,
  Swords,
  Target,
  ThumbsUp,
  Trash2,
  TrendingUp,
  Trophy,
  Undo2,
  Users,
  X,
  type LucideIcon,
} from 'lucide-react';
import './icons.css';

export type { LucideIcon } from 'lucide-react';

/** The icons of the app's states and controls, by what they stand for. */
export const UI_ICONS = {
  logo: Swords,
  bell: Bell,
  menu: Menu,
  close: X,
  bulkEntry: Package,
  locked: Lock,
  goalComplete: Trophy,
  badgeUnlocked: Award,
  streak: Flame,
  streakFreeze: ShieldCheck,
  milestone: Flame,
  rankUp: TrendingUp,
  owner: Crown,
  dates: CalendarDays,
  warriors: Users,
  pointsTarget: Target,
  rankedOn: Trophy,
  myPoints: Star,
  timeLeft: Hourglass,
  ended: Flag,
  invitation: Trophy,
  active: CircleCheck,
  offline: CircleDashed,
  download: Download,
  undo: Undo2,
  delete: Trash2,
  timeZone: Globe,
  kudos: ThumbsUp,
  email: Mail,
} as const satisfies Record<string, LucideIcon>;

interface IconProps {
  icon: LucideIcon;
  /** Given when the icon alone carries meaning (no text beside it says the same): it becomes a named image. */
  label?: string;
  size?: number;
  className?: string;
}

/** An icon: decorative (hidden from assistive technology) unless it has a label. */
export function Icon({ icon: Glyph, label, size = 20, className }: IconProps) {
  const classes = className ? `icon ${className}` : 'icon';
  return label ? (
    <Glyph role="img" aria-label={label} size={size} className={classes} focusable="false" />
  ) : (
    <Glyph aria-hidden="true" size={size} className={classes} focusable="false" />
  );
}

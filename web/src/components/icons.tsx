/**
 * Every icon the app draws, in one place: SVG from lucide (imported by name, so only these ship), never
 * emoji, which show as empty boxes on a machine without a colour emoji font.
 */
import type { ActivityType, BadgeCycle, BadgeType, CampaignIcon, NudgeType, PulseEventType } from '@warriors/contracts';
import {
  CalendarDays,
  CircleCheck,
  CircleDashed,
  Flag,
  Hourglass,
  Menu,
  Package,
  Users,
  X,
  Award,
  Bell,
  BicepsFlexed,
  Building,
  Calendar,
  Coffee,
  Compass,
  Crown,
  DoorOpen,
  Flame,
  Footprints,
  Gem,
  Gift,
  Handshake,
  Heart,
  LayoutDashboard,
  Lock,
  Mail,
  Mailbox,
  Medal,
  MessagesSquare,
  Newspaper,
  PartyPopper,
  Phone,
  PhoneCall,
  PhoneForwarded,
  Presentation,
  RefreshCw,
  Rocket,
  Share2,
  Signature,
  Star,
  Swords,
  Target,
  ThumbsUp,
  TrendingUp,
  Trophy,
  UserRound,
  Zap,
  ChartColumn,
  type LucideIcon,
} from 'lucide-react';
import './icons.css';

export type { LucideIcon } from 'lucide-react';

export const ACTIVITY_ICONS: Record<ActivityType, LucideIcon> = {
  cold_call: Phone,
  live_conversation: MessagesSquare,
  email: Mail,
  meeting: Handshake,
  doorknock: DoorOpen,
  direct_mail: Mailbox,
  referral_source_call: PhoneForwarded,
  past_client: RefreshCw,
  thank_you_card: Heart,
  social_media: Share2,
  newsletter_sent: Newspaper,
  property_tour: Building,
  coffee_meeting: Coffee,
  listing_presentation: Presentation,
  deal_closed: Signature,
  referral_received: Gift,
};

/** The icons a goal may carry, by the names the API stores. */
export const GOAL_ICONS: Record<CampaignIcon, LucideIcon> = {
  target: Target,
  rocket: Rocket,
  flex: BicepsFlexed,
  lightning: Zap,
  fire: Flame,
  trophy: Trophy,
  star: Star,
  diamond: Gem,
  crown: Crown,
  medal: Medal,
  chart: TrendingUp,
  calendar: Calendar,
};

export const PULSE_ICONS: Record<PulseEventType, LucideIcon> = { achievement: Award, encourage: BicepsFlexed, challenge: Swords, coach: Compass };
export const NUDGE_ICONS: Record<NudgeType, LucideIcon> = { props: ThumbsUp, cheer: PartyPopper, encourage: BicepsFlexed, challenge: Swords };

/** The nav bar's links, by the ids nav-links.ts names them with. */
export const NAV_ICONS = { dashboard: LayoutDashboard, battleGround: Swords, challenges: Trophy, goals: Target, stats: ChartColumn, profile: UserRound } as const satisfies Record<
  string,
  LucideIcon
>;

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
  milestone: Flame,
  rankUp: TrendingUp,
  owner: Crown,
  dates: CalendarDays,
  warriors: Users,
  pointsTarget: Target,
  myPoints: Star,
  timeLeft: Hourglass,
  ended: Flag,
  invitation: Trophy,
  active: CircleCheck,
  offline: CircleDashed,
} as const satisfies Record<string, LucideIcon>;

/** Each badge's emblem; the cycle it belongs to gives the disc its colour. */
const BADGE_GLYPHS: Record<BadgeType, LucideIcon> = {
  daily_victory: Trophy,
  call_crusher: Phone,
  connector: MessagesSquare,
  door_dominator: DoorOpen,
  seven_day_streak: Flame,
  connector_week: Handshake,
  field_warrior_week: Footprints,
  call_crusher_1k: PhoneCall,
  meeting_maker_20: Calendar,
  monthly_master: Crown,
  quarter_champ: Medal,
  call_titan_10k: Zap,
  all_star_streak_100: Star,
  first_meeting: Target,
  '100_calls': Award,
};

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

export type MedalTone = 'gold' | 'silver' | 'bronze';
const PODIUM: Record<number, MedalTone> = { 1: 'gold', 2: 'silver', 3: 'bronze' };

/**
 * A rank as a board shows it: a medal for the podium, '#n' below it. The name ('Rank 2') goes on the
 * element that holds it, so the medal itself is decorative.
 */
export function RankMark({ rank }: { rank: number }) {
  const tone = PODIUM[rank];
  if (!tone) return <>#{rank}</>;
  return (
    <span className={`rank-medal rank-medal--${tone}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="26" height="26" focusable="false">
        <path className="rank-medal__ribbon" d="M7 1h4l2 7H9zM13 1h4l-2 7h-4z" />
        <circle className="rank-medal__disc" cx="12" cy="15" r="7.5" />
        <circle className="rank-medal__rim" cx="12" cy="15" r="5.5" />
      </svg>
      <span className="rank-medal__number">{rank}</span>
    </span>
  );
}

/**
 * A badge's art: its emblem on a disc coloured by its cycle, all SVG and CSS (no font needed). Unearned
 * badges draw it grey with a lock; the words beside it say 'Not earned yet', so it is decorative.
 */
export function BadgeArt({ badgeType, cycle, earned, size = 'md' }: { badgeType: BadgeType; cycle: BadgeCycle; earned: boolean; size?: 'sm' | 'md' }) {
  const Glyph = BADGE_GLYPHS[badgeType];
  return (
    <span className={`badge-art badge-art--${size} badge-art--${earned ? cycle : 'locked'}`} aria-hidden="true">
      <Glyph className="badge-art__glyph" focusable="false" aria-hidden="true" />
      {!earned && <Lock className="badge-art__lock" focusable="false" aria-hidden="true" />}
    </span>
  );
}

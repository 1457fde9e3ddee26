/** The rank medals and the badges' art, drawn in SVG and CSS. */
import './icons.css';
import type { BadgeCycle, BadgeType } from '@warriors/contracts';
import {
  Award,
  Calendar,
  Crown,
  DoorOpen,
  Flame,
  Footprints,
  Handshake,
  Lock,
  Medal,
  MessagesSquare,
  Phone,
  PhoneCall,
  Star,
  Target,
  Trophy,
  Zap,
  type LucideIcon,
} from 'lucide-react';

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

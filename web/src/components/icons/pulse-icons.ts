/** The Battle Pulse's icons: its events and the nudges. */
import type { NudgeType, PulseEventType } from '@warriors/contracts';
import { Award, BicepsFlexed, Compass, PartyPopper, Swords, ThumbsUp, type LucideIcon } from 'lucide-react';

export const PULSE_ICONS: Record<PulseEventType, LucideIcon> = { achievement: Award, encourage: BicepsFlexed, challenge: Swords, coach: Compass };
export const NUDGE_ICONS: Record<NudgeType, LucideIcon> = { props: ThumbsUp, cheer: PartyPopper, encourage: BicepsFlexed, challenge: Swords };

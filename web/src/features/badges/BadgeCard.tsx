import type { Badge, BadgeCycle, BadgeProgress, BadgeType } from '@warriors/contracts';
import { BadgeArt } from '../../components/icons/awards';
import { Icon, UI_ICONS } from '../../components/icons/icon';
import { formatDate } from '../../lib/relative-time';
import { BadgeProgressLine } from './BadgeProgressLine';
import { repeatLabel } from './badge-rules';
import './badges.css';

interface BadgeCardProps {
  badgeType: BadgeType;
  cycle: BadgeCycle;
  name: string;
  description: string;
  earned: Badge | undefined;
  /** How far it is in its current cycle; absent when earned in this cycle (or not loaded). */
  progress?: BadgeProgress | undefined;
}

/** A badge as a card: earned with its date and repeat count, or dimmed 'Not earned yet'. */
export function BadgeCard({ badgeType, cycle, name, description, earned, progress }: BadgeCardProps) {
  const repeat = earned && repeatLabel(earned);
  return (
    <li className={`badge-card${earned ? ' badge-card--earned' : ' badge-card--locked'}`}>
      <BadgeArt badgeType={badgeType} cycle={cycle} earned={Boolean(earned)} />
      <div className="badge-card__body">
        <p className="badge-card__name">
          {name}
          {repeat && <span className="badge-card__repeat"> {repeat}</span>}
        </p>
        <p className="badge-card__description">{description}</p>
        <p className="badge-card__status">
          {earned ? (
            `Earned ${formatDate(earned.earned_at)}`
          ) : (
            <>
              <Icon icon={UI_ICONS.locked} size={14} /> Not earned yet
            </>
          )}
        </p>
        {progress && <BadgeProgressLine progress={progress} />}
      </div>
    </li>
  );
}

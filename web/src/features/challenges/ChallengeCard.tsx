import type { ReactNode } from 'react';
import { challengeRankedOnText, type Challenge } from '@warriors/contracts';
import { formatDate } from '../../lib/relative-time';
import { enUsNumber } from '../../lib/counted';
import { pointsText, timeLeftText, warriorsText } from './challenge-rules';
import { Icon, UI_ICONS } from '../../components/icons/icon';

interface ChallengeCardProps {
  challenge: Challenge;
  /** The My tab shows the caller's own points. */
  showOwnPoints: boolean;
  onOpen: (challenge: Challenge) => void;
  actions?: ReactNode;
}

/** One challenge in the grid; its name opens the detail modal, its buttons act on it. */
export function ChallengeCard({ challenge, showOwnPoints, onOpen, actions }: ChallengeCardProps) {
  const ended = challenge.status === 'ended' || challenge.days_remaining <= 0;
  const isOwner = (challenge.my_role ?? challenge.role) === 'owner';
  const rankedOn = challengeRankedOnText(challenge.activity_goals);
  return (
    <li className={`challenge-card${ended ? ' challenge-card--ended' : ''}`}>
      <div className="challenge-card__head">
        <h3 className="challenge-card__name">
          <button type="button" className="challenge-card__open" onClick={() => onOpen(challenge)}>
            {challenge.name}
          </button>
        </h3>
        <span className="challenge-card__marks">
          {isOwner && (
            <span className="challenge-card__mark" title="You host this challenge">
              <Icon icon={UI_ICONS.owner} label="You host this challenge" />
            </span>
          )}
          {challenge.is_private && (
            <span className="challenge-card__mark" title="Private challenge">
              <Icon icon={UI_ICONS.locked} label="Private challenge" />
            </span>
          )}
        </span>
      </div>
      {challenge.description && <p className="challenge-card__description">{challenge.description}</p>}
      <ul className="challenge-card__facts">
        <li>
          <Icon icon={UI_ICONS.dates} size={16} /> {formatDate(challenge.start_at)} – {formatDate(challenge.end_at)}
        </li>
        <li>
          <Icon icon={UI_ICONS.warriors} size={16} /> {warriorsText(challenge.members_count)}
        </li>
        {challenge.points_target !== null && (
          <li>
            <Icon icon={UI_ICONS.pointsTarget} size={16} /> Goal: {pointsText(challenge.points_target)}
          </li>
        )}
        {rankedOn && (
          <li>
            <Icon icon={UI_ICONS.rankedOn} size={16} /> {rankedOn}
          </li>
        )}
        {showOwnPoints && (
          <li className="challenge-card__mine">
            <Icon icon={UI_ICONS.myPoints} size={16} /> Your points: {enUsNumber(challenge.my_points)}
          </li>
        )}
      </ul>
      <div className="challenge-card__status">
        <p className={`challenge-card__time${ended ? ' challenge-card__time--ended' : ''}`}>
          <Icon icon={ended ? UI_ICONS.ended : UI_ICONS.timeLeft} size={16} /> {timeLeftText(challenge)}
        </p>
      </div>
      {actions && <div className="challenge-card__actions">{actions}</div>}
    </li>
  );
}

import { passedUsersText, rankChangeHeadline, type Celebration } from './celebration';
import type { ShownCelebration } from './use-celebration';
import './activity.css';
import { Icon, UI_ICONS } from '../../components/icons/icon';
import { counted } from '../../lib/counted';

const CONFETTI_PIECES = 14;

function Confetti() {
  return (
    <div className="confetti" aria-hidden="true">
      {Array.from({ length: CONFETTI_PIECES }, (_, index) => (
        <span key={index} className="confetti__piece" />
      ))}
    </div>
  );
}

function CloseButton({ onClose }: { onClose: () => void }) {
  return (
    <button type="button" className="celebration__close" aria-label="Dismiss" onClick={onClose}>
      ×
    </button>
  );
}

function Content({ celebration }: { celebration: Celebration }) {
  switch (celebration.kind) {
    case 'campaign': {
      const { campaign_name, bonus_points, badge_earned } = celebration.campaign;
      return (
        <>
          <span className="celebration__icon">
            <Icon icon={UI_ICONS.goalComplete} size={48} />
          </span>
          <p className="celebration__kicker">Goal Complete!</p>
          <p className="celebration__title">{campaign_name}</p>
          {/* A small custom goal can pay no bonus (a tenth of its points, rounded down): no '+0' then. */}
          {bonus_points > 0 && <p className="celebration__text">+{counted(bonus_points, 'bonus point')}</p>}
          {badge_earned && <p className="celebration__text">Badge earned: {badge_earned}</p>}
        </>
      );
    }
    case 'badge':
      return (
        <>
          <span className="celebration__icon">
            <Icon icon={UI_ICONS.badgeUnlocked} size={48} />
          </span>
          <p className="celebration__kicker">Badge Unlocked!</p>
          <p className="celebration__title">{celebration.badge.name}</p>
          <p className="celebration__text">{celebration.badge.description}</p>
        </>
      );
    case 'milestone': {
      // The goal's percent as its ring shows it, not the threshold crossed (a log can jump past 50% to 60%).
      const { percentage, progress = percentage, goal_name, remaining } = celebration.milestone;
      return (
        <>
          <p className="celebration__title">
            <Icon icon={UI_ICONS.milestone} className="celebration__inline-icon" /> {progress}% of {goal_name}
          </p>
          <p className="celebration__text">{remaining} to go. Keep firing!</p>
        </>
      );
    }
    case 'rank': {
      const passed = passedUsersText(celebration.rankChange);
      return (
        <>
          <p className="celebration__title">
            <Icon icon={UI_ICONS.rankUp} className="celebration__inline-icon" /> {rankChangeHeadline(celebration.rankChange)}
          </p>
          {passed && <p className="celebration__text">{passed}</p>}
        </>
      );
    }
  }
}

/**
 * What a log set off: the campaign and badge popups in the middle of the screen, the milestone and rank
 * toasts in a corner. A status region, not a dialog: it announces itself without taking focus from the
 * panel the user keeps logging in.
 */
export function CelebrationLayer({ shown, onDismiss }: { shown: ShownCelebration | null; onDismiss: () => void }) {
  return (
    <div className="celebration-region" role="status" aria-live="polite">
      {shown && (
        <div
          className={[
            'celebration',
            shown.celebration.kind === 'campaign' || shown.celebration.kind === 'badge' ? 'celebration--popup' : 'celebration--toast',
            shown.leaving ? 'celebration--leaving' : '',
          ]
            .filter(Boolean)
            .join(' ')}
          data-kind={shown.celebration.kind}
        >
          {shown.celebration.kind === 'campaign' && <Confetti />}
          <Content celebration={shown.celebration} />
          <CloseButton onClose={onDismiss} />
        </div>
      )}
    </div>
  );
}

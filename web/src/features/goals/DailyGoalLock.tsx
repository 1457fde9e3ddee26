import { Button } from '../../components/Button';
import './goals.css';
import { Icon, UI_ICONS } from '../../components/icons/icon';

/** What covers the Log Activity panel until the user has a daily goal (spec point 2). */
export function DailyGoalLock({ onSetGoal }: { onSetGoal: () => void }) {
  return (
    <div className="daily-lock">
      <span className="daily-lock__icon">
        <Icon icon={UI_ICONS.locked} size={36} />
      </span>
      <h3 className="daily-lock__title">Set Your Daily Goal First</h3>
      <p className="daily-lock__text">Pick today's targets, then every shot you log counts toward them.</p>
      <Button onClick={onSetGoal}>Set Daily Goal</Button>
    </div>
  );
}

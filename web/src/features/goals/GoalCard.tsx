import type { ReactNode } from 'react';
import { ACTIVITY_CATALOG, type Campaign } from '@warriors/contracts';
import { formatDate, parseServerTime } from '../../lib/relative-time';
import { Button } from '../../components/Button';
import { progressPercent } from '../../lib/goal-progress';
import { activityCount, counted, enUsNumber } from '../../lib/counted';
import { goalItemsOf } from './goal-rules';
import './goals.css';
import { ACTIVITY_ICONS, GOAL_ICONS } from '../../components/icons/activity-icons';
import { Icon } from '../../components/icons/icon';

/**
 * The server's count of the owner's local days left (the goal's zone, not the browser's), and 0 once
 * the goal's end has passed on this clock: a page left open past the owner's midnight.
 */
function daysLeft(goal: Campaign, now: Date): number | null {
  if (goal.ends_at !== null && parseServerTime(goal.ends_at) <= now) return 0;
  return goal.days_remaining;
}

/** Targets listed one by one up to this many; beyond, the line would outgrow the card. */
const LISTED_TARGETS = 3;

/** What a goal asks for: '100 Cold Calls', '75 points' for a power challenge, '10 of each of 11 activities'. */
function targetsText(goal: Campaign): string {
  if (goal.goal_type === 'power_challenge') return counted(goal.goal_count, 'point');
  const items = goalItemsOf(goal);
  if (items.length <= LISTED_TARGETS) return items.map(({ type, count }) => activityCount(count, type)).join(' · ');
  const [first] = items;
  if (first && items.every(({ count }) => count === first.count)) return `${enUsNumber(first.count)} of each of ${counted(items.length, 'activity', 'activities')}`;
  const listed = items.slice(0, LISTED_TARGETS).map(({ type, count }) => activityCount(count, type));
  return `${listed.join(' · ')} + ${items.length - LISTED_TARGETS} more`;
}

function ProgressBar({ goal }: { goal: Campaign }) {
  const percent = progressPercent(goal);
  const unit = goal.goal_type === 'power_challenge' ? ' pts' : '';
  return (
    <div className="goal-card__progress">
      <div
        className="progress"
        role="progressbar"
        aria-label={`${goal.name} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <span className={`progress__fill${percent === 100 ? ' progress__fill--complete' : ''}`} style={{ width: `${percent}%` }} />
      </div>
      <p className="goal-card__numbers">
        <span>
          {enUsNumber(Math.min(goal.progress, goal.goal_count))} / {enUsNumber(goal.goal_count)}
          {unit}
        </span>
        <span className="goal-card__percent">{percent}%</span>
      </p>
    </div>
  );
}

/** Per-activity progress of a goal with several activities, so the user sees which one lags. */
function Breakdown({ goal }: { goal: Campaign }) {
  if (goal.activity_breakdown.length < 2) return null;
  return (
    <ul className="goal-card__breakdown" aria-label={`${goal.name} by activity`}>
      {goal.activity_breakdown.map(({ type, current, target }) => (
        <li key={type} className={current >= target ? 'chip chip--done' : 'chip'}>
          <Icon icon={ACTIVITY_ICONS[type]} size={16} /> {ACTIVITY_CATALOG[type].label} {Math.min(current, target)}/{target}
        </li>
      ))}
    </ul>
  );
}

interface GoalCardProps {
  goal: Campaign;
  now: Date;
  /** active: progress and days left; completed: the 'Goal Complete' mark; available: what joining means. */
  variant: 'active' | 'completed' | 'available';
  actions?: ReactNode;
}

export function GoalCard({ goal, now, variant, actions }: GoalCardProps) {
  const left = variant === 'active' ? daysLeft(goal, now) : null;
  return (
    <li className={`goal-card goal-card--${variant}`}>
      <span className="goal-card__icon">
        <Icon icon={GOAL_ICONS[goal.icon]} size={28} />
      </span>
      <div className="goal-card__body">
        <div className="goal-card__head">
          <h3 className="goal-card__name">{goal.name}</h3>
          {variant === 'completed' && <span className="tag tag--success">Goal Complete</span>}
          {left !== null && <span className="tag">{left === 0 ? 'Ends today' : `${counted(left, 'day')} left`}</span>}
        </div>
        {variant === 'available' ? (
          <>
            {goal.description && <p className="goal-card__description">{goal.description}</p>}
            <p className="goal-card__meta">
              {targetsText(goal)} in {counted(goal.duration_days, 'day')}
              {goal.bonus_points > 0 && ` · +${counted(goal.bonus_points, 'bonus point')}`}
            </p>
          </>
        ) : (
          <>
            <ProgressBar goal={goal} />
            {variant === 'active' && <Breakdown goal={goal} />}
            {variant === 'completed' && goal.completed_at && <p className="goal-card__meta">Completed {formatDate(goal.completed_at)}</p>}
          </>
        )}
      </div>
      {actions && <div className="goal-card__actions">{actions}</div>}
    </li>
  );
}

interface JoinableGoalCardProps {
  goal: Campaign;
  now: Date;
  busy: boolean;
  onJoin: (goal: Campaign) => void;
}

/** A goal on offer, with its Join button: the dashboard's Prebuilt Goals tab and the goals screen's Available Goals. */
export function JoinableGoalCard({ goal, now, busy, onJoin }: JoinableGoalCardProps) {
  return (
    <GoalCard
      goal={goal}
      now={now}
      variant="available"
      actions={
        <Button className="btn--small" disabled={busy} onClick={() => onJoin(goal)} aria-label={`Join ${goal.name}`}>
          Join
        </Button>
      }
    />
  );
}

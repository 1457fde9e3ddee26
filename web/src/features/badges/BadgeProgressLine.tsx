import type { BadgeProgress } from '@warriors/contracts';
import { percentOf } from '../../lib/goal-progress';
import { enUsNumber } from '../../lib/counted';
import './badges.css';

/** How far a badge is done, counted as a goal is (a badge due but not yet awarded is full). */
export const badgeProgressPercent = ({ current, target }: Pick<BadgeProgress, 'current' | 'target'>): number => percentOf(current, target);

/** The line under a badge not earned in its cycle: the server's words and a small bar named after the badge. */
export function BadgeProgressLine({ progress }: { progress: BadgeProgress }) {
  const percent = badgeProgressPercent(progress);
  return (
    <div className="badge-progress">
      <p className="badge-progress__text">{progress.text}</p>
      <div
        className="badge-progress__bar"
        role="progressbar"
        aria-label={`${progress.name} progress`}
        aria-valuemin={0}
        aria-valuemax={progress.target}
        aria-valuenow={Math.min(progress.current, progress.target)}
        aria-valuetext={`${enUsNumber(progress.current)} of ${enUsNumber(progress.target)}`}
      >
        <span className="badge-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

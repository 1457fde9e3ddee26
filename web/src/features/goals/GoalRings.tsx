import { GOAL_CATEGORIES, type Campaign } from '@warriors/contracts';
import { Link } from 'react-router-dom';
import { ProgressRing } from '../../components/ProgressRing';
import { paths } from '../../config/paths';
import { CATEGORY_LABELS, categoryPercent } from './goal-rules';
import './goals.css';

/**
 * One ring per period, daily to annual, each a way into My Stats (spec point 2), filled by the goals of
 * the period running now: the active ones and those already reached.
 */
export function GoalRings({ goals }: { goals: readonly Campaign[] }) {
  return (
    <nav aria-label="Goal progress">
      <ul className="goal-rings">
        {GOAL_CATEGORIES.map((category) => {
          const percent = categoryPercent(goals, category);
          const label = CATEGORY_LABELS[category];
          return (
            <li key={category}>
              {/* The label comes first so the link's name reads "Daily goal: 33%"; CSS shows it under the ring. */}
              <Link className="goal-ring" to={paths.stats}>
                <span className="goal-ring__label">
                  {label}
                  <span className="visually-hidden">{' goal: '}</span>
                </span>
                <ProgressRing percent={percent} emptyText="No goal" />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

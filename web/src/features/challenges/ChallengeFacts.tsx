import type { ReactNode } from 'react';
import type { ActivityGoalMap } from '@warriors/contracts';
import { goalLines } from './challenge-rules';
import { ACTIVITY_ICONS } from '../../components/icons/activity-icons';
import { Icon } from '../../components/icons/icon';

export interface ChallengeFact {
  label: string;
  value: ReactNode;
}

export type GoalLine = ReturnType<typeof goalLines>[number];

interface ChallengeFactsProps {
  facts: readonly ChallengeFact[];
  goals: ActivityGoalMap;
  /** How one goal reads: the invitation page and the detail modal word it differently. */
  goalText: (goal: GoalLine) => ReactNode;
}

/** A challenge's label/value facts and its activity goals, as its detail modal and its invitation page show them. */
export function ChallengeFacts({ facts, goals, goalText }: ChallengeFactsProps) {
  const lines = goalLines(goals);
  return (
    <>
      <dl className="challenge-detail__facts">
        {facts.map(({ label, value }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {lines.length > 0 && (
        <>
          <h3 className="challenge-detail__heading">Challenge Goals</h3>
          <ul className="chip-list challenge-goal-lines">
            {lines.map((goal) => (
              <li key={goal.type}>
                <Icon icon={ACTIVITY_ICONS[goal.type]} size={16} /> {goalText(goal)}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

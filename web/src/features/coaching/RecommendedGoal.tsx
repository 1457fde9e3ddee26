import { aiGoalItems, type AiGoal } from '@warriors/contracts';
import { useId, useState } from 'react';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useCreateGoalMutation } from '../goals';
import { useLogFailure } from '../../lib/use-log-failure';
import { useGetAiGoalQuery } from './api';
import { activationFailureText, COACHING_TEXTS, targetLines } from './coaching-rules';

/** The recommended goal becomes today's 1-day goal: the dashboard's own Add Goal call (spec point 9). */
function GoalCard({ goal, onActivated }: { goal: AiGoal; onActivated: () => void }) {
  const [createGoal, { isLoading }] = useCreateGoalMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();

  const activate = async () => {
    setFailure(null);
    try {
      await createGoal({ name: goal.title, duration_days: 1, icon: 'target', goals: aiGoalItems(goal.targets) }).unwrap();
      onActivated();
    } catch (error) {
      setFailure(activationFailureText(error));
    }
  };

  return (
    <section className="coach-goal" aria-labelledby={titleId}>
      <p className="coach-goal__eyebrow">Recommended goal for today</p>
      <h3 className="coach-goal__title" id={titleId}>
        {goal.title}
      </h3>
      <p>{goal.why_today}</p>
      <ul className="coach-targets" aria-label="Targets">
        {targetLines(goal.targets).map(({ label, count }) => (
          <li key={label} className="coach-targets__item">
            <span className="coach-targets__count">{count}</span>
            <span className="coach-targets__label">{label}</span>
          </li>
        ))}
      </ul>
      <h4 className="coach-goal__subtitle">Sprints</h4>
      <ol className="coach-sprints">
        {goal.sprints.map(({ label, focus }, index) => (
          <li key={index}>
            <strong>{label}</strong>: {focus}
          </li>
        ))}
      </ol>
      {failure && <Alert tone="error">{failure}</Alert>}
      <Button onClick={activate} disabled={isLoading} block>
        {isLoading ? 'Activating…' : 'Activate Goal'}
      </Button>
    </section>
  );
}

/** Today's recommended goal, or nothing while it is asked for or if the coach could not size one: the plan stands without it. */
export function RecommendedGoal({ onActivated }: { onActivated: () => void }) {
  const { data: goal, error } = useGetAiGoalQuery();
  useLogFailure(error, COACHING_TEXTS.goalFetchFailedLog);
  return goal ? <GoalCard goal={goal} onActivated={onActivated} /> : null;
}

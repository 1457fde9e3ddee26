import type { Campaign } from '@warriors/contracts';
import { Button } from '../../components/Button';
import { useAppSelector } from '../../lib/hooks';
import { selectCurrentUser } from '../../lib/session';
import { isCreator } from './goal-rules';
import type { useGoalActions } from './use-goal-actions';

type Asks = Pick<ReturnType<typeof useGoalActions>, 'askDelete' | 'askLeave'>;

/**
 * An active goal's one way out, the same word on every screen: its creator deletes a custom goal (it
 * goes from every list), anyone else leaves it, keeping their progress (spec point 4).
 */
export function RemoveGoalButton({ goal, actions }: { goal: Campaign; actions: Asks }) {
  const user = useAppSelector(selectCurrentUser);
  const mine = isCreator(goal, user?.id);
  const verb = mine ? 'Delete' : 'Leave';
  return (
    <Button variant="ghost" className="btn--small" onClick={() => (mine ? actions.askDelete(goal) : actions.askLeave(goal))} aria-label={`${verb} ${goal.name}`}>
      {verb}
    </Button>
  );
}

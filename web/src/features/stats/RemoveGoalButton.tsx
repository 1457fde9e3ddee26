import type { Campaign } from '@warriors/contracts';
import { Button } from '../../components/Button';
import type { useGoalActions } from '../goals';

/** The creator deletes a goal for everyone; anyone else leaves it, keeping their progress (spec point 4). */
export function RemoveGoalButton({ goal, mine, actions }: { goal: Campaign; mine: boolean; actions: ReturnType<typeof useGoalActions> }) {
  const verb = mine ? 'Delete' : 'Leave';
  return (
    <Button variant="ghost" className="btn--small" onClick={() => (mine ? actions.askDelete(goal) : actions.askLeave(goal))} aria-label={`${verb} ${goal.name}`}>
      {verb}
    </Button>
  );
}

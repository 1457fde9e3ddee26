import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Campaign, CampaignList } from '@warriors/contracts';
import { useAppSelector } from '../../lib/hooks';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Panel';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { selectCurrentUser } from '../../lib/session';
import { AddGoalForm, type CreatedGoal } from './AddGoalForm';
import { GoalCard } from './GoalCard';
import { recordDailyGoal } from './goal-rules';
import { RecommendationModal } from './RecommendationModal';
import { RemoveGoalButton } from './RemoveGoalButton';
import { useGoalActions } from './use-goal-actions';
import './goals.css';

/** On the dashboard a failed join names the server's reason after 'Unable to join campaign: '. */
function joinFailed(error: unknown): string {
  const detail = errorMessage(error, '');
  return detail ? `Unable to join campaign: ${detail}` : 'Failed to join campaign';
}

interface ActiveGoalsPanelProps {
  campaigns: CampaignList | undefined;
  /** Goals reached while their period still runs: shown under the active ones as won. */
  finished: readonly Campaign[];
  now: Date;
  /** The Add Goal form is open; the dashboard opens it too, from the Log Activity lock. */
  adding: boolean;
  onAddingChange: (adding: boolean) => void;
}

export function ActiveGoalsPanel({ campaigns, finished, now, adding, onAddingChange }: ActiveGoalsPanelProps) {
  const user = useAppSelector(selectCurrentUser);
  const actions = useGoalActions({ deleteFailed: 'Failed to delete goal', joinFailed });
  const [recommendFrom, setRecommendFrom] = useState<CreatedGoal | null>(null);
  const active = campaigns?.active ?? [];
  const hasGoals = active.length + finished.length > 0;
  // A warrior without goals sees the form straight away, there being nothing else to show; unasked for,
  // it waits for the screen's first paint, which it is below on a phone (docs/decisions.md).
  const painted = useAfterFirstPaint();
  const formShown = adding || (campaigns !== undefined && !hasGoals && painted);

  const created = (goal: CreatedGoal) => {
    onAddingChange(false);
    if (goal.durationDays === 1 && user && recordDailyGoal(user.id)) setRecommendFrom(goal);
  };

  const join = async (campaign: Campaign) => {
    if (await actions.join(campaign)) onAddingChange(false);
  };

  return (
    <Panel
      title="Active Goals"
      id="active-goals"
      actions={
        hasGoals && (
          <Button variant={formShown ? 'secondary' : 'primary'} className="btn--small" aria-expanded={formShown} onClick={() => onAddingChange(!formShown)}>
            {formShown ? 'Close' : '+ Add Goal'}
          </Button>
        )
      }
    >
      <div className="stack">
        {actions.feedback && <Alert tone={actions.feedback.tone}>{actions.feedback.text}</Alert>}
        {campaigns === undefined && <p className="muted">Loading goals...</p>}
        {hasGoals && (
          <ul className="goal-list">
            {active.map((goal) => (
              <GoalCard key={goal.user_campaign_id ?? goal.campaign_id} goal={goal} now={now} variant="active" actions={<RemoveGoalButton goal={goal} actions={actions} />} />
            ))}
            {finished.map((goal) => (
              <GoalCard key={goal.user_campaign_id ?? goal.campaign_id} goal={goal} now={now} variant="completed" />
            ))}
          </ul>
        )}
        {campaigns !== undefined && !hasGoals && <p className="muted">No active goals yet. Set today's targets and make every shot count.</p>}
        {formShown && campaigns && <AddGoalForm available={campaigns.available} now={now} busy={actions.busy} onJoin={(campaign) => void join(campaign)} onCreated={created} />}
        {/* The Goals screen holds what this panel does not: multi-day campaigns, editing them, Completed Goals. */}
        <Link to={paths.goals} className="goals-link link-target">
          Manage goals
        </Link>
      </div>
      {actions.dialog}
      {recommendFrom && <RecommendationModal daily={recommendFrom} onClose={() => setRecommendFrom(null)} />}
    </Panel>
  );
}

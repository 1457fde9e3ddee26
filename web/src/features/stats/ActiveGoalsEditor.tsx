import { useId, useState, type FormEvent } from 'react';
import { ACTIVITY_CATALOG, GOAL_COUNT_MAX, type Campaign, type CampaignList } from '@warriors/contracts';
import { useAppSelector } from '../../lib/hooks';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { FormErrors } from '../../components/FormErrors';
import { TextField } from '../../components/TextField';
import { errorMessage } from '../../lib/api-error';
import { selectCurrentUser } from '../../lib/session';
import { DurationField, GoalCard, goalItemsOf, isCreator, RemoveGoalButton, useGoalActions, useUpdateCampaignMutation } from '../goals';
import { joinFailed } from './GoalProgress';
import { goalEditBody, type GoalEdit } from './stats-rules';
import './stats.css';
import { ACTIVITY_ICONS } from '../../components/icons/activity-icons';
import { Icon } from '../../components/icons/icon';

const editOf = (goal: Campaign): GoalEdit => ({
  duration: String(goal.duration_days),
  counts: Object.fromEntries(goalItemsOf(goal).map(({ type, count }) => [type, String(count)])),
});

/** The goal's counts and duration in place of its card; 0 removes an activity. */
function GoalEditForm({ goal, onDone }: { goal: Campaign; onDone: () => void }) {
  const formId = useId();
  const [edit, setEdit] = useState<GoalEdit>(() => editOf(goal));
  const [errors, setErrors] = useState<string[]>([]);
  const [updateCampaign, { isLoading }] = useUpdateCampaignMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = goalEditBody(edit);
    setErrors(result.errors);
    if (!('body' in result)) return;
    try {
      await updateCampaign({ id: goal.campaign_id, body: result.body }).unwrap();
      onDone();
    } catch (error) {
      setErrors([errorMessage(error, 'Failed to update goal')]);
    }
  };

  return (
    <li className="goal-card goal-card--active">
      <form className="form stats-edit" onSubmit={submit} noValidate aria-label={`Edit ${goal.name}`}>
        <p className="goal-card__name">{goal.name}</p>
        <FormErrors errors={errors} />
        <div className="stats-edit__fields">
          {Object.entries(edit.counts).map(([type, count]) => {
            const activityType = type as keyof typeof ACTIVITY_CATALOG;
            const { label } = ACTIVITY_CATALOG[activityType];
            return (
              <TextField
                key={type}
                id={`${formId}-${type}`}
                label={
                  <>
                    <Icon icon={ACTIVITY_ICONS[activityType]} size={16} /> {label}
                  </>
                }
                type="number"
                inputMode="numeric"
                min={0}
                max={GOAL_COUNT_MAX}
                value={count}
                onChange={(event) => setEdit({ ...edit, counts: { ...edit.counts, [type]: event.target.value } })}
              />
            );
          })}
          <DurationField id={`${formId}-duration`} value={edit.duration} onChange={(duration) => setEdit({ ...edit, duration })} />
        </div>
        <p className="muted stats-edit__hint">Set a count to 0 to remove that activity.</p>
        <div className="stats-edit__actions">
          <Button type="submit" className="btn--small" disabled={isLoading}>
            {isLoading ? 'Saving...' : 'Save'}
          </Button>
          <Button variant="secondary" className="btn--small" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </form>
    </li>
  );
}

/** My Active Goals: each goal's progress; its creator edits counts and duration in place. */
export function ActiveGoalsEditor({ campaigns, now }: { campaigns: CampaignList; now: Date }) {
  const user = useAppSelector(selectCurrentUser);
  const actions = useGoalActions({ deleteFailed: 'Failed to delete goal', joinFailed });
  const [editing, setEditing] = useState<number | null>(null);

  if (campaigns.active.length === 0) return <p className="muted">No active goals yet. Create one and start stacking points.</p>;
  return (
    <>
      {actions.feedback && <Alert tone={actions.feedback.tone}>{actions.feedback.text}</Alert>}
      <ul className="goal-list">
        {campaigns.active.map((goal) => {
          const key = goal.user_campaign_id ?? goal.campaign_id;
          if (editing === goal.campaign_id) return <GoalEditForm key={key} goal={goal} onDone={() => setEditing(null)} />;
          const editable = isCreator(goal, user?.id) && goal.goal_type !== 'power_challenge';
          return (
            <GoalCard
              key={key}
              goal={goal}
              now={now}
              variant="active"
              actions={
                <>
                  {editable && (
                    <Button variant="secondary" className="btn--small" onClick={() => setEditing(goal.campaign_id)} aria-label={`Edit ${goal.name}`}>
                      Edit
                    </Button>
                  )}
                  <RemoveGoalButton goal={goal} actions={actions} />
                </>
              }
            />
          );
        })}
      </ul>
      {actions.dialog}
    </>
  );
}

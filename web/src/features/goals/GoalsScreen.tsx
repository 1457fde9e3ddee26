import { useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { DEFAULT_CAMPAIGN_DURATION, type Campaign, type CampaignList } from '@warriors/contracts';
import { useAppSelector } from '../../lib/hooks';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';
import { PromoBanner } from '../../components/PromoBanner';
import { errorMessage } from '../../lib/api-error';
import { useLogFailure } from '../../lib/use-log-failure';
import { useNow } from '../../lib/use-now';
import { selectCurrentUser } from '../../lib/session';
import { useCreateCampaignMutation, useGetCampaignsQuery, useUpdateCampaignMutation, type CampaignBody } from './api';
import { CampaignForm } from './CampaignForm';
import { GoalCard, JoinableGoalCard } from './GoalCard';
import { goalItemsOf, isCreator, selectionOf, type CampaignFormValues } from './goal-rules';
import { RemoveGoalButton } from './RemoveGoalButton';
import { useGoalActions } from './use-goal-actions';
import './goals.css';

const EDIT_NAME_ID = 'edit-campaign-name';
const NEW_CAMPAIGN: CampaignFormValues = { name: '', duration: String(DEFAULT_CAMPAIGN_DURATION), selection: {} };

/** The user's own custom campaigns, joined or not, each once. */
function myCustomCampaigns(list: CampaignList, userId: string | undefined): Campaign[] {
  const mine = new Map<number, Campaign>();
  for (const campaign of [...list.active, ...list.available, ...list.completed]) {
    if (campaign.kind === 'custom' && isCreator(campaign, userId) && !mine.has(campaign.campaign_id)) mine.set(campaign.campaign_id, campaign);
  }
  return [...mine.values()];
}

function GoalList({ goals, empty, children }: { goals: readonly Campaign[]; empty: string; children: (goal: Campaign) => ReactNode }) {
  if (goals.length === 0) return <p className="empty-state">{empty}</p>;
  return <ul className="goal-list goal-list--grid">{goals.map(children)}</ul>;
}

export default function GoalsScreen() {
  const user = useAppSelector(selectCurrentUser);
  const now = useNow(60_000);
  const { data: list, error, isLoading } = useGetCampaignsQuery();
  useLogFailure(error, 'Failed to fetch campaigns');
  const actions = useGoalActions({ deleteFailed: 'Failed to delete campaign', joinFailed: (failure) => errorMessage(failure, 'Failed to join campaign') });
  const [createCampaign, createState] = useCreateCampaignMutation();
  const [updateCampaign, updateState] = useUpdateCampaignMutation();
  const [editing, setEditing] = useState<Campaign | null>(null);

  const create = async (body: CampaignBody) => {
    actions.setFeedback(null);
    try {
      await createCampaign(body).unwrap();
      return null;
    } catch (failure) {
      return errorMessage(failure, 'Failed to create campaign');
    }
  };

  const update = async (body: CampaignBody) => {
    if (!editing) return null;
    try {
      await updateCampaign({ id: editing.campaign_id, body }).unwrap();
      setEditing(null);
      return null;
    } catch (failure) {
      return errorMessage(failure, 'Failed to update campaign');
    }
  };

  const startEditing = (campaign: Campaign) => {
    actions.setFeedback(null);
    flushSync(() => setEditing(campaign));
    document.getElementById(EDIT_NAME_ID)?.focus();
  };

  const deleting = (campaign: Campaign) => {
    if (editing?.campaign_id === campaign.campaign_id) setEditing(null);
    actions.askDelete(campaign);
  };

  const mine = list ? myCustomCampaigns(list, user?.id) : [];

  return (
    <>
      <PageHeader title="Goals" subtitle="Campaigns that turn targets into wins." />
      {actions.feedback && (
        <div className="page-feedback">
          <Alert tone={actions.feedback.tone}>{actions.feedback.text}</Alert>
        </div>
      )}
      {isLoading && <p className="muted">Loading goals...</p>}
      {error && !list && <Alert tone="error">Failed to fetch campaigns</Alert>}
      {list && (
        <>
          <Panel title="Active Goals" id="goals-active">
            <GoalList goals={list.active} empty="No active goals. Join one below or create your own.">
              {(goal) => (
                <GoalCard
                  key={goal.user_campaign_id ?? goal.campaign_id}
                  goal={goal}
                  now={now}
                  variant="active"
                  actions={<RemoveGoalButton goal={goal} actions={{ askLeave: actions.askLeave, askDelete: deleting }} />}
                />
              )}
            </GoalList>
          </Panel>

          <Panel title="Create Custom Campaign" id="goals-create">
            <CampaignForm initial={NEW_CAMPAIGN} submitLabel="Create Campaign" busyLabel="Creating..." busy={createState.isLoading} onSubmit={create} resetOnSave />
          </Panel>

          <Panel title="My Custom Goals" id="goals-mine">
            <GoalList goals={mine} empty="You haven't created a campaign yet.">
              {(campaign) => (
                <GoalCard
                  key={campaign.campaign_id}
                  goal={campaign}
                  now={now}
                  variant="available"
                  actions={
                    <>
                      <Button variant="secondary" className="btn--small" onClick={() => startEditing(campaign)} aria-label={`Edit ${campaign.name}`}>
                        Edit
                      </Button>
                      <Button variant="danger" className="btn--small" onClick={() => deleting(campaign)} aria-label={`Delete ${campaign.name}`}>
                        Delete
                      </Button>
                    </>
                  }
                />
              )}
            </GoalList>
          </Panel>

          <PromoBanner />

          {editing && (
            <Panel title="Edit Campaign" id="goals-edit">
              <CampaignForm
                key={editing.campaign_id}
                initial={{ name: editing.name, duration: String(editing.duration_days), selection: selectionOf(goalItemsOf(editing)) }}
                submitLabel="Update Campaign"
                busyLabel="Updating..."
                busy={updateState.isLoading}
                onSubmit={update}
                onCancel={() => setEditing(null)}
                nameId={EDIT_NAME_ID}
              />
            </Panel>
          )}

          <Panel title="Available Goals" id="goals-available">
            <GoalList goals={list.available} empty="You've joined every goal on offer.">
              {(campaign) => <JoinableGoalCard key={campaign.campaign_id} goal={campaign} now={now} busy={actions.busy} onJoin={(goal) => void actions.join(goal)} />}
            </GoalList>
          </Panel>

          <Panel title="Completed Goals" id="goals-completed">
            <GoalList goals={list.completed} empty="No completed goals yet. Your first win is one goal away.">
              {(goal) => <GoalCard key={goal.user_campaign_id ?? goal.campaign_id} goal={goal} now={now} variant="completed" />}
            </GoalList>
          </Panel>
        </>
      )}
      {actions.dialog}
    </>
  );
}

import { useState } from 'react';
import { STATS_BUCKETS, type CampaignList, type StatsBucket } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { Modal } from '../../components/Modal';
import { ProgressRing } from '../../components/ProgressRing';
import { goalsOfThisPeriod } from '../../lib/goal-progress';
import { GoalCard, RemoveGoalButton, useGoalActions } from '../goals';
import { bucketPercent, BUCKET_LABELS, completedInLastWeek, goalsInBucket } from './stats-rules';
import './stats.css';

export const joinFailed = (): string => 'Failed to join campaign';

/** A bucket's active goals, with leave or delete, and the goals finished in the last 7 days. */
function ManageGoalsModal({ bucket, campaigns, now, onClose }: { bucket: StatsBucket; campaigns: CampaignList; now: Date; onClose: () => void }) {
  const actions = useGoalActions({ deleteFailed: 'Failed to delete goal', joinFailed });
  const active = goalsInBucket(campaigns.active, bucket);
  const finished = completedInLastWeek(campaigns.completed, now);
  return (
    <Modal title={`Manage ${BUCKET_LABELS[bucket]} Goals`} onClose={onClose} wide>
      <div className="stack">
        {actions.feedback && <Alert tone={actions.feedback.tone}>{actions.feedback.text}</Alert>}
        <h3 className="stats-subtitle">Active</h3>
        {active.length === 0 ? (
          <p className="muted">No active {BUCKET_LABELS[bucket].toLowerCase()} goals.</p>
        ) : (
          <ul className="goal-list">
            {active.map((goal) => (
              <GoalCard key={goal.user_campaign_id ?? goal.campaign_id} goal={goal} now={now} variant="active" actions={<RemoveGoalButton goal={goal} actions={actions} />} />
            ))}
          </ul>
        )}
        <h3 className="stats-subtitle">Completed in the last 7 days</h3>
        {finished.length === 0 ? (
          <p className="muted">No goals completed in the last 7 days.</p>
        ) : (
          <ul className="goal-list">
            {finished.map((goal) => (
              <GoalCard key={goal.user_campaign_id ?? goal.campaign_id} goal={goal} now={now} variant="completed" />
            ))}
          </ul>
        )}
      </div>
      {actions.dialog}
    </Modal>
  );
}

/**
 * Daily, Weekly, Monthly and Yearly rings over the goals of the running period, the dashboard's own set
 * (a daily goal beaten today still fills its ring); each opens its manage modal.
 */
export function GoalProgress({ campaigns, now }: { campaigns: CampaignList; now: Date }) {
  const [managing, setManaging] = useState<StatsBucket | null>(null);
  const current = goalsOfThisPeriod(campaigns, now);
  return (
    <>
      <ul className="goal-rings stats-rings">
        {STATS_BUCKETS.map((bucket) => (
          <li key={bucket}>
            <button type="button" className="goal-ring stats-ring" onClick={() => setManaging(bucket)}>
              {/* The label first names the button "Daily goals: 40%"; CSS shows it under the ring. */}
              <span className="goal-ring__label">
                {BUCKET_LABELS[bucket]}
                <span className="visually-hidden">{' goals: '}</span>
              </span>
              <ProgressRing percent={bucketPercent(current, bucket)} emptyText="No goal" />
            </button>
          </li>
        ))}
      </ul>
      {managing && <ManageGoalsModal bucket={managing} campaigns={campaigns} now={now} onClose={() => setManaging(null)} />}
    </>
  );
}

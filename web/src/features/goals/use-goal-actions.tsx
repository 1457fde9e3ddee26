import { useState } from 'react';
import { GOAL_MESSAGES, type Campaign } from '@warriors/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../lib/api-error';
import { useDeleteCampaignMutation, useJoinCampaignMutation, useLeaveGoalMutation } from './api';

export type Feedback = { tone: 'error' | 'success'; text: string } | null;

interface FailureTexts {
  /** 'Failed to delete campaign' on the goals screen, 'Failed to delete goal' on the dashboard. */
  deleteFailed: string;
  /** Turns a failed join into its message; the server's detail comes first. */
  joinFailed: (error: unknown) => string;
}

type Pending = { kind: 'leave' | 'delete'; campaign: Campaign };

/**
 * Leave, delete and join, each with its spec confirmation and its alert: one place so the dashboard
 * and the goals screen ask and answer the same way.
 */
export function useGoalActions({ deleteFailed, joinFailed }: FailureTexts) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [leaveGoal, leaveState] = useLeaveGoalMutation();
  const [deleteCampaign, deleteState] = useDeleteCampaignMutation();
  const [joinCampaign, joinState] = useJoinCampaignMutation();
  const busy = leaveState.isLoading || deleteState.isLoading || joinState.isLoading;

  const ask = (kind: Pending['kind']) => (campaign: Campaign) => {
    setFeedback(null);
    setPending({ kind, campaign });
  };

  const confirm = async ({ kind, campaign }: Pending) => {
    try {
      if (kind === 'delete') {
        await deleteCampaign(campaign.campaign_id).unwrap();
        setFeedback({ tone: 'success', text: GOAL_MESSAGES.deleted });
      } else if (campaign.user_campaign_id !== null) {
        await leaveGoal(campaign.user_campaign_id).unwrap();
      }
    } catch (error) {
      setFeedback({ tone: 'error', text: errorMessage(error, kind === 'delete' ? deleteFailed : 'Failed to leave campaign') });
    } finally {
      setPending(null);
    }
  };

  const join = async (campaign: Campaign) => {
    setFeedback(null);
    try {
      await joinCampaign(campaign.campaign_id).unwrap();
      return true;
    } catch (error) {
      setFeedback({ tone: 'error', text: joinFailed(error) });
      return false;
    }
  };

  const dialog = pending && (
    <ConfirmDialog
      title={pending.kind === 'delete' ? 'Delete campaign?' : 'Leave goal?'}
      message={pending.kind === 'delete' ? GOAL_MESSAGES.deleteConfirm : GOAL_MESSAGES.leaveConfirm}
      confirmLabel={pending.kind === 'delete' ? 'Delete' : 'Leave'}
      busy={busy}
      onConfirm={() => void confirm(pending)}
      onCancel={() => setPending(null)}
    />
  );

  return { askLeave: ask('leave'), askDelete: ask('delete'), join, busy, feedback, setFeedback, dialog };
}

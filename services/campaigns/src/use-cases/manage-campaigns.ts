import { GOAL_MESSAGES, localDate, usableTimezone, type Campaign, type CampaignList, type CreateCampaignBody, type UpdateCampaignBody } from '@warriors/contracts';
import { BAD_CREDENTIALS, conflict, forbidden, lockKey, notFound, unauthorized, type Clock, type Outbox } from '@warriors/kit';
import type { z } from 'zod';
import { CATALOG, catalogCampaign, MAX_ACTIVE_CUSTOM_GOALS, type CampaignDefinition } from '../domain/catalog';
import { applyUpdate, newCustomCampaign } from '../domain/custom';
import { retarget } from '../domain/goal';
import { campaignList, isActive, isResumable, toCampaign, type UserGoal } from '../domain/view';
import { campaignCompleted } from '../domain/campaign-events';
import { customCampaignsOf, deleteCustomCampaign, findCustomCampaign, insertCustomCampaign, updateCustomCampaign } from '../store/campaigns.store';
import { findGoal, goalsOf, insertGoal, saveGoal } from '../store/goals.store';
import type { Executor } from '../store/schema';
import { isDeleted, timezoneOf, userLock } from '../store/users.store';

export const TOO_MANY_CUSTOM_GOALS = `You can pursue at most ${MAX_ACTIVE_CUSTOM_GOALS} custom goals at once`;
export const LEFT_GOAL = 'You left this goal. Your progress is saved.';
export const GOAL_NOT_FOUND = 'Goal not found';

export interface CampaignDeps {
  db: Executor;
  outbox: Outbox;
  clock: Clock;
}

export type Campaigns = ReturnType<typeof createCampaigns>;

export function createCampaigns({ db, outbox, clock }: CampaignDeps) {
  /** A campaign the user may see: the catalog's, or a custom one they created. Others' custom campaigns do not exist for them. */
  async function visibleCampaign(trx: Executor, userId: string, id: number): Promise<CampaignDefinition> {
    const campaign = catalogCampaign(id) ?? (await findCustomCampaign(trx, id));
    if (!campaign || (campaign.kind === 'custom' && campaign.creatorId !== userId)) throw notFound(GOAL_MESSAGES.notFound);
    return campaign;
  }

  /**
   * Runs `work` in a transaction holding the user's lock: joins, edits and credited activities never
   * interleave. The route let only a live account in, but its user.deleted may have been applied
   * since; under the lock (which that consumer takes too) it cannot be, so nothing is created for a
   * deleted user.
   */
  const asUser = <T>(userId: string, work: (trx: Executor) => Promise<T>): Promise<T> =>
    db.transaction().execute(async (trx) => {
      await lockKey(trx, userLock(userId));
      if (await isDeleted(trx, userId)) throw unauthorized(BAD_CREDENTIALS);
      return work(trx);
    });

  async function startGoal(trx: Executor, userId: string, campaign: CampaignDefinition, now: Date): Promise<UserGoal> {
    const goals = await goalsOf(trx, userId);
    if (goals.some((g) => g.campaign.id === campaign.id && isActive(g, now))) throw conflict(GOAL_MESSAGES.alreadyActive);
    if (campaign.kind === 'custom' && goals.filter((g) => g.campaign.kind === 'custom' && isActive(g, now)).length >= MAX_ACTIVE_CUSTOM_GOALS) {
      throw conflict(TOO_MANY_CUSTOM_GOALS);
    }
    // Left inside its window: resume with the saved progress. After its window or once completed: a new goal.
    const left = goals.find((g) => g.campaign.id === campaign.id && isResumable(g, now));
    if (left) {
      // Its creator may have lowered the target while it was left: then it completes on resuming.
      const { goal: state, completed } = retarget(left.state, left.state.target, left.state.name, left.state.durationDays, now);
      const resumed: UserGoal = { ...left, state, leftAt: null };
      await saveGoal(trx, resumed);
      if (completed) await completeAfterEdit(trx, resumed, now);
      return resumed;
    }
    return insertGoal(trx, userId, campaign, now);
  }

  /** Completes a goal whose new target its progress already meets, with its campaign.completed event. */
  async function completeAfterEdit(trx: Executor, goal: UserGoal, now: Date): Promise<void> {
    const timezone = usableTimezone((await timezoneOf(trx, goal.userId)) ?? 'UTC');
    await outbox.enqueue(trx, campaignCompleted(goal, { activityId: null, localDate: localDate(now, timezone), timezone }));
  }

  return {
    async list(userId: string): Promise<CampaignList> {
      const [custom, goals] = await Promise.all([customCampaignsOf(db, userId), goalsOf(db, userId)]);
      return campaignList(CATALOG, custom, goals, clock.now());
    },

    /** Creates a custom campaign and joins its creator to it at once. */
    async create(userId: string, body: z.output<typeof CreateCampaignBody>): Promise<Campaign> {
      const now = clock.now();
      return asUser(userId, async (trx) => {
        const campaign = await insertCustomCampaign(
          trx,
          newCustomCampaign({ name: body.name, description: body.description, durationDays: body.duration_days, icon: body.icon, goals: body.goals }, userId),
          now,
        );
        const goal = await startGoal(trx, userId, campaign, now);
        return toCampaign(campaign, goal, 'active', now);
      });
    },

    async join(userId: string, id: number): Promise<Campaign> {
      const now = clock.now();
      const joined = await asUser(userId, async (trx) => {
        const campaign = await visibleCampaign(trx, userId, id);
        const goal = await startGoal(trx, userId, campaign, now);
        return toCampaign(goal.campaign, goal, goal.state.completedAt ? 'completed' : 'active', now);
      });
      // A resumed goal may have completed: its event leaves now rather than at the next poll.
      outbox.kick();
      return joined;
    },

    /** The creator's edit: the campaign, and their open goal of it, re-evaluated against the new target. */
    async update(userId: string, id: number, body: z.output<typeof UpdateCampaignBody>): Promise<Campaign> {
      const now = clock.now();
      const result = await asUser(userId, async (trx) => {
        const campaign = await visibleCampaign(trx, userId, id);
        if (campaign.kind !== 'custom' || campaign.creatorId !== userId) throw forbidden(GOAL_MESSAGES.notCreator);
        const updated = applyUpdate(campaign, body);
        await updateCustomCampaign(trx, updated);
        const open = (await goalsOf(trx, userId)).find((g) => g.campaign.id === id && (isActive(g, now) || isResumable(g, now)));
        if (!open) return toCampaign(updated, null, 'available', now);
        // A goal the creator left takes the new target too, but completes only once it is pursued again.
        const { goal: state, completed } = isActive(open, now)
          ? retarget(open.state, updated.target, updated.name, updated.durationDays, now)
          : { goal: { ...open.state, target: updated.target, name: updated.name, durationDays: updated.durationDays }, completed: false };
        const goal: UserGoal = { ...open, campaign: updated, state };
        await saveGoal(trx, goal);
        if (completed) await completeAfterEdit(trx, goal, now);
        return toCampaign(updated, goal, completed ? 'completed' : isActive(goal, now) ? 'active' : 'available', now);
      });
      outbox.kick();
      return result;
    },

    /** The creator deletes their custom campaign (their open goal of it ends); anyone else leaves their goal of it. */
    async deleteOrLeave(userId: string, id: number): Promise<{ detail: string }> {
      const now = clock.now();
      return asUser(userId, async (trx) => {
        const campaign = await visibleCampaign(trx, userId, id);
        const open = (await goalsOf(trx, userId)).find((g) => g.campaign.id === id && isActive(g, now));
        if (campaign.kind === 'custom' && campaign.creatorId === userId) {
          await deleteCustomCampaign(trx, id, now);
          if (open) await saveGoal(trx, { ...open, leftAt: now });
          return { detail: GOAL_MESSAGES.deleted };
        }
        if (!open) throw notFound(GOAL_NOT_FOUND);
        await saveGoal(trx, { ...open, leftAt: now });
        return { detail: LEFT_GOAL };
      });
    },

    /** Leaves a goal by its user_campaign_id; progress stays and joining again inside the window resumes it. */
    async leaveGoal(userId: string, goalId: number): Promise<{ detail: string }> {
      const now = clock.now();
      return asUser(userId, async (trx) => {
        const goal = await findGoal(trx, goalId);
        // Someone else's goal is not theirs to see: the same answer as a missing one.
        if (!goal || goal.userId !== userId || !isActive(goal, now)) throw notFound(GOAL_NOT_FOUND);
        await saveGoal(trx, { ...goal, leftAt: now });
        return { detail: LEFT_GOAL };
      });
    },
  };
}

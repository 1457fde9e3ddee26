import { brokerDay, BUS_QUESTIONS, GOAL_MESSAGES, usableTimezone, type DayEntriesReply } from '@warriors/contracts';
import {
  askService,
  BAD_CREDENTIALS,
  conflict,
  deletedEntriesAmong,
  DependencyUnavailableError,
  lockKey,
  notFound,
  resolveUser,
  unauthorized,
  type Bus,
  type Clock,
  type Outbox,
} from '@warriors/kit';
import { catalogCampaign, MAX_ACTIVE_CUSTOM_GOALS, type CampaignDefinition } from '../domain/catalog';
import { creditBetween, creditGoal, retarget } from '../domain/goal';
import { goalStartsAt } from '../domain/goal-days';
import { isActive, isResumable, type UserGoal } from '../domain/view';
import { campaignCompleted } from '../domain/campaign-events';
import { findCustomCampaign } from '../store/campaigns.store';
import { goalsOf, insertGoal, saveCredits, saveGoal, saveProgress, type GoalCredit, type GoalZone } from '../store/goals.store';
import { SCHEMA, type Executor } from '../store/schema';
import { findUser, isDeleted, projectedUsers, userLock } from '../store/users.store';

export const TOO_MANY_CUSTOM_GOALS = `You can pursue at most ${MAX_ACTIVE_CUSTOM_GOALS} custom goals at once`;
export const LEFT_GOAL = 'You left this goal. Your progress is saved.';
export const GOAL_NOT_FOUND = 'Goal not found';
export const DAY_ENTRIES_UNAVAILABLE = "Today's entries could not be read. Please try again.";

export interface CampaignDeps {
  db: Executor;
  outbox: Outbox;
  clock: Clock;
  /** Asks auth for a user campaigns has not heard of yet (their zone dates a new goal's days). */
  bus: Bus;
}

/** What the campaign operations share: the user's lock, the campaigns a user may see, starting a goal. */
export function campaignAccess({ db, outbox, bus }: Pick<CampaignDeps, 'db' | 'outbox' | 'bus'>) {
  const directory = { db, bus, users: projectedUsers, find: findUser, unavailable: (cause: unknown) => new DependencyUnavailableError('user directory', { cause }) };

  /**
   * The zone a new goal's days are counted in, with the day a change of it left in force: the user's,
   * from campaigns' projection or, right after sign-up (before user.registered arrives), from auth.
   * Read before the user's transaction, since auth's answer is stored in one of its own.
   */
  async function goalZone(userId: string): Promise<GoalZone> {
    const user = await resolveUser(directory, userId);
    if (!user) throw unauthorized(BAD_CREDENTIALS);
    return { timezone: user.timezone, day_carry_date: user.day_carry_date, day_carry_until: user.day_carry_until };
  }

  /**
   * The entries of the user's local day at `now` (activity's answer, 2 s, else a 503): a goal made now
   * counts them from the start of that day. Read before the user's transaction, as the zone is.
   */
  async function dayEntries(userId: string, zone: GoalZone, now: Date): Promise<DayEntriesReply> {
    const request = { user_id: userId, local_date: brokerDay(now, zone) };
    return askService(bus, BUS_QUESTIONS.dayEntries, request, { timeoutMs: 2000, unavailable: DAY_ENTRIES_UNAVAILABLE });
  }

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

  /**
   * Joins `campaign`, or resumes the goal of it left inside its window; a new goal runs on the days of
   * `zone` (brokerDay) from the start of today, crediting `entries` (today's, made up to now).
   */
  async function startGoal(trx: Executor, userId: string, campaign: CampaignDefinition, now: Date, zone: GoalZone, entries: DayEntriesReply): Promise<UserGoal> {
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
    const goal = await insertGoal(trx, userId, campaign, goalStartsAt(now, zone), zone, now);
    return creditDayEntries(trx, goal, entries, now, zone);
  }

  /**
   * A new goal credited with its first day's entries made before it, oldest first, as the log
   * consumer would have (each credit kept in goal_credits, so an undo takes it back; an entry
   * already deleted credits nothing); completed at once, with its campaign.completed, when they reach
   * its target. Milestones crossed so are not announced.
   */
  async function creditDayEntries(trx: Executor, goal: UserGoal, entries: DayEntriesReply, now: Date, zone: GoalZone): Promise<UserGoal> {
    const earlier = entries.filter((e) => Date.parse(e.occurred_at) <= now.getTime());
    const deleted = await deletedEntriesAmong(
      trx,
      SCHEMA,
      earlier.map((e) => e.activity_id),
    );
    let state = goal.state;
    let completedBy: string | null = null;
    const credits: GoalCredit[] = [];
    for (const entry of earlier) {
      if (deleted.has(entry.activity_id)) continue;
      const outcome = creditGoal(state, { activityType: entry.activity_type, quantity: entry.quantity, points: entry.points, occurredAt: new Date(entry.occurred_at) });
      if (!outcome.credited) continue;
      credits.push({ activityId: entry.activity_id, goalId: goal.id, ...creditBetween(state.tally, outcome.goal.tally, entry.activity_type) });
      state = outcome.goal;
      if (outcome.completed) {
        completedBy = entry.activity_id;
        break;
      }
    }
    if (credits.length === 0) return goal;
    const credited: UserGoal = { ...goal, state };
    await saveProgress(trx, [credited]);
    await saveCredits(trx, credits);
    if (completedBy) await outbox.enqueue(trx, campaignCompleted(credited, { activityId: completedBy, localDate: brokerDay(now, zone), timezone: zone.timezone }));
    return credited;
  }

  /** Completes a goal whose new target its progress already meets, with its campaign.completed event. */
  async function completeAfterEdit(trx: Executor, goal: UserGoal, now: Date): Promise<void> {
    const user = await findUser(trx, goal.userId);
    const zone = { ...user, timezone: usableTimezone(user?.timezone ?? 'UTC') };
    await outbox.enqueue(trx, campaignCompleted(goal, { activityId: null, localDate: brokerDay(now, zone), timezone: zone.timezone }));
  }

  return { visibleCampaign, asUser, goalZone, dayEntries, startGoal, completeAfterEdit };
}

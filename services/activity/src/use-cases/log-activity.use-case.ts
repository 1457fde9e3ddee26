import { randomUUID } from 'node:crypto';
import type { LogResult } from '@warriors/contracts';
import { conflict, createBatcher, GROUP_GAP_MS, unauthorized, ValidationError, type Clock, type Outbox } from '@warriors/kit';
import { entryTime, LOGGED_AT_MESSAGES, newActivity, toLogResult, type ActivityRecord, type LogRequest } from '../domain/activity';
import { mergeEffects, NO_EFFECTS } from '../domain/effects';
import { usableTimezone } from '@warriors/contracts';
import { activityLogged } from '../domain/activity-events';
import type { EffectsListener } from './log-effects';
import { ACTIVITY_INSERT, findByIdempotencyKey, saveResults } from '../store/activities.store';
import { FOREIGN_KEY_VIOLATION, type Executor } from '../store/schema';
import type { ActivityUserDirectory } from './user-directory';

export const BAD_CREDENTIALS = 'Could not validate credentials';

export interface ActivityLogDeps {
  db: Executor;
  outbox: Outbox;
  clock: Clock;
  users: ActivityUserDirectory;
  effects: EffectsListener;
  effectsWaitMs: number;
}

/** A log as asked: the entry, and the device's tap time of one made offline (null: now). */
export interface LogCommand extends LogRequest {
  logged_at: Date | null;
}

export type ActivityLog = ReturnType<typeof createActivityLog>;

export function createActivityLog({ db, outbox, clock, users, effects: listener, effectsWaitMs }: ActivityLogDeps) {
  // Answers of logs finishing together are stored in one statement; each log still answers only
  // once its own is stored, so a retry after the answer always gets it.
  const answers = createBatcher((batch: Array<{ activityId: string; result: LogResult }>) => saveResults(db, batch), { gapMs: GROUP_GAP_MS });
  const insertActivity = outbox.groupInsert<ActivityRecord>(ACTIVITY_INSERT);

  /** The first answer for this key: the stored one, or (if its effects are still being gathered) the activity alone. */
  async function replay(userId: string, key: string): Promise<LogResult | undefined> {
    const first = await findByIdempotencyKey(db, userId, key);
    if (!first) return undefined;
    return first.result ?? toLogResult(first.record, NO_EFFECTS);
  }

  /**
   * Writes the activity and its activity.logged event in one statement, then waits a bounded time
   * for the consumers' effects. With an Idempotency-Key, a retry (even a concurrent one) gets the
   * first answer and logs nothing.
   */
  async function log(userId: string, { logged_at, ...request }: LogCommand, requestId: string): Promise<LogResult> {
    const user = await users.resolveForLogging(userId);
    if (!user) throw unauthorized(BAD_CREDENTIALS);
    const key = request.idempotency_key;

    const zone = { timezone: usableTimezone(user.timezone), day_carry_date: user.day_carry_date, day_carry_until: user.day_carry_until };
    const time = entryTime(logged_at, clock.now(), zone);
    if (time.kind !== 'at') {
      // A retry of an entry already recorded (its answer was lost) answers it, even once its day has ended.
      const first = key === null ? undefined : await replay(userId, key);
      if (first) return first;
      if (time.kind === 'future') throw new ValidationError([{ loc: ['body', 'logged_at'], msg: LOGGED_AT_MESSAGES.future }]);
      throw conflict(LOGGED_AT_MESSAGES.dayEnded(time.date));
    }
    const record = newActivity(randomUUID(), userId, request, time.at, zone);
    const effects = listener.expect(record.id);
    try {
      // No lookup of the key first: the unique constraint answers it in the same statement, and a
      // retry (the rare case) then reads the first answer.
      const inserted = await insertActivity(record, activityLogged(record, zone, requestId)).catch((error: { code?: string }) => {
        // The user's projection was deleted (account deleted) between the lookup and the insert.
        if (error?.code === FOREIGN_KEY_VIOLATION) throw unauthorized(BAD_CREDENTIALS);
        throw error;
      });
      if (!inserted) {
        // A retry: the first request with this key committed (a racing one was waited for by the conflict).
        const first = key === null ? undefined : await replay(userId, key);
        if (!first) throw new Error('insert skipped without an earlier log to replay');
        return first;
      }
      const result = toLogResult(record, mergeEffects(await effects.collect(effectsWaitMs)));
      if (key !== null) await answers.add({ activityId: record.id, result });
      return result;
    } finally {
      effects.release();
    }
  }

  return { log };
}

import { randomUUID } from 'node:crypto';
import { KUDOS_INBOX_SIZE, KUDOS_MESSAGES, kudosGivenEventId, newEvent, type Kudos, type KudosReply } from '@warriors/contracts';
import {
  BAD_CREDENTIALS,
  createRateLimiter,
  forbidden,
  notFound,
  refusalText,
  retryAfterSeconds,
  TooManyRequestsError,
  unauthorized,
  type Clock,
  type Outbox,
  type RateLimit,
} from '@warriors/kit';
import { kudosRefusal } from '../domain/kudos';
import { countKudos, findKudosTarget, insertKudos, markKudosRead, receivedKudos } from '../store/kudos.store';
import { FOREIGN_KEY_VIOLATION, type Executor } from '../store/schema';
import type { ActivityUserDirectory } from './user-directory';

export interface KudosDeps {
  db: Executor;
  clock: Clock;
  users: ActivityUserDirectory;
  /** kudos.given goes out with the kudos row (social pushes it to the recipient). */
  outbox: Outbox;
  /** How many kudos requests one user may make in a short time (kit's per-instance limiter). */
  limit: RateLimit;
}

/** Kudos on Shots Fired entries: giving them, and the recipient's side of the bell. */
export function createKudos({ db, clock, users, outbox, limit }: KudosDeps) {
  const limiter = createRateLimiter({ kudos: limit }, clock);

  /**
   * Gives `giverId`'s kudos to the entry, once however often sent: the answer is the entry's count
   * after it. 404 for an unknown or hidden user's entry, 403 for one's own, 429 past the limit.
   */
  async function give(giverId: string, entryId: string): Promise<KudosReply> {
    const refused = limiter.take(giverId, ['kudos']);
    if (refused) throw new TooManyRequestsError(refusalText('kudos', refused), retryAfterSeconds(refused.waitMs));
    const target = await findKudosTarget(db, entryId);
    const refusal = kudosRefusal(target, giverId);
    if (refusal === 'not_found' || !target) throw notFound(KUDOS_MESSAGES.entryNotFound);
    if (refusal === 'own_entry') throw forbidden(KUDOS_MESSAGES.ownEntry);
    // The giver's projection row is what the bell names them from: one who signed up a moment ago is asked of auth.
    if (!(await users.resolve(giverId))) throw unauthorized(BAD_CREDENTIALS);
    const kudos = { id: randomUUID(), entry_id: entryId, giver_id: giverId, recipient_id: target.user_id, created_at: clock.now() };
    try {
      const given = await db.transaction().execute(async (trx) => {
        if (!(await insertKudos(trx, kudos))) return false;
        const data = {
          kudos_id: kudos.id,
          entry_id: entryId,
          activity_type: target.activity_type,
          giver_id: giverId,
          recipient_id: target.user_id,
          given_at: kudos.created_at.toISOString(),
        };
        await outbox.enqueue(trx, newEvent('kudos.given', data, { id: kudosGivenEventId(kudos.id), at: kudos.created_at }));
        return true;
      });
      if (given) outbox.kick();
    } catch (error) {
      // The entry, or an account, deleted since it was read.
      if ((error as { code?: string } | null)?.code === FOREIGN_KEY_VIOLATION) throw notFound(KUDOS_MESSAGES.entryNotFound);
      throw error;
    }
    return { id: entryId, kudos: await countKudos(db, entryId), kudos_given: true };
  }

  /** The kudos given to the user's entries, newest first. */
  const inbox = (recipientId: string): Promise<Kudos[]> => receivedKudos(db, recipientId, KUDOS_INBOX_SIZE);

  /** Marks the user's kudos read; 404 when it is not theirs. */
  async function read(recipientId: string, kudosId: string): Promise<Kudos> {
    const kudos = await markKudosRead(db, recipientId, kudosId, clock.now());
    if (!kudos) throw notFound(KUDOS_MESSAGES.kudosNotFound);
    return kudos;
  }

  return { give, inbox, read };
}

export type KudosUseCases = ReturnType<typeof createKudos>;

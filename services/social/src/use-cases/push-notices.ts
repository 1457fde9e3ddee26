import { ACTIVITY_CATALOG, type EventOf } from '@warriors/contracts';
import { markEventApplied, type Clock, type UserDirectory } from '@warriors/kit';
import { passedDay, pushPayloads } from '../domain/push';
import { claimPassedDay } from '../store/push.store';
import { SCHEMA, type Executor } from '../store/schema';
import type { SocialUser } from '../store/users.store';
import type { Push, PushNotice } from './push';

export type PushSourceEvent = EventOf<'challenge.invited'> | EventOf<'kudos.given'> | EventOf<'rank.changed'>;

/**
 * Turns the other services' events into notifications: a challenge invitation, kudos received, and
 * 'passed you on today's board' (at most once a broker's local day). Each event is applied once (its
 * inbox row commits with the queued notifications), so a redelivery pushes nothing again.
 */
export function pushFromEvents(deps: { db: Executor; clock: Clock; directory: UserDirectory<SocialUser>; push: Push }) {
  const { db, clock, directory, push } = deps;

  async function noticesOf(event: PushSourceEvent): Promise<PushNotice[]> {
    switch (event.type) {
      case 'challenge.invited': {
        const from = await directory.resolve(event.data.from_user_id);
        if (!from) return [];
        const payload = pushPayloads.invitation(event.data.invite_id, event.data.challenge_name, from.name);
        return [{ userId: event.data.to_user_id, kind: 'invitations', sourceKey: event.id, payload }];
      }
      case 'kudos.given': {
        const from = await directory.resolve(event.data.giver_id);
        if (!from) return [];
        const payload = pushPayloads.kudos(event.data.kudos_id, from.name, ACTIVITY_CATALOG[event.data.activity_type].label);
        return [{ userId: event.data.recipient_id, kind: 'kudos', sourceKey: event.id, payload }];
      }
      case 'rank.changed': {
        const climber = await directory.resolve(event.data.user_id);
        if (!climber) return [];
        const now = clock.now();
        const payload = pushPayloads.passed(climber.name, climber.username);
        return event.data.passed_users.map((passed) => ({
          userId: passed.id,
          kind: 'passed',
          sourceKey: event.id,
          payload,
          admit: (trx, timezone) => claimPassedDay(trx, passed.id, passedDay(now, timezone)),
        }));
      }
    }
  }

  return async function apply(event: PushSourceEvent): Promise<void> {
    // Names are read first: a user unknown to social is asked of auth, which must not wait inside a transaction.
    const notices = await noticesOf(event);
    const queued = await db.transaction().execute(async (trx) => {
      if (!(await markEventApplied(trx, SCHEMA, push.inboxKey(event.id), clock.now()))) return 0;
      return push.queue(trx, notices);
    });
    if (queued > 0) push.kick();
  };
}

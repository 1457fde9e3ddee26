import { coachPlanMadeEventId, newEvent, type EventOf } from '@warriors/contracts';

/** The coach made a user's plan for their local day: one event a user and day, however often the plan is asked for. */
export const coachPlanMade = (userId: string, localDate: string, at: Date): EventOf<'pulse.coached'> =>
  newEvent('pulse.coached', { user_id: userId, local_date: localDate }, { id: coachPlanMadeEventId(userId, localDate), at });

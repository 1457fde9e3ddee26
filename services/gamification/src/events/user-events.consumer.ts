/** Kit's consumeUserEvents keeps gamification's user projection under this durable, with userProjectionHooks (what a deletion adds). */
export const USERS_DURABLE = 'gamification_users';

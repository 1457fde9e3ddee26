import { z } from 'zod';

/**
 * Every event on the bus: { id, type, v, occurredAt, data }.
 * `id` doubles as the Nats-Msg-Id (broker de-duplication) and as the consumers' inbox key.
 */
const envelope = <T extends string, D extends z.ZodTypeAny>(type: T, data: D) =>
  z.object({
    id: z.string().min(1),
    type: z.literal(type),
    v: z.literal(1),
    occurredAt: z.string(),
    requestId: z.string().optional(),
    data,
  });

/** The user fields other services keep a projection of. */
export const UserProjection = z.object({
  user_id: z.string(),
  name: z.string(),
  username: z.string(),
  profile_picture: z.string().nullable(),
  company: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  timezone: z.string(),
  profile_public: z.boolean(),
  show_on_leaderboard: z.boolean(),
  show_in_battle_pulse: z.boolean(),
});
export type UserProjection = z.infer<typeof UserProjection>;

export const UserRegistered = envelope('user.registered', UserProjection);
export const UserUpdated = envelope('user.updated', UserProjection);
export const UserDeleted = envelope('user.deleted', z.object({ user_id: z.string() }));

export const DomainEvent = z.discriminatedUnion('type', [UserRegistered, UserUpdated, UserDeleted]);
export type DomainEvent = z.infer<typeof DomainEvent>;
export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

/** Streams group subjects by owner; a subject is `<stream lower>.<event>` e.g. users.user.registered. */
export const STREAMS = {
  USERS: { subjects: ['user.>'] },
} as const;

export const SUBJECTS = {
  'user.registered': 'user.registered',
  'user.updated': 'user.updated',
  'user.deleted': 'user.deleted',
} as const satisfies Record<EventType, string>;

import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@warriors/contracts';

export const userRegistered = (id: string = randomUUID()): DomainEvent => ({
  id,
  type: 'user.registered',
  v: 1,
  occurredAt: new Date().toISOString(),
  data: {
    user_id: id,
    name: 'Ada',
    username: `ada-${id}`,
    profile_picture: null,
    company: null,
    city: null,
    state: null,
    timezone: 'UTC',
    profile_public: true,
    show_on_leaderboard: true,
    show_in_battle_pulse: true,
    streak_mode: 'daily',
  },
});

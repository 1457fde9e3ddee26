import { localDate, type User } from '@warriors/contracts';
import { parseServerTime } from '../../lib/relative-time';

/** 'Welcome, Ana' on the local day the account was made (the broker's first visit), 'Welcome back, Ana' after. */
export function greeting(user: Pick<User, 'name' | 'created_at' | 'timezone'> | null, now: Date): string {
  const firstName = user?.name.trim().split(/\s+/)[0] || 'warrior';
  if (!user) return `Welcome back, ${firstName}`;
  const firstDay = localDate(parseServerTime(user.created_at), user.timezone) === localDate(now, user.timezone);
  return `${firstDay ? 'Welcome' : 'Welcome back'}, ${firstName}`;
}

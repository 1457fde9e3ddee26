import { kudosMessage, localDate, localTimestamp, nudgeMessage, personName, type NudgeType, type PushKind, type PushPayload, type PushPreferences } from '@warriors/contracts';

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The wall clock in `timeZone` at `at`: its date, minutes since midnight, and its offset from UTC. */
function wallClock(at: Date, timeZone: string): { minutes: number; offsetMs: number } {
  const stamp = localTimestamp(at, timeZone);
  const sign = stamp.endsWith('Z') ? 1 : stamp.at(-6) === '-' ? -1 : 1;
  const offsetMs = sign * (Number(stamp.slice(-5, -3)) * 60 + Number(stamp.slice(-2))) * MINUTE_MS;
  return { minutes: Number(stamp.slice(11, 13)) * 60 + Number(stamp.slice(14, 16)), offsetMs };
}

/** Whether the local minute of the day falls in [start, end), a window that may wrap past midnight. */
export function inQuietHours(minutes: number, quietStart: string, quietEnd: string): boolean {
  const start = minutesOf(quietStart);
  const end = minutesOf(quietEnd);
  if (start === end) return false;
  return start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
}

/**
 * When a notification made at `now` may be shown: `now`, or, inside the broker's quiet hours (local
 * times in their timezone), the instant their quiet hours end. The end is the wall-clock time reached
 * by moving forward from now, so it keeps the zone's offset at that time (a DST change overnight moves
 * the instant, not the 07:00).
 */
export function pushDueAt(now: Date, timeZone: string, preferences: Pick<PushPreferences, 'quiet_start' | 'quiet_end'>): Date {
  const { minutes } = wallClock(now, timeZone);
  if (!inQuietHours(minutes, preferences.quiet_start, preferences.quiet_end)) return now;
  const wait = (minutesOf(preferences.quiet_end) - minutes + DAY_MINUTES) % DAY_MINUTES;
  const startOfMinute = new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
  const guess = new Date(startOfMinute.getTime() + wait * MINUTE_MS);
  // The offset may differ at the end (DST): correct by the difference, keeping the wall time.
  const drift = wallClock(now, timeZone).offsetMs - wallClock(guess, timeZone).offsetMs;
  return new Date(guess.getTime() + drift);
}

/** The broker's local day at `now`: 'passed you' is pushed at most once per user and this day. */
export const passedDay = (now: Date, timeZone: string): string => localDate(now, timeZone);

/** Failed sends (not 404/410) are tried again after 1, 2, 4, 8 minutes, then given up. */
export const PUSH_MAX_ATTEMPTS = 5;
export const pushRetryDelayMs = (attempts: number): number => MINUTE_MS * 2 ** Math.max(0, attempts - 1);

/** The notifications each kind shows; the url is the screen that answers it. */
export const pushPayloads = {
  nudge: (nudgeId: string, type: NudgeType, fromName: string): PushPayload => ({
    title: 'New nudge',
    body: nudgeMessage(type, fromName),
    url: '/dashboard',
    tag: `nudge:${nudgeId}`,
  }),
  invitation: (inviteId: string, challengeName: string, fromName: string): PushPayload => ({
    title: 'Challenge invitation',
    body: `${fromName} invited you to the challenge ${challengeName}.`,
    url: '/challenges',
    tag: `invite:${inviteId}`,
  }),
  kudos: (kudosId: string, fromName: string, activityLabel: string): PushPayload => ({
    title: 'Kudos',
    body: kudosMessage(fromName, activityLabel),
    url: '/dashboard',
    tag: `kudos:${kudosId}`,
  }),
  // One tag: a day's notice replaces the day before's on the device.
  passed: (byName: string, byUsername: string): PushPayload => ({
    title: "You've been passed",
    body: `${personName(byName, byUsername)} passed you on today's leaderboard.`,
    url: '/leaderboard',
    tag: 'passed',
  }),
} satisfies Record<string, (...args: never[]) => PushPayload>;

/** Which preference turns each source on or off. */
export const KIND_OF = { nudge: 'nudges', invitation: 'invitations', kudos: 'kudos', passed: 'passed' } as const satisfies Record<keyof typeof pushPayloads, PushKind>;

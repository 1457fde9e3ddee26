import { PULSE_EVENT_TYPES, PULSE_LIMIT, pulseWindow, WEBSOCKET_PATH, type LiveSocketMessage, type PulseEvent } from '@warriors/contracts';
import { parseServerTime } from '../../lib/relative-time';
import { NUDGES } from './nudges';

/** The first reconnect waits about this long; each failure doubles it up to RECONNECT_MAX_MS. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** The nudges a pulse event offers, with the button text, its accessible name and the confirmation. */
export const EVENT_NUDGES = [NUDGES.props, NUDGES.cheer] as const;

const timeOf = (event: PulseEvent) => parseServerTime(event.created_at).getTime();

/**
 * The pulse as it shows: `incoming` and `current` together, one line per id (the incoming copy wins),
 * newest first, at most `limit`, nudges holding no more than the server gives them (`pulseWindow`).
 * Incoming lines come first among equal times: they arrived later.
 */
export function mergePulseEvents(current: readonly PulseEvent[], incoming: readonly PulseEvent[], limit: number = PULSE_LIMIT): PulseEvent[] {
  const seen = new Set<string>();
  const merged: PulseEvent[] = [];
  for (const event of [...incoming, ...current]) {
    if (seen.has(event.id)) continue;
    seen.add(event.id);
    merged.push(event);
  }
  return pulseWindow(
    merged.sort((a, b) => timeOf(b) - timeOf(a)),
    limit,
  );
}

/**
 * One row of the pulse on the page: a run of consecutive lines of one user and one type, told once
 * ('Sam W. ×3 cheered for Maria S. · gave props to Lee'): its messages are the run's distinct ones, newest
 * first, and it is as new as its newest line, whose id its nudges name.
 */
export interface PulseRow {
  /** The run's oldest line's id: it stays when a newer line joins the run on top. */
  key: string;
  newest: PulseEvent;
  count: number;
  messages: string[];
}

/** The pulse (newest first) with each run of one user's lines of one type made one row. */
export function groupPulse(events: readonly PulseEvent[]): PulseRow[] {
  const rows: PulseRow[] = [];
  for (const event of events) {
    const last = rows.at(-1);
    if (last && last.newest.user_id === event.user_id && last.newest.type === event.type) {
      last.count += 1;
      last.key = event.id;
      if (!last.messages.includes(event.message)) last.messages.push(event.message);
      continue;
    }
    rows.push({ key: event.id, newest: event, count: 1, messages: [event.message] });
  }
  return rows;
}

/**
 * How long to wait before reconnect number `attempt` (0 for the first): the doubling ceiling from 1 s to 30 s,
 * of which a random half is waited ("equal jitter"), so a gateway restart is not met by every tab at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** The gateway's socket on the page's own host, secure when the page is; the token rides in the query. */
export function pulseSocketUrl(location: Pick<Location, 'protocol' | 'host'>, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${WEBSOCKET_PATH}?token=${encodeURIComponent(token)}`;
}

/** The message a socket frame carries (a pulse event or a boards change), or null for anything else (other kinds, bad JSON, wrong shape). */
export function liveMessageFrom(frame: unknown): LiveSocketMessage | null {
  if (typeof frame !== 'string') return null;
  let data: unknown;
  try {
    data = JSON.parse(frame);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { kind, payload } = data as { kind?: unknown; payload?: unknown };
  if (kind === 'boards.changed') return { kind };
  if (kind !== 'pulse') return null;
  const event = pulseEventFrom(payload);
  return event ? { kind, payload: event } : null;
}

/**
 * A frame's pulse event with the fields the contracts' PulseEvent names, or null when one is missing or
 * of another type. Checked by hand, as the contracts' schema would (pulse-rules.test.ts holds the two
 * together), because the dashboard's first load carries no schema (docs/decisions.md).
 */
function pulseEventFrom(payload: unknown): PulseEvent | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { id, type, user_id, username, name, message, related_user, created_at } = payload as Record<string, unknown>;
  const isEventType = (value: unknown): value is PulseEvent['type'] => (PULSE_EVENT_TYPES as readonly unknown[]).includes(value);
  if (typeof id !== 'string' || !isEventType(type) || typeof user_id !== 'string' || typeof username !== 'string') return null;
  if (typeof message !== 'string' || typeof created_at !== 'string' || (related_user !== null && typeof related_user !== 'string')) return null;
  if (name !== undefined && typeof name !== 'string') return null;
  return { id, type, user_id, username, ...(name === undefined ? {} : { name }), message, related_user, created_at };
}

/** Spec point 6: nobody nudges themselves, and coach events take no nudges. */
export const canNudge = (event: PulseEvent, currentUserId: string | undefined): boolean => event.type !== 'coach' && event.user_id !== currentUserId;

import { LiveSocketMessage, type PulseEvent } from '@warriors/contracts';
import { pulseEvent } from '../../../test/fixtures';
import { canNudge, groupPulse, liveMessageFrom, mergePulseEvents, pulseSocketUrl, reconnectDelay } from './pulse-rules';

const eventAt = (id: string, minute: number, overrides: Partial<PulseEvent> = {}) =>
  pulseEvent({ id, created_at: `2026-11-24T10:${String(minute).padStart(2, '0')}:00Z`, ...overrides });

const ids = (events: PulseEvent[]) => events.map((event) => event.id);

describe('mergePulseEvents', () => {
  it('keeps one line per id, newest first, the incoming copy winning', () => {
    const current = [eventAt('b', 2), eventAt('a', 1)];
    const merged = mergePulseEvents(current, [eventAt('c', 3), eventAt('a', 1, { message: 'updated' })]);
    expect(ids(merged)).toEqual(['c', 'b', 'a']);
    expect(merged[2]?.message).toBe('updated');
  });

  it('places an event by its time, whatever order it arrives in', () => {
    expect(ids(mergePulseEvents([eventAt('late', 5), eventAt('early', 1)], [eventAt('middle', 3)]))).toEqual(['late', 'middle', 'early']);
  });

  it('reads server times without a zone as UTC', () => {
    const zoneless = eventAt('zoneless', 4, { created_at: '2026-11-24T10:04:00' });
    expect(ids(mergePulseEvents([eventAt('a', 3)], [zoneless, eventAt('b', 5)]))).toEqual(['b', 'zoneless', 'a']);
  });

  it('puts the later arrival first among equal times', () => {
    expect(ids(mergePulseEvents([eventAt('old', 1)], [eventAt('new', 1)]))).toEqual(['new', 'old']);
  });

  it('keeps only the latest 20 by default, or the limit given', () => {
    const many = Array.from({ length: 25 }, (_, minute) => eventAt(`e${minute}`, minute));
    const merged = mergePulseEvents([], many);
    expect(merged).toHaveLength(20);
    expect(merged[0]?.id).toBe('e24');
    expect(merged.at(-1)?.id).toBe('e5');
    expect(ids(mergePulseEvents(many, [], 2))).toEqual(['e24', 'e23']);
  });

  it('leaves its inputs as they were', () => {
    const current = [eventAt('a', 1)];
    mergePulseEvents(current, [eventAt('b', 2)]);
    expect(ids(current)).toEqual(['a']);
  });

  it('keeps the achievements it holds when live nudges pour in: nudges take five of the twenty places', () => {
    const achievements = Array.from({ length: 20 }, (_, minute) => eventAt(`a${minute}`, minute));
    const nudges = Array.from({ length: 10 }, (_, minute) => eventAt(`n${minute}`, 30 + minute, { type: 'encourage', message: 'cheered for maria' }));
    const merged = mergePulseEvents(achievements, nudges);
    expect(ids(merged)).toEqual([...['n9', 'n8', 'n7', 'n6', 'n5'], ...Array.from({ length: 15 }, (_, i) => `a${19 - i}`)]);
  });
});

describe('groupPulse', () => {
  const nudge = (id: string, minute: number, user: string, message: string) => eventAt(id, minute, { type: 'encourage', user_id: `u-${user}`, username: user, message });

  it("tells a run of one user's lines of one kind as one row: its count, its distinct messages newest first, its newest line", () => {
    const rows = groupPulse([
      nudge('n4', 9, 'sam', 'cheered for maria'),
      nudge('n3', 8, 'sam', 'gave props to lee'),
      nudge('n2', 7, 'sam', 'cheered for maria'),
      eventAt('a1', 6, { user_id: 'u-sam', username: 'sam', message: 'earned the First Meeting badge' }),
      nudge('n1', 5, 'sam', 'cheered for maria'),
    ]);
    expect(rows.map(({ key, newest, count, messages }) => ({ key, newest: newest.id, count, messages }))).toEqual([
      { key: 'n2', newest: 'n4', count: 3, messages: ['cheered for maria', 'gave props to lee'] },
      { key: 'a1', newest: 'a1', count: 1, messages: ['earned the First Meeting badge'] },
      { key: 'n1', newest: 'n1', count: 1, messages: ['cheered for maria'] },
    ]);
  });

  it("keeps different users' runs apart", () => {
    expect(groupPulse([nudge('n2', 2, 'sam', 'cheered for maria'), nudge('n1', 1, 'lee', 'cheered for maria')])).toHaveLength(2);
  });
});

describe('reconnectDelay', () => {
  it('waits between half and all of a ceiling doubling from 1 s', () => {
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, () => 0))).toEqual([500, 1_000, 2_000, 4_000]);
    expect([0, 1, 2, 3].map((attempt) => reconnectDelay(attempt, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(reconnectDelay(2, () => 0.5)).toBe(3_000);
  });

  it('never waits longer than 30 s however many attempts failed', () => {
    expect(reconnectDelay(5, () => 1)).toBe(30_000);
    expect(reconnectDelay(60, () => 1)).toBe(30_000);
    expect(reconnectDelay(60, () => 0)).toBe(15_000);
  });
});

describe('pulseSocketUrl', () => {
  it("uses the page's host, wss behind https, and the token in the query", () => {
    expect(pulseSocketUrl({ protocol: 'https:', host: 'warriors.example:8443' }, 'a.b+c')).toBe('wss://warriors.example:8443/ws?token=a.b%2Bc');
    expect(pulseSocketUrl({ protocol: 'http:', host: '127.0.0.1:8080' }, 'tok')).toBe('ws://127.0.0.1:8080/ws?token=tok');
  });
});

describe('liveMessageFrom', () => {
  const event = eventAt('a', 1);

  it('reads a pulse message with its event, and a boards change', () => {
    expect(liveMessageFrom(JSON.stringify({ kind: 'pulse', payload: event }))).toEqual({ kind: 'pulse', payload: event });
    expect(liveMessageFrom(JSON.stringify({ kind: 'boards.changed' }))).toEqual({ kind: 'boards.changed' });
  });

  it('ignores other kinds, malformed payloads, bad JSON and binary frames', () => {
    expect(liveMessageFrom(JSON.stringify({ kind: 'presence', payload: event }))).toBeNull();
    expect(liveMessageFrom(JSON.stringify({ kind: 'pulse', payload: { ...event, type: 'gossip' } }))).toBeNull();
    expect(liveMessageFrom(JSON.stringify({ kind: 'pulse' }))).toBeNull();
    expect(liveMessageFrom('{not json')).toBeNull();
    expect(liveMessageFrom(new ArrayBuffer(4))).toBeNull();
  });

  it("reads every frame as the contracts' LiveSocketMessage schema does", () => {
    const { name: _name, ...nameless } = event;
    const payloads: unknown[] = [
      event,
      nameless,
      { ...event, extra: 'dropped' },
      { ...event, related_user: 'sam' },
      { ...event, related_user: undefined },
      { ...event, name: null },
      { ...event, id: 7 },
      { ...event, created_at: null },
      { ...event, type: 'coach' },
      'event',
      null,
      [],
    ];
    const frames = [
      ...payloads.map((payload) => ({ kind: 'pulse', payload })),
      { kind: 'boards.changed', payload: event },
      { kind: 'boards.changed' },
      { kind: 7 },
      [],
      'pulse',
      3,
      null,
    ];
    for (const frame of frames) {
      const schema = LiveSocketMessage.safeParse(frame);
      expect([frame, liveMessageFrom(JSON.stringify(frame))]).toEqual([frame, schema.success ? schema.data : null]);
    }
  });
});

describe('canNudge', () => {
  it("offers nudges on others' events, never on one's own or on coach events", () => {
    expect(canNudge(eventAt('a', 1), 'u-me')).toBe(true);
    expect(canNudge(eventAt('a', 1, { user_id: 'u-me' }), 'u-me')).toBe(false);
    expect(canNudge(eventAt('a', 1, { type: 'coach' }), 'u-me')).toBe(false);
  });
});

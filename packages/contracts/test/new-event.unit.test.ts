import { DomainEvent, newEvent } from '@warriors/contracts';

describe('newEvent', () => {
  const data = { user_id: 'u1', local_date: '2026-03-02' };

  it('wraps the data in an envelope the contract accepts', () => {
    const event = newEvent('pulse.coached', data, { id: 'e1', at: new Date('2026-03-02T10:00:00Z'), requestId: 'r1' });
    expect(event).toEqual({ id: 'e1', type: 'pulse.coached', v: 1, occurredAt: '2026-03-02T10:00:00.000Z', requestId: 'r1', data });
    expect(DomainEvent.parse(event)).toEqual(event);
  });

  it('keeps a string time as written and leaves out an absent request id', () => {
    const event = newEvent('pulse.coached', data, { id: 'e1', at: '2026-03-02T10:00:00Z', requestId: undefined });
    expect(event.occurredAt).toBe('2026-03-02T10:00:00Z');
    expect('requestId' in event).toBe(false);
  });
});

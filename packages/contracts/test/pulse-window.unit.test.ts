import { pulseNudgeRoom, pulseWindow, type PulseEventType } from '@warriors/contracts';

/** Lines newest first, named by their kind's letter (n a nudge, a an achievement, c a challenge) and position. */
const lines = (kinds: string) =>
  [...kinds].map((kind, index) => ({ id: `${kind}${index}`, type: ({ n: 'encourage', a: 'achievement', c: 'challenge' } as const)[kind as 'n' | 'a' | 'c'] as PulseEventType }));
const ids = (shown: { id: string }[]) => shown.map((line) => line.id).join(' ');

describe('pulseWindow', () => {
  it('gives nudges a quarter of the list, rounded up', () => {
    expect([1, 4, 20, 100].map(pulseNudgeRoom)).toEqual([1, 1, 5, 25]);
  });

  it('keeps older achievements below a burst of nudges, the newest nudges first', () => {
    expect(ids(pulseWindow(lines('nnnnnnnnacaca'), 6))).toBe('n0 n1 a8 c9 a10 c11');
  });

  it('lets nudges fill the places no other line needs', () => {
    expect(ids(pulseWindow(lines('nnnnnan'), 4))).toBe('n0 n1 n2 a5');
    expect(ids(pulseWindow(lines('nnnn'), 3))).toBe('n0 n1 n2');
  });

  it('is the plain newest `limit` when nudges are few', () => {
    expect(ids(pulseWindow(lines('anacaa'), 4))).toBe('a0 n1 a2 c3');
  });
});

import { activityCount, counted, enUsNumber } from './counted';

describe('counted', () => {
  it('agrees the word with the count', () => {
    expect(counted(1, 'conversation')).toBe('1 conversation');
    expect(counted(0, 'conversation')).toBe('0 conversations');
    expect(counted(1250, 'point')).toBe('1,250 points');
    expect(counted(2, 'Past Client Touch', 'Past Client Touches')).toBe('2 Past Client Touches');
  });

  it("uses the catalog's words for activities", () => {
    expect(activityCount(1, 'direct_mail')).toBe('1 Direct Mail');
    expect(activityCount(12, 'direct_mail')).toBe('12 Direct Mailers');
  });
});

describe('enUsNumber', () => {
  it('writes en-US digits with thousands separators', () => {
    expect(enUsNumber(0)).toBe('0');
    expect(enUsNumber(1250)).toBe('1,250');
    expect(enUsNumber(1234567)).toBe('1,234,567');
  });

  it('writes every number as Intl does, whole or not', () => {
    const intl = new Intl.NumberFormat('en-US');
    const samples = [0, -0, 7, -7, 999, 1000, -1000, 99_999, 100_000, 123_456_789, -987_654_321, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
    const unsafe = [2 ** 60, 1.5, -2.25, 1234.5678, 0.1 + 0.2, NaN, Infinity, -Infinity];
    for (const value of [...samples, ...unsafe]) expect(enUsNumber(value)).toBe(intl.format(value));
    for (let value = -20_000; value <= 2_000_000; value += 997) expect(enUsNumber(value)).toBe(intl.format(value));
  });
});

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
});

import { activityCountOnBlur, toggleActivityCount } from './activity-counts';

describe('activity counts', () => {
  it('ticks an activity at 50 and unticking removes it', () => {
    const ticked = toggleActivityCount({}, 'cold_call');
    expect(ticked).toEqual({ cold_call: '50' });
    expect(toggleActivityCount(ticked, 'cold_call')).toEqual({});
  });

  it('turns a blank, invalid or zero count into 50 on blur and caps it at 10000', () => {
    expect(activityCountOnBlur('')).toBe('50');
    expect(activityCountOnBlur('abc')).toBe('50');
    expect(activityCountOnBlur('0')).toBe('50');
    expect(activityCountOnBlur('20000')).toBe('10000');
    expect(activityCountOnBlur('75')).toBe('75');
  });
});

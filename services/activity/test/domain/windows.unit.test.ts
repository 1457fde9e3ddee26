import { funnelWindow, summaryWindow } from '../../src/domain/windows';

describe('summaryWindow', () => {
  it('compares today with yesterday', () => {
    expect(summaryWindow('today', '2025-03-01')).toEqual({
      current: { from: '2025-03-01', to: '2025-03-01' },
      previous: { from: '2025-02-28', to: '2025-02-28' },
    });
  });

  it('compares the last 7 local dates with the 7 before them', () => {
    expect(summaryWindow('7d', '2025-03-12')).toEqual({
      current: { from: '2025-03-06', to: '2025-03-12' },
      previous: { from: '2025-02-27', to: '2025-03-05' },
    });
  });

  it('compares month-to-date with the same span of the previous month', () => {
    expect(summaryWindow('month', '2025-03-12')).toEqual({
      current: { from: '2025-03-01', to: '2025-03-12' },
      previous: { from: '2025-02-01', to: '2025-02-12' },
    });
  });

  it('clamps the previous month span to that month’s last day', () => {
    expect(summaryWindow('month', '2025-03-31').previous).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(summaryWindow('month', '2024-03-30').previous).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('starts the month on the 1st and reaches back into the previous year in January', () => {
    expect(summaryWindow('month', '2025-01-01')).toEqual({
      current: { from: '2025-01-01', to: '2025-01-01' },
      previous: { from: '2024-12-01', to: '2024-12-01' },
    });
  });

  it('has no lower bound and no previous window for all_time', () => {
    expect(summaryWindow('all_time', '2025-03-12')).toEqual({ current: { from: null, to: '2025-03-12' }, previous: null });
  });
});

describe('funnelWindow', () => {
  it.each([
    ['today', '2025-03-12'],
    ['7d', '2025-03-06'],
    ['30d', '2025-02-11'],
  ] as const)('%s starts on %s', (window, from) => {
    expect(funnelWindow(window, '2025-03-12')).toEqual({ from, to: '2025-03-12' });
  });
});

import { durationSeconds, holds, LoadMetrics, parseThresholds, percentile } from '../../scripts/load/metrics';

describe('npm run load’s k6 metrics', () => {
  it('takes percentiles as k6 does, interpolating between the nearest values', () => {
    expect(percentile([10, 20, 30, 40], 50)).toBe(25);
    expect(percentile([10, 20, 30, 40], 99)).toBeCloseTo(39.7);
    expect(percentile([7], 99)).toBe(7);
  });

  it('counts answers outside 200-399 and unanswered requests as failed, per name tag and in total', () => {
    const metrics = new LoadMetrics();
    metrics.record('signup', 201, 5);
    metrics.record('me', 200, 1);
    metrics.record('me', 429, 2);
    metrics.record('me', 302, 3);
    metrics.unanswered = 1;
    expect(metrics.value('http_req_failed', 'rate', 'me')).toBeCloseTo(1 / 3);
    expect(metrics.value('http_req_failed', 'rate')).toBeCloseTo(2 / 5);
    expect(metrics.value('http_reqs', 'count')).toBe(5);
    expect(metrics.value('http_req_duration', 'max', 'me')).toBe(3);
    expect(metrics.value('http_req_duration', 'med')).toBe(2.5);
  });

  it('parses the thresholds of the k6 files and refuses what it could not judge like k6', () => {
    const [threshold] = parseThresholds({ 'http_req_duration{name:log}': ['p(99)<150'] });
    expect(threshold).toEqual({
      key: 'http_req_duration{name:log}',
      metric: 'http_req_duration',
      name: 'log',
      aggregation: 'p(99)',
      operator: '<',
      limit: 150,
      expression: 'p(99)<150',
    });
    expect(holds(threshold!, 149.9)).toBe(true);
    expect(holds(threshold!, 150)).toBe(false);
    expect(() => parseThresholds({ http_req_waiting: ['p(95)<10'] })).toThrow('does not measure http_req_waiting');
    expect(() => parseThresholds({ 'http_req_duration{status:200}': ['p(95)<10'] })).toThrow('not in a form');
    expect(() => parseThresholds({ http_req_failed: ['rate<0.01', 'p(95)<10'] })).toThrow('does not measure http_req_failed p(95)');
  });

  it('reads k6 durations', () => {
    expect(durationSeconds('30s')).toBe(30);
    expect(durationSeconds('1m30s')).toBe(90);
    expect(durationSeconds('500ms')).toBe(0.5);
    expect(() => durationSeconds('30')).toThrow('not a k6 duration');
  });
});

// The k6 metrics `npm run load` judges, gathered from the mirror's requests, and k6's threshold syntax judged against them.

/** What one k6 `name` tag's requests came to (durations in ms, as k6's http_req_duration). */
interface NamedRequests {
  durations: number[];
  failed: number;
}

export class LoadMetrics {
  private readonly byName = new Map<string, NamedRequests>();
  /** Requests that got no answer (connection errors, timeouts): failed, with no duration. */
  unanswered = 0;
  iterationsStarted = 0;
  droppedIterations = 0;

  /** k6 counts an answer outside 200-399 as failed (its default expected statuses). */
  record(name: string, status: number, durationMs: number): void {
    const named = this.byName.get(name) ?? { durations: [], failed: 0 };
    named.durations.push(durationMs);
    if (status < 200 || status > 399) named.failed += 1;
    this.byName.set(name, named);
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  /** A metric's value by k6's aggregation name, e.g. ('http_req_duration', 'p(99)', 'me'). */
  value(metric: string, aggregation: string, name?: string): number {
    const requests = name === undefined ? [...this.byName.values()] : [this.byName.get(name) ?? { durations: [], failed: 0 }];
    const durations = requests.flatMap((r) => r.durations).sort((a, b) => a - b);
    const answered = durations.length;
    // Unanswered requests carry no tag the mirror can read back: they count towards the untagged totals only.
    const unanswered = name === undefined ? this.unanswered : 0;
    switch (`${metric}:${aggregation}`) {
      case 'http_reqs:count':
        return answered + unanswered;
      case 'http_req_failed:rate': {
        const total = answered + unanswered;
        return total === 0 ? 0 : (requests.reduce((sum, r) => sum + r.failed, 0) + unanswered) / total;
      }
      case 'dropped_iterations:count':
        return this.droppedIterations;
      case 'iterations:count':
        return this.iterationsStarted;
    }
    if (metric !== 'http_req_duration') throw new Error(`the mirror cannot judge ${metric} ${aggregation}`);
    if (aggregation === 'avg') return answered === 0 ? 0 : durations.reduce((sum, d) => sum + d, 0) / answered;
    if (aggregation === 'min') return durations[0] ?? 0;
    if (aggregation === 'max') return durations[answered - 1] ?? 0;
    if (aggregation === 'med') return percentile(durations, 50);
    const p = /^p\((\d+(?:\.\d+)?)\)$/.exec(aggregation);
    if (p) return percentile(durations, Number(p[1]));
    throw new Error(`the mirror cannot judge ${metric} ${aggregation}`);
  }
}

/** k6's percentile of a trend: linear interpolation between the two nearest sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const at = (p / 100) * (sorted.length - 1);
  const below = sorted[Math.floor(at)]!;
  const above = sorted[Math.ceil(at)]!;
  return below + (above - below) * (at - Math.floor(at));
}

export interface Threshold {
  /** As written in the k6 options, e.g. `http_req_duration{name:me}`. */
  key: string;
  metric: string;
  /** The `name` tag the metric is filtered on, if any. */
  name?: string;
  aggregation: string;
  operator: '<' | '<=' | '>' | '>=' | '==' | '===' | '!=';
  limit: number;
  /** As written, e.g. `p(99)<150`. */
  expression: string;
}

const METRIC_KEY = /^([a-z_]+)(?:\{name:([^}]+)\})?$/;
const EXPRESSION = /^\s*([a-z]+|p\(\d+(?:\.\d+)?\))\s*(<=|>=|===|==|!=|<|>)\s*(-?\d+(?:\.\d+)?)\s*$/;
const JUDGED: Record<string, readonly string[]> = {
  http_req_duration: ['avg', 'min', 'max', 'med', 'p'],
  http_req_failed: ['rate'],
  http_reqs: ['count'],
  dropped_iterations: ['count'],
  iterations: ['count'],
};

/** Parses k6 thresholds; anything the mirror could not judge the same way k6 does is refused, naming it. */
export function parseThresholds(thresholds: Record<string, readonly string[]>): Threshold[] {
  return Object.entries(thresholds).flatMap(([key, expressions]) =>
    expressions.map((expression) => {
      const metricKey = METRIC_KEY.exec(key);
      const parsed = EXPRESSION.exec(expression);
      if (!metricKey || !parsed) throw new Error(`threshold "${key}: ${expression}" is not in a form the mirror judges (metric{name:tag}: aggregation<op>number)`);
      const [, metric, name] = metricKey;
      const [, aggregation, operator, limit] = parsed;
      const judged = JUDGED[metric!];
      if (!judged?.includes(aggregation!.startsWith('p(') ? 'p' : aggregation!))
        throw new Error(`threshold "${key}: ${expression}": the mirror does not measure ${metric} ${aggregation}`);
      return { key, metric: metric!, name, aggregation: aggregation!, operator: operator as Threshold['operator'], limit: Number(limit), expression };
    }),
  );
}

export function holds(threshold: Threshold, value: number): boolean {
  switch (threshold.operator) {
    case '<':
      return value < threshold.limit;
    case '<=':
      return value <= threshold.limit;
    case '>':
      return value > threshold.limit;
    case '>=':
      return value >= threshold.limit;
    case '==':
    case '===':
      return value === threshold.limit;
    case '!=':
      return value !== threshold.limit;
  }
}

/** "30s", "1m30s", "500ms", "2h" (k6's durations) in seconds. */
export function durationSeconds(duration: string): number {
  const parts = [...duration.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== duration) throw new Error(`"${duration}" is not a k6 duration (e.g. 30s, 1m30s)`);
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600 } as const;
  return parts.reduce((sum, part) => sum + Number(part[1]) * unit[part[2] as keyof typeof unit], 0);
}

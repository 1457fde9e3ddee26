/** The first time an instance is taken out of its pool; each failure after it comes back doubles it. */
export const FIRST_EJECTION_MS = 1_000;
export const MAX_EJECTION_MS = 30_000;

export interface UpstreamPoolOptions {
  firstEjectionMs?: number;
  maxEjectionMs?: number;
  /** The clock, in milliseconds. */
  now?: () => number;
}

interface Health {
  /** Connection failures in a row, each after the instance was back in the pool. */
  failures: number;
  /** Out of the pool until then (a time of `now`); 0 when in it. */
  ejectedUntil: number;
}

/**
 * The instances of one service; requests take them in turn, so an instance can be added to scale out.
 * Passive health: an instance the gateway could not connect to is left out of the turn for a while
 * (1 s, doubling at each failure after it came back, up to 30 s), then tried again by the next request.
 */
export class UpstreamPool {
  private nextIndex = 0;
  private readonly health = new Map<string, Health>();
  private readonly firstEjectionMs: number;
  private readonly maxEjectionMs: number;
  private readonly now: () => number;

  constructor(
    readonly service: string,
    readonly urls: readonly string[],
    options: UpstreamPoolOptions = {},
  ) {
    if (urls.length === 0) throw new Error(`No upstream URL for ${service}`);
    this.firstEjectionMs = options.firstEjectionMs ?? FIRST_EJECTION_MS;
    this.maxEjectionMs = options.maxEjectionMs ?? MAX_EJECTION_MS;
    this.now = options.now ?? Date.now;
    for (const url of urls) this.health.set(url, { failures: 0, ejectedUntil: 0 });
  }

  /** Each instance and whether requests go to it, for the gateway's metrics: 0 while it is ejected. */
  instances(): Array<{ url: string; up: boolean }> {
    return this.urls.map((url) => ({ url, up: !this.isEjected(url) }));
  }

  /**
   * The next instance in turn that is in the pool. When every instance is out, the one due back
   * first: a request that may still succeed beats an instant 503 from a gateway that guessed wrong.
   */
  next(): string {
    return this.pick(this.urls);
  }

  /** Another instance than `url` for a request that could not connect to it (none in a pool of one). */
  alternativeTo(url: string): string | undefined {
    const others = this.urls.filter((other) => other !== url);
    return others.length === 0 ? undefined : this.pick(others);
  }

  /**
   * The gateway could not connect to `url` (refused, unreachable, timed out). Answers how long it
   * is now out of the pool, or null when it already was (the requests in flight when an instance
   * dies all fail together: they count as one failure).
   */
  failedToConnect(url: string): number | null {
    const health = this.healthOf(url);
    if (this.ejected(health)) return null;
    health.failures += 1;
    const ejectionMs = Math.min(this.maxEjectionMs, this.firstEjectionMs * 2 ** (health.failures - 1));
    health.ejectedUntil = this.now() + ejectionMs;
    return ejectionMs;
  }

  /** The gateway connected to `url`. Answers whether it had been failing (it is healthy again). */
  connected(url: string): boolean {
    const health = this.healthOf(url);
    const recovered = health.failures > 0;
    health.failures = 0;
    health.ejectedUntil = 0;
    return recovered;
  }

  /** Whether `url` is out of the pool now. */
  isEjected(url: string): boolean {
    return this.ejected(this.healthOf(url));
  }

  private ejected(health: Health): boolean {
    return health.ejectedUntil > this.now();
  }

  private pick(candidates: readonly string[]): string {
    for (let tried = 0; tried < this.urls.length; tried++) {
      const url = this.urls[this.nextIndex]!;
      this.nextIndex = (this.nextIndex + 1) % this.urls.length;
      if (candidates.includes(url) && !this.isEjected(url)) return url;
    }
    return candidates.reduce((soonest, url) => (this.healthOf(url).ejectedUntil < this.healthOf(soonest).ejectedUntil ? url : soonest));
  }

  private healthOf(url: string): Health {
    const health = this.health.get(url);
    if (!health) throw new Error(`${url} is not an instance of ${this.service}`);
    return health;
  }
}

/** "http://a:1,http://b:2" -> ['http://a:1', 'http://b:2'] */
export function parseUrlList(text: string): string[] {
  return text
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

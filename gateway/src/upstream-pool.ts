/** The instances of one service; requests take them in turn, so an instance can be added to scale out. */
export class UpstreamPool {
  private nextIndex = 0;

  constructor(
    readonly service: string,
    readonly urls: readonly string[],
  ) {
    if (urls.length === 0) throw new Error(`No upstream URL for ${service}`);
  }

  /** Each instance and whether requests go to it, for the gateway's metrics: every configured instance takes requests. */
  instances(): Array<{ url: string; up: boolean }> {
    return this.urls.map((url) => ({ url, up: true }));
  }

  next(): string {
    const url = this.urls[this.nextIndex % this.urls.length]!;
    this.nextIndex = (this.nextIndex + 1) % this.urls.length;
    return url;
  }
}

/** "http://a:1,http://b:2" -> ['http://a:1', 'http://b:2'] */
export function parseUrlList(text: string): string[] {
  return text
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

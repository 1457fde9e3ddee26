import { randomUUID } from 'node:crypto';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A tiny client for the public API, as the browser uses it. */
export function apiClient(baseUrl: string) {
  const call = async <T = any>(method: string, path: string, options: { body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<Answer<T>> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  };
  /**
   * A list the flows poll: undefined on 503 (a dependency briefly away: the boards say so while they
   * are rebuilt), the failing answer itself in the error on anything else than a 200 list.
   */
  const list = async <T = any>(path: string, token?: string): Promise<T[] | undefined> => {
    const answer = await call<T[]>('GET', path, { token });
    if (answer.status === 503) return undefined;
    if (answer.status !== 200 || !Array.isArray(answer.body)) throw new Error(`GET ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
  return {
    call,
    list,
    signup: (overrides: Record<string, unknown> = {}) =>
      call('POST', '/api/signup', {
        body: {
          name: 'Dana Whitfield',
          email: `dana.${randomUUID()}@example.com`,
          password: 'correct horse battery',
          phone: '555-0100',
          company: 'Whitfield CRE',
          city: 'Austin',
          state: 'TX',
          focus_area: 'tenant_rep',
          timezone: 'America/Chicago',
          ...overrides,
        },
      }),
  };
}

// The bench's load: autocannon runs, and the logging load every logging row uses (stack and embedded).
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export interface LoadSettings {
  connections: number;
  durationS: number;
}

export interface Row {
  scenario: string;
  /** Requests answered with a 2xx, per second: a 429 or a 5xx is not throughput. */
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests answered with a 2xx. */
  ok: number;
}

export async function load(settings: LoadSettings, title: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: settings.connections, duration: settings.durationS, ...options });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { scenario: title, rps: Math.round(result['2xx'] / result.duration), p50: result.latency.p50, p99: result.latency.p99, errors, ok: result['2xx'] };
}

/**
 * Types in proportion to their daily ceilings (300 calls, 300 emails, 200 doorknocks, 500 mailers):
 * a warrior takes each in turn, so 1,300 logs a day each stay on the boards, none held.
 */
const TYPES_BY_CEILING = [...Array<string>(3).fill('cold_call'), ...Array<string>(3).fill('email'), ...Array<string>(2).fill('doorknock'), ...Array<string>(5).fill('direct_mail')];

/** Single logs by every warrior in turn, each with its own Idempotency-Key. */
export function loggingLoad(baseUrl: string, tokens: readonly string[]): autocannon.Options {
  let next = 0;
  return {
    url: `${baseUrl}/api/activity`,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const i = next++;
          const round = Math.floor(i / tokens.length);
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % tokens.length]}`, 'idempotency-key': randomUUID() },
            body: JSON.stringify({ activity_type: TYPES_BY_CEILING[round % TYPES_BY_CEILING.length] }),
          };
        },
      },
    ],
  };
}

/** The most logs a warrior can take from loggingLoad in a day before one is held above a ceiling. */
export const LOGS_PER_WARRIOR_UNDER_CEILINGS = TYPES_BY_CEILING.length * 100;

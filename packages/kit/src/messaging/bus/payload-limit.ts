/**
 * NATS's default max_payload. The in-process bus keeps the same limit, so an event too large for
 * the stack is refused embedded too, instead of only showing up in production.
 */
export const DEFAULT_MAX_PAYLOAD_BYTES = 1024 * 1024;

/** A publish no retry can make succeed: the message is larger than the bus takes. */
export class PayloadTooLargeError extends Error {
  constructor(
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(`payload of ${bytes.toLocaleString('en-US')} bytes exceeds the bus limit of ${limit.toLocaleString('en-US')}`);
    this.name = 'PayloadTooLargeError';
  }
}

/**
 * Throws PayloadTooLargeError when `body` plus `overheadBytes` (what the adapter adds on the wire)
 * exceeds `limit`. A UTF-8 byte is at most three UTF-16 units, so a body well under the limit is
 * passed without counting its bytes.
 */
export function assertFits(body: string, limit: number, overheadBytes = 0): void {
  if (body.length * 3 + overheadBytes <= limit) return;
  const bytes = Buffer.byteLength(body) + overheadBytes;
  if (bytes > limit) throw new PayloadTooLargeError(bytes, limit);
}

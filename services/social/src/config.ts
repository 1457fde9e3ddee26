import { z } from 'zod';
import { ServiceProcessEnv, unsetWhenEmpty } from '@warriors/kit';
import { DEFAULT_SOCKET_LIMITS } from './live/socket-hub';
import { DEFAULT_NUDGES_PER_MINUTE } from './use-cases/send-nudge.use-case';
import type { VapidKeys } from './use-cases/push-sender';

// A P-256 public key is 65 bytes (87 base64url characters), its private key 32 (43): checked at start,
// so a key pasted short stops the process instead of failing at the first notification.
const vapidKey = (name: string, length: number) =>
  unsetWhenEmpty(
    z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/, `${name} must be base64url (npx web-push generate-vapid-keys)`)
      .length(length, `${name} must be ${length} base64url characters (npx web-push generate-vapid-keys)`)
      .optional(),
  );

/**
 * Web Push's VAPID keys and contact: all three, or none (push is then off and says so). Read by the
 * social process and by the embedded process alike; checkVapidEnv holds them together.
 */
export const PushEnvShape = {
  VAPID_PUBLIC_KEY: vapidKey('VAPID_PUBLIC_KEY', 87),
  VAPID_PRIVATE_KEY: vapidKey('VAPID_PRIVATE_KEY', 43),
  VAPID_SUBJECT: unsetWhenEmpty(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'VAPID_SUBJECT must be a mailto: address or an https URL')
      .optional(),
  ),
};

type VapidEnv = { VAPID_PUBLIC_KEY?: string | undefined; VAPID_PRIVATE_KEY?: string | undefined; VAPID_SUBJECT?: string | undefined };

export function checkVapidEnv(env: VapidEnv, ctx: z.RefinementCtx): void {
  const given = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT].filter((v) => v !== undefined).length;
  if (given !== 0 && given !== 3) ctx.addIssue({ code: 'custom', message: 'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT go together: set all three or none' });
}

/** The keys push signs with, or undefined: push is off. */
export function vapidKeys(env: VapidEnv): VapidKeys | undefined {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY || !env.VAPID_SUBJECT) return undefined;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT };
}

/** The social process reads the service settings plus its live socket's limits (per socket, per account, per process), the nudge rate and push's keys. */
export const SocialProcessEnv = ServiceProcessEnv.extend({
  SOCIAL_HEARTBEAT_MS: z.coerce.number().int().positive().default(DEFAULT_SOCKET_LIMITS.heartbeatMs),
  SOCIAL_SOCKET_BUFFER_BYTES: z.coerce.number().int().positive().default(DEFAULT_SOCKET_LIMITS.maxBufferedBytes),
  SOCIAL_SOCKETS_PER_ACCOUNT: z.coerce.number().int().positive().default(DEFAULT_SOCKET_LIMITS.maxPerAccount),
  SOCIAL_MAX_SOCKETS: z.coerce.number().int().positive().default(DEFAULT_SOCKET_LIMITS.maxSockets),
  SOCIAL_NUDGES_PER_MINUTE: z.coerce.number().int().positive().default(DEFAULT_NUDGES_PER_MINUTE),
  ...PushEnvShape,
}).superRefine(checkVapidEnv);
export type SocialProcessEnv = z.infer<typeof SocialProcessEnv>;

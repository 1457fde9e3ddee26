import { z } from 'zod';
import { MAIL_PREFERENCE_KINDS, type MailPreferenceKind } from './account-values';

/**
 * Mail (issue 40): what the product writes to a broker's address, who asks for it and what a broker
 * may switch off. The mail service owns the queue, the templates and the preferences; the services
 * whose change causes a mail publish `mail.requested` from their outbox in the same transaction.
 */

/** Every mail the product sends. */
export const MAIL_KINDS = [
  'verify_email',
  'password_reset',
  'password_changed',
  'email_change_confirm',
  'email_change_notice',
  'challenge_invitation',
  'weekly_recap',
  'daily_digest',
] as const;
export const MailKind = z.enum(MAIL_KINDS);
export type MailKind = z.infer<typeof MailKind>;

/** Account mails: sent whatever the preferences say, and never carry List-Unsubscribe. */
export const ACCOUNT_MAIL_KINDS = ['verify_email', 'password_reset', 'password_changed', 'email_change_confirm', 'email_change_notice'] as const satisfies readonly MailKind[];

/** The mail kind each preference covers. */
export const MAIL_PREFERENCE_OF: Partial<Record<MailKind, MailPreferenceKind>> = {
  weekly_recap: 'weekly_recap',
  daily_digest: 'daily_digest',
  challenge_invitation: 'invitations',
};

export const MailPreferences = z.object({ weekly_recap: z.boolean(), daily_digest: z.boolean(), invitations: z.boolean() }).strict();
export type MailPreferences = z.infer<typeof MailPreferences>;
export const DEFAULT_MAIL_PREFERENCES: MailPreferences = { weekly_recap: true, daily_digest: true, invitations: true };

/** RFC 8058's one-click POST sends `List-Unsubscribe=One-Click` as a form; the web's page sends JSON. Either way the token is in the query. */
export const UnsubscribeQuery = z.object({ token: z.string({ message: 'token is required' }).min(1, 'token is required').max(2000) });
export const UnsubscribeResponse = z.object({ detail: z.string(), kind: z.enum(MAIL_PREFERENCE_KINDS) });
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;

/** The challenge as an invitation mail names it: what its public invitation card shows, nothing more. */
export const InvitedChallenge = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  start_at: z.string(),
  end_at: z.string(),
});

const Token = z.string().min(1);

/**
 * What a service asks the mail service to send, as `mail.requested` carries it. Links are built by
 * the mail service from PUBLIC_URL: a request carries the token or id a link needs, never an origin.
 */
export const MailRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('verify_email'), to: z.string(), user_id: z.string(), name: z.string(), token: Token }),
  z.object({ kind: z.literal('password_reset'), to: z.string(), user_id: z.string(), name: z.string(), token: Token }),
  z.object({ kind: z.literal('password_changed'), to: z.string(), user_id: z.string(), name: z.string() }),
  /** To the new address: the link that applies the change. */
  z.object({ kind: z.literal('email_change_confirm'), to: z.string(), user_id: z.string(), name: z.string(), new_email: z.string(), token: Token }),
  /** To the old address: a change was asked for (nothing to click). */
  z.object({ kind: z.literal('email_change_notice'), to: z.string(), user_id: z.string(), name: z.string(), new_email: z.string() }),
  /** To an invited address, account or not; `invitee_name` is the name the host typed, if any. */
  z.object({
    kind: z.literal('challenge_invitation'),
    to: z.string(),
    user_id: z.null(),
    invitee_name: z.string().nullable(),
    host_name: z.string(),
    challenge: InvitedChallenge,
  }),
]);
export type MailRequest = z.infer<typeof MailRequest>;

/** What the mail service keeps of an address once its owner verified it: the digests' recipients. */
export const VerifiedAddress = z.object({ user_id: z.string(), email: z.string() });

/** social answers what the daily digest needs: whether the broker has a push device, and the nudges unread since `since`. */
export const MailDigestSocialRequest = z.object({ user_id: z.string(), since: z.string() });
export const MailDigestSocialReply = z.object({
  has_push_device: z.boolean(),
  nudges: z.array(z.object({ from_name: z.string(), type: z.string(), message: z.string(), created_at: z.string() })).max(50),
});
export type MailDigestSocialReply = z.infer<typeof MailDigestSocialReply>;

/** challenges answers a user's pending invitations created since `since`. */
export const PendingInvitesRequest = z.object({ user_id: z.string(), since: z.string() });
export const PendingInvitesReply = z.array(z.object({ challenge_id: z.number().int(), challenge_name: z.string(), from_name: z.string(), created_at: z.string() })).max(50);
export type PendingInvitesReply = z.infer<typeof PendingInvitesReply>;

/** gamification answers a user's weekly recap (the last complete local week), as GET /api/recap/weekly does. */
export const WeeklyRecapRequest = z.object({ user_id: z.string() });

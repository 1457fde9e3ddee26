import { z } from 'zod';
import { ServiceProcessEnv, unsetWhenEmpty } from '@warriors/kit';

/** What mails say they are from when MAIL_FROM is unset: a relay that checks SPF wants the deployment's own. */
export const DEFAULT_MAIL_FROM = 'Prospect Warriors <no-reply@localhost>';

/** Where mails go and what they say they are from, as the mail process and the embedded process read them. */
export const MailEnv = z.object({
  /** smtp:// or smtps://, credentials in the URL; unset: each mail is written as an .eml file under MAIL_DIR. */
  SMTP_URL: unsetWhenEmpty(z.url({ protocol: /^smtps?$/, message: 'SMTP_URL must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: unsetWhenEmpty(z.string().min(3).default(DEFAULT_MAIL_FROM)),
  /** The origin every link in a mail points at (the product's public address). */
  PUBLIC_URL: unsetWhenEmpty(z.url({ protocol: /^https?$/, message: 'PUBLIC_URL must be an http(s) URL' }).optional()),
});
export type MailEnv = z.infer<typeof MailEnv>;

export const MailProcessEnv = ServiceProcessEnv.extend({
  ...MailEnv.shape,
  PUBLIC_URL: z.url({ protocol: /^https?$/, message: 'PUBLIC_URL must be an http(s) URL' }),
  MAIL_DIR: z.string().default('./data/mail'),
});
export type MailProcessEnv = z.infer<typeof MailProcessEnv>;

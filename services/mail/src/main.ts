import { runServiceProcess } from '@warriors/kit';
import { MailProcessEnv } from './config';
import { createMailService, type MailSettings } from './service';

void runServiceProcess<{ mail: MailSettings }, typeof MailProcessEnv>('mail', createMailService, {
  env: MailProcessEnv,
  extraPorts: (config) => ({
    ports: { mail: { smtpUrl: config.SMTP_URL, mailDir: config.MAIL_DIR, from: config.MAIL_FROM, publicUrl: config.PUBLIC_URL } },
    close: async () => undefined,
  }),
});

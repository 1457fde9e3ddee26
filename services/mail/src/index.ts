export { createMailService, type MailPorts, type MailSettings } from './service';
export { DEFAULT_MAIL_FROM, MailEnv } from './config';

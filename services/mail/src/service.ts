import path from 'node:path';
import type { Kysely } from 'kysely';
import { consumeUserEvents, createApp, migrate, recordDeadLetter, requireAuth, type Service, type ServicePorts, type Subscription } from '@warriors/kit';
import { DEFAULT_DELIVERY_POLICY, type DeliveryPolicy } from './domain/delivery-policy';
import { consumeMailRequests } from './events/mail-requests.consumer';
import { USERS_DURABLE, userEventHooks } from './events/user-events.consumer';
import { mailRoutes } from './routes/mail.routes';
import { linkKey } from './store/link-keys.store';
import { SCHEMA, type MailDatabase } from './store/schema';
import { projectedUsers } from './store/users.store';
import { createDelivery } from './use-cases/deliver-mails';
import { fileTransport, smtpTransport, type MailTransport } from './use-cases/mail-transport';
import { mailQueue } from './use-cases/mail-queue';
import { mailPreferences } from './use-cases/preferences';
import { queueRequestedMail } from './use-cases/queue-requested-mail';
import { createDigests } from './use-cases/send-digests';
import { rememberVerifiedAddress } from './use-cases/user-events';

/** src/ under jest and tsx, dist/ once built: both sit one level below the package root. */
const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

/** Where mails go and what links point at; everything else has a default. */
export interface MailSettings {
  /** SMTP_URL; unset: the file transport under `mailDir`. */
  smtpUrl?: string;
  mailDir: string;
  from: string;
  /** The origin of every link (PUBLIC_URL); a function where it is known only once the product listens (embedded mode's own address). */
  publicUrl: string | (() => string);
  /** Retry and give-up times (tests shorten them). */
  policy?: Partial<DeliveryPolicy>;
  /** How often the sender looks at the queue, and the digests at the brokers. */
  deliveryPollMs?: number;
  digestPollMs?: number;
}

export type MailPorts = ServicePorts & { mail: MailSettings };

/** The domain of an address like 'Name <no-reply@example.com>': Message-IDs are made under the sender's domain. */
const domainOf = (from: string): string => /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';

export function createMailService(ports: MailPorts): Service {
  const { bus, clock, logger, tokens, mail: settings } = ports;
  const db = ports.database.db as Kysely<MailDatabase>;
  const transport: MailTransport = settings.smtpUrl ? smtpTransport(settings.smtpUrl) : fileTransport(settings.mailDir, logger);
  const delivery = createDelivery({
    db,
    clock,
    logger,
    metrics: ports.metrics,
    transport,
    policy: { ...DEFAULT_DELIVERY_POLICY, ...settings.policy },
    from: settings.from,
    pollMs: settings.deliveryPollMs ?? 5_000,
  });
  let key: Promise<Buffer> | undefined;
  const unsubscribeKey = () => (key ??= linkKey(db, 'unsubscribe'));
  const queue = mailQueue({
    clock,
    publicUrl: typeof settings.publicUrl === 'string' ? () => settings.publicUrl as string : settings.publicUrl,
    messageIdDomain: domainOf(settings.from),
    linkKey: unsubscribeKey,
    kick: delivery.kick,
  });
  const digests = createDigests({ db, bus, clock, logger, queue, pollMs: settings.digestPollMs ?? 60_000 });
  const queueRequested = queueRequestedMail({ db, queue, logger });
  const app = createApp({
    metrics: ports.metrics,
    logger,
    corsOrigins: ports.corsOrigins,
    readiness: [{ name: 'database', check: () => ports.database.ping() }],
    routes: [mailRoutes(mailPreferences({ db, clock, linkKey: unsubscribeKey }), requireAuth(tokens, { isRevoked: (user) => projectedUsers.refusesToken(db, user) }))],
  });
  let subscriptions: Subscription[] = [];

  return {
    name: 'mail',
    app,
    async start() {
      await migrate(ports.database, SCHEMA, MIGRATIONS_DIR, { shared: projectedUsers.migrations });
      bus.onDeadLetter((letter) => recordDeadLetter(db, SCHEMA, letter, clock.now()));
      const hooks = userEventHooks((event) => (event.type === 'user.email_verified' ? rememberVerifiedAddress(db, event) : undefined));
      subscriptions = await Promise.all([consumeUserEvents(bus, USERS_DURABLE, { db, clock, users: projectedUsers, hooks }), consumeMailRequests(bus, queueRequested)]);
      delivery.start();
      digests.start();
      logger.info(`mail goes to ${transport.describe}`);
    },
    async stop() {
      await Promise.all(subscriptions.map((s) => s.stop()));
      subscriptions = [];
      await digests.stop();
      await delivery.stop();
      transport.close();
    },
  };
}

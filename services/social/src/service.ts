import path from 'node:path';
import type { Kysely } from 'kysely';
import { consumeUserEvents, createApp, migrate, recordDeadLetter, requireAuth, type Service, type ServicePorts, type Subscription } from '@warriors/kit';
import { listenDeletedAccounts, listenRevokedSessions } from './events/ended-sessions.listener';
import { listenLiveBoards } from './events/live-boards.listener';
import { listenLivePulse } from './events/live-pulse.listener';
import { linesMadeDuringOutage } from './use-cases/replay-missed-lines.use-case';
import { consumePulseSources } from './events/pulse-sources.consumer';
import { consumePushSources } from './events/push-sources.consumer';
import { USERS_DURABLE, userEventHooks } from './events/user-events.consumer';
import { createSocketHub, DEFAULT_SOCKET_LIMITS, type SocketLimits } from './live/socket-hub';
import { pushRoutes } from './routes/push.routes';
import { answerSocialQuestions } from './routes/social.replies';
import { socialRoutes } from './routes/social.routes';
import { SCHEMA, type SocialDatabase } from './store/schema';
import { projectedUsers } from './store/users.store';
import { getMailDigest } from './use-cases/get-mail-digest.use-case';
import { getPublicProfile } from './use-cases/get-public-profile.use-case';
import { listNudges } from './use-cases/list-nudges.use-case';
import { listPulseLines } from './use-cases/list-pulse-lines.use-case';
import { createPulseLines } from './use-cases/pulse-lines';
import { createPush, type PushSettings } from './use-cases/push';
import { pushFromEvents } from './use-cases/push-notices';
import { readNudge } from './use-cases/read-nudge.use-case';
import { recordPulseLines } from './use-cases/record-pulse-line.use-case';
import { DEFAULT_NUDGES_PER_MINUTE, sendNudge } from './use-cases/send-nudge.use-case';
import { createRetention } from './use-cases/retention';
import { createUserDirectory } from './use-cases/user-directory';

/** src/ under jest and tsx, dist/ once built: both sit one level below the package root. */
const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

export type SocialPorts = ServicePorts & {
  /** The live socket's heartbeat, send buffer, frame and socket-count limits (tests make them small). */
  socketLimits?: Partial<SocketLimits>;
  nudgesPerMinute?: number;
  /** Web Push's keys (none: push is off) and the tests' loopback allowance and poll. */
  push?: PushSettings;
};

export function createSocialService(ports: SocialPorts): Service {
  const { bus, clock, logger, tokens } = ports;
  const db = ports.database.db as Kysely<SocialDatabase>;
  const directory = createUserDirectory({ db, bus, clock });
  const lines = createPulseLines({ bus, clock, logger });
  const pulse = { onSourceEvents: recordPulseLines({ db, clock, directory, lines }), recent: listPulseLines({ db }) };
  const retention = createRetention({ db, clock, logger });
  const pushSettings = ports.push ?? {};
  const push = createPush({ db, clock, logger, settings: pushSettings, users: directory });
  const nudges = {
    send: sendNudge({ db, clock, directory, pulse: lines, push, nudgesPerMinute: ports.nudgesPerMinute ?? DEFAULT_NUDGES_PER_MINUTE }),
    read: readNudge({ db }),
    inbox: listNudges({ db }),
  };
  const hub = createSocketHub({
    limits: { ...DEFAULT_SOCKET_LIMITS, ...ports.socketLimits },
    allowedOrigins: ports.corsOrigins ?? [],
    clock,
    logger,
    verify: (token) => {
      try {
        const verified = tokens.verify(token);
        return { userId: verified.id, credentialVersion: verified.credentialVersion, expiresAt: verified.expiresAt };
      } catch {
        return null;
      }
    },
    isRevoked: (claims) => projectedUsers.refusesToken(db, { id: claims.userId, credentialVersion: claims.credentialVersion }),
  });
  ports.metrics.gaugeOf('social_open_sockets', 'Live sockets (/ws) open on this process', hub.size);
  const app = createApp({
    metrics: ports.metrics,
    logger,
    corsOrigins: ports.corsOrigins,
    readiness: [{ name: 'database', check: () => ports.database.ping() }],
    routes: [
      socialRoutes({ pulse, nudges, publicProfile: getPublicProfile({ bus }) }, requireAuth(tokens, { isRevoked: (user) => projectedUsers.refusesToken(db, user) })),
      pushRoutes(push, requireAuth(tokens, { isRevoked: (user) => projectedUsers.refusesToken(db, user) }), { allowLoopbackHttp: pushSettings.allowLoopbackHttp ?? false }),
    ],
  });
  let subscriptions: Subscription[] = [];

  return {
    name: 'social',
    app,
    onUpgrade: hub.onUpgrade,
    async start() {
      await migrate(ports.database, SCHEMA, MIGRATIONS_DIR, { shared: projectedUsers.migrations });
      bus.onDeadLetter((letter) => recordDeadLetter(db, SCHEMA, letter, clock.now()));
      retention.start();
      push.start();
      subscriptions = (
        await Promise.all([
          listenLivePulse({ bus, hub, logger, linesMadeDuringOutage: linesMadeDuringOutage({ db, clock }), announce: lines.announce }),
          listenDeletedAccounts({ bus, hub, logger }),
          listenRevokedSessions({ bus, hub, logger }),
          listenLiveBoards({ bus, hub, logger }),
          consumePulseSources({ bus, pulse }),
          consumePushSources({ bus, apply: pushFromEvents({ db, clock, directory, push }) }),
          consumeUserEvents(bus, USERS_DURABLE, { db, clock, users: projectedUsers, hooks: userEventHooks(bus) }),
          answerSocialQuestions(bus, { mailDigest: getMailDigest({ db, push }) }),
        ])
      ).flat();
    },
    async stop() {
      retention.stop();
      await Promise.all(subscriptions.map((s) => s.stop()));
      subscriptions = [];
      await push.stop();
      await hub.close();
    },
  };
}

import { effectSourcesOf, inProcessLeaderboard, type Service, type ServicePorts } from '@warriors/kit';
import { createActivityService } from '@warriors/activity';
import { createAuthService } from '@warriors/auth';
import { createCampaignsService } from '@warriors/campaigns';
import { createChallengesService } from '@warriors/challenges';
import { createCoachingService, type ModelSettings } from '@warriors/coaching';
import { createGamificationService } from '@warriors/gamification';
import { createMailService, type MailSettings } from '@warriors/mail';
import { createSocialService, type VapidKeys } from '@warriors/social';
import { SERVICE_REGISTRY, type ServiceName } from './route-table';

/**
 * In one process the consumers cannot be down, only slow (every service shares one CPU and PGlite's
 * one connection), so a log may wait longer for its badges and goal popups; it still answers as soon
 * as both have replied, which is milliseconds when the machine is not saturated.
 */
export const EMBEDDED_EFFECTS_WAIT_MS = 2000;

/**
 * How to build each service of the registry inside the embedded process (in stack mode each
 * service's main.ts builds its adapters instead). test/architecture/registry.unit.test.ts checks
 * that every registry service has one.
 */
/** What the embedded process hands every factory: the ports, and the settings of the one service that needs them. */
export type EmbeddedPorts = ServicePorts & { model?: ModelSettings; vapid?: VapidKeys | undefined; mail: MailSettings };

export const SERVICES: Record<ServiceName, { create: (ports: EmbeddedPorts) => Service }> = {
  auth: { create: createAuthService },
  // A log gathers the effects of the services the registry marks as answering them (badges, rank change, milestones...).
  activity: {
    create: (ports) => createActivityService({ ...ports, effectSources: effectSourcesOf(SERVICE_REGISTRY), effectsWaitMs: EMBEDDED_EFFECTS_WAIT_MS }),
  },
  gamification: {
    // The in-process sorted sets start empty: they are rebuilt from the ledger before consuming.
    create: (ports) => createGamificationService({ ...ports, leaderboard: inProcessLeaderboard(ports.clock) }),
  },
  campaigns: { create: createCampaignsService },
  challenges: {
    // Its own in-process boards (one per challenge), rebuilt from the members' points at start.
    create: (ports) => createChallengesService({ ...ports, leaderboard: inProcessLeaderboard(ports.clock) }),
  },
  // One instance: the in-process bus's transient subject reaches its own sockets.
  // Push's keys from the embedded process's VAPID_* variables (EmbeddedEnv), as the social process reads them.
  social: { create: (ports) => createSocialService({ ...ports, push: { keys: ports.vapid } }) },
  // The OPENAI_* variables of the embedded process (EmbeddedEnv); none: the coaching routes answer 503.
  coaching: { create: createCoachingService },
  // SMTP_URL, MAIL_FROM and PUBLIC_URL of the embedded process (EmbeddedEnv); no SMTP_URL: .eml files under DATA_DIR/mail.
  mail: { create: createMailService },
};

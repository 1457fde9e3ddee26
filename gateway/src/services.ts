import type { Service, ServicePorts } from '@warriors/kit';
import { createActivityService, PRODUCT_EFFECT_SOURCES } from '@warriors/activity';
import { createAuthService } from '@warriors/auth';
import { createCampaignsService } from '@warriors/campaigns';
import { createGamificationService, createMemoryLeaderboardStore } from '@warriors/gamification';
import type { ServiceName } from './route-table';

/**
 * How to build each service inside the embedded process, and the port its own process listens on
 * in stack mode (where each service's main.ts builds its adapters instead).
 */
/**
 * In one process the consumers cannot be down, only slow (every service shares one CPU and PGlite's
 * one connection), so a log may wait longer for its badges and goal popups; it still answers as soon
 * as both have replied, which is milliseconds when the machine is not saturated.
 */
export const EMBEDDED_EFFECTS_WAIT_MS = 2000;

export const SERVICES: Record<ServiceName, { create: (ports: ServicePorts) => Service; stackPort: number }> = {
  auth: { create: createAuthService, stackPort: 4001 },
  // A log gathers the effects of gamification (badges, rank change) and campaigns (milestones, completion).
  activity: {
    create: (ports) => createActivityService({ ...ports, effectSources: PRODUCT_EFFECT_SOURCES, effectsWaitMs: EMBEDDED_EFFECTS_WAIT_MS }),
    stackPort: 4002,
  },
  gamification: {
    // The in-process sorted sets start empty: they are rebuilt from the ledger before consuming.
    create: (ports) =>
      createGamificationService({ ...ports, leaderboard: createMemoryLeaderboardStore({ now: () => ports.clock.now().getTime() }), rebuildOnStart: true }),
    stackPort: 4003,
  },
  campaigns: { create: createCampaignsService, stackPort: 4004 },
};

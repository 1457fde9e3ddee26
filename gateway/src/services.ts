import type { Service, ServicePorts } from '@warriors/kit';
import { createActivityService } from '@warriors/activity';
import { createAuthService } from '@warriors/auth';
import { createGamificationService, createMemoryLeaderboardStore } from '@warriors/gamification';
import type { ServiceName } from './route-table';

/**
 * How to build each service inside the embedded process, and the port its own process listens on
 * in stack mode (where each service's main.ts builds its adapters instead).
 */
export const SERVICES: Record<ServiceName, { create: (ports: ServicePorts) => Service; stackPort: number }> = {
  auth: { create: createAuthService, stackPort: 4001 },
  activity: { create: createActivityService, stackPort: 4002 },
  gamification: {
    // The in-process sorted sets start empty: they are rebuilt from the ledger before consuming.
    create: (ports) =>
      createGamificationService({ ...ports, leaderboard: createMemoryLeaderboardStore({ now: () => ports.clock.now().getTime() }), rebuildOnStart: true }),
    stackPort: 4003,
  },
};

import type { Service, ServicePorts } from '@warriors/kit';
import { createAuthService } from '@warriors/auth';
import type { ServiceName } from './route-table';

/** How to build each service in the embedded process, and where it listens in stack mode. */
export const SERVICES: Record<ServiceName, { create: (ports: ServicePorts) => Service; stackPort: number }> = {
  auth: { create: createAuthService, stackPort: 4001 },
};

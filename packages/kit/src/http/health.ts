import { Router } from 'express';

/** A named check for /readyz: resolves true when the dependency answers. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<boolean>;
}

const CHECK_TIMEOUT_MS = 1000;

async function runCheck(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check.check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(checks: ReadinessCheck[]): Promise<{ ready: boolean; checks: Record<string, boolean> }> {
  const results = await Promise.all(checks.map(async (c) => [c.name, await runCheck(c)] as const));
  return { ready: results.every(([, ok]) => ok), checks: Object.fromEntries(results) };
}

/** /healthz: the process is alive. /readyz: every dependency answers (503 otherwise). */
export function healthRouter(checks: ReadinessCheck[]): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const result = await readiness(checks);
    res.status(result.ready ? 200 : 503).json({ status: result.ready ? 'ready' : 'not ready', checks: result.checks });
  });
  return router;
}

/**
 * Lighthouse scores of /auth and /dashboard, mobile and desktop, against a running product:
 *   LIGHTHOUSE=/work/lh/node_modules/.bin/lighthouse BASE_URL=http://127.0.0.1:8080 npx tsx scripts/lighthouse.ts
 * Lighthouse is not a dependency of the repository (it is large and only measures): install it anywhere,
 * e.g. `npm install --prefix /work/lh lighthouse`. It drives Debian's Chromium (CHROMIUM_PATH).
 *
 * /dashboard needs a session: a new broker is signed up and its token put in the profile's
 * localStorage (where the web keeps it) before Lighthouse runs, which is then told not to reset storage.
 * The profile's HTTP cache is emptied after seeding, so every run is a first load.
 * REPORTS_DIR=<folder> keeps each full report there (open it in Lighthouse's viewer).
 * ONLY=/dashboard:mobile (comma-separated route:form pairs) measures only those, for alternated comparisons.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';

const run = promisify(execFile);
const baseUrl = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const lighthouse = process.env.LIGHTHOUSE ?? 'lighthouse';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Report {
  categories: Record<(typeof CATEGORIES)[number], { score: number; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { displayValue?: string; score: number | null }>;
}

/** The audits that cost points outside performance, whose own opportunities are in its metrics. */
const failedAudits = (report: Report): string[] =>
  CATEGORIES.filter((category) => category !== 'performance').flatMap((category) =>
    report.categories[category].auditRefs.filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score !== null && (report.audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id),
  );

async function signUp(): Promise<string> {
  const res = await fetch(`${baseUrl}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Lighthouse Broker',
      email: `lighthouse-${Date.now()}@example.com`,
      password: 'lighthouse-pass-1',
      focus_area: 'tenant_rep',
      // The zone Chromium runs in here: the broker's device agrees with their profile, as it usually does
      // (otherwise the dashboard opens with the prompt to switch zones).
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A Chromium profile whose localStorage holds the token (or nothing) and whose cache is empty. */
async function seededProfile(token: string | undefined): Promise<string> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'lighthouse-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate((value) => (value ? localStorage.setItem('token', value) : localStorage.clear()), token);
  await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
  await context.close();
  return profile;
}

async function measure(route: string, formFactor: 'mobile' | 'desktop', token: string | undefined): Promise<Report> {
  const profile = await seededProfile(token);
  const output = path.join(profile, 'report.json');
  try {
    await run(
      lighthouse,
      [
        `${baseUrl}${route}`,
        `--only-categories=${CATEGORIES.join(',')}`,
        ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
        '--disable-storage-reset',
        `--chrome-flags=${[...CHROME_FLAGS, `--user-data-dir=${profile}`].join(' ')}`,
        '--output=json',
        `--output-path=${output}`,
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: chromiumPath }, maxBuffer: 64 * 1024 * 1024 },
    );
    if (process.env.REPORTS_DIR) {
      await mkdir(process.env.REPORTS_DIR, { recursive: true });
      await copyFile(output, path.join(process.env.REPORTS_DIR, `${route.slice(1)}-${formFactor}.json`));
    }
    return JSON.parse(await readFile(output, 'utf8')) as Report;
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const token = await signUp();
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  console.log('route       form     perf  a11y  bp    seo   FCP     LCP     TBT     CLS');
  const only = process.env.ONLY?.split(',');
  for (const route of ['/auth', '/dashboard']) {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      if (only && !only.includes(`${route}:${formFactor}`)) continue;
      const report = await measure(route, formFactor, route === '/auth' ? undefined : token);
      const scores = CATEGORIES.map((category) => String(Math.round(report.categories[category].score * 100)).padEnd(6));
      const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map((id) =>
        (report.audits[id]?.displayValue ?? '').padEnd(8),
      );
      const failed = failedAudits(report);
      console.log(`${route.padEnd(12)}${formFactor.padEnd(9)}${scores.join('')}${metrics.join('')}${failed.length > 0 ? `failed: ${failed.join(', ')}` : ''}`);
    }
  }
  console.log(
    `load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

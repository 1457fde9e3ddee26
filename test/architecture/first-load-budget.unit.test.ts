import { rm } from 'node:fs/promises';
import { buildWeb, FIRST_LOAD_BUDGET, firstLoads, type FirstLoad } from '../../scripts/first-load';

const CHARTS = 'src/features/stats/Charts.tsx';

describe('the web build', () => {
  let outDir: string;
  let loads: Map<string, FirstLoad>;

  beforeAll(async () => {
    outDir = await buildWeb();
    loads = await firstLoads(outDir);
  }, 180_000);

  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it("keeps the JavaScript of /auth's first load within its budget, brotli- and gzip-compressed as served", () => {
    const auth = loads.get(FIRST_LOAD_BUDGET.screen);
    expect(auth).toBeDefined();
    expect(auth!.sizes.brotli).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.brotliBytes);
    expect(auth!.sizes.gzip).toBeLessThanOrEqual(FIRST_LOAD_BUDGET.gzipBytes);
  });

  it('loads only the screen shown: no screen behind sign-in and no chart.js with the sign-in page, no chart.js with any', () => {
    expect(loads.get(FIRST_LOAD_BUDGET.screen)!.chunks.filter((chunk) => /(?:Screen|Charts)\.tsx$/.test(chunk))).toEqual([FIRST_LOAD_BUDGET.screen]);
    expect(loads.size).toBeGreaterThan(5);
    for (const { chunks } of loads.values()) expect(chunks).not.toContain(CHARTS);
  });
});

import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
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

  it('ships no zod: the screens read the contracts\' plain values, never a schema (docs/decisions.md, "The signed-in screens load no schema")', async () => {
    const assets = path.join(outDir, 'assets');
    const scripts = (await readdir(assets)).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    const withZod: string[] = [];
    for (const file of scripts) if ((await readFile(path.join(assets, file), 'utf8')).includes('ZodError')) withZod.push(file);
    expect(withZod).toEqual([]);
  });
});

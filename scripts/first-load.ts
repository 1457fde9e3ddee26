/**
 * What each screen's first load costs in JavaScript: the entry, the screen's chunk and every chunk they
 * import statically, raw and compressed as the gateway serves them (brotli, gzip).
 *   npx tsx scripts/first-load.ts          builds the web app into a temporary folder and prints the table
 * The budget test (test/architecture/first-load-budget.unit.test.ts) holds /auth to FIRST_LOAD_BUDGET.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const WEB = path.resolve(__dirname, '../web');
// The workspaces share the root's node_modules; vite's package exports do not name its command.
const VITE = path.resolve(__dirname, '../node_modules/vite/bin/vite.js');

/**
 * The most JavaScript /auth may load before it shows, as the gateway sends it: brotli to current browsers,
 * gzip to the rest. Under the 150 KB target both ways, with a little room to grow: the sign-in page loads
 * neither zod nor any contract schema (docs/decisions.md, "contracts the sign-in page loads").
 */
export const FIRST_LOAD_BUDGET = { screen: 'src/features/auth/AuthScreen.tsx', brotliBytes: 125 * 1024, gzipBytes: 145 * 1024 };

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Builds the web app (with Vite's manifest) into a new temporary folder and returns the folder. */
export async function buildWeb(): Promise<string> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'web-first-load-'));
  await promisify(execFile)(process.execPath, [VITE, 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'error'], {
    cwd: WEB,
    // Jest sets NODE_ENV=test, under which Vite would bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  return outDir;
}

export interface FirstLoad {
  /** The source modules (manifest keys) of the chunks loaded. */
  chunks: string[];
  sizes: Sizes;
}

/** Each screen (a manifest key such as src/features/auth/AuthScreen.tsx) and its first load's JavaScript. */
export async function firstLoads(outDir: string): Promise<Map<string, FirstLoad>> {
  const manifest = JSON.parse(await readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('the web build has no entry chunk');
  const loads = new Map<string, FirstLoad>();
  for (const screen of Object.keys(manifest).filter((key) => /Screen\.tsx$/.test(key))) {
    const chunks = [...staticClosure(manifest, [entry, screen])];
    loads.set(screen, {
      chunks,
      sizes: await sizesOf(
        outDir,
        chunks.map((key) => manifest[key]!.file),
      ),
    });
  }
  return loads;
}

function staticClosure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    staticClosure(manifest, manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

async function sizesOf(outDir: string, files: string[]): Promise<Sizes> {
  const total: Sizes = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const content = await readFile(path.join(outDir, file));
    total.raw += content.length;
    total.gzip += gzipSync(content, { level: constants.Z_BEST_COMPRESSION }).length;
    total.brotli += brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }).length;
  }
  return total;
}

async function main(): Promise<void> {
  const outDir = await buildWeb();
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`.padStart(10);
  console.log(`${'screen'.padEnd(48)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);
  for (const [screen, { sizes }] of [...(await firstLoads(outDir))].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`${screen.padEnd(48)}${kb(sizes.raw)}${kb(sizes.gzip)}${kb(sizes.brotli)}`);
  }
  console.log(`built into ${outDir}`);
}

if (require.main === module) void main();

import type { Rolldown } from 'vite';

/** The modules the grouping needs to know by name (absolute paths). */
export interface ChunkRoots {
  /** The app's entry module (main.tsx). */
  entry: string;
  /** The one screen a visitor who is not signed in loads (the sign-in page). */
  guestScreen: string;
  /** The contracts' index, which re-exports every contract module. */
  contractsIndex: string;
}

/**
 * How the code is cut into chunks (docs/decisions.md, "What every page loads is one chunk"). Left alone,
 * the bundler makes a chunk for every set of screens that share modules (the dashboard's first load
 * fetched some 30 scripts and stylesheets, each a round trip on a phone over HTTP/1.1), and splits off
 * what the entry shares with a screen (the store, the API, React's JSX runtime) into chunks of their
 * own, each a request before the first paint. Instead:
 * - `app`: what every page loads: the entry's graph (React, the router, the store), what the sign-in
 *   screen shares with another screen (buttons, fields, alerts) and the contracts' plain values;
 * - `signed-in`: everything else two or more screens share (the features' shared code and styles).
 * A screen's own modules stay in its chunk, and what only a lazy module loads (chart.js) stays with it.
 */
export function chunkGroups(roots: ChunkRoots): Rolldown.CodeSplittingOptions {
  let plan: ChunkPlan | undefined;
  const planOf = (ctx: Rolldown.ChunkingContext) => (plan ??= planChunks(ctx, roots));
  return {
    groups: [
      {
        name: (id, ctx) => (id !== roots.entry && planOf(ctx).everyPage(id) ? 'app' : null),
        // A captured module's imports stay where the rules put them.
        includeDependenciesRecursively: false,
      },
      {
        name: (id, ctx) => (planOf(ctx).everyPage(id) ? null : 'signed-in'),
        minShareCount: 2,
        includeDependenciesRecursively: false,
      },
    ],
  };
}

interface ChunkPlan {
  /** Whether the module goes in `app`, the chunk every page loads. */
  everyPage(id: string): boolean;
}

function planChunks(ctx: Rolldown.ChunkingContext, roots: ChunkRoots): ChunkPlan {
  const entry = staticClosure(ctx, roots.entry, roots.contractsIndex);
  const guest = staticClosure(ctx, roots.guestScreen, roots.contractsIndex);
  const screens = [...lazyRoots(ctx, roots.entry)].map((root) => staticClosure(ctx, root, roots.contractsIndex));
  const sharedByScreens = (id: string) => screens.filter((closure) => closure.has(id)).length >= 2;
  const isPlainContract = (id: string) =>
    id.startsWith(contractsFolder(roots.contractsIndex)) && !(ctx.getModuleInfo(id)?.importedIds ?? []).some((imported) => /[\\/]node_modules[\\/]zod[\\/]/.test(imported));
  return { everyPage: (id) => entry.has(id) || isPlainContract(id) || (guest.has(id) && sharedByScreens(id)) };
}

const contractsFolder = (contractsIndex: string) => contractsIndex.slice(0, contractsIndex.lastIndexOf('/') + 1);

/** Every module loaded with `import()` anywhere in the app: each is the root of a lazy chunk. */
function lazyRoots(ctx: Rolldown.ChunkingContext, entry: string): Set<string> {
  const everything = reachable(ctx, entry, (info) => [...info.importedIds, ...info.dynamicallyImportedIds]);
  return new Set([...everything].flatMap((id) => ctx.getModuleInfo(id)?.dynamicallyImportedIds ?? []));
}

/**
 * The modules `root` imports, directly or not, without the ones it loads lazily. The contracts' index
 * is not followed: it re-exports every contract, but a chunk keeps only the contracts it uses (the
 * package has no side effects), and those are placed by the rule above.
 */
function staticClosure(ctx: Rolldown.ChunkingContext, root: string, contractsIndex: string): Set<string> {
  return reachable(ctx, root, (info, id) => (id === contractsIndex ? [] : info.importedIds));
}

/** The modules reached from `root` following, from each module, the imports `next` picks. */
function reachable(ctx: Rolldown.ChunkingContext, root: string, next: (info: Rolldown.ModuleInfo, id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [root];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    if (info) pending.push(...next(info, id));
  }
  return seen;
}

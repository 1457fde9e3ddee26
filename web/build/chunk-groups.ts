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
 * How the code the screens share is cut into chunks (docs/decisions.md, "The signed-in screens share
 * one chunk"). Left alone, the bundler makes a chunk for every set of screens that share modules: the
 * dashboard's first load fetched some 30 scripts and stylesheets, each a round trip on a phone over
 * HTTP/1.1. Instead, what two or more lazy chunks share goes into one of two chunks:
 * - `guest`: what the sign-in page loads (buttons, fields, alerts, the contracts' plain values), so it
 *   stays small;
 * - `signed-in`: everything else (the features' shared code and styles).
 * A screen's own modules stay in its chunk, what only a lazy module loads (chart.js) stays with it, and
 * the entry keeps its own graph (React, the router, the store).
 */
export function chunkGroups(roots: ChunkRoots): Rolldown.CodeSplittingOptions {
  let closures: { entry: Set<string>; guest: Set<string> } | undefined;
  const closuresOf = (ctx: Rolldown.ChunkingContext) =>
    (closures ??= { entry: staticClosure(ctx, roots.entry, roots.contractsIndex), guest: staticClosure(ctx, roots.guestScreen, roots.contractsIndex) });
  const isPlainContract = (id: string, ctx: Rolldown.ChunkingContext) =>
    id.startsWith(contractsFolder(roots.contractsIndex)) && !(ctx.getModuleInfo(id)?.importedIds ?? []).some((imported) => /[\\/]node_modules[\\/]zod[\\/]/.test(imported));
  return {
    groups: [
      {
        name: (id, ctx) => {
          const { entry, guest } = closuresOf(ctx);
          if (entry.has(id)) return null;
          return guest.has(id) || isPlainContract(id, ctx) ? 'guest' : 'signed-in';
        },
        minShareCount: 2,
        // A captured module's imports stay where they are: the entry's graph in the entry.
        includeDependenciesRecursively: false,
      },
    ],
  };
}

const contractsFolder = (contractsIndex: string) => contractsIndex.slice(0, contractsIndex.lastIndexOf('/') + 1);

/**
 * The modules `root` imports, directly or not, without the ones it loads lazily. The contracts' index
 * is not followed: it re-exports every contract, but a chunk keeps only the contracts it uses (the
 * package has no side effects), and those are placed by the rule above.
 */
function staticClosure(ctx: Rolldown.ChunkingContext, root: string, contractsIndex: string): Set<string> {
  const seen = new Set<string>();
  const pending = [root];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    if (id !== contractsIndex) pending.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

import type { NavBar } from './NavBar';

type NavBarModule = { NavBar: typeof NavBar };

let chunk: Promise<NavBarModule> | undefined;
let arrived: NavBarModule | undefined;

/**
 * The navigation bar's chunk, fetched once. Only a signed-in user sees the bar, so it is not in the
 * sign-in page's first load; start-session asks for it beside /api/me.
 */
export function loadNavBar(): Promise<NavBarModule> {
  chunk ??= import('./NavBar').then((module) => (arrived = module));
  return chunk;
}

/**
 * The chunk once it has arrived: the Layout then renders the bar in the same pass instead of suspending.
 * (React.lazy suspends at least once even for a module already there, and React then holds the revealed
 * page back some 300 ms.)
 */
export const navBarIfArrived = (): NavBarModule | undefined => arrived;

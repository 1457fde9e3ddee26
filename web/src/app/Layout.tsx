import { Suspense, use } from 'react';
import type { User } from '@warriors/contracts';
import { Outlet } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { selectCurrentUser, selectSessionUnreachable } from '../lib/session';
import { useAppSelector } from '../lib/hooks';
import { OfflineBanner } from './OfflineBanner';
import { ServerUnreachable } from './ServerUnreachable';
import { UpdatePrompt } from './UpdatePrompt';
import { loadNavBar, navBarIfArrived } from './nav-bar-chunk';

/** The bar brings the notifications, nudges and invitations with it: a chunk of its own (nav-bar-chunk). */
function SignedInBar({ user }: { user: User }) {
  const { NavBar } = navBarIfArrived() ?? use(loadNavBar());
  return <NavBar user={user} />;
}

export function Layout() {
  const user = useAppSelector(selectCurrentUser);
  const unreachable = useAppSelector(selectSessionUnreachable);
  // One boundary over the bar and the page: they show together, so the bar never pushes a shown page down.
  return (
    <Suspense fallback={<LoadingScreen />}>
      <div className="app-shell">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        <OfflineBanner />
        {user && <SignedInBar user={user} />}
        <main id="main" className={user ? 'page' : 'page page--guest'} tabIndex={-1}>
          {unreachable ? <ServerUnreachable /> : <Outlet />}
        </main>
        <UpdatePrompt />
      </div>
    </Suspense>
  );
}

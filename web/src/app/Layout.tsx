import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen';
import { selectCurrentUser } from '../lib/session';
import { useAppSelector } from '../lib/hooks';

// Only a signed-in user sees the bar, and it brings the notifications, nudges and invitations with it:
// loaded on its own, it stays out of the sign-in page's first load (start-session fetches it early).
const NavBar = lazy(async () => ({ default: (await import('./NavBar')).NavBar }));

export function Layout() {
  const user = useAppSelector(selectCurrentUser);
  // One boundary over the bar and the page: they show together, so the bar never pushes a shown page down.
  return (
    <Suspense fallback={<LoadingScreen />}>
      <div className="app-shell">
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {user && <NavBar user={user} />}
        <main id="main" className={user ? 'page' : 'page page--guest'} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </Suspense>
  );
}

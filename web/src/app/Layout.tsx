import { Outlet } from 'react-router-dom';
import { selectCurrentUser } from '../lib/session';
import { useAppSelector } from '../lib/hooks';
import { NavBar } from './NavBar';

export function Layout() {
  const user = useAppSelector(selectCurrentUser);
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {user && <NavBar user={user} />}
      <main id="main" className={user ? 'page' : 'page page--guest'} tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

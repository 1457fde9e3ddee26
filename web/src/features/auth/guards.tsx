import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks';
import { LoadingScreen } from '../../components/LoadingScreen';
import { afterAuthPath, paths } from '../../config/paths';
import { selectCurrentUser, selectSessionLoading } from '../../lib/session';

/** Holds every route behind 'Loading...' until a stored token has been checked. */
export function SessionGate() {
  const loading = useAppSelector(selectSessionLoading);
  return loading ? <LoadingScreen /> : <Outlet />;
}

/** Protected routes: an unauthenticated user goes to /auth. */
export function RequireAuth() {
  const user = useAppSelector(selectCurrentUser);
  const location = useLocation();
  if (!user) return <Navigate to={paths.auth} replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/**
 * The sign-in routes (/ and /auth): a signed-in user moves on to the invited challenge or the dashboard.
 * This is also what sends the user on after signing in, so that rule lives in one place.
 */
export function GuestOnly() {
  const user = useAppSelector(selectCurrentUser);
  const [search] = useSearchParams();
  if (user) return <Navigate to={afterAuthPath(search)} replace />;
  return <Outlet />;
}

import { Button } from '../components/Button';
import { useAppDispatch } from '../lib/hooks';
import { fetchCurrentUser } from '../lib/session';
import './AppStatus.css';

/**
 * In place of every screen when the device keeps a token whose user the server could not be asked for
 * (offline or out of reach) and knows no user for it yet: not the sign-in form, since the session may
 * well be good (docs/decisions.md).
 */
export function ServerUnreachable() {
  const dispatch = useAppDispatch();
  return (
    <div className="server-unreachable">
      <h1>Can't reach the server</h1>
      <p>Your account could not be loaded. Check your connection, then try again.</p>
      <Button onClick={() => void dispatch(fetchCurrentUser())}>Try again</Button>
    </div>
  );
}

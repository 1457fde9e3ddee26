import { Button } from '../components/Button';
import { selectUpdateReady, takeUpdate } from '../lib/app-shell';
import { useAppSelector } from '../lib/hooks';
import './AppStatus.css';

/**
 * Offers a new version once its worker waits; nothing changes until the broker clicks Reload, so an
 * open form is never lost to an update.
 */
export function UpdatePrompt() {
  const ready = useAppSelector(selectUpdateReady);
  if (!ready) return null;
  return (
    <aside className="app-status app-status--update" aria-label="App update">
      <p role="status">A new version is ready — reload to use it.</p>
      <Button variant="primary" onClick={takeUpdate}>
        Reload
      </Button>
    </aside>
  );
}

import { Workbox } from 'workbox-window';
import { setUpdateHandler, updateReady } from '../lib/app-shell';
import type { AppDispatch } from '../lib/store';

/**
 * Registers the service worker (web/src/sw/sw.ts) and turns its life cycle into the app's state:
 * a new version waiting shows the update prompt; only the broker's click on Reload lets it take over,
 * and the page reloads once it controls the page. Another tab's click swaps the worker under this one
 * too: this page then shows the prompt rather than reloading by itself, as the broker may be mid-form.
 */
export function registerServiceWorker(dispatch: AppDispatch, reload: () => void = () => window.location.reload()): void {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  let waiting = false;
  let reloadWhenControlled = false;
  workbox.addEventListener('waiting', () => {
    waiting = true;
    dispatch(updateReady());
  });
  workbox.addEventListener('controlling', (event) => {
    if (!event.isUpdate) return;
    if (reloadWhenControlled) reload();
    else dispatch(updateReady());
  });
  setUpdateHandler(() => {
    if (!waiting) return reload();
    reloadWhenControlled = true;
    workbox.messageSkipWaiting();
  });
  void workbox.register().catch((error: unknown) => console.error('The service worker did not register', error));
}

import { setupListeners } from '@reduxjs/toolkit/query';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/global.css';
import { App } from './app/App';
import { reconfirmSession, startSession } from './app/start-session';
import { watchConnectivity } from './lib/app-shell';
import { makeStore } from './lib/store';

const store = makeStore();
startSession(store);
setupListeners(store.dispatch);
watchConnectivity(store.dispatch);
reconfirmSession(store);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// As a transition, the first render yields to the browser every few milliseconds instead of holding
// the main thread until the whole first screen is built: a phone answers a tap meanwhile.
const root = createRoot(container);
startTransition(() => root.render(<App store={store} />));

// The service worker and its registration code wait for the page: they are not in the first load, and
// the worker's install (fetching the release's files) must not compete with the first screen's requests.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => void import('./app/service-worker').then(({ registerServiceWorker }) => registerServiceWorker(store.dispatch)));
}

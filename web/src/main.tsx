import { createRoot } from 'react-dom/client';
import './styles/tokens.css';
import './styles/global.css';
import { App } from './app/App';
import { startSession } from './app/start-session';
import { makeStore } from './lib/store';

const store = makeStore();
startSession(store);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(<App store={store} />);

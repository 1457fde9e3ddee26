import { StrictMode, useState } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { appRoutes } from './routes';
import type { AppStore } from '../lib/store';

export function App({ store }: { store: AppStore }) {
  const [router] = useState(() => createBrowserRouter(appRoutes(store)));
  return (
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>
  );
}

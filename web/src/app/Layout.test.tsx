import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { makeStore } from '../lib/store';
import { mockApi, signedIn } from '../../test/render';
import { Layout } from './Layout';
import { loadNavBar, navBarIfArrived } from './nav-bar-chunk';

beforeEach(() => mockApi({}));

function renderLayout() {
  const router = createMemoryRouter([{ element: <Layout />, children: [{ path: '/page', element: <h1>The page</h1> }] }], { initialEntries: ['/page'] });
  render(
    <Provider store={makeStore(signedIn())}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

it('fetches the bar’s chunk once, and holds it once it has arrived', async () => {
  const chunk = loadNavBar();
  expect(loadNavBar()).toBe(chunk);
  await chunk;
  expect(navBarIfArrived()?.NavBar).toEqual(expect.any(Function));
});

it('shows a signed-in page with its bar in the first render once the chunk has arrived: no loading screen in between', async () => {
  await loadNavBar();
  // render() runs in a synchronous act: whatever suspends shows its fallback here.
  renderLayout();
  expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
  expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
});

import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpdateHandler, updateReady } from '../lib/app-shell';
import { renderApp, signedOut } from '../../test/render';

describe('the update prompt', () => {
  it('offers a waiting version and takes it only when the broker clicks Reload', async () => {
    const takeUpdate = jest.fn();
    setUpdateHandler(takeUpdate);
    const { store } = renderApp('/auth', signedOut());
    await screen.findByLabelText('Email');
    expect(screen.queryByRole('complementary', { name: 'App update' })).not.toBeInTheDocument();

    act(() => {
      store.dispatch(updateReady());
    });
    const prompt = screen.getByRole('complementary', { name: 'App update' });
    expect(prompt).toHaveTextContent('A new version is ready — reload to use it.');
    expect(takeUpdate).not.toHaveBeenCalled();
    // Offered, not forced: typing in the sign-in form goes on undisturbed.
    await userEvent.type(screen.getByLabelText('Email'), 'broker@example.com');
    expect(takeUpdate).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(takeUpdate).toHaveBeenCalledTimes(1);
  });
});

import { act, screen } from '@testing-library/react';
import { connectivityChanged, liveAnswerShown, savedAnswerShown } from '../lib/app-shell';
import { renderApp, signedOut } from '../../test/render';
import { savedTime } from './OfflineBanner';

const SAVED_AT = '2026-11-26T09:41:00.000Z';

describe('the offline banner', () => {
  it('is not there while the app is online and shows live data', async () => {
    renderApp('/auth', signedOut());
    await screen.findByLabelText('Email');
    expect(screen.queryByText(/showing saved data/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Offline/)).not.toBeInTheDocument();
  });

  it('says the data is saved, and since when, as long as saved answers are shown; offline or with the server out of reach', async () => {
    const { store } = renderApp('/auth', signedOut());
    await screen.findByLabelText('Email');
    act(() => {
      store.dispatch(savedAnswerShown(SAVED_AT));
    });
    expect(screen.getByRole('status')).toHaveTextContent(`Can't reach the server — showing saved data from ${savedTime(SAVED_AT)}.`);
    expect(savedTime(SAVED_AT)).toMatch(/^\w{3},? \d{1,2}:\d{2}\s?[AP]M$/);

    act(() => {
      store.dispatch(connectivityChanged({ online: false }));
      // An older saved answer on the same screen: the banner gives the oldest time shown.
      store.dispatch(savedAnswerShown('2026-11-25T18:05:00.000Z'));
      store.dispatch(savedAnswerShown('2026-11-26T10:00:00.000Z'));
    });
    expect(screen.getByRole('status')).toHaveTextContent(`Offline — showing saved data from ${savedTime('2026-11-25T18:05:00.000Z')}.`);

    act(() => {
      store.dispatch(connectivityChanged({ online: true }));
      store.dispatch(liveAnswerShown());
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says the app is offline before any saved answer is shown', async () => {
    const { store } = renderApp('/auth', signedOut());
    await screen.findByLabelText('Email');
    act(() => {
      store.dispatch(connectivityChanged({ online: false }));
    });
    expect(screen.getByRole('status')).toHaveTextContent("Offline — what needs the server will load when you're back online.");
  });
});

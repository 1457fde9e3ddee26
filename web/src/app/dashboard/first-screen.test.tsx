import { screen } from '@testing-library/react';
import { campaignList } from '../../../test/fixtures';
import { callsTo, jsonResponse, mockApi, pendingForever, renderApp, signedIn } from '../../../test/render';
import { startFirstReads } from './first-reads';
import { FIRST_READS_WAIT_MS } from './first-screen';

const LOCK = 'Set Your Daily Goal First';

/** The first screen's reads answered for a new broker: no goal yet, so logging is locked. */
const FIRST_READS = {
  'GET /api/campaigns': jsonResponse(200, campaignList()),
  'GET /api/leaderboard/me?window=today': jsonResponse(200, { rank: null, points: 0, gap_to_next: null, window: 'today' }),
  'GET /api/leaderboard/today': jsonResponse(200, []),
  'GET /api/activity/held': jsonResponse(200, []),
};

interface FirstAppearance {
  lock: boolean;
  goalForm: boolean;
}

/**
 * What was on the page the first time the dashboard was (the lock, Active Goals' form): React inserts a
 * commit's nodes in one go, and the observer sees the page as each commit left it.
 */
function watchFirstAppearance(): () => FirstAppearance | undefined {
  let first: FirstAppearance | undefined;
  const observer = new MutationObserver(() => {
    if (first === undefined && document.querySelector('.dashboard')) {
      first = { lock: screen.queryByText(LOCK) !== null, goalForm: screen.queryByRole('checkbox', { name: 'Cold Call' }) !== null };
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    return first;
  };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An answer that comes a little after the dashboard's code is there. */
const later =
  (response: Response, ms = FIRST_READS_WAIT_MS / 2) =>
  () =>
    pause(ms).then(() => response);

beforeEach(() => localStorage.clear());

describe("the dashboard's first screen", () => {
  it('on a page load, appears with what the reads started beside the user call for, asking for none of them again, the goal form just after', async () => {
    const fetchMock = mockApi({ ...FIRST_READS, 'GET /api/campaigns': later(FIRST_READS['GET /api/campaigns']) });
    const firstAppearance = watchFirstAppearance();
    startFirstReads('test-token');
    renderApp('/dashboard', signedIn());

    expect(await screen.findByText(LOCK)).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Cold Call' })).toBeInTheDocument();
    // The form is below the fold on a phone: it stays out of the screen's first render and paint.
    expect(firstAppearance()).toEqual({ lock: true, goalForm: false });
    for (const read of Object.keys(FIRST_READS)) expect(callsTo(fetchMock, read)).toHaveLength(1);
  });

  it('on a page load whose goals do not answer, appears without them after a while, logging open', async () => {
    mockApi({ ...FIRST_READS, 'GET /api/campaigns': () => pendingForever() });
    startFirstReads('test-token');
    renderApp('/dashboard', signedIn());

    await pause(FIRST_READS_WAIT_MS / 5);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Log Activity' }, { timeout: FIRST_READS_WAIT_MS + 2000 })).toBeInTheDocument();
    expect(screen.queryByText(LOCK)).not.toBeInTheDocument();
  });

  it('reached with no reads under way, appears at once and shows the goals when they land', async () => {
    let answerGoals: (response: Response) => void = () => undefined;
    mockApi({ ...FIRST_READS, 'GET /api/campaigns': () => new Promise<Response>((resolve) => (answerGoals = resolve)) });
    const firstAppearance = watchFirstAppearance();
    renderApp('/dashboard', signedIn());

    expect(await screen.findByRole('region', { name: 'Log Activity' })).toBeInTheDocument();
    expect(screen.queryByText(LOCK)).not.toBeInTheDocument();
    answerGoals(jsonResponse(200, campaignList()));
    expect(await screen.findByText(LOCK)).toBeInTheDocument();
    expect(firstAppearance()?.lock).toBe(false);
  });
});

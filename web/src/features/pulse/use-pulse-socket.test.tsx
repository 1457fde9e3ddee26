import { act, renderHook } from '@testing-library/react';
import { LIVE_SOCKET_CLOSE } from '@warriors/contracts';
import { FakeWebSocket } from '../../../test/fake-socket';
import { pulseEvent } from '../../../test/fixtures';
import { usePulseSocket } from './use-pulse-socket';

const event = pulseEvent();

function connect(token: string | null = 'tok-1') {
  const onConnected = jest.fn();
  const onEvent = jest.fn();
  const onBoardsChanged = jest.fn();
  const onSessionEnded = jest.fn();
  const openSocket = jest.fn((url: string) => new FakeWebSocket(url));
  const view = renderHook(
    (props: { token: string | null }) => usePulseSocket({ token: props.token, onConnected, onEvent, onBoardsChanged, onSessionEnded, openSocket, random: () => 0 }),
    {
      initialProps: { token },
    },
  );
  return { ...view, onConnected, onEvent, onBoardsChanged, onSessionEnded, openSocket };
}

const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('usePulseSocket', () => {
  it("opens the page host's /ws with the token, reports each open and hands on pulse events and boards changes only", () => {
    const { onConnected, onEvent, onBoardsChanged } = connect('tok 1');
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe(`ws://${window.location.host}/ws?token=tok%201`);
    expect(onConnected).not.toHaveBeenCalled();

    socket.open();
    expect(onConnected).toHaveBeenCalledTimes(1);
    socket.receive({ kind: 'pulse', payload: event });
    socket.receive({ kind: 'presence', payload: event });
    socket.receive({ kind: 'pulse', payload: { ...event, id: 7 } });
    socket.receive('not json');
    expect(onEvent.mock.calls).toEqual([[event]]);
    expect(onBoardsChanged).not.toHaveBeenCalled();
    socket.receive({ kind: 'boards.changed' });
    expect(onBoardsChanged).toHaveBeenCalledTimes(1);
    expect(onEvent).toHaveBeenCalledTimes(1);
  });

  it('reconnects after 0.5 s, 1 s, 2 s while failing, and from the shortest wait again after an open', () => {
    const { onConnected, openSocket } = connect();
    [500, 1_000, 2_000].forEach((wait, failures) => {
      FakeWebSocket.latest().drop();
      advance(wait - 1);
      expect(openSocket).toHaveBeenCalledTimes(failures + 1);
      advance(1);
      expect(openSocket).toHaveBeenCalledTimes(failures + 2);
    });

    FakeWebSocket.latest().open();
    expect(onConnected).toHaveBeenCalledTimes(1);
    FakeWebSocket.latest().drop();
    advance(500);
    expect(openSocket).toHaveBeenCalledTimes(5);
    FakeWebSocket.latest().open();
    expect(onConnected).toHaveBeenCalledTimes(2);
  });

  it('closes on unmount and never reconnects afterwards', () => {
    const { unmount, openSocket } = connect();
    const socket = FakeWebSocket.latest();
    socket.open();
    unmount();
    expect(socket.closed).toBe(true);
    socket.drop();
    advance(60_000);
    expect(openSocket).toHaveBeenCalledTimes(1);
  });

  it('closes when the token goes (logout), opens nothing without one, and a pending retry is cancelled', () => {
    const { rerender, openSocket } = connect();
    FakeWebSocket.latest().drop();
    rerender({ token: null });
    advance(60_000);
    expect(openSocket).toHaveBeenCalledTimes(1);

    rerender({ token: 'tok-2' });
    expect(FakeWebSocket.latest().url).toContain('token=tok-2');
    rerender({ token: null });
    expect(FakeWebSocket.latest().closed).toBe(true);
  });

  it.each([
    ['an expired token', LIVE_SOCKET_CLOSE.sessionExpired],
    ['a deleted account', LIVE_SOCKET_CLOSE.accountDeleted],
    ['a sign-out of every device', LIVE_SOCKET_CLOSE.sessionRevoked],
  ])('stops for good and reports the session over when the server closes the socket for %s', (_why, close) => {
    const { openSocket, onSessionEnded } = connect();
    const socket = FakeWebSocket.latest();
    socket.open();
    socket.closeBy(close.code, close.reason);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    advance(60_000);
    expect(openSocket).toHaveBeenCalledTimes(1);
  });

  it('stops without ending the session when a newer socket of the account took its place, and a new token opens one again', () => {
    const { openSocket, onSessionEnded, rerender } = connect();
    FakeWebSocket.latest().open();
    FakeWebSocket.latest().closeBy(LIVE_SOCKET_CLOSE.replaced.code, LIVE_SOCKET_CLOSE.replaced.reason);
    advance(60_000);
    expect(openSocket).toHaveBeenCalledTimes(1);
    expect(onSessionEnded).not.toHaveBeenCalled();

    rerender({ token: 'tok-2' });
    expect(openSocket).toHaveBeenCalledTimes(2);
  });

  it('keeps reconnecting after any other close, a refused upgrade or a server going away', () => {
    const { openSocket, onSessionEnded } = connect();
    FakeWebSocket.latest().closeBy(1001, 'Going away');
    advance(500);
    expect(openSocket).toHaveBeenCalledTimes(2);
    FakeWebSocket.latest().closeBy(1006, '');
    advance(1_000);
    expect(openSocket).toHaveBeenCalledTimes(3);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });
});

import { useRef } from 'react';
import { personName, type PulseEvent } from '@warriors/contracts';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { errorMessage } from '../../lib/api-error';
import { relativeTime } from '../../lib/relative-time';
import { useFlash } from '../../lib/use-flash';
import { useLogFailure } from '../../lib/use-log-failure';
import { useNow } from '../../lib/use-now';
import { fetchCurrentUser, selectCurrentUser, selectSessionToken } from '../../lib/session';
import { pulseApi, useGetBattlePulseQuery, useSendNudgeMutation } from './api';
import { canNudge, EVENT_NUDGES, groupPulse, mergePulseEvents } from './pulse-rules';
import { useBoardsRefresh } from './use-boards-refresh';
import { usePulseSocket, type OpenSocket } from './use-pulse-socket';
import './pulse.css';
import { Icon } from '../../components/icons/icon';
import { NUDGE_ICONS, PULSE_ICONS } from '../../components/icons/pulse-icons';
import { ShowMoreButton, useShowMore } from '../../components/ShowMore';

/** How long 'Cheer sent!' stays under the event. */
const CONFIRMATION_MS = 4_000;
/** How often the 'Nm ago' times are re-read against the clock. */
const CLOCK_MS = 30_000;

type Feedback = { text: string; failed: boolean };

function NudgeButtons({ event }: { event: PulseEvent }) {
  const [sendNudge, { isLoading }] = useSendNudgeMutation();
  const [feedback, show] = useFlash<Feedback>(CONFIRMATION_MS);

  const send = async (nudge: (typeof EVENT_NUDGES)[number]) => {
    try {
      await sendNudge({ type: nudge.type, to_user_id: event.user_id, event_id: event.id }).unwrap();
      show({ text: nudge.sent, failed: false });
    } catch (error) {
      show({ text: errorMessage(error, `Failed to send ${nudge.label.toLowerCase()}`), failed: true });
    }
  };

  return (
    <>
      <div className="pulse__actions">
        {EVENT_NUDGES.map((nudge) => (
          <button
            key={nudge.type}
            type="button"
            className="pulse__nudge"
            disabled={isLoading}
            aria-label={nudge.name(personName(event.name, event.username))}
            title={nudge.label}
            onClick={() => void send(nudge)}
          >
            <Icon icon={NUDGE_ICONS[nudge.type]} size={18} />
          </button>
        ))}
      </div>
      <p className={feedback?.failed ? 'pulse__feedback pulse__feedback--failed' : 'pulse__feedback'} role="status">
        {feedback?.text}
      </p>
    </>
  );
}

interface BattlePulseProps {
  /** Tests hand in a socket they drive; the app uses the browser's WebSocket. */
  openSocket?: OpenSocket;
}

/**
 * The community feed: the latest 20 events, live over the gateway's socket, a run of one user's events of
 * one kind told as one row, the first five rows until 'Show more'. Every (re)connect refetches the list,
 * so events sent while the socket was down still show; each row offers props and a cheer. The same
 * socket's boards changes refetch the dashboard's leaderboard, ranks and Shots Fired.
 */
export function BattlePulse({ openSocket }: BattlePulseProps) {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectSessionToken);
  const me = useAppSelector(selectCurrentUser);
  const now = useNow(CLOCK_MS);
  const { data: events, isLoading, error, refetch } = useGetBattlePulseQuery();
  useLogFailure(error, 'Failed to fetch battle pulse');
  const onBoardsChanged = useBoardsRefresh();
  const connectedBefore = useRef(false);
  const { shown, toggle } = useShowMore(groupPulse(events ?? []));

  usePulseSocket({
    token,
    openSocket,
    onConnected: () => {
      void refetch();
      // A reconnect may have missed boards changes too; the first open follows the boards' own first fetch.
      if (connectedBefore.current) onBoardsChanged();
      connectedBefore.current = true;
    },
    onBoardsChanged,
    // Asking for the user again is how the app meets a 401: the refused token is dropped and the sign-in screen shows.
    onSessionEnded: () => void dispatch(fetchCurrentUser()),
    onEvent: (event) => {
      // Before the first list arrives there is nothing to add to: fetching it brings the event along.
      if (events === undefined) void refetch();
      else dispatch(pulseApi.util.updateQueryData('getBattlePulse', undefined, (current) => mergePulseEvents(current, [event])));
    },
  });

  if (isLoading) return <p className="muted">Loading pulse...</p>;
  if (!events || events.length === 0) return <p className="empty-state">All quiet in the arena. Earn a badge or keep your streak alive to get the pulse going!</p>;
  return (
    <>
      <ul className="feed row-list" aria-label="Battle Pulse events">
        {shown.map(({ key, newest, count, messages }) => (
          <li key={key} className="feed__item pulse__row">
            <span className="feed__icon">
              <Icon icon={PULSE_ICONS[newest.type]} />
            </span>
            <div className="feed__body">
              <p>
                <strong>{personName(newest.name, newest.username)}</strong>
                {count > 1 && <span className="pulse__count"> ×{count}</span>} {messages.join(' · ')}
              </p>
              <p className="feed__meta">{relativeTime(newest.created_at, now)}</p>
            </div>
            {canNudge(newest, me?.id) && <NudgeButtons event={newest} />}
          </li>
        ))}
      </ul>
      <ShowMoreButton {...toggle} />
    </>
  );
}

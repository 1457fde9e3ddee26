import { useEffect, useId, useState, type FormEvent } from 'react';
import type { PushKind, PushPreferences } from '@warriors/contracts';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { StatusNote } from '../../components/StatusNote';
import { errorMessage } from '../../lib/api-error';
import { useDeletePushSubscriptionMutation, useGetPushConfigQuery, useGetPushPreferencesQuery, useSavePushPreferencesMutation, useSavePushSubscriptionMutation } from './api';
import { currentEndpoint, pushSupport, subscribeDevice, unsubscribeDevice } from './device-push';
import './push.css';

export const PUSH_TEXTS = {
  notConfigured: 'Push notifications are not set up on this server.',
  unsupported: 'This browser cannot show push notifications. On an iPhone or iPad, add Prospect Warriors to your Home Screen first, then open it from there.',
  blocked: 'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  noWorker: 'The app is still installing on this device. Reload the page, then try again.',
  on: 'This device receives notifications.',
  off: 'This device does not receive notifications.',
} as const;

const KINDS: { kind: PushKind; label: string }[] = [
  { kind: 'nudges', label: 'Nudges from other warriors' },
  { kind: 'invitations', label: 'Challenge invitations' },
  { kind: 'kudos', label: 'Kudos on my entries' },
  { kind: 'passed', label: 'Someone passed me on today’s leaderboard (at most once a day)' },
];

/** Turning push on and off on this device: the browser's permission, then its subscription saved on the server. */
function ThisDevice({ publicKey }: { publicKey: string }) {
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saveSubscription] = useSavePushSubscriptionMutation();
  const [deleteSubscription] = useDeletePushSubscriptionMutation();

  useEffect(() => {
    let live = true;
    currentEndpoint().then(
      (found) => live && setEndpoint(found),
      () => live && setEndpoint(null),
    );
    return () => {
      live = false;
    };
  }, []);

  const enable = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const outcome = await subscribeDevice(publicKey);
      if (outcome.kind === 'denied') setProblem(PUSH_TEXTS.blocked);
      else if (outcome.kind === 'no-worker') setProblem(PUSH_TEXTS.noWorker);
      else if (outcome.kind === 'subscribed') {
        await saveSubscription(outcome.body).unwrap();
        setEndpoint(outcome.body.endpoint);
      }
    } catch (failure) {
      setProblem(errorMessage(failure, 'Failed to turn on notifications on this device'));
    } finally {
      setBusy(false);
    }
  };

  const disable = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const gone = await unsubscribeDevice();
      setEndpoint(null);
      // Already forgotten by the server (a 404) is what was asked.
      if (gone)
        await deleteSubscription({ endpoint: gone })
          .unwrap()
          .catch(() => undefined);
    } catch (failure) {
      setProblem(errorMessage(failure, 'Failed to turn off notifications on this device'));
    } finally {
      setBusy(false);
    }
  };

  const blocked = typeof Notification !== 'undefined' && Notification.permission === 'denied';
  return (
    <div className="stack">
      {endpoint !== undefined && <p className="push-settings__state">{endpoint ? PUSH_TEXTS.on : PUSH_TEXTS.off}</p>}
      {endpoint ? (
        <Button variant="secondary" onClick={() => void disable()} disabled={busy}>
          Turn off on this device
        </Button>
      ) : (
        <Button onClick={() => void enable()} disabled={busy || endpoint === undefined || blocked}>
          Enable on this device
        </Button>
      )}
      {blocked && !problem && <Alert tone="warning">{PUSH_TEXTS.blocked}</Alert>}
      {problem && <Alert tone="error">{problem}</Alert>}
    </div>
  );
}

/** Which kinds, and the quiet hours, as one form saved together. */
function Choices({ saved }: { saved: PushPreferences }) {
  const id = useId();
  const [draft, setDraft] = useState(saved);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading }] = useSavePushPreferencesMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNote(null);
    setError(null);
    try {
      await save(draft).unwrap();
      setNote('Notification settings saved.');
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to save notification settings'));
    }
  };

  return (
    <form className="stack push-settings__form" onSubmit={(event) => void submit(event)}>
      <fieldset className="push-settings__kinds">
        <legend className="push-settings__legend">Notify me about</legend>
        {KINDS.map(({ kind, label }) => (
          <div key={kind} className="push-settings__kind">
            <input
              type="checkbox"
              id={`${id}-${kind}`}
              checked={draft.kinds[kind]}
              onChange={(event) => setDraft({ ...draft, kinds: { ...draft.kinds, [kind]: event.target.checked } })}
            />
            <label htmlFor={`${id}-${kind}`}>{label}</label>
          </div>
        ))}
      </fieldset>
      <fieldset className="push-settings__quiet" aria-describedby={`${id}-quiet-help`}>
        <legend className="push-settings__legend">Quiet hours</legend>
        <div className="push-settings__times">
          <label htmlFor={`${id}-start`}>From</label>
          <input type="time" id={`${id}-start`} required value={draft.quiet_start} onChange={(event) => setDraft({ ...draft, quiet_start: event.target.value })} />
          <label htmlFor={`${id}-end`}>until</label>
          <input type="time" id={`${id}-end`} required value={draft.quiet_end} onChange={(event) => setDraft({ ...draft, quiet_end: event.target.value })} />
        </div>
        <p className="push-settings__help" id={`${id}-quiet-help`}>
          In your time zone. Notifications that arrive in quiet hours wait until they end. The same time twice means no quiet hours.
        </p>
      </fieldset>
      <div>
        <Button type="submit" disabled={isLoading}>
          Save notification settings
        </Button>
      </div>
      <StatusNote text={note} />
      {error && <Alert tone="error">{error}</Alert>}
    </form>
  );
}

/** Settings' Notifications panel: this device's push, and the broker's choices for all their devices. */
export function NotificationSettings() {
  const config = useGetPushConfigQuery();
  const preferences = useGetPushPreferencesQuery(undefined, { skip: !config.data?.enabled });
  if (config.isLoading) return <p className="push-settings__state">Loading notification settings…</p>;
  if (config.error || !config.data) return <Alert tone="error">{errorMessage(config.error, 'Failed to load notification settings')}</Alert>;
  if (!config.data.enabled || !config.data.public_key) return <p className="push-settings__state">{PUSH_TEXTS.notConfigured}</p>;
  return (
    <div className="stack push-settings">
      {pushSupport() === 'supported' ? <ThisDevice publicKey={config.data.public_key} /> : <p className="push-settings__state">{PUSH_TEXTS.unsupported}</p>}
      {preferences.data ? (
        <Choices saved={preferences.data} />
      ) : preferences.error ? (
        <Alert tone="error">{errorMessage(preferences.error, 'Failed to load notification settings')}</Alert>
      ) : null}
    </div>
  );
}

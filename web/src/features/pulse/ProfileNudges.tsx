import { errorMessage } from '../../lib/api-error';
import { useFlash } from '../../lib/use-flash';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Icon } from '../../components/icons/icon';
import { NUDGE_ICONS } from '../../components/icons/pulse-icons';
import { StatusNote } from '../../components/StatusNote';
import { useSendNudgeMutation } from './api';
import { NUDGES, type NudgeChoice } from './nudges';
import './pulse.css';

/** How long 'Props sent!' stays, as under a pulse line. */
const CONFIRMATION_MS = 4_000;

type Feedback = { text: string; failed: boolean };

/**
 * The Nudge action of another warrior's public profile: every nudge type, sent to the user rather than
 * in answer to a pulse line; the confirmation shows in a live region beneath, a failure in the red box.
 */
export function ProfileNudges({ userId, name }: { userId: string; name: string }) {
  const [sendNudge, { isLoading }] = useSendNudgeMutation();
  const [feedback, show] = useFlash<Feedback>(CONFIRMATION_MS);

  const send = async (nudge: NudgeChoice) => {
    try {
      await sendNudge({ type: nudge.type, to_user_id: userId }).unwrap();
      show({ text: nudge.sent, failed: false });
    } catch (error) {
      show({ text: errorMessage(error, `Failed to send ${nudge.label.toLowerCase()}`), failed: true });
    }
  };

  return (
    <div className="profile-nudges" role="group" aria-label={`Nudge ${name}`}>
      <p className="profile-nudges__title" aria-hidden="true">
        Nudge
      </p>
      <ul className="profile-nudges__list">
        {Object.values(NUDGES).map((nudge) => (
          <li key={nudge.type}>
            <Button variant="secondary" disabled={isLoading} aria-label={nudge.name(name)} onClick={() => void send(nudge)}>
              <Icon icon={NUDGE_ICONS[nudge.type]} size={16} /> {nudge.label}
            </Button>
          </li>
        ))}
      </ul>
      {feedback?.failed && <Alert tone="error">{feedback.text}</Alert>}
      <StatusNote text={feedback && !feedback.failed ? feedback.text : null} />
    </div>
  );
}

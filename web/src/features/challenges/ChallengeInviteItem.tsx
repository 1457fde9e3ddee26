import { personName, type ChallengeInvite } from '@warriors/contracts';
import { relativeTime } from '../../lib/relative-time';
import { useAcceptChallengeInviteMutation, useDeclineChallengeInviteMutation } from './api';
import { CHALLENGE_DONE } from './challenge-rules';
import '../../components/NotificationButton.css';
import { Icon, UI_ICONS } from '../../components/icons/icon';

interface ChallengeInviteItemProps {
  invite: ChallengeInvite;
  now: Date;
  /** After accepting: the bell closes and the user goes to /challenges, where `note` confirms it. */
  onAccepted: (note: string) => void;
}

/** One challenge invite in the bell: who asks, to what, when, with Accept and Decline. Failures are only logged. */
export function ChallengeInviteItem({ invite, now, onAccepted }: ChallengeInviteItemProps) {
  const [accept, acceptState] = useAcceptChallengeInviteMutation();
  const [decline, declineState] = useDeclineChallengeInviteMutation();
  const busy = acceptState.isLoading || declineState.isLoading;

  const onAccept = async () => {
    try {
      await accept(invite.invite_id).unwrap();
      onAccepted(CHALLENGE_DONE.accepted(invite.challenge_name));
    } catch (error) {
      console.error('Failed to accept challenge invite', error);
    }
  };

  const onDecline = async () => {
    try {
      await decline(invite.invite_id).unwrap();
    } catch (error) {
      console.error('Failed to decline challenge invite', error);
    }
  };

  return (
    <div className="notification-line">
      <span className="notification-line__icon">
        <Icon icon={UI_ICONS.invitation} />
      </span>
      <div className="notification-line__body">
        <p className="notification-line__text">
          <strong>{personName(invite.from_name, invite.from_username)}</strong> <span className="muted">@{invite.from_username}</span> invited you to{' '}
          <strong>{invite.challenge_name}</strong>
        </p>
        <p className="notification-line__meta">{relativeTime(invite.created_at, now)}</p>
        <div className="notification-line__actions">
          <button type="button" className="btn btn--primary btn--small" disabled={busy} onClick={() => void onAccept()} aria-label={`Accept invite to ${invite.challenge_name}`}>
            Accept
          </button>
          <button
            type="button"
            className="btn btn--secondary btn--small"
            disabled={busy}
            onClick={() => void onDecline()}
            aria-label={`Decline invite to ${invite.challenge_name}`}
          >
            Decline
          </button>
        </div>
      </div>
    </div>
  );
}

import { hasStatus } from '../../lib/api-error';
import { counted } from '../../lib/counted';
import { formatDate } from '../../lib/relative-time';
import { useGetChallengeInvitationQuery } from './api';
import './auth.css';
import { Icon, UI_ICONS } from '../../components/icons/icon';

/**
 * Shown above the form when the visitor arrived by a challenge link: the challenge, only 'Challenge not
 * found' for a link to none (or to a private one, which reads the same: nothing to accept), generic while
 * loading or if the read failed.
 */
export function InvitationCard({ challengeId }: { challengeId: string }) {
  const { data, error } = useGetChallengeInvitationQuery(challengeId);
  const notFound = !data && hasStatus(error, 404);
  return (
    <aside className="invitation" aria-label="Challenge invitation">
      <span className="invitation__icon">
        <Icon icon={UI_ICONS.invitation} size={32} />
      </span>
      <div>
        {data ? (
          <>
            <p className="invitation__kicker">You've been invited to join</p>
            <p className="invitation__name">{data.name}</p>
            {data.description && <p className="invitation__text">{data.description}</p>}
            <p className="invitation__text">
              {formatDate(data.start_at)} – {formatDate(data.end_at)} · {counted(data.members_count, 'warrior')}
            </p>
            <p className="invitation__text">Hosted by {data.owner_name}</p>
          </>
        ) : notFound ? (
          <p className="invitation__name" role="alert">
            Challenge not found
          </p>
        ) : (
          <p className="invitation__name">You've been invited to join a challenge</p>
        )}
        {!notFound && <p className="invitation__text">Sign in or create your account to accept.</p>}
      </div>
    </aside>
  );
}

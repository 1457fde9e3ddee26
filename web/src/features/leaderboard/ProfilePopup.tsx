import type { PublicProfile } from '@warriors/contracts';
import { Avatar } from '../../components/Avatar';
import { Modal } from '../../components/Modal';
import { PrivateNotice, ProfileFacts, type ProfileFact } from '../../components/ProfileFacts';
import { hasStatus } from '../../lib/api-error';
import { counted, enUsNumber } from '../../lib/counted';
import { formatDate } from '../../lib/relative-time';
import { useLogFailure } from '../../lib/use-log-failure';
import { useAppSelector } from '../../lib/hooks';
import { selectCurrentUser } from '../../lib/session';
import { useGetPublicProfileQuery } from '../profile';
import { ProfileNudges } from '../pulse';
import './leaderboard.css';

interface ProfilePopupProps {
  userId: string;
  /** The name the board showed, titling the popup before (or without) the profile. */
  name: string;
  onClose: () => void;
}

/** The card of a public profile; the Nudge action is for someone else's. */
function PublicDetails({ profile, own }: { profile: PublicProfile; own: boolean }) {
  const facts: ProfileFact[] = [
    ['Member since', formatDate(profile.created_at)],
    ['Total points', enUsNumber(profile.total_points)],
    ['Streak', counted(profile.streak_days, 'day')],
  ];
  return (
    <div className="profile-popup">
      <Avatar name={profile.name || profile.username} picture={profile.profile_picture} size="lg" />
      <p className="profile-popup__name">{profile.name || profile.username}</p>
      <p className="muted">@{profile.username}</p>
      <ProfileFacts facts={facts} />
      {!own && <ProfileNudges userId={profile.id} name={profile.name || profile.username} />}
    </div>
  );
}

/**
 * A warrior's card from the board: public (with the Nudge action unless it is the viewer's own), private
 * (the lock and the notice), not found, or unavailable. Close is its way back to the board.
 */
export function ProfilePopup({ userId, name, onClose }: ProfilePopupProps) {
  const me = useAppSelector(selectCurrentUser);
  const { data: profile, error, isLoading } = useGetPublicProfileQuery(userId);
  const notFound = hasStatus(error, 404);
  useLogFailure(notFound ? undefined : error, 'Failed to fetch profile');

  let body;
  if (isLoading) body = <p role="status">Loading profile...</p>;
  else if (profile?.profile_public === false) body = <PrivateNotice message={profile.message} />;
  else if (profile) body = <PublicDetails profile={profile} own={profile.id === me?.id} />;
  else body = <p className="muted">{notFound ? 'Profile not found' : 'Profile unavailable'}</p>;

  return (
    <Modal
      title={name}
      onClose={onClose}
      footer={
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          Close
        </button>
      }
    >
      {body}
    </Modal>
  );
}

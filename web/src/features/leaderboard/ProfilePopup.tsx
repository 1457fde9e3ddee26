import { Avatar } from '../../components/Avatar';
import { Modal } from '../../components/Modal';
import { PrivateNotice, ProfileFacts, type ProfileFact } from '../../components/ProfileFacts';
import { formatDate } from '../../lib/relative-time';
import { useLogFailure } from '../../lib/use-log-failure';
import { useGetPublicProfileQuery, type PublicProfile } from '../profile';
import './leaderboard.css';

interface ProfilePopupProps {
  userId: string;
  /** The name the board showed, titling the popup before (or without) the profile. */
  name: string;
  onClose: () => void;
}

function isForbidden(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 403;
}

function PublicDetails({ profile }: { profile: PublicProfile }) {
  const displayName = profile.name || profile.username;
  const facts: ProfileFact[] = [
    ['Member since', profile.created_at ? formatDate(profile.created_at) : null],
    ['Total points', profile.total_points != null ? profile.total_points.toLocaleString('en-US') : null],
    ['Streak', profile.streak_days != null ? `${profile.streak_days} days` : null],
  ];
  return (
    <div className="profile-popup">
      <Avatar name={displayName} picture={profile.profile_picture} size="lg" />
      <p className="profile-popup__name">{displayName}</p>
      <p className="muted">@{profile.username}</p>
      <ProfileFacts facts={facts} />
    </div>
  );
}

/** Another warrior's card from the board: public, private (403 or profile_public false), or unavailable. */
export function ProfilePopup({ userId, name, onClose }: ProfilePopupProps) {
  const { data: profile, error, isLoading } = useGetPublicProfileQuery(userId);
  const forbidden = isForbidden(error);
  useLogFailure(forbidden ? undefined : error, 'Failed to fetch profile');

  let body;
  if (isLoading) body = <p role="status">Loading profile...</p>;
  else if (forbidden || profile?.profile_public === false) body = <PrivateNotice />;
  else if (profile) body = <PublicDetails profile={profile} />;
  else body = <p className="muted">Profile unavailable</p>;

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

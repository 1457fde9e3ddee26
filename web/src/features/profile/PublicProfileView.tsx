import { titleCaseSpecialty } from '@warriors/contracts';
import { Avatar } from '../../components/Avatar';
import { ComingSoon } from '../../components/ComingSoon';
import { Panel } from '../../components/Panel';
import { PrivateNotice, ProfileFacts, type ProfileFact } from '../../components/ProfileFacts';
import { useGetPublicProfileQuery, type PublicProfile } from './api';
import './profile.css';

const memberSince = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function ProfileDetails({ profile }: { profile: PublicProfile }) {
  const place = [profile.city, profile.state].filter(Boolean).join(', ');
  const facts: ProfileFact[] = [
    ['Company', profile.company],
    ['Specialty', profile.specialty ? titleCaseSpecialty(profile.specialty) : null],
    ['Location', place],
    ['Streak', profile.streak_days ? `${profile.streak_days} days` : null],
  ];
  return (
    <>
      {profile.bio && <p>{profile.bio}</p>}
      <ProfileFacts facts={facts} />
      {profile.x_url && (
        <a href={profile.x_url} target="_blank" rel="noreferrer noopener">
          Profile on X
        </a>
      )}
    </>
  );
}

/** Another warrior's profile, read-only. */
export function PublicProfileView({ userId }: { userId: string }) {
  const { data: profile, isLoading, isError } = useGetPublicProfileQuery(userId);

  if (isLoading)
    return (
      <p className="muted" role="status">
        Loading profile...
      </p>
    );
  if (isError || !profile) {
    return (
      <Panel>
        <ComingSoon title="Warrior profiles are on their way">Soon you'll be able to size up any warrior here: their rank, streak, points and badges.</ComingSoon>
      </Panel>
    );
  }

  const displayName = profile.name || profile.username;
  return (
    <Panel>
      <div className="public-profile">
        <Avatar name={displayName} picture={profile.profile_picture} size="lg" />
        <div className="stack">
          <h1 className="page-header__title">{displayName}</h1>
          <p className="muted">
            @{profile.username}
            {profile.created_at && ` · Member since ${memberSince(profile.created_at)}`}
          </p>
          {profile.profile_public ? <ProfileDetails profile={profile} /> : <PrivateNotice message={profile.message} />}
        </div>
      </div>
    </Panel>
  );
}

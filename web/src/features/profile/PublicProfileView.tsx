import { ACTIVITY_CATALOG, ACTIVITY_TYPES, titleCaseSpecialty, type ActivityCountsByWindow, type PublicProfile } from '@warriors/contracts';
import { useLocation, useNavigate } from 'react-router-dom';
import { Avatar } from '../../components/Avatar';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Panel';
import { PrivateNotice, ProfileFacts, type ProfileFact } from '../../components/ProfileFacts';
import { hasStatus } from '../../lib/api-error';
import { counted, enUsNumber } from '../../lib/counted';
import { formatDate } from '../../lib/relative-time';
import { useLogFailure } from '../../lib/use-log-failure';
import { paths } from '../../config/paths';
import { ProfileNudges } from '../pulse';
import { useGetPublicProfileQuery } from './api';
import './profile.css';
import { ACTIVITY_ICONS } from '../../components/icons/activity-icons';
import { BadgeArt } from '../../components/icons/awards';
import { Icon } from '../../components/icons/icon';

const COUNT_WINDOWS = [
  ['today', 'Today'],
  ['7d', '7 days'],
  ['30d', '30 days'],
] as const satisfies readonly (readonly [keyof ActivityCountsByWindow, string])[];

const points = (value: number) => counted(value, 'pt');

/** Quantities by activity type for today, 7 and 30 days; only types logged in the last 30 days get a row. */
function ActivityCounts({ counts }: { counts: ActivityCountsByWindow }) {
  const types = ACTIVITY_TYPES.filter((type) => COUNT_WINDOWS.some(([window]) => (counts[window][type] ?? 0) > 0));
  if (types.length === 0) return <p className="muted">No activity in the last 30 days.</p>;
  return (
    <div className="profile-counts__scroll">
      <table className="profile-counts">
        <caption className="visually-hidden">Activities logged</caption>
        <thead>
          <tr>
            <th scope="col">Activity</th>
            {COUNT_WINDOWS.map(([window, label]) => (
              <th key={window} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {types.map((type) => (
            <tr key={type}>
              <th scope="row">
                <Icon icon={ACTIVITY_ICONS[type]} size={18} /> {ACTIVITY_CATALOG[type].label}
              </th>
              {COUNT_WINDOWS.map(([window]) => (
                <td key={window}>{enUsNumber(counts[window][type] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PublicDetails({ profile }: { profile: PublicProfile }) {
  const place = [profile.city, profile.state].filter(Boolean).join(', ');
  const facts: ProfileFact[] = [
    ['Rank', profile.rank != null ? `#${profile.rank}` : 'Unranked'],
    ['Streak', counted(profile.streak_days, 'day')],
    ['Today', points(profile.today_points)],
    ['Last 7 days', points(profile.points_7d)],
    ['Last 30 days', points(profile.points_30d)],
    ['Company', profile.company],
    ['Specialty', profile.specialty ? titleCaseSpecialty(profile.specialty) : null],
    ['Location', place],
  ];
  return (
    <>
      {profile.bio && <p className="public-profile__bio">{profile.bio}</p>}
      <ProfileFacts facts={facts} />
      {profile.x_url && (
        <a href={profile.x_url} target="_blank" rel="noreferrer noopener">
          Profile on X
        </a>
      )}
      <section className="stack" aria-labelledby="public-profile-badges">
        <h2 className="public-profile__heading" id="public-profile-badges">
          Badges
        </h2>
        {profile.badges.length === 0 ? (
          <p className="muted">No badges yet.</p>
        ) : (
          <ul className="chip-list">
            {profile.badges.map((badge) => (
              <li key={badge.id} className="profile-badges__item" title={badge.description}>
                <BadgeArt badgeType={badge.badge_type} cycle={badge.cycle} earned size="sm" /> {badge.name}
                {badge.repeat_count > 1 && <span className="muted"> ×{badge.repeat_count}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="stack" aria-labelledby="public-profile-activity">
        <h2 className="public-profile__heading" id="public-profile-activity">
          Activity
        </h2>
        <ActivityCounts counts={profile.activity_counts} />
      </section>
    </>
  );
}

/**
 * Back to where the profile was opened from; a profile opened first in its tab (a shared link) has
 * nowhere in the app to go back to, so it goes to the dashboard.
 */
function BackButton() {
  const navigate = useNavigate();
  // The router's first entry of a tab has the key 'default'.
  const opened = useLocation().key !== 'default';
  return (
    <div className="public-profile__back">
      <Button variant="secondary" onClick={() => void (opened ? navigate(-1) : navigate(paths.dashboard))}>
        <span aria-hidden="true">←</span> Back
      </Button>
    </div>
  );
}

/** Another warrior's profile, read-only: public in full (with the Nudge action), private as a notice, or not found; each with Back. */
export function PublicProfileView({ userId }: { userId: string }) {
  return (
    <>
      <BackButton />
      <ProfileBody userId={userId} />
    </>
  );
}

function ProfileBody({ userId }: { userId: string }) {
  const { data: profile, isLoading, error } = useGetPublicProfileQuery(userId);
  const notFound = hasStatus(error, 404);
  useLogFailure(notFound ? undefined : error, 'Failed to fetch profile');

  if (isLoading)
    return (
      <p className="muted" role="status">
        Loading profile...
      </p>
    );
  if (!profile) {
    return (
      <Panel>
        <h1 className="page-header__title">{notFound ? 'Profile not found' : 'Profile unavailable'}</h1>
        <p className="muted">{notFound ? 'No warrior goes by this link.' : 'This profile could not be loaded. Please try again later.'}</p>
      </Panel>
    );
  }

  if (!profile.profile_public) {
    return (
      <Panel>
        <div className="public-profile">
          <Avatar name={profile.username} picture={null} size="lg" />
          <div className="stack">
            <h1 className="page-header__title">@{profile.username}</h1>
            <PrivateNotice message={profile.message} />
          </div>
        </div>
      </Panel>
    );
  }

  const displayName = profile.name || profile.username;
  return (
    <Panel>
      <div className="public-profile">
        <Avatar name={displayName} picture={profile.profile_picture} size="lg" />
        <div className="stack public-profile__body">
          <h1 className="page-header__title">{displayName}</h1>
          <p className="muted">
            @{profile.username} · Member since {formatDate(profile.created_at)}
          </p>
          <ProfileNudges userId={profile.id} name={displayName} />
          <PublicDetails profile={profile} />
        </div>
      </div>
    </Panel>
  );
}

import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { useAppSelector } from '../../lib/hooks';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';
import { selectCurrentUser } from '../../lib/session';
import { EmailSettings } from '../mail';
import { NotificationSettings } from '../push';
import { AccountSettings } from './AccountSettings';
import { AvatarUpload } from './AvatarUpload';
import { DeleteAccount } from './DeleteAccount';
import { DownloadData } from './DownloadData';
import { ProfileForm } from './ProfileForm';
import { PublicProfileView } from './PublicProfileView';
import { StreakSettings } from './StreakSettings';
import { VisibilitySettings } from './VisibilitySettings';
import './profile.css';

/** /profile is the signed-in user's settings; /profile/:userId another warrior's public profile. */
export default function ProfileScreen() {
  const { userId } = useParams();
  const user = useAppSelector(selectCurrentUser);
  const { hash } = useLocation();
  // The bell links to a panel here (#notifications): the router does not scroll to a fragment by itself.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView?.();
  }, [hash]);
  // Only reached behind RequireAuth, so a user is present.
  if (!user) return null;
  if (userId && userId !== user.id) return <PublicProfileView userId={userId} />;

  return (
    <>
      <PageHeader title="Profile & Settings" subtitle="How other warriors see you, and what you share." />
      <div className="grid grid--profile">
        <div className="stack">
          <Panel title="Your warrior">
            <AvatarUpload user={user} />
          </Panel>
          <Panel title="Visibility">
            <VisibilitySettings user={user} />
          </Panel>
          <Panel title="Streak">
            <StreakSettings user={user} />
          </Panel>
          <Panel title="Notifications" id="notifications">
            <NotificationSettings />
          </Panel>
          <Panel title="Email" id="email">
            <EmailSettings />
          </Panel>
        </div>
        <div className="stack">
          <Panel title="Profile information">
            <ProfileForm user={user} />
          </Panel>
          <Panel title="Sign-in and security" id="security">
            <AccountSettings user={user} />
          </Panel>
          <Panel title="Download my data" id="download-my-data">
            <DownloadData />
          </Panel>
          <Panel title="Delete account" tone="danger">
            <DeleteAccount />
          </Panel>
        </div>
      </div>
    </>
  );
}

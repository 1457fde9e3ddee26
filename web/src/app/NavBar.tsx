import { useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import type { User } from '@warriors/contracts';
import { Avatar } from '../components/Avatar';
import { Dropdown } from '../components/Dropdown';
import { useDismiss } from '../components/use-dismiss';
import { BATTLE_GROUND_ID, paths } from '../config/paths';
import { logout } from '../lib/session';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { signOutWarning, usePendingSync, usePendingSyncTriggers } from '../features/activity';
import { ChallengeInviteItem, noteState, useGetChallengeInvitesQuery } from '../features/challenges';
import { NudgeItem, useGetNudgeInboxQuery } from '../features/pulse';
import { KudosItem, useGetKudosInboxQuery } from '../features/kudos';
import { accountExistedIn, RecapNoticeItem, recapState, useGetRecapNoticesQuery } from '../features/recap';
import { useLogFailure } from '../lib/use-log-failure';
import { useWhenIdle } from '../lib/use-when-idle';
import { useNow } from '../lib/use-now';
import { useAppDispatch } from '../lib/hooks';
import { inviteHref } from './invite';
import { bellLabel, NAV_LINK_LABELS, navLinksFor, unreadBadgeText, type NavLinkId } from './nav-links';
import { NOTIFICATIONS_POLL_MS, notificationsFrom, unreadCount } from './notifications';
import './NavBar.css';
import { Icon, UI_ICONS } from '../components/icons/icon';
import { NAV_ICONS } from '../components/icons/nav-icons';

const LINK_PATHS: Record<Exclude<NavLinkId, 'battleGround'>, string> = {
  dashboard: paths.dashboard,
  challenges: paths.challenges,
  goals: paths.goals,
  stats: paths.stats,
  profile: paths.profile,
};

/** Spec point 2: the dashboard section is scrolled to 100 ms after arriving, giving the page time to render. */
const BATTLE_GROUND_SCROLL_DELAY_MS = 100;

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const goToBattleGround = () => {
    onNavigate?.();
    if (pathname !== paths.dashboard) void navigate(paths.dashboard);
    window.setTimeout(() => {
      document.getElementById(BATTLE_GROUND_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }, BATTLE_GROUND_SCROLL_DELAY_MS);
  };

  return navLinksFor(pathname).map((id) =>
    id === 'battleGround' ? (
      <button key={id} type="button" className="nav-link" onClick={goToBattleGround}>
        <Icon icon={NAV_ICONS[id]} size={18} />
        {NAV_LINK_LABELS[id]}
      </button>
    ) : (
      <NavLink key={id} to={LINK_PATHS[id]} end={id === 'profile'} className="nav-link" onClick={onNavigate}>
        <Icon icon={NAV_ICONS[id]} size={18} />
        {NAV_LINK_LABELS[id]}
      </NavLink>
    ),
  );
}

/**
 * The bell: challenge invites, nudges, the weekly recap and kudos (each polled every 30 s), newest first; failed
 * loads are only logged. A recap of a week that ended before the account existed is not offered.
 */
function NotificationBell({ user }: { user: User }) {
  const navigate = useNavigate();
  const now = useNow(60_000);
  // The page's own reads and first paint go first; the bell reads once the browser idles.
  const polled = { pollingInterval: NOTIFICATIONS_POLL_MS, skip: !useWhenIdle() };
  const { data: invites, error: invitesError } = useGetChallengeInvitesQuery(undefined, polled);
  const { data: nudges, error: nudgesError } = useGetNudgeInboxQuery(undefined, polled);
  useLogFailure(invitesError, 'Failed to fetch notifications');
  const { data: recaps, error: recapsError } = useGetRecapNoticesQuery(undefined, polled);
  useLogFailure(nudgesError, 'Failed to fetch notifications');
  useLogFailure(recapsError, 'Failed to fetch notifications');
  const { data: kudos, error: kudosError } = useGetKudosInboxQuery(undefined, polled);
  useLogFailure(kudosError, 'Failed to fetch notifications');
  const items = notificationsFrom(
    invites ?? [],
    nudges ?? [],
    (recaps ?? []).filter((notice) => accountExistedIn(user, notice.week)),
    kudos ?? [],
  );
  const unread = unreadCount(items);
  return (
    <Dropdown
      label={bellLabel(unread)}
      buttonContent={
        <>
          <Icon icon={UI_ICONS.bell} size={22} />
          {unread > 0 && (
            <span className="badge-count" aria-hidden="true">
              {unreadBadgeText(unread)}
            </span>
          )}
        </>
      }
    >
      {(close) => (
        <div className="notifications">
          <h2 className="dropdown__heading">Notifications</h2>
          {items.length === 0 ? (
            <p className="dropdown__empty">No notifications yet</p>
          ) : (
            <ul className="notifications__list" aria-label="Notifications">
              {items.map((item) => (
                <li key={item.id} className={item.unread ? 'notifications__item notifications__item--unread' : 'notifications__item'}>
                  {item.kind === 'nudge' ? (
                    <NudgeItem nudge={item.nudge} now={now} />
                  ) : item.kind === 'kudos' ? (
                    <KudosItem kudos={item.kudos} now={now} />
                  ) : item.kind === 'weekly_recap' ? (
                    <RecapNoticeItem
                      notice={item.notice}
                      now={now}
                      onOpen={() => {
                        close();
                        void navigate(paths.dashboard, { state: recapState });
                      }}
                    />
                  ) : (
                    <ChallengeInviteItem
                      invite={item.invite}
                      now={now}
                      onAccepted={(note) => {
                        close();
                        void navigate(paths.challenges, { state: noteState(note) });
                      }}
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
          <Link to={`${paths.profile}#notifications`} className="dropdown__item notifications__settings" onClick={close}>
            Notification settings
          </Link>
        </div>
      )}
    </Dropdown>
  );
}

export function NavBar({ user }: { user: User }) {
  const dispatch = useAppDispatch();
  const [mobileOpen, setMobileOpen] = useState(false);
  const mobileMenuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const hamburgerRef = useRef<HTMLButtonElement>(null);
  const closeMobile = () => setMobileOpen(false);
  useDismiss(mobileOpen, closeMobile, { container: headerRef, returnFocus: hamburgerRef });

  const invite = () => {
    window.location.href = inviteHref(navigator.userAgent, window.location.origin);
  };
  // Logs made offline are sent first; any the device still holds are named before the broker leaves.
  const pendingLogs = usePendingSync();
  usePendingSyncTriggers();
  const [unsentLogs, setUnsentLogs] = useState<number | null>(null);
  const signOut = async () => {
    const unsent = await pendingLogs.settleBeforeSignOut(navigator.onLine).catch(() => 0);
    if (unsent === 0) dispatch(logout());
    else setUnsentLogs(unsent);
  };

  return (
    <header className="navbar" ref={headerRef}>
      <div className="navbar__inner">
        <Link to={paths.dashboard} className="navbar__logo" aria-label="Prospect Warriors, go to dashboard">
          <span className="navbar__logo-mark">
            <Icon icon={UI_ICONS.logo} />
          </span>
          <span className="navbar__logo-text">Prospect Warriors</span>
        </Link>

        <nav className="navbar__links" aria-label="Main">
          <NavLinks />
        </nav>

        <div className="navbar__actions">
          <button type="button" className="btn btn--primary btn--small" onClick={invite}>
            Invite
          </button>
          <NotificationBell user={user} />
          <Dropdown label="Account menu" buttonClassName="avatar-button" buttonContent={<Avatar name={user.name} picture={user.profile_picture} size="sm" />}>
            {(close) => (
              <>
                <p className="dropdown__heading">{user.name}</p>
                <Link to={paths.profile} className="dropdown__item" onClick={close}>
                  Profile
                </Link>
                <button type="button" className="dropdown__item" onClick={() => void signOut()}>
                  Logout
                </button>
              </>
            )}
          </Dropdown>
          <button
            ref={hamburgerRef}
            type="button"
            className="icon-button navbar__hamburger"
            aria-label="Menu"
            aria-expanded={mobileOpen}
            aria-controls={mobileMenuId}
            onClick={() => setMobileOpen((open) => !open)}
          >
            <Icon icon={mobileOpen ? UI_ICONS.close : UI_ICONS.menu} size={24} />
          </button>
        </div>
      </div>

      {mobileOpen && (
        <nav className="navbar__mobile" id={mobileMenuId} aria-label="Mobile">
          <NavLinks onNavigate={closeMobile} />
          <button type="button" className="nav-link" onClick={() => void signOut()}>
            Logout
          </button>
        </nav>
      )}
      {unsentLogs !== null && (
        <ConfirmDialog
          title="Logs not yet synced"
          message={signOutWarning(unsentLogs)}
          confirmLabel="Sign out anyway"
          onConfirm={() => dispatch(logout())}
          onCancel={() => setUnsentLogs(null)}
        />
      )}
    </header>
  );
}

import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { ComingSoon } from '../../components/ComingSoon';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';
import { paths } from '../../config/paths';
import { selectCurrentUser } from '../auth/session';

export default function DashboardScreen() {
  const user = useAppSelector(selectCurrentUser);
  const firstName = user?.name.trim().split(/\s+/)[0] ?? 'warrior';

  return (
    <>
      <PageHeader title={`Welcome back, ${firstName}`} subtitle="Your command center for today's prospecting battle." />
      <div className="stat-strip" aria-label="Your standing">
        <div className="stat">
          <span className="stat__value">{user?.streak_days ?? 0}</span>
          <span className="stat__label">Day streak</span>
        </div>
        <div className="stat">
          <span className="stat__value">{user?.badges.length ?? 0}</span>
          <span className="stat__label">Badges earned</span>
        </div>
      </div>
      <div className="grid grid--two">
        <Panel title="Log Activity">
          <ComingSoon
            title="One tap per shot fired"
            highlights={['Calls, conversations, meetings, doorknocks and more', 'Points, streaks and badges on every log']}
          >
            Logging your prospecting is the next thing we're arming you with.
          </ComingSoon>
        </Panel>
        <Panel title="Active Goals">
          <ComingSoon title="Goals from daily to annual" highlights={['Progress rings for every period', 'Prebuilt and custom campaigns']}>
            Set targets and watch the rings fill. Meanwhile, polish your <Link to={paths.profile}>profile</Link>.
          </ComingSoon>
        </Panel>
      </div>
      <Panel title="Battle Ground" id="battle-ground">
        <ComingSoon title="The arena opens soon" highlights={['Leaderboard: Today, 7 Days, All-Time', 'Shots Fired: the live activity feed', 'Battle Pulse: nudges, cheers and wins']}>
          See where you rank and who's firing the most shots.
        </ComingSoon>
      </Panel>
    </>
  );
}

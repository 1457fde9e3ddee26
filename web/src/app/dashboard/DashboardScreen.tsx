import { useId, useState } from 'react';
import { flushSync } from 'react-dom';
import type { LeaderboardWindow } from '@warriors/contracts';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { PromoBanner } from '../../components/PromoBanner';
import { Panel } from '../../components/Panel';
import { tabId, Tabs } from '../../components/Tabs';
import { BATTLE_GROUND_ID } from '../../config/paths';
import { LogActivityPanel, ShotsFired } from '../../features/activity';
import { selectCurrentUser } from '../../lib/session';
import { CoachingPanel } from '../../features/coaching';
import { BadgesModal } from '../../features/badges';
import { ActiveGoalsPanel, ADD_GOAL_FIELD_ID, DailyGoalLock, GoalRings, hasDailyGoal, useGetCampaignsQuery } from '../../features/goals';
import { CompactLeaderboard, LEADERBOARD_POLL_MS, useGetMyStandingQuery, WINDOW_TABS } from '../../features/leaderboard';
import { BattlePulse } from '../../features/pulse';
import { finishedThisPeriod, goalsOfThisPeriod } from '../../lib/goal-progress';
import { useLogFailure } from '../../lib/use-log-failure';
import { useNow } from '../../lib/use-now';
import { useAppSelector } from '../../lib/hooks';
import { greeting } from './greeting';
import './dashboard.css';

/** How often days left and the end of a finished daily goal's window are re-read against the clock. */
const GOAL_CLOCK_MS = 60_000;

function scrollToBattleGround() {
  document.getElementById(BATTLE_GROUND_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

function BattleGround() {
  const [period, setPeriod] = useState<LeaderboardWindow>('today');
  const boardId = useId();
  return (
    <Panel title="Battle Ground" id={BATTLE_GROUND_ID}>
      <Tabs label="Battle Ground period" tabs={WINDOW_TABS} selected={period} onSelect={setPeriod} panelId={boardId} />
      <div className="battle-columns">
        <section className="battle-column" aria-labelledby={`${boardId}-heading`}>
          <h3 className="battle-column__title" id={`${boardId}-heading`}>
            Leaderboard
          </h3>
          <div id={boardId} role="tabpanel" aria-labelledby={tabId(boardId, period)}>
            <CompactLeaderboard period={period} />
          </div>
        </section>
        <section className="battle-column" aria-labelledby={`${boardId}-shots`}>
          <h3 className="battle-column__title" id={`${boardId}-shots`}>
            Shots Fired
          </h3>
          <ShotsFired />
        </section>
        <section className="battle-column" aria-labelledby={`${boardId}-pulse`}>
          <h3 className="battle-column__title" id={`${boardId}-pulse`}>
            Battle Pulse
          </h3>
          <BattlePulse />
        </section>
      </div>
    </Panel>
  );
}

export default function DashboardScreen() {
  const user = useAppSelector(selectCurrentUser);
  const { data: standing } = useGetMyStandingQuery('today', { pollingInterval: LEADERBOARD_POLL_MS });
  const [badgesOpen, setBadgesOpen] = useState(false);
  const { data: campaigns, error: campaignsError } = useGetCampaignsQuery();
  useLogFailure(campaignsError, 'Failed to fetch campaigns');
  const now = useNow(GOAL_CLOCK_MS);
  const [addingGoal, setAddingGoal] = useState(false);
  const [coachOpen, setCoachOpen] = useState(false);
  // Locked only once the goals say so: while they load, or if they fail, logging stays open.
  const dailyGoalSet = campaigns && hasDailyGoal(campaigns, now);
  const locked = dailyGoalSet === false;
  const finished = campaigns ? finishedThisPeriod(campaigns, now) : [];

  const openDailyGoalForm = () => {
    flushSync(() => setAddingGoal(true));
    document.getElementById(ADD_GOAL_FIELD_ID)?.focus();
  };
  const badges = user?.badges ?? [];
  const rank = standing?.rank;

  return (
    <>
      <PageHeader
        title={greeting(user, now)}
        subtitle="Your command center for today's prospecting battle."
        actions={
          <Button onClick={() => setCoachOpen(true)} aria-haspopup="dialog">
            See Today's Plan
          </Button>
        }
      />
      <div className="dashboard-summary">
        <div className="stat-strip" aria-label="Your standing">
          <div className="stat">
            <span className="stat__value">{user?.streak_days ?? 0}</span>
            <span className="stat__label">Day streak</span>
          </div>
          <button type="button" className="stat stat--button" onClick={() => setBadgesOpen(true)}>
            <span className="stat__value">{badges.length}</span>
            <span className="stat__label">Badges earned</span>
          </button>
          <button type="button" className="stat stat--button" onClick={scrollToBattleGround}>
            <span className="stat__value">{rank != null ? `#${rank}` : '—'}</span>
            <span className="stat__label">Today's rank</span>
          </button>
        </div>
        <GoalRings goals={campaigns ? goalsOfThisPeriod(campaigns, now) : []} />
      </div>
      <div className="grid grid--two">
        <LogActivityPanel lock={locked ? <DailyGoalLock onSetGoal={openDailyGoalForm} /> : undefined} />
        <ActiveGoalsPanel campaigns={campaigns} finished={finished} now={now} adding={addingGoal} onAddingChange={setAddingGoal} />
      </div>
      <BattleGround />
      <PromoBanner />
      {badgesOpen && <BadgesModal badges={badges} onClose={() => setBadgesOpen(false)} />}
      {coachOpen && <CoachingPanel hasDailyGoal={dailyGoalSet} onClose={() => setCoachOpen(false)} />}
    </>
  );
}

import { memo, useCallback, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'react-router-dom';
import type { Campaign, LeaderboardWindow } from '@warriors/contracts';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import { PromoBanner } from '../../components/PromoBanner';
import { Panel } from '../../components/Panel';
import { tabId, Tabs } from '../../components/Tabs';
import { BATTLE_GROUND_ID } from '../../config/paths';
import { LOG_PANEL_ID, LogActivityPanel, ShotsFired } from '../../features/activity';
import { selectCurrentUser } from '../../lib/session';
import { CoachingPanel } from '../../features/coaching';
import { BadgesModal } from '../../features/badges';
import { ActiveGoalsPanel, ADD_GOAL_FIELD_ID, DailyGoalLock, GoalRings, hasDailyGoal, useGetCampaignsQuery } from '../../features/goals';
import { CompactLeaderboard, WINDOW_TABS } from '../../features/leaderboard';
import { BattlePulse } from '../../features/pulse';
import { WeeklyRecapCard, wantsRecap } from '../../features/recap';
import { TimeZonePrompt, VerifyEmailBanner } from '../../features/profile';
import { finishedThisPeriod, goalsOfThisPeriod, withUnsentLogs } from '../../lib/goal-progress';
import { selectPendingLogs, waiting } from '../../lib/pending-logs';
import { useLogFailure } from '../../lib/use-log-failure';
import { useNow } from '../../lib/use-now';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint';
import { useAppSelector } from '../../lib/hooks';
import { useGetClientConfigQuery } from '../../lib/client-config';
import { Cockpit } from './Cockpit';
import { greeting } from './greeting';
import './dashboard.css';

// The screen's chunk carries what readies its first render (routes.tsx runs it while the chunk loads).
export { primeFirstScreen } from './first-screen';

/**
 * The screen's panels re-render only when their own props change: the screen itself re-renders for each
 * read that lands (the user, the goals, the logs waiting on the device), each a blocking render on a
 * phone, and most of those change one panel's data, not all of them.
 */
const StablePageHeader = memo(PageHeader);
const StableCockpit = memo(Cockpit);
const StableGoalRings = memo(GoalRings);
const StableLogActivityPanel = memo(LogActivityPanel);
const StableActiveGoalsPanel = memo(ActiveGoalsPanel);
const StableWeeklyRecapCard = memo(WeeklyRecapCard);
const StableTimeZonePrompt = memo(TimeZonePrompt);
const StableVerifyEmailBanner = memo(VerifyEmailBanner);

const NO_GOALS: readonly Campaign[] = [];

/** How often days left and the end of a finished daily goal's window are re-read against the clock. */
const GOAL_CLOCK_MS = 60_000;

function scrollToBattleGround() {
  document.getElementById(BATTLE_GROUND_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** Said over the log buttons once a daily goal lifts the lock (see docs/decisions.md). */
const GOAL_SET_NOTICE = 'Daily goal set — start logging';

/**
 * True once the Log Activity lock has lifted while the dashboard is open (the first daily goal was just
 * added): the unlocked panel is then brought into view, since the goal form that lifted it sits below it
 * on a phone.
 */
function useLockLifted(locked: boolean): boolean {
  const [wasLocked, setWasLocked] = useState(locked);
  const [lifted, setLifted] = useState(false);
  if (wasLocked !== locked) {
    setWasLocked(locked);
    setLifted(wasLocked && !locked);
  }
  useEffect(() => {
    if (lifted) document.getElementById(LOG_PANEL_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [lifted]);
  return lifted;
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
  const location = useLocation();
  const [badgesOpen, setBadgesOpen] = useState(false);
  const { data: served, error: campaignsError } = useGetCampaignsQuery();
  useLogFailure(campaignsError, 'Failed to fetch campaigns');
  // Logs made offline count in the rings and goal cards at once (docs/decisions.md).
  const unsent = useAppSelector(selectPendingLogs);
  const campaigns = useMemo(() => served && withUnsentLogs(served, waiting(unsent)), [served, unsent]);
  const now = useNow(GOAL_CLOCK_MS);
  const [addingGoal, setAddingGoal] = useState(false);
  const [coachOpen, setCoachOpen] = useState(false);
  // Locked only once the goals say so: while they load, or if they fail, logging stays open.
  const dailyGoalSet = campaigns && hasDailyGoal(campaigns, now);
  const locked = dailyGoalSet === false;
  const finished = useMemo(() => (campaigns ? finishedThisPeriod(campaigns, now) : NO_GOALS), [campaigns, now]);
  const ringGoals = useMemo(() => (campaigns ? goalsOfThisPeriod(campaigns, now) : NO_GOALS), [campaigns, now]);
  const goalJustSet = useLockLifted(locked);
  // The Battle Ground and the promo sit below the fold on a phone: they render (and read) after the
  // cockpit's first paint, the Battle Ground in a box of its usual height and with its anchor meanwhile,
  // so nothing above it moves and the nav's Battle Ground scroll finds its place (docs/decisions.md).
  const belowFoldReady = useAfterFirstPaint();

  const openDailyGoalForm = useCallback(() => {
    flushSync(() => setAddingGoal(true));
    document.getElementById(ADD_GOAL_FIELD_ID)?.focus();
  }, []);
  const lock: ReactNode = useMemo(() => (locked ? <DailyGoalLock onSetGoal={openDailyGoalForm} /> : undefined), [locked, openDailyGoalForm]);
  const showBadges = useCallback(() => setBadgesOpen(true), []);
  const openCoach = useCallback(() => setCoachOpen(true), []);
  // Today's plan is offered only where the coach has its model: elsewhere it led to 'Not Yet Configured' (docs/decisions.md).
  const coachingEnabled = useGetClientConfigQuery().data?.coaching_enabled === true;
  const headerActions = useMemo(
    () =>
      coachingEnabled ? (
        <Button onClick={openCoach} aria-haspopup="dialog">
          See Today's Plan
        </Button>
      ) : undefined,
    [coachingEnabled, openCoach],
  );
  const badges = user?.badges ?? [];

  return (
    <div className="dashboard">
      <StablePageHeader title={greeting(user, now)} subtitle="Your command center for today's prospecting battle." actions={headerActions} />
      {user && <StableTimeZonePrompt user={user} />}
      <div className="dashboard-summary">
        <StableCockpit user={user} now={now} onShowBadges={showBadges} onShowBoard={scrollToBattleGround} />
        <StableGoalRings goals={ringGoals} />
      </div>
      <div className="grid grid--two">
        <StableLogActivityPanel lock={lock} notice={goalJustSet ? GOAL_SET_NOTICE : undefined} />
        <StableActiveGoalsPanel campaigns={campaigns} finished={finished} now={now} adding={addingGoal} onAddingChange={setAddingGoal} />
      </div>
      {/* A quiet reminder under the day's work: on a phone the standing, the rings and the log buttons keep the first screen. */}
      {user && <StableVerifyEmailBanner user={user} />}
      {user && <StableWeeklyRecapCard user={user} now={now} requestedBy={wantsRecap(location.state) ? location.key : null} />}
      {belowFoldReady ? <BattleGround /> : <div className="battle-ground-pending" id={BATTLE_GROUND_ID} />}
      {belowFoldReady && <PromoBanner />}
      {badgesOpen && <BadgesModal badges={badges} onClose={() => setBadgesOpen(false)} />}
      {coachOpen && <CoachingPanel hasDailyGoal={dailyGoalSet} onClose={() => setCoachOpen(false)} />}
    </div>
  );
}

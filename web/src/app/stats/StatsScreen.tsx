import { useId, useState, type ReactNode } from 'react';
import { CAMPAIGN_ICONS, DEFAULT_DAILY_GOAL_POINTS, type LeaderboardWindow } from '@warriors/contracts';
import { useAppSelector } from '../../lib/hooks';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';
import { tabId, Tabs } from '../../components/Tabs';
import { errorMessage } from '../../lib/api-error';
import { useLogFailure } from '../../lib/use-log-failure';
import { useNow } from '../../lib/use-now';
import { selectCurrentUser } from '../../lib/session';
import { BadgeProgressLine, useGetBadgeDefinitionsQuery, useGetBadgeProgressQuery } from '../../features/badges';
import { AddGoalForm, recordDailyGoal, RecommendationModal, useGetCampaignsQuery, useGoalActions, type CreatedGoal } from '../../features/goals';
import { CompactLeaderboard, WINDOW_TABS } from '../../features/leaderboard';
import {
  ActiveGoalsEditor,
  ActivityBreakdown,
  ConversionMetrics,
  DailyPointsChart,
  GoalProgress,
  joinFailed,
  PerformanceTable,
  PointsEarned,
  StatsHeader,
  useGetUserStatsQuery,
} from '../../features/stats';

/** How often days left and the chart's 'Today' are re-read against the clock. */
const STATS_CLOCK_MS = 60_000;

/** Create New Goal: a custom goal with any of the 12 icons, or a preset campaign to join. */
function NewGoalModal({ now, onClose, onCreated }: { now: Date; onClose: () => void; onCreated: (goal: CreatedGoal) => void }) {
  const { data: campaigns } = useGetCampaignsQuery();
  const actions = useGoalActions({ deleteFailed: 'Failed to delete goal', joinFailed });
  return (
    <Modal title="Create New Goal" onClose={onClose} wide>
      {actions.feedback && <Alert tone={actions.feedback.tone}>{actions.feedback.text}</Alert>}
      <AddGoalForm
        label="Create New Goal"
        prebuiltLabel="Presets"
        icons={CAMPAIGN_ICONS}
        available={campaigns?.available ?? []}
        now={now}
        busy={actions.busy}
        onJoin={(campaign) => void actions.join(campaign).then((joined) => joined && onClose())}
        onCreated={onCreated}
      />
    </Modal>
  );
}

/** How many of the closest badges the screen lists. */
const BADGES_IN_REACH = 3;

/** The badges nearest to being earned, fewest units to go first. */
function BadgesInReach() {
  const { data: progress, error } = useGetBadgeProgressQuery();
  useLogFailure(error, 'Failed to fetch badge progress');
  if (!progress) return error ? <Alert tone="error">{errorMessage(error, 'Failed to fetch badge progress')}</Alert> : <p className="muted">Loading...</p>;
  const closest = [...progress].sort((a, b) => a.remaining - b.remaining || a.name.localeCompare(b.name)).slice(0, BADGES_IN_REACH);
  if (closest.length === 0) return <p className="empty-state">Every badge of this cycle is yours. Legendary.</p>;
  return (
    <ul className="stats-badges">
      {closest.map((badge) => (
        <li key={badge.badge_type}>
          <p className="stats-subtitle">{badge.name}</p>
          <BadgeProgressLine progress={badge} />
        </li>
      ))}
    </ul>
  );
}

function EmbeddedLeaderboard() {
  const [period, setPeriod] = useState<LeaderboardWindow>('today');
  const panelId = useId();
  return (
    <>
      <Tabs label="Leaderboard period" tabs={WINDOW_TABS} selected={period} onSelect={setPeriod} panelId={panelId} />
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(panelId, period)}>
        <CompactLeaderboard period={period} />
      </div>
    </>
  );
}

export default function StatsScreen() {
  const user = useAppSelector(selectCurrentUser);
  const now = useNow(STATS_CLOCK_MS);
  const { data: stats, error: statsError } = useGetUserStatsQuery(user?.id ?? '', { skip: !user, refetchOnMountOrArgChange: true });
  const { data: campaigns, error: campaignsError } = useGetCampaignsQuery();
  const { data: definitions } = useGetBadgeDefinitionsQuery();
  useLogFailure(statsError, 'Failed to fetch stats');
  useLogFailure(campaignsError, 'Failed to fetch campaigns');
  const [creating, setCreating] = useState(false);
  const [recommendFrom, setRecommendFrom] = useState<CreatedGoal | null>(null);
  const goalPoints = definitions?.daily_goal_points ?? DEFAULT_DAILY_GOAL_POINTS;

  const created = (goal: CreatedGoal) => {
    setCreating(false);
    if (goal.durationDays === 1 && user && recordDailyGoal(user.id)) setRecommendFrom(goal);
  };

  const loading = <p className="muted">Loading...</p>;
  const statsBlock = (render: (loaded: NonNullable<typeof stats>) => ReactNode) =>
    stats ? render(stats) : statsError ? <Alert tone="error">{errorMessage(statsError, 'Failed to fetch stats')}</Alert> : loading;

  return (
    <>
      <PageHeader
        title="My Stats"
        subtitle="Your numbers, your trends, your edge."
        actions={
          <Button className="btn--small" onClick={() => setCreating(true)}>
            + New Goal
          </Button>
        }
      />
      <StatsHeader totalPoints={stats?.total_points} />
      <div className="stats-grid">
        <Panel title="Goal Progress" id="stats-goal-progress">
          {campaigns ? <GoalProgress campaigns={campaigns} now={now} /> : loading}
        </Panel>
        <Panel title="Points Earned" id="stats-points">
          {statsBlock((loaded) => (
            <PointsEarned stats={loaded} />
          ))}
        </Panel>
        <Panel title="My Active Goals" id="stats-active-goals">
          {campaigns ? <ActiveGoalsEditor campaigns={campaigns} now={now} /> : loading}
        </Panel>
        <Panel title="Conversion Metrics" id="stats-conversion">
          {statsBlock((loaded) => (
            <ConversionMetrics stats={loaded} />
          ))}
        </Panel>
        <Panel title="Activity Breakdown" id="stats-breakdown">
          {statsBlock((loaded) => (
            <ActivityBreakdown stats={loaded} />
          ))}
        </Panel>
        <Panel title="Activity Performance vs Goals" id="stats-performance">
          {campaigns ? <PerformanceTable active={campaigns.active} /> : loading}
        </Panel>
        <div className="stats-grid__wide">
          <Panel title="Daily Points vs Goal" id="stats-daily-points">
            {statsBlock((loaded) => (
              <DailyPointsChart stats={loaded} goalPoints={goalPoints} now={now} />
            ))}
          </Panel>
        </div>
        <Panel title="Badges in Reach" id="stats-badges">
          <BadgesInReach />
        </Panel>
        <div className="stats-grid__wide">
          <Panel title="Leaderboard" id="stats-leaderboard">
            <EmbeddedLeaderboard />
          </Panel>
        </div>
      </div>
      {creating && <NewGoalModal now={now} onClose={() => setCreating(false)} onCreated={created} />}
      {recommendFrom && <RecommendationModal daily={recommendFrom} onClose={() => setRecommendFrom(null)} />}
    </>
  );
}

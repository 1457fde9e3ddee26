import { lazy, Suspense, useId, useState } from 'react';
import { STATS_COUNT_WINDOWS, STATS_FUNNEL_WINDOWS, type Campaign, type StatsCountWindow, type StatsFunnelWindow, type UserStats } from '@warriors/contracts';
import { tabId, Tabs } from '../../components/Tabs';
import { counted, enUsNumber } from '../../lib/counted';
import { breakdownRows, changeText, conversionRows, dailySeries, performanceRows } from './stats-rules';
import './stats.css';

// chart.js loads with the first chart drawn, never with another screen.
const DailyPointsLine = lazy(() => import('./Charts').then((module) => ({ default: module.DailyPointsLine })));
const ActivityMixDonut = lazy(() => import('./Charts').then((module) => ({ default: module.ActivityMixDonut })));

const WINDOW_LABELS: Record<StatsCountWindow, string> = { today: 'Today', '7d': '7D', month: 'Month', all_time: 'All Time' };
const tabsOf = <T extends StatsCountWindow>(windows: readonly T[]) => windows.map((id) => ({ id, label: WINDOW_LABELS[id] }));

/** Points Earned: today, this week, this month, this year. */
export function PointsEarned({ stats }: { stats: UserStats }) {
  const items = [
    ['Today', stats.today_points],
    ['This week', stats.weekly_points],
    ['This month', stats.monthly_points],
    ['This year', stats.yearly_points],
  ] as const;
  return (
    <dl className="stats-tiles">
      {items.map(([label, value]) => (
        <div key={label} className="stats-tile">
          <dt>{label}</dt>
          <dd>{enUsNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The four funnel ratios of a window, coloured against their targets (spec point 9). */
export function ConversionMetrics({ stats }: { stats: UserStats }) {
  const [window, setWindow] = useState<StatsFunnelWindow>('today');
  const panelId = useId();
  const funnel = stats.funnel[window];
  return (
    <>
      <Tabs label="Conversion window" tabs={tabsOf(STATS_FUNNEL_WINDOWS)} selected={window} onSelect={setWindow} panelId={panelId} />
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(panelId, window)}>
        <ul className="stats-metrics">
          {conversionRows(funnel).map(({ ratio, label, percent, target, rating }) => (
            <li key={ratio} className={`stats-metric rating--${rating}`}>
              <span className="stats-metric__label">{label}</span>
              <span className="stats-metric__value">{percent}%</span>
              <span className="stats-metric__target">Target {target}%</span>
            </li>
          ))}
        </ul>
        <p className="muted stats-note">
          {enUsNumber(funnel.total_outreach)} outreach · {counted(funnel.cold_calls, 'cold call')} · {counted(funnel.live_conversations, 'conversation')} ·{' '}
          {counted(funnel.meetings, 'meeting')}
        </p>
      </div>
    </>
  );
}

/** Counts per activity with their change against the window before, and the same counts as a donut. */
export function ActivityBreakdown({ stats }: { stats: UserStats }) {
  const [window, setWindow] = useState<StatsCountWindow>('today');
  const panelId = useId();
  const rows = breakdownRows(stats.activity_counts[window]);
  const logged = rows.filter((row) => row.count > 0);
  const comparesWindows = window !== 'all_time';
  return (
    <>
      <Tabs label="Activity window" tabs={tabsOf(STATS_COUNT_WINDOWS)} selected={window} onSelect={setWindow} panelId={panelId} />
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(panelId, window)} className="stats-breakdown">
        {rows.length === 0 ? (
          <p className="empty-state">Nothing logged in this window yet.</p>
        ) : (
          <>
            <table className="stats-table">
              <caption className="visually-hidden">Activity Breakdown, {WINDOW_LABELS[window]}</caption>
              <thead>
                <tr>
                  <th scope="col">Activity</th>
                  <th scope="col">Count</th>
                  {comparesWindows && <th scope="col">Change</th>}
                </tr>
              </thead>
              <tbody>
                {rows.map(({ type, label, count, change }) => (
                  <tr key={type}>
                    <th scope="row">{label}</th>
                    <td>{enUsNumber(count)}</td>
                    {comparesWindows && <td className={change > 0 ? 'change--up' : change < 0 ? 'change--down' : undefined}>{changeText(change)}</td>}
                  </tr>
                ))}
              </tbody>
            </table>
            {logged.length > 0 && (
              <figure className="stats-chart stats-chart--donut">
                <figcaption className="stats-subtitle">Activity Mix</figcaption>
                <div className="stats-chart__canvas">
                  <Suspense fallback={<p className="muted">Loading chart...</p>}>
                    <ActivityMixDonut labels={logged.map((row) => row.label)} counts={logged.map((row) => row.count)} />
                  </Suspense>
                </div>
                {/* The donut's numbers are the table's: the sentence says what the picture shows. */}
                <p className="visually-hidden">Activity mix: {logged.map((row) => `${row.label} ${row.count}`).join(', ')}.</p>
              </figure>
            )}
          </>
        )}
      </div>
    </>
  );
}

/** Daily Points vs Goal for the last 30 local days, with a screen-reader table of the same numbers. */
export function DailyPointsChart({ stats, goalPoints, now }: { stats: UserStats; goalPoints: number; now: Date }) {
  const series = dailySeries(stats.daily_points, goalPoints, now, stats.timezone);
  return (
    <figure className="stats-chart">
      <div className="stats-chart__canvas stats-chart__canvas--wide">
        <Suspense fallback={<p className="muted">Loading chart...</p>}>
          <DailyPointsLine labels={series.labels} points={series.points} goal={series.goal} />
        </Suspense>
      </div>
      <figcaption className="muted stats-note">{series.summary}</figcaption>
      <table className="visually-hidden">
        <caption>Daily points, last {counted(series.labels.length, 'day')}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Points</th>
            <th scope="col">Goal</th>
          </tr>
        </thead>
        <tbody>
          {series.labels.map((label, index) => (
            <tr key={stats.daily_points[index]?.date ?? label}>
              <th scope="row">{label}</th>
              <td>{series.points[index]}</td>
              <td>{goalPoints}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

const RATING_WORDS = { green: 'on target', yellow: 'close', red: 'behind' } as const;

/** Done against target for every activity of the active goals, coloured by performanceRating. */
export function PerformanceTable({ active }: { active: readonly Campaign[] }) {
  const rows = performanceRows(active);
  if (rows.length === 0) return <p className="empty-state">No activity targets in your active goals.</p>;
  return (
    <table className="stats-table">
      <caption className="visually-hidden">Activity Performance vs Goals</caption>
      <thead>
        <tr>
          <th scope="col">Activity</th>
          <th scope="col">Done</th>
          <th scope="col">Target</th>
          <th scope="col">%</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ type, label, done, target, percent, rating }) => (
          <tr key={type}>
            <th scope="row">{label}</th>
            <td>{enUsNumber(done)}</td>
            <td>{enUsNumber(target)}</td>
            <td>
              <span className={`rating-pill rating--${rating}`}>
                {percent}%<span className="visually-hidden"> ({RATING_WORDS[rating]})</span>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

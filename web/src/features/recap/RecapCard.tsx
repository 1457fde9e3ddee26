import { useEffect, useState, type ReactNode } from 'react';
import { addDays, type RecapFigure, type User, type WeeklyRecap } from '@warriors/contracts';
import { Button } from '../../components/Button';
import { Panel } from '../../components/Panel';
import { Icon } from '../../components/icons/icon';
import { RECAP_ICONS } from '../../components/icons/recap-icons';
import { activityCount, counted, enUsNumber } from '../../lib/counted';
import { useLogFailure } from '../../lib/use-log-failure';
import { useGetWeeklyRecapQuery } from './api';
import {
  accountExistedIn,
  badgeNames,
  changeText,
  dayLabel,
  directionOf,
  dismiss,
  isDismissed,
  isRecapDay,
  rankMovement,
  recappedWeekStart,
  signedChange,
  weekLabel,
  type Direction,
} from './recap-rules';
import './recap.css';

/** The card's element id: the bell's recap line scrolls to it. */
export const RECAP_CARD_ID = 'weekly-recap';

function Change({ text, direction }: { text: string; direction: Direction }) {
  return (
    <span className={`recap__change recap__change--${direction}`}>
      <Icon icon={RECAP_ICONS[direction]} size={16} />
      {text}
    </span>
  );
}

const FigureChange = ({ figure }: { figure: RecapFigure }) => <Change text={changeText(figure)} direction={directionOf(figure.change)} />;

function Figure({ label, value, children }: { label: string; value: string; children?: ReactNode }) {
  return (
    <div className="recap__figure">
      <dt className="recap__label">{label}</dt>
      <dd className="recap__value">{value}</dd>
      {children && <dd className="recap__detail">{children}</dd>}
    </div>
  );
}

/** A week without a single log: said kindly, with the week before when there was one. */
function QuietWeek({ recap }: { recap: WeeklyRecap }) {
  return (
    <div className="recap__quiet">
      <p>No activity last week, and that's okay. Every streak starts with a single call: log one today and next Monday's recap will have a story to tell.</p>
      {recap.points.previous > 0 && <p className="recap__muted">The week before, you earned {counted(recap.points.previous, 'point')}. You can get back there.</p>}
    </div>
  );
}

/** The recap of last week against the week before, with a Dismiss that hides it for the week. */
export function RecapView({ recap, onDismiss }: { recap: WeeklyRecap; onDismiss: () => void }) {
  const quiet = recap.points.value === 0 && recap.logs.value === 0;
  const best = recap.best_day.value;
  const bestBefore = recap.best_day.previous;
  const rank = rankMovement(recap.rank);
  return (
    <Panel
      title="Your week in review"
      id={RECAP_CARD_ID}
      actions={
        <Button variant="ghost" className="btn--small" onClick={onDismiss} aria-label="Dismiss this week's recap">
          Dismiss
        </Button>
      }
    >
      <p className="recap__range">
        <Icon icon={RECAP_ICONS.recap} size={18} />
        {weekLabel(recap.week)}, against {weekLabel(recap.previous_week)}
      </p>
      {quiet ? (
        <QuietWeek recap={recap} />
      ) : (
        <>
          <dl className="recap__figures">
            <Figure label="Points" value={enUsNumber(recap.points.value)}>
              <FigureChange figure={recap.points} />
            </Figure>
            <Figure label="Activities logged" value={enUsNumber(recap.logs.value)}>
              <FigureChange figure={recap.logs} />
            </Figure>
            <Figure label="Rank" value={recap.rank.value === null ? '—' : `#${recap.rank.value}`}>
              <Change text={rank.text} direction={rank.direction} />
            </Figure>
            <Figure label="Best day" value={best ? dayLabel(best.date) : '—'}>
              {best && <span>{counted(best.points, 'point')}</span>}
              {bestBefore && (
                <span className="recap__muted">
                  Week before: {dayLabel(bestBefore.date)}, {counted(bestBefore.points, 'point')}
                </span>
              )}
            </Figure>
            <Figure label="Goals completed" value={String(recap.goals_completed.value)}>
              <FigureChange figure={recap.goals_completed} />
              {recap.goals_completed.names.length > 0 && <span className="recap__names">{recap.goals_completed.names.join(', ')}</span>}
            </Figure>
            <Figure label="Badges earned" value={String(recap.badges_earned.value)}>
              <FigureChange figure={recap.badges_earned} />
              {recap.badges_earned.badges.length > 0 && <span className="recap__names">{badgeNames(recap.badges_earned.badges)}</span>}
            </Figure>
          </dl>
          {recap.logs_by_type.length > 0 && (
            <ul className="recap__types" aria-label="Activities by type">
              {recap.logs_by_type.map((line) => (
                <li key={line.activity_type} className="recap__type">
                  <span>{activityCount(line.value, line.activity_type)}</span>
                  <span className={`recap__type-change recap__change--${directionOf(line.change)}`}>{signedChange(line.change)}</span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Panel>
  );
}

interface WeeklyRecapCardProps {
  user: User;
  now: Date;
  /** Set when the bell's recap line opened the dashboard (each click its own): shown whatever the day, even when dismissed. */
  requestedBy: string | null;
}

/**
 * The dashboard's recap card: on the broker's local Monday (their profile's timezone) unless they
 * dismissed this week's on this device, or whenever the bell's recap line asks for it. Not shown to a
 * broker whose account is younger than the recapped week, nor while the recap loads or fails (logged).
 */
export function WeeklyRecapCard({ user, now, requestedBy }: WeeklyRecapCardProps) {
  const weekStart = recappedWeekStart(now, user.timezone);
  const showing = requestedBy ?? weekStart;
  const [closed, setClosed] = useState<string | null>(null);
  const wanted = (requestedBy !== null || (isRecapDay(now, user.timezone) && !isDismissed(user.id, weekStart))) && closed !== showing;
  const shown = wanted && accountExistedIn(user, { end: addDays(weekStart, 6) });
  const { data: recap, error } = useGetWeeklyRecapQuery(undefined, { skip: !shown });
  useLogFailure(error, 'Failed to fetch the weekly recap');
  const visible = shown && recap !== undefined;
  useEffect(() => {
    if (visible && requestedBy !== null) document.getElementById(RECAP_CARD_ID)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [visible, requestedBy]);
  if (!visible) return null;
  const onDismiss = () => {
    dismiss(user.id, recap.week.start);
    setClosed(showing);
  };
  return <RecapView recap={recap} onDismiss={onDismiss} />;
}

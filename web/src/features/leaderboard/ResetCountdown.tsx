import { useNow } from '../../lib/use-now';
import { formatCountdown, msUntilLocalMidnight } from './leaderboard-rules';
import './leaderboard.css';

/** The live hh:mm:ss left until the daily reset at local midnight. */
export function ResetCountdown() {
  const now = useNow(1000);
  return (
    <p className="countdown">
      Resets in{' '}
      <span role="timer" aria-label="Time until the daily reset" className="countdown__time">
        {formatCountdown(msUntilLocalMidnight(now))}
      </span>
    </p>
  );
}

import './ProgressRing.css';

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A circular gauge of a 0-100 share; null draws the empty track with `emptyText` inside. */
export function ProgressRing({ percent, emptyText }: { percent: number | null; emptyText: string }) {
  const filled = percent === null ? 0 : Math.min(100, Math.max(0, percent));
  return (
    <span className={`ring${percent === 100 ? ' ring--complete' : ''}`}>
      <svg viewBox="0 0 100 100" aria-hidden="true" focusable="false">
        <circle className="ring__track" cx="50" cy="50" r={RADIUS} />
        {filled > 0 && <circle className="ring__fill" cx="50" cy="50" r={RADIUS} strokeDasharray={CIRCUMFERENCE} strokeDashoffset={CIRCUMFERENCE * (1 - filled / 100)} />}
      </svg>
      <span className={percent === null ? 'ring__value ring__value--empty' : 'ring__value'}>{percent === null ? emptyText : `${percent}%`}</span>
    </span>
  );
}

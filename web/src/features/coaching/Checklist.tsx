import { useId, useState } from 'react';

interface ChecklistProps {
  title: string;
  items: readonly string[];
  /** Says 'Complete' once every item is ticked (the leaderboard action plan). */
  announcesCompletion?: boolean;
}

/** Steps the broker ticks off as they go; the ticks are theirs alone and live only while the panel is open. */
export function Checklist({ title, items, announcesCompletion = false }: ChecklistProps) {
  const headingId = useId();
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const complete = items.length > 0 && ticked.size === items.length;

  const toggle = (index: number) =>
    setTicked((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  return (
    <section className="coach-section" aria-labelledby={headingId}>
      <div className="coach-section__header">
        <h3 className="coach-section__title" id={headingId}>
          {title}
        </h3>
        {announcesCompletion && (
          <span className={complete ? 'coach-complete coach-complete--done' : 'coach-complete'} role="status">
            {complete ? 'Complete' : `${ticked.size}/${items.length}`}
          </span>
        )}
      </div>
      <ul className="coach-checklist">
        {items.map((item, index) => (
          <li key={index} className={ticked.has(index) ? 'coach-checklist__item coach-checklist__item--done' : 'coach-checklist__item'}>
            <label className="check">
              <input type="checkbox" checked={ticked.has(index)} onChange={() => toggle(index)} />
              <span>{item}</span>
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}

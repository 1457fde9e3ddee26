import type { ReactNode } from 'react';
import './Panel.css';

interface PanelProps {
  title?: string;
  id?: string;
  actions?: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
}

/** A white card with an optional heading; the building block of every screen. */
export function Panel({ title, id, actions, children, tone = 'default' }: PanelProps) {
  const headingId = id && title ? `${id}-title` : undefined;
  return (
    <section className={`panel${tone === 'danger' ? ' panel--danger' : ''}`} id={id} aria-labelledby={headingId}>
      {(title || actions) && (
        <header className="panel__header">
          {title && (
            <h2 className="panel__title" id={headingId}>
              {title}
            </h2>
          )}
          {actions}
        </header>
      )}
      {children}
    </section>
  );
}

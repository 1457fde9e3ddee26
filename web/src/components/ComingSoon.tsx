import type { ReactNode } from 'react';
import './ComingSoon.css';

interface ComingSoonProps {
  title: string;
  children: ReactNode;
  /** What the warrior can look forward to, one short line each. */
  highlights?: string[];
}

/** Stands where a later release puts the real feature, so a screen is never blank. */
export function ComingSoon({ title, children, highlights = [] }: ComingSoonProps) {
  return (
    <div className="coming-soon">
      <span className="coming-soon__badge">Coming soon</span>
      <h3 className="coming-soon__title">{title}</h3>
      <p className="coming-soon__text">{children}</p>
      {highlights.length > 0 && (
        <ul className="coming-soon__list">
          {highlights.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

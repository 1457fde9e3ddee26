import type { ReactNode } from 'react';
import { Icon, UI_ICONS } from '../../components/icons/icon';
import './auth.css';

/** The signed-out screens' frame: the product's promise beside the card that holds the form. */
export function AuthFrame({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <div className="auth">
      <section className="auth__hero" aria-label="About Prospect Warriors">
        <p className="auth__brand">
          <Icon icon={UI_ICONS.logo} size={28} /> Prospect Warriors
        </p>
        <p className="auth__tagline">Every call is a shot fired.</p>
        <ul className="auth__points">
          <li>Log calls, meetings and doorknocks in one tap</li>
          <li>Earn points, keep your streak, unlock badges</li>
          <li>Battle fellow CRE brokers on the leaderboard</li>
        </ul>
      </section>
      <section className="auth__card" aria-labelledby={titleId}>
        {children}
      </section>
    </div>
  );
}

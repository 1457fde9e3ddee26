import { PROMO_URL } from '../config/external';
import './PromoBanner.css';

/** The external automation offer (spec point 1), the same banner wherever a screen carries it. */
export function PromoBanner() {
  return (
    <aside className="promo" aria-label="Automation offer">
      <p className="promo__title">Put your prospecting on autopilot</p>
      <p className="promo__text">Automated workflows that follow up while you fire the next shot.</p>
      <a className="btn btn--primary" href={PROMO_URL} target="_blank" rel="noopener noreferrer">
        See the automation offer
      </a>
    </aside>
  );
}

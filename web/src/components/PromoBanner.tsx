import { useGetClientConfigQuery } from '../lib/client-config';
import './PromoBanner.css';

/**
 * The external automation offer (spec point 1), the same banner wherever a screen carries it; shown
 * only where the deployment names the offer (PROMO_URL), so no screen links to a placeholder.
 */
export function PromoBanner() {
  const promoUrl = useGetClientConfigQuery().data?.promo_url;
  if (!promoUrl) return null;
  return (
    <aside className="promo" aria-label="Automation offer">
      <p className="promo__title">Put your prospecting on autopilot</p>
      <p className="promo__text">Automated workflows that follow up while you fire the next shot.</p>
      <a className="btn btn--primary" href={promoUrl} target="_blank" rel="noopener noreferrer">
        See the automation offer
      </a>
    </aside>
  );
}

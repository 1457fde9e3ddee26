/** The external automation-workflow offer the promo banners link to (spec point 1); swap for the real offer. */
export const PROMO_URL = 'https://example.com/automation';

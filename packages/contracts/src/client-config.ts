import { z } from 'zod';

/** Settings of the deployment the browser reads at run time (GET /api/client-config, answered by the gateway). */
export const ClientConfig = z.object({
  /** The external automation offer the promo banners link to; null: no banners. */
  promo_url: z.url({ protocol: /^https?$/ }).nullable(),
  /** Whether the AI coach has its model server (the coaching service's OPENAI_API_KEY): false, the dashboard offers no plan. */
  coaching_enabled: z.boolean(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;

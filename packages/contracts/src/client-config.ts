import { z } from 'zod';

/** Settings of the deployment the browser reads at run time (GET /api/client-config, answered by the gateway). */
export const ClientConfig = z.object({
  /** The external automation offer the promo banners link to; null: no banners. */
  promo_url: z.url({ protocol: /^https?$/ }).nullable(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;

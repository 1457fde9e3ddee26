import type { ManifestOptions } from 'vite-plugin-pwa';

/** Matches index.html's theme-color and the dark surfaces of the app (docs/design). */
export const THEME_COLOR = '#111827';

/**
 * The web app manifest (written as /manifest.webmanifest and linked from index.html): what a phone
 * needs to install the app on its home screen and open it as an app of its own.
 */
export const WEB_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: 'Prospect Warriors',
  short_name: 'Warriors',
  description: 'Log your prospecting, earn points, keep your streak and battle other commercial real estate brokers.',
  lang: 'en',
  start_url: '/dashboard',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: THEME_COLOR,
  background_color: THEME_COLOR,
  categories: ['business', 'productivity'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
};

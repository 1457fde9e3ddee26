import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkGroups } from './build/chunk-groups';
import { precompress } from './build/precompress';
import { WEB_MANIFEST } from './build/web-manifest';

const sourceFile = (file: string) => decodeURIComponent(new URL(file, import.meta.url).pathname);

// The contracts are consumed as source (as jest and tsc do), so the web build never needs a prior `tsc -b`.
const contractsSource = sourceFile('../packages/contracts/src/index.ts');

const gateway = 'http://localhost:8080';

export default defineConfig({
  plugins: [
    react(),
    // The service worker is our own (src/sw/sw.ts); the plugin builds it, injects the release's file list
    // into it and writes the manifest. The page registers it itself (app/service-worker.ts), after first paint.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: WEB_MANIFEST,
      // The manifest's icons are precached with it; the iOS icon is named in index.html only.
      includeAssets: ['icons/apple-touch-icon-180.png'],
      injectManifest: {
        globPatterns: ['**/*.{js,css,html}'],
        // The sign-in page's icons and the charts chunk are well under this; the limit catches a stray big file.
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
    }),
    precompress(),
  ],
  resolve: {
    alias: [{ find: '@warriors/contracts', replacement: contractsSource }],
  },
  server: {
    proxy: {
      '/api': gateway,
      '/ws': { target: gateway, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: chunkGroups({
          entry: sourceFile('./src/main.tsx'),
          guestScreen: sourceFile('./src/features/auth/AuthScreen.tsx'),
          contractsIndex: contractsSource,
        }),
      },
    },
  },
});

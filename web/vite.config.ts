import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';

// The contracts are consumed as source (as jest and tsc do), so the web build never needs a prior `tsc -b`.
const contractsSource = decodeURIComponent(new URL('../packages/contracts/src/index.ts', import.meta.url).pathname);
// Every import of 'zod' (the contracts') gets zod switched to jitless parsing first (see that module).
const jitlessZod = decodeURIComponent(new URL('./src/lib/jitless-zod.ts', import.meta.url).pathname);

const gateway = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: '@warriors/contracts', replacement: contractsSource },
      { find: /^zod$/, replacement: jitlessZod },
    ],
  },
  server: {
    proxy: {
      '/api': gateway,
      '/ws': { target: gateway, ws: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true },
});

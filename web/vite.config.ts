import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { chunkGroups } from './build/chunk-groups';
import { precompress } from './build/precompress';

const sourceFile = (file: string) => decodeURIComponent(new URL(file, import.meta.url).pathname);

// The contracts are consumed as source (as jest and tsc do), so the web build never needs a prior `tsc -b`.
const contractsSource = sourceFile('../packages/contracts/src/index.ts');

const gateway = 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
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

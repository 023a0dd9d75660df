import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:3000';

const proxy = {
  '/api': { target: backend, ws: true, changeOrigin: false },
  '/oidc': { target: backend, changeOrigin: false },
};

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: {
    // WEB_DIST_DIR (absolute) builds elsewhere; the server reads the SPA from the same variable.
    outDir: process.env.WEB_DIST_DIR || 'dist',
    emptyOutDir: true,
    // Maps are written for symbolicating reported client errors, but not linked from the bundle.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        // Libraries every page needs get stable chunks that survive app deploys in the cache.
        // MUI is left to the default splitting so screen-only components stay in their lazy chunks.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
            },
            {
              name: 'data',
              priority: 1,
              test: /node_modules[\\/](zod|@tanstack|oidc-client-ts|jwt-decode)[\\/]/,
            },
            {
              // Everything else the entry imports statically: one file instead of dozens of small
              // shared chunks, each paying its request and headers before the first paint.
              name: 'start',
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
});

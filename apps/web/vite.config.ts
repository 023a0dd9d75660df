import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/** The signed-in frame and Home: what a signed-in `/` downloads after the entry. */
const signedInRoots = ['/src/app/routes/signed-in-shell.tsx', '/src/features/home/home-page.tsx'];
/** Pages shown without a session: they must not download the signed-in group. */
const publicRoots = [
  '/src/app/pages/landing/landing-page.tsx',
  '/src/app/pages/error-loading-page.tsx',
  '/src/features/registration/register-page.tsx',
  '/src/features/registration/register-success-page.tsx',
  '/src/features/membership-invitations/confirm-email-page.tsx',
];

/**
 * Sorts modules by the static import graphs of the signed-in frame and of the public pages, once
 * the module graph is known (buildEnd runs before chunks are made). The shell's and Home's ~65
 * small shared chunks cost a signed-in load ~11 sequential rounds of requests on 6 HTTP/1.1
 * connections (issue 16 item 4); as two groups they are two requests.
 */
function importGraphs() {
  const signedIn = new Set<string>();
  const publicPages = new Set<string>();
  const landing = new Set<string>();
  const plugin: Plugin = {
    name: 'flowline-import-graphs',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const closure = (roots: string[], into: Set<string>) => {
        const queue = roots.map((r) => ids.find((id) => id.endsWith(r)));
        for (let id = queue.pop(); id !== undefined || queue.length; id = queue.pop()) {
          if (!id || into.has(id)) continue;
          into.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      closure(signedInRoots, signedIn);
      closure(publicRoots, publicPages);
      closure(publicRoots.slice(0, 2), landing);
    },
  };
  return { plugin, signedIn, publicPages, landing };
}
const graphs = importGraphs();

const backend = 'http://localhost:3000';

const proxy = {
  '/api': { target: backend, ws: true, changeOrigin: false },
  '/oidc': { target: backend, changeOrigin: false },
};

export default defineConfig({
  plugins: [react(), graphs.plugin],
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
            {
              // The shared package's schemas and rules that the entry does not use: one file for
              // every page that needs some (taken before 'signed-in' so that the public pages
              // do not download the signed-in group for a schema).
              name: 'shared',
              test: /[\\/]packages[\\/]shared[\\/]/,
            },
            {
              // What the signed-in frame shares with the forms of the public pages (menus,
              // dialogs, links): one file for both, not ~20 small ones. The landing page's own
              // graph stays out of it: it must not download more than it uses.
              name: 'common',
              test: (id) =>
                graphs.signedIn.has(id) && graphs.publicPages.has(id) && !graphs.landing.has(id),
              includeDependenciesRecursively: false,
            },
            {
              // The rest of the shell's and Home's static graph: one file.
              name: 'signed-in',
              test: (id) => graphs.signedIn.has(id) && !graphs.publicPages.has(id),
              // What it shares with the public pages stays out (in the default chunks), so that a
              // public page never downloads this group for one dependency.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});

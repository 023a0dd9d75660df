import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { lazySchemas } from './build/lazy-schemas.ts';
import { muiWithoutCssVariables } from './build/mui-without-css-variables.ts';
import { warmStart } from './build/warm-start.ts';

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

/** `import { a, b as c } from '@flowline/shared'` in transformed code (type imports are gone). */
const sharedImport = /import\s*\{([^}]*)\}\s*from\s*["']@flowline\/shared["']/g;
const isSharedBarrel = (id: string) => /[\\/]packages[\\/]shared[\\/]src[\\/]index\.ts$/.test(id);

/**
 * Sorts modules by the static import graphs of the signed-in frame and of the public pages, once
 * the module graph is known (buildEnd runs before chunks are made). The shell's and Home's ~65
 * small shared chunks cost a signed-in load ~11 sequential rounds of requests on 6 HTTP/1.1
 * connections (issue 16 item 4); as two groups they are two requests.
 *
 * The shared package is imported through its barrel, which re-exports every module: a graph
 * followed through it would hold every schema. Instead a module importing the barrel brings in
 * the shared modules that define the names it imports (zod builds every schema of a module when
 * it runs: the admin screens' schemas cost Home's start ~25 ms at full speed).
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
      const definedIn = new Map<string, string>();
      for (const id of ids) {
        if (!/[\\/]packages[\\/]shared[\\/]src[\\/]/.test(id) || /index\.ts$/.test(id)) continue;
        for (const name of this.getModuleInfo(id)?.exports ?? []) definedIn.set(name, id);
      }
      const imports = (id: string): string[] => {
        const info = this.getModuleInfo(id);
        if (!info) return [];
        const direct = info.importedIds.filter((i) => !isSharedBarrel(i));
        if (direct.length === info.importedIds.length) return direct;
        const names = [...(info.code ?? '').matchAll(sharedImport)].flatMap((m) =>
          m[1]!.split(',').map((n) => n.trim().split(/\s+as\s+/)[0]!),
        );
        const owners = names.map((n) => definedIn.get(n));
        // A name we cannot place: follow the barrel whole rather than miss a module.
        if (owners.some((o) => o === undefined)) return info.importedIds;
        return [...direct, ...(owners as string[])];
      };
      const closure = (roots: string[], into: Set<string>) => {
        const queue = roots.map((r) => ids.find((id) => id.endsWith(r)));
        for (let id = queue.pop(); id !== undefined || queue.length; id = queue.pop()) {
          if (!id || into.has(id)) continue;
          into.add(id);
          queue.push(...imports(id));
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

/**
 * The installable app (issue 32 item 2; docs/field-tickets-offline.md): a manifest, and a service
 * worker that precaches index.html and every built script, style, font and image, so that the
 * SPA starts without a network (the field tickets are written at wellsites). It answers
 * navigations with the precached index.html, except the server's own pages (the API, the
 * identity provider's login pages, the dev mailbox, metrics); it caches no API call — the field
 * tickets' queue in IndexedDB keeps what must be sent. Registered by the app with workbox-window
 * (app/pwa), only in a production build; `npm run dev` and the tests run without it.
 */
const pwa = VitePWA({
  strategies: 'generateSW',
  registerType: 'prompt',
  injectRegister: false,
  filename: 'sw.js',
  manifest: {
    name: 'Flowline',
    short_name: 'Flowline',
    description: 'The document exchange network for the oil-and-gas industry',
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: '#0B5563',
    background_color: '#FFFFFF',
    icons: [
      { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
    shortcuts: [{ name: 'New field ticket', url: '/field-tickets/new' }],
  },
  workbox: {
    globPatterns: ['**/*.{js,mjs,css,html,svg,png,ico,woff,woff2,webmanifest}'],
    // The precompressed copies (scripts/compress-dist.mjs) are the same files for the server to
    // send; source maps are never fetched by the app.
    globIgnores: ['**/*.map', '**/*.br', '**/*.gz', '**/.build-stamp.json'],
    // The pdf.js worker (~1.2 MB) is the largest file and must stay precached for the viewer.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/oidc(\/|$)/, /^\/dev\//, /^\/metrics$/],
    // Hashed names: a file's URL is its version.
    dontCacheBustURLsMatching: /^assets\//,
    // No runtimeCaching: API answers are never stored by the service worker.
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    clientsClaim: false,
    skipWaiting: false,
    sourcemap: false,
  },
  devOptions: { enabled: false },
});

const proxy = {
  '/api': { target: backend, ws: true, changeOrigin: false },
  '/oidc': { target: backend, changeOrigin: false },
};

export default defineConfig({
  plugins: [
    react(),
    pwa,
    muiWithoutCssVariables(),
    lazySchemas(),
    graphs.plugin,
    warmStart({
      signedIn: ['/src/app/routes/signed-in-shell.tsx'],
      home: ['/src/features/home/home-page.tsx'],
    }),
  ],
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
              // oidc-client-ts is not here: it loads after the start (app/auth/oidc-auth-client.ts).
              test: /node_modules[\\/](zod|@tanstack)[\\/]/,
            },
            {
              // Everything else the entry imports statically: one file instead of dozens of small
              // shared chunks, each paying its request and headers before the first paint.
              name: 'start',
              tags: ['$initial'],
            },
            {
              // What the signed-in frame shares with the landing and error pages' graph (Grid,
              // refs, media queries): one small file, not a request each for both.
              name: 'base',
              test: (id) => graphs.signedIn.has(id) && graphs.landing.has(id),
              includeDependenciesRecursively: false,
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

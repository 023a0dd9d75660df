#!/usr/bin/env node
// Compiles the server to JavaScript in apps/server/dist (issue 16 item 3): one ESM file per entry
// (the API server and the job worker) with @flowline/shared bundled from its TypeScript source and
// every npm package left external, plus the SQL migrations the server applies at start.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverRoot = path.resolve(import.meta.dirname, '..');
const dist = path.join(serverRoot, 'dist');
// Built beside dist/ and swapped in at the end: a server starting meanwhile (another e2e run on
// this checkout) never sees a half-written dist/.
const outdir = `${dist}.building-${process.pid}`;
const entries = ['main', 'worker'].filter((name) =>
  fs.existsSync(path.join(serverRoot, 'src', `${name}.ts`)),
);

/** npm packages stay in node_modules; only the workspace's own TypeScript package is bundled. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path === '@flowline/shared' || args.path.startsWith('@flowline/shared/')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

const started = performance.now();
process.on('exit', () => fs.rmSync(outdir, { recursive: true, force: true }));
await build({
  entryPoints: Object.fromEntries(
    entries.map((name) => [name, path.join(serverRoot, 'src', `${name}.ts`)]),
  ),
  outdir,
  bundle: true,
  // Code split so a module imported with import() (the S3 blob store…) loads only when used.
  // Chunks stay directly in dist/ next to the entries: the paths the server finds through
  // import.meta.dirname (the migrations next to it, the package root above it) hold in every file.
  splitting: true,
  chunkNames: 'chunk-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  sourcesContent: false,
  // No comments or indentation: V8 keeps every module's source for the life of the process, and
  // a comment's non-ASCII character (§, …) stores a whole file as two bytes per character. Names
  // stay, and stack traces map back to src/ through the source maps.
  minifyWhitespace: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalNpmPackages],
  tsconfig: path.join(serverRoot, 'tsconfig.json'),
});
// src/db/client.ts reads its migrations from import.meta.dirname + /migrations: dist/migrations.
fs.cpSync(path.join(serverRoot, 'src/db/migrations'), path.join(outdir, 'migrations'), {
  recursive: true,
});
const old = `${dist}.old-${process.pid}`;
if (fs.existsSync(dist)) fs.renameSync(dist, old);
fs.renameSync(outdir, dist);
fs.rmSync(old, { recursive: true, force: true });
console.log(
  `server built to ${path.relative(process.cwd(), dist)} (${entries.join(', ')}) in ${Math.round(performance.now() - started)} ms`,
);

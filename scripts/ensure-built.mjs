#!/usr/bin/env node
// `npm start` runs this first: it builds the SPA and/or the server only when the files that feed
// that build changed since its last successful build (issue 16 item 3), so a start on a built
// checkout goes straight to `node apps/server/dist/main.js`.
//
// Each build's fingerprint is a hash of the path, size and mtime of every input file and folder
// (a folder's mtime changes when a file in it is added, removed or renamed), written to a stamp
// inside the build's output once the build succeeded. Deleting the output forces a build.
//
//   node scripts/ensure-built.mjs            both (the SPA and the server)
//   node scripts/ensure-built.mjs server     only the server (npm run worker)
//   ... --force                              build even when fresh
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const STAMP = '.build-stamp.json';
const shared = ['packages/shared/src', 'packages/shared/package.json', 'package-lock.json'];

/**
 * The SPA goes to WEB_DIST_DIR when set (the server serves it from there; a relative path is taken
 * from apps/server, the server's working directory under `npm start`), else to apps/web/dist.
 */
const webDist = process.env.WEB_DIST_DIR
  ? path.resolve(root, 'apps/server', process.env.WEB_DIST_DIR)
  : path.join(root, 'apps/web/dist');

const targets = {
  web: {
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
      'apps/web/scripts',
      'apps/web/build',
      ...shared,
    ],
    output: webDist,
    product: 'index.html',
    command: ['npm', 'run', 'build', '-w', '@flowline/web'],
    env: process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: webDist } : {},
  },
  server: {
    inputs: [
      'apps/server/src',
      'apps/server/scripts',
      'apps/server/tsconfig.json',
      'apps/server/package.json',
      'tsconfig.base.json',
      ...shared,
    ],
    output: path.join(root, 'apps/server/dist'),
    product: 'main.js',
    command: ['npm', 'run', 'build', '-w', '@flowline/server'],
    env: {},
  },
};

/** Hash of (path, size, mtime) of every file and folder under the inputs; tests are left out. */
function fingerprint(inputs) {
  const hash = crypto.createHash('sha256');
  const visit = (rel) => {
    let stat;
    try {
      stat = fs.statSync(path.join(root, rel));
    } catch {
      hash.update(`${rel}\0missing\n`);
      return;
    }
    hash.update(`${rel}\0${stat.size}\0${stat.mtimeMs}\n`);
    if (!stat.isDirectory()) return;
    for (const name of fs.readdirSync(path.join(root, rel)).sort()) {
      if (/\.test\.tsx?$/.test(name)) continue;
      visit(path.posix.join(rel, name));
    }
  };
  for (const input of inputs) visit(input);
  return hash.digest('hex');
}

function readStamp(output) {
  try {
    return JSON.parse(fs.readFileSync(path.join(output, STAMP), 'utf8')).fingerprint;
  } catch {
    return null;
  }
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const names = args.filter((a) => !a.startsWith('--'));
for (const name of names.length > 0 ? names : Object.keys(targets)) {
  const target = targets[name];
  if (!target) {
    console.error(`ensure-built: unknown build '${name}' (web or server)`);
    process.exit(2);
  }
  const before = fingerprint(target.inputs);
  const fresh =
    !force &&
    readStamp(target.output) === before &&
    fs.existsSync(path.join(target.output, target.product));
  if (fresh) continue;
  console.log(`ensure-built: building the ${name === 'web' ? 'SPA' : 'server'} (sources changed)`);
  const run = spawnSync(target.command[0], target.command.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...target.env },
  });
  if (run.status !== 0) {
    console.error(`ensure-built: the ${name} build failed`);
    process.exit(run.status ?? 1);
  }
  // Stamped with the fingerprint taken before the build: an edit made during it builds next time.
  fs.writeFileSync(path.join(target.output, STAMP), JSON.stringify({ fingerprint: before }) + '\n');
}

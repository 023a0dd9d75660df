import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import serverNodeFlags from '../node-flags.json';
import { ensureCompiledServer, freePort } from './helpers/crash-server';

const serverRoot = path.resolve(import.meta.dirname, '..');
const repoRoot = path.resolve(serverRoot, '../..');

/**
 * The server as production runs it (issue 16 item 3): `node dist/main.js`, compiled JavaScript
 * with no TypeScript at run time, on an embedded database in a fresh data directory. dist/ is
 * built here only when its sources changed since the last build (scripts/ensure-built.mjs).
 */
describe('the compiled server', () => {
  let child: ChildProcess;
  let baseUrl: string;
  let dataDir: string;
  let webDir: string;
  let loadedModulesFile: string;
  let output = '';

  beforeAll(async () => {
    ensureCompiledServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-compiled-'));
    // A stand-in for the built SPA: the test is about the server, not the web build.
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flowline-compiled-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>compiled spa</title>');
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      SEED_DEMO_DATA: 'never',
      LOG_LEVEL: 'warn',
      LOADED_MODULES_FILE: (loadedModulesFile = path.join(dataDir, 'loaded-modules.txt')),
    };
    delete env.DATABASE_URL;
    const recordModules = path.join(import.meta.dirname, 'helpers/record-loaded-modules.mjs');
    child = spawn(
      process.execPath,
      [...serverNodeFlags, '--import', recordModules, 'dist/main.js'],
      {
        cwd: serverRoot,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`no answer from the server:\n${output}`);
      const ok = await fetch(`${baseUrl}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it("is started by both packages' `npm start` with the Node.js flags of node-flags.json", () => {
    // The scripts cannot read the file, so they spell the flags out; this keeps them in step with
    // the journeys' server and the benches, which read it.
    const command = `node ${serverNodeFlags.join(' ')} dist/main.js`;
    for (const packageDir of [repoRoot, serverRoot]) {
      const { scripts } = JSON.parse(
        fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'),
      ) as { scripts: Record<string, string> };
      expect(scripts.start, packageDir).toContain(command);
    }
  });

  it('runs JavaScript from dist/, not the TypeScript sources', () => {
    const main = fs.readFileSync(path.join(serverRoot, 'dist/main.js'), 'utf8');
    expect(main).not.toMatch(/from ["']@flowline\/shared["']/); // bundled, not imported as .ts
    expect(fs.existsSync(path.join(serverRoot, 'dist/migrations/meta/_journal.json'))).toBe(true);
  });

  it('is ASCII without comments, so V8 keeps its sources at one byte per character', () => {
    // One non-ASCII character (a § in a comment, a € in a regular expression: esbuild escapes
    // strings but not those) makes V8 hold that whole file as UTF-16, for the life of the process.
    for (const file of fs.readdirSync(path.join(serverRoot, 'dist'))) {
      if (!file.endsWith('.js')) continue;
      const source = fs.readFileSync(path.join(serverRoot, 'dist', file), 'utf8');
      expect(source, file).not.toMatch(/[^\t\n\r -~]/);
      expect(source, file).not.toMatch(/^\s*\/\/ /m);
    }
  });

  it('answers /api/health from the migrated embedded database', async () => {
    const res = await fetch(`${baseUrl}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'pglite' });
  });

  it("serves the SPA's index.html, also for the SPA's own routes", async () => {
    for (const url of ['/', '/documents/inbox']) {
      const res = await fetch(`${baseUrl}${url}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('compiled spa');
    }
  });

  it('answers an unknown API path with the JSON 404', async () => {
    const res = await fetch(`${baseUrl}/api/no-such-endpoint`);
    expect(res.status).toBe(404);
    expect(await res.json()).toHaveProperty('error.message');
  });

  // Each of these costs several MB for the life of the process (bench/README.md).
  it.runIf(process.platform === 'linux')('has not loaded sharp (libvips) while idle', () => {
    const maps = fs.readFileSync(`/proc/${child.pid}/maps`, 'utf8');
    expect(maps).not.toMatch(/sharp|libvips/);
  });

  it('has not loaded the packages only signing, SMTP mail or PDF work need while idle', () => {
    const loaded = fs.readFileSync(loadedModulesFile, 'utf8');
    // The recorder works: the server's own code and its framework are there.
    expect(loaded).toMatch(/\/dist\/main\.js$/m);
    expect(loaded).toMatch(/node_modules\/fastify\//);
    for (const lazy of ['node-forge', 'nodemailer', 'pdf-lib', '@signpdf', 'sharp']) {
      expect(loaded, lazy).not.toContain(`/node_modules/${lazy}/`);
    }
  });
});

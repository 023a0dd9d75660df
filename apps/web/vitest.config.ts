import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const include = ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'];

/**
 * Test files that replace a module with `vi.mock`: they run isolated (a fresh worker each), since
 * a mock registered by one file would otherwise stay in place for the next file in that worker.
 */
function filesThatMockModules(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        /\.test\.tsx?$/.test(entry.name) &&
        /\bvi\.(do)?mock\(/.test(fs.readFileSync(full, 'utf8'))
      )
        found.push(
          path
            .relative(import.meta.dirname, full)
            .split(path.sep)
            .join('/'),
        );
    }
  };
  for (const dir of ['src', 'build'])
    if (fs.existsSync(path.join(import.meta.dirname, dir)))
      walk(path.join(import.meta.dirname, dir));
  return found;
}
const mocking = filesThatMockModules();

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // A hang detector, not a speed goal: CI runs this suite at a lower priority beside the browser
    // journeys on 2 cores.
    testTimeout: 90_000,
    // Vitest's default leaves a core idle (cores - 1 = one file at a time on CI's 2 cores).
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        extends: true,
        // Most files share a worker's jsdom window and the libraries it imported (React, MUI,
        // emotion, Testing Library): a fresh process, jsdom and MUI import per file were ~38 % of
        // the suite's CPU (docs/testing.md "CI time"). The app's own modules are still evaluated
        // afresh for each file (src/test/setup.ts), so no module state passes between files.
        test: { name: 'web', include, exclude: mocking, isolate: false },
      },
      {
        extends: true,
        test: { name: 'web-mocks', include: mocking.length ? mocking : ['no-such-file'] },
      },
    ],
  },
});

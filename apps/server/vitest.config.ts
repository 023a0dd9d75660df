import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default leaves a core idle (cores - 1 = one file at a time on CI's 2 cores); each
    // file has its own database copy (test/helpers/database.ts), so files can run side by side.
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});

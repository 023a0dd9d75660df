import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { databaseFreeTestFiles } from './test/database-free-files';

const include = ['test/**/*.test.ts', 'src/**/*.test.ts'];
// CI's second database (scripts/run-tests.mjs --both) skips the files that never open one: they
// already ran on the first, and nothing in them can differ.
const exclude = process.env.FLOWLINE_SKIP_DATABASE_FREE_TESTS
  ? [...configDefaults.exclude, ...databaseFreeTestFiles(import.meta.dirname)]
  : configDefaults.exclude;
/**
 * Files that measure the process's own memory: they run in a fresh worker. Beside other files'
 * leftovers in a shared worker, the 60 MB upload once measured 128 MB held (in a full run; under 64 MB
 * alone) — what the measure saw was not the upload.
 */
const measuresMemory = ['test/document-upload-memory.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-file.ts'],
    // Generous: these are hang detectors, not speed goals. CI runs this suite at a lower priority
    // beside the browser journeys on 2 cores, where a test of a few uploads took over 30 s.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default leaves a core idle (cores - 1 = one file at a time on CI's 2 cores); each
    // file has its own database copy (test/helpers/database.ts), so files can run side by side.
    maxWorkers: Math.max(2, os.availableParallelism()),
    // The memory test takes its baseline after a full collection.
    execArgv: ['--expose-gc'],
    projects: [
      {
        extends: true,
        // Every file builds its own app and database, so files can share the imported modules:
        // the server's module graph is imported once per worker, not once per file (~1.8 s each).
        test: { name: 'server', include, exclude: [...exclude, ...measuresMemory], isolate: false },
      },
      {
        extends: true,
        test: { name: 'server-memory', include: measuresMemory, exclude, isolate: true },
      },
    ],
  },
});

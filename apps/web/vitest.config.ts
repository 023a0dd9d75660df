import os from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    css: false,
    testTimeout: 15000,
    // Vitest's default leaves a core idle (cores - 1 = one file at a time on CI's 2 cores).
    maxWorkers: Math.max(2, os.availableParallelism()),
  },
});

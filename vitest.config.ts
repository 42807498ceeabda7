import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: {
      '#shared': path.join(root, 'shared'),
      '#server': path.join(root, 'server'),
      '#client': path.join(root, 'client'),
    },
  },
  test: {
    include: ['shared/**/*.test.ts', 'server/**/*.test.ts', 'tests/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    // caps for a failing test, generous for a busy machine (no test measures time: bench/ does)
    testTimeout: 90_000,
    expect: { poll: { timeout: 20_000 } },
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 2,
  },
});

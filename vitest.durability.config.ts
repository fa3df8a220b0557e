/**
 * `npm run test:durability` (after `npm run build`): the crash and shutdown tests of
 * tests/durability/, which start the production server as a child process (tests/support/server-process.ts)
 * and may take minutes. Kept apart from vitest.config.ts, whose `include` does not list
 * tests/durability/, so `vitest run` never runs them. No shared test database: each test makes
 * its own DATA_DIR (and PostgreSQL database, when one is reachable).
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/durability/**/*.test.ts'],
    environment: 'node',
    // The suites bind fixed ports and load the machine: one file at a time.
    fileParallelism: false,
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});

/**
 * `npm run test:cluster` (after `npm run build`, with DATABASE_URL): tests/cluster/, three
 * instances of the production build on one PostgreSQL database behind the local proxy
 * (scripts/cluster.mjs). Kept apart from vitest.config.ts, whose `include` does not list
 * tests/cluster/: the suite needs a PostgreSQL server and takes a few minutes.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 180_000,
  },
});

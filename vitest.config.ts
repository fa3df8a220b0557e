import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}', 'tests/lint/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['./tests/setup/global-setup.ts'],
    setupFiles: ['./tests/setup/setup-test-env.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PASSWORD_SCRYPT_LOG_N_FOR_TESTS: tests hash with N=2^14 instead of 2^17 (app/lib/env.server.ts,
    // docs/decisions/045-security-round-two.md#2-password-hashing), as suites create many users.
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', PASSWORD_SCRYPT_LOG_N_FOR_TESTS: '14' },
  },
});

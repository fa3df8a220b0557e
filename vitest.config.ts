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
    // SECRETS_KEY: a fixed test key for the two-factor secrets (app/lib/secrets.server.ts), so no
    // development key file is written into a data folder.
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', PASSWORD_SCRYPT_LOG_N_FOR_TESTS: '14', SECRETS_KEY: 'dGVzdC1vbmx5LWtleS1mb3ItdG90cC1zZWNyZXRzISE' },
  },
});

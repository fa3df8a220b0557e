import { expect, test } from 'vitest';
import { parseEnv } from './env.server';

test('defaults give a working configuration on a fresh machine', () => {
  const env = parseEnv({});
  expect(env.PORT).toBe(3000);
  expect(env.DATABASE_URL).toBeUndefined();
  expect(env.DATA_DIR).toMatch(/\/data$/);
  expect(env.PUBLIC_URL).toBe('http://localhost:3000');
  expect(env.RATE_LIMIT_SUBMISSIONS_PER_MINUTE).toBe(5);
});

test('bad values stop start-up with every bad variable named', () => {
  expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'short' })).toThrow(
    /PORT.*DATABASE_URL: must start with postgres.*ADMIN_PASSWORD: must be at least 8/,
  );
});

test('PUBLIC_URL loses its trailing slash; empty variables count as unset', () => {
  const env = parseEnv({ PUBLIC_URL: 'https://tours.example.com/', DATABASE_URL: '' });
  expect(env.PUBLIC_URL).toBe('https://tours.example.com');
  expect(env.DATABASE_URL).toBeUndefined();
});

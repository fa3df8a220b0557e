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

test('S3 uploads: defaults, and one credential without the other is refused', () => {
  const local = parseEnv({});
  expect(local.S3_BUCKET).toBeUndefined();
  expect(local).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
  const minio = parseEnv({
    S3_BUCKET: 'tour-images',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_FORCE_PATH_STYLE: 'true',
    S3_PREFIX: 'uploads/',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret',
  });
  expect(minio).toMatchObject({ S3_BUCKET: 'tour-images', S3_FORCE_PATH_STYLE: true, S3_PREFIX: 'uploads/', S3_REGION: 'us-east-1' });
  // Neither credential: the SDK's default chain (instance role...).
  expect(parseEnv({ S3_BUCKET: 'tour-images' }).S3_ACCESS_KEY_ID).toBeUndefined();
  expect(() => parseEnv({ S3_BUCKET: 'tour-images', S3_ACCESS_KEY_ID: 'key' })).toThrow(
    /S3_SECRET_ACCESS_KEY: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither/,
  );
  expect(() => parseEnv({ S3_BUCKET: 'tour-images', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_ACCESS_KEY_ID: set both/);
  expect(() => parseEnv({ S3_BUCKET: 'tour-images', S3_ENDPOINT: 'not a url', S3_PREFIX: '/abs' })).toThrow(/S3_ENDPOINT.*S3_PREFIX/);
});

import { expect, test } from 'vitest';
import { parseEnv, startWarnings } from './env.server';

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

test('Razorpay: off by default; both keys or neither; a key id must look like one', () => {
  const off = parseEnv({});
  expect(off.RAZORPAY_KEY_ID).toBeUndefined();
  expect(off.RAZORPAY_API_URL).toBe('https://api.razorpay.com');
  expect(off.RAZORPAY_RECONCILE_INTERVAL_MS).toBe(600_000);
  expect(parseEnv({ RAZORPAY_KEY_ID: 'rzp_test_AbC123', RAZORPAY_KEY_SECRET: 'secret-of-the-key' }).RAZORPAY_KEY_ID).toBe('rzp_test_AbC123');
  expect(() => parseEnv({ RAZORPAY_KEY_ID: 'rzp_test_AbC123' })).toThrow(/RAZORPAY_KEY_SECRET: set both RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or neither/);
  expect(() => parseEnv({ RAZORPAY_KEY_SECRET: 'secret-of-the-key' })).toThrow(/RAZORPAY_KEY_ID: set both/);
  expect(() => parseEnv({ RAZORPAY_KEY_ID: 'secret-of-the-key', RAZORPAY_KEY_SECRET: 'rzp_test_AbC123' })).toThrow(/RAZORPAY_KEY_ID: must be the key id/);
});

test('production refuses a plain-http PUBLIC_URL to another host, in one line; loopback and https start', () => {
  const production = { NODE_ENV: 'production' };
  expect(() => parseEnv({ ...production, PUBLIC_URL: 'http://tours.example.com' })).toThrow(
    /^Invalid environment: PUBLIC_URL: http:\/\/tours\.example\.com is plain http to a non-loopback host: in production use https:\/\/ \(or set ALLOW_INSECURE_HTTP=1 to start anyway\)$/,
  );
  expect(() => parseEnv({ ...production, PUBLIC_URL: 'http://192.168.1.10:3000' })).toThrow(/PUBLIC_URL: .*plain http/);
  for (const url of ['https://tours.example.com', 'http://127.0.0.1:3310', 'http://localhost:3000', 'http://[::1]:3000']) {
    expect(parseEnv({ ...production, PUBLIC_URL: url }).PUBLIC_URL).toBe(url);
  }
  // Outside production, any address starts (a LAN test machine).
  expect(parseEnv({ PUBLIC_URL: 'http://192.168.1.10:3000' }).PUBLIC_URL).toBe('http://192.168.1.10:3000');
});

test('ALLOW_INSECURE_HTTP=1 starts anyway, with a warning; an unset PUBLIC_URL starts with a warning', () => {
  const insecure = parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'http://tours.example.com', ALLOW_INSECURE_HTTP: '1' });
  expect(startWarnings(insecure)).toEqual([expect.stringMatching(/^PUBLIC_URL http:\/\/tours\.example\.com is plain http, allowed by ALLOW_INSECURE_HTTP/)]);
  const unset = parseEnv({ NODE_ENV: 'production' });
  expect(unset).toMatchObject({ PUBLIC_URL: 'http://localhost:3000', PUBLIC_URL_SET: false });
  expect(startWarnings(unset)).toEqual([expect.stringMatching(/^PUBLIC_URL is not set: using http:\/\/localhost:3000/)]);
  expect(startWarnings(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'https://tours.example.com' }))).toEqual([]);
});

test('the server listens on 127.0.0.1 unless NODE_ENV=production (then every interface) or HOST says otherwise', () => {
  expect(parseEnv({}).HOST).toBe('127.0.0.1');
  expect(parseEnv({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
  expect(parseEnv({ NODE_ENV: 'production' }).HOST).toBe('0.0.0.0');
  expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
});

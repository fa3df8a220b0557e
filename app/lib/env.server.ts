/**
 * The environment, parsed once by one zod schema, with safe defaults
 * (docs/decisions/014-cross-cutting-rules.md). Throws a readable error at boot when a variable is
 * malformed.
 */
import path from 'node:path';
import { z } from 'zod';

const booleanish = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = z.coerce.number().int().positive();

/** True for a loopback host name: localhost (and *.localhost), 127.0.0.0/8, ::1. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(host) || host === '::1';
}

/**
 * True when `url` is neither https nor http to a loopback host: session cookies and sign-in would
 * cross the network in clear (docs/decisions/045-security-round-two.md, section 10).
 */
export function insecurePublicUrl(url: string): boolean {
  const parsed = new URL(url);
  return parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname));
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /**
     * The address to listen on. Default: every interface (0.0.0.0) with NODE_ENV=production, else
     * 127.0.0.1 only, so a development server is not reachable from the network
     * (docs/decisions/045-security-round-two.md, section 10).
     */
    HOST: z.string().min(1).optional(),
    /** Folder of the embedded PGlite database and uploads (used when DATABASE_URL is not set). */
    DATA_DIR: z.string().min(1).default('./data'),
    /** postgres://user:pass@host:port/db switches from PGlite to a PostgreSQL server. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /**
     * The site's own address, for canonical links, the sitemap, e-mails and the Origin check. With
     * NODE_ENV=production it must be https or a loopback address (see `insecurePublicUrl`).
     */
    PUBLIC_URL: z.url().optional(),
    /** Start in production although PUBLIC_URL is plain http to a non-loopback host (a warning is logged). */
    ALLOW_INSECURE_HTTP: booleanish.default(false),
    /** Express 'trust proxy': 'true', 'false', a hop count or a list of addresses. */
    TRUST_PROXY: z.string().default('false'),
    /**
     * Password of the first admin, created on first start when there is none
     * (docs/decisions/004-staff-authentication.md#accounts).
     */
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    /**
     * SMTP connection string for notifications (docs/decisions/011-notifications-outbox.md);
     * without it mails stay in the outbox.
     */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().default('Himalayan Tours <no-reply@example.com>'),
    /**
     * How long a sender's claim on an outbox mail lasts (seconds) before another instance may take
     * it (docs/decisions/022-several-instances.md#one-sender-per-mail); must exceed the longest SMTP
     * conversation (2 minutes).
     */
    MAIL_CLAIM_TIMEOUT_SECONDS: positiveInt.default(300),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * Key of the hashes that stand in log lines for values that must not be readable, such as an
     * unknown username of a failed sign-in (`hashForLog` in app/lib/logger.server.ts, which reads it
     * from process.env). Unset: a random key per start, so hashes match only within one run.
     */
    LOG_HASH_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
    /** Public submissions accepted per IP per minute (docs/decisions/033-rate-limits.md). */
    RATE_LIMIT_SUBMISSIONS_PER_MINUTE: positiveInt.default(5),
    /**
     * Acknowledgement mails sent to one mailbox per 24 hours; more are stored as `held`
     * (docs/decisions/045-security-round-two.md#4-the-acknowledgement-e-mail-is-no-relay).
     */
    ACK_CAP_PER_ADDRESS_PER_DAY: positiveInt.default(3),
    /** Acknowledgement mails sent by the whole site per hour; more are stored as `held` (same record). */
    ACK_CAP_PER_SITE_PER_HOUR: positiveInt.default(60),
    /**
     * Failed logins per (username, IP) pair per 15 minutes before a lockout; an IP may fail 5 times
     * and a username (from all IPs) 10 times as often (docs/decisions/033-rate-limits.md,
     * docs/decisions/045-security-round-two.md).
     */
    RATE_LIMIT_LOGIN_FAILURES: positiveInt.default(10),
    /**
     * Milliseconds between the heartbeats of the back office's live stream, at each of which the
     * stream re-checks its session (docs/decisions/018-live-updates.md,
     * docs/decisions/045-security-round-two.md). Tests shorten it; the site keeps the default.
     */
    LIVE_HEARTBEAT_MS: z.coerce.number().int().min(10).max(600_000).default(25_000),
    /**
     * The in-process cache of anonymous public pages (docs/decisions/041-page-cache.md):
     * 'off' renders every request (load figures of the uncached site, debugging).
     */
    PAGE_CACHE: z.enum(['on', 'off']).default('on'),
    /** Whether to insert the sample content into an empty database at start. */
    SEED_ON_START: booleanish.default(true),
    /**
     * Uploads on S3-compatible object storage instead of DATA_DIR/uploads (app/lib/storage.server.ts,
     * docs/deploy.md "Uploads on S3-compatible storage"): the bucket, and for MinIO, R2 and the like
     * its endpoint (usually with S3_FORCE_PATH_STYLE=true). Without S3_ACCESS_KEY_ID and
     * S3_SECRET_ACCESS_KEY the AWS SDK's default credential chain applies (instance role, ~/.aws...).
     */
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: booleanish.default(false),
    /** Prefix of the object keys, e.g. 'uploads/' (no leading slash). */
    /**
     * Test-only: log2 of scrypt's N for new password hashes (app/lib/password.server.ts,
     * docs/decisions/045-security-round-two.md#2-password-hashing), so suites that create many users
     * stay fast. Refused unless NODE_ENV is 'test'; production always hashes with N=2^17.
     */
    PASSWORD_SCRYPT_LOG_N_FOR_TESTS: z.coerce.number().int().min(10).max(17).optional(),
    /**
     * Key of the stored two-factor secrets (app/lib/secrets.server.ts,
     * docs/decisions/045-security-round-two.md#3-two-factor-secrets): 32 random bytes in base64
     * (`openssl rand -base64 32`). Required in production once a user has two-factor sign-in;
     * elsewhere a development key is kept in DATA_DIR/secrets.key. OLD_SECRETS_KEY is the previous
     * key while `npm run secrets:rotate` re-encrypts (docs/deploy.md).
     */
    SECRETS_KEY: z.string().min(40, 'must be 32 random bytes in base64 (openssl rand -base64 32)').max(64).optional(),
    OLD_SECRETS_KEY: z.string().min(40, 'must be 32 random bytes in base64').max(64).optional(),
    /**
     * Razorpay API keys (Dashboard → Account & Settings → API keys; `rzp_test_...` in test mode).
     * Without both, online payment is off and the traveller's page shows the UPI ID and bank details
     * (docs/decisions/046-payments.md#razorpay, app/infrastructure/razorpay.server.ts).
     */
    RAZORPAY_KEY_ID: z
      .string()
      .regex(/^rzp_(?:test|live)_[A-Za-z0-9]+$/, 'must be the key id from the Razorpay dashboard (rzp_test_... or rzp_live_...)')
      .optional(),
    RAZORPAY_KEY_SECRET: z.string().min(8, 'must be the key secret from the Razorpay dashboard').optional(),
    /**
     * The secret of the Razorpay webhook (Dashboard → Webhooks), with which Razorpay signs each
     * delivery (HMAC-SHA256 of the raw body, `X-Razorpay-Signature`). Unset: POST
     * /api/webhooks/razorpay answers 503 (docs/decisions/046-payments.md#webhooks).
     */
    RAZORPAY_WEBHOOK_SECRET: z.string().min(8, 'must be at least 8 characters').optional(),
    /** Razorpay's API address; tests point it at their local fake (tests/support/fake-razorpay.ts). */
    RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
    /**
     * Milliseconds between two runs of the payments reconciliation in the server
     * (docs/decisions/046-payments.md#reconciliation); 0 turns the timer off (`npm run
     * payments:reconcile` still works).
     */
    RAZORPAY_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
    S3_PREFIX: z
      .string()
      .regex(/^(?!\/)(?!.*\.\.)[A-Za-z0-9_./-]{1,200}$/, "letters, digits, '-', '_', '.' and '/' only, not starting with '/'")
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.PASSWORD_SCRYPT_LOG_N_FOR_TESTS !== undefined && env.NODE_ENV !== 'test') {
      ctx.addIssue({ code: 'custom', path: ['PASSWORD_SCRYPT_LOG_N_FOR_TESTS'], message: 'only allowed when NODE_ENV=test' });
    }
    if (env.NODE_ENV === 'production' && !env.ALLOW_INSECURE_HTTP && env.PUBLIC_URL && insecurePublicUrl(env.PUBLIC_URL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: `${env.PUBLIC_URL} is plain http to a non-loopback host: in production use https:// (or set ALLOW_INSECURE_HTTP=1 to start anyway)`,
      });
    }
    if (!env.RAZORPAY_KEY_ID !== !env.RAZORPAY_KEY_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: [env.RAZORPAY_KEY_ID ? 'RAZORPAY_KEY_SECRET' : 'RAZORPAY_KEY_ID'],
        message: 'set both RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET, or neither (online payment off)',
      });
    }
    if (env.S3_BUCKET && !env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (to use the AWS default credential chain)',
      });
    }
  })
  .transform((env) => ({
    ...env,
    HOST: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    /** False when PUBLIC_URL was not set and the default above is in use. */
    PUBLIC_URL_SET: env.PUBLIC_URL !== undefined,
  }));

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** Parse `source` (default `process.env`); throws an Error listing every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const clean = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(clean);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment: ${lines.join('; ')}`);
  }
  return result.data;
}

/**
 * What an operator should hear at start (one line each) about a configuration that works but is not
 * safe to keep: PUBLIC_URL unset (the back office shows a notice too), or plain http allowed by
 * ALLOW_INSECURE_HTTP (docs/decisions/045-security-round-two.md, section 10).
 */
export function startWarnings(config: Env): string[] {
  const warnings: string[] = [];
  if (!config.PUBLIC_URL_SET) {
    warnings.push(
      `PUBLIC_URL is not set: using ${config.PUBLIC_URL}; set it to the site's https:// address (links in e-mails, the sitemap and the Origin check use it)`,
    );
  } else if (config.NODE_ENV === 'production' && insecurePublicUrl(config.PUBLIC_URL)) {
    warnings.push(`PUBLIC_URL ${config.PUBLIC_URL} is plain http, allowed by ALLOW_INSECURE_HTTP: sign-in and session cookies cross the network unencrypted`);
  }
  return warnings;
}

/** The process environment, parsed on first use. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}

/** The subset that may reach the browser (rendered into window.ENV by the root loader). */
export function publicEnv(): { PUBLIC_URL: string } {
  return { PUBLIC_URL: env().PUBLIC_URL };
}

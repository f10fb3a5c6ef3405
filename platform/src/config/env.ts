/**
 * The one validated environment module: nothing else reads process.env.
 * Defaults make a fresh machine work in demo mode (its secrets are generated per install, never
 * defaults: local-secrets.ts); production mode requires real secrets.
 */
import { z } from 'zod';

/**
 * What production mode refuses to start without (issue 10, item 17): real secrets, a real
 * e-mail transport and SMS provider (never the development outbox), and the public address
 * that links in messages point to.
 */
const PRODUCTION_REQUIRED = {
  PII_MASTER_KEY: 'base64 of 32 bytes wrapping the personal-data keys',
  AUTH_SECRET: 'at least 32 characters signing sign-in and anti-forgery tokens',
  SMTP_URL: 'the e-mail transport, e.g. smtps://user:password@smtp.example.com:465',
  SMS_PROVIDER_URL: 'the HTTP SMS provider endpoint',
  PUBLIC_URL: 'the address customers reach the product at, for links in messages',
} as const;

/** Settings where an empty value (an unfilled line of an env file) means "not set". */
const BLANK_IS_UNSET = [
  'PII_MASTER_KEY',
  'PII_KEY_DATABASE_URL',
  'AUTH_SECRET',
  'SMTP_URL',
  'SMS_PROVIDER_URL',
  'SMS_PROVIDER_TOKEN',
  'SMS_WEBHOOK_SECRET',
  'PUBLIC_URL',
  'PAYMENT_PROVIDER',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_URL',
  'STRIPE_JS_URL',
];

const schema = z
  .object({
    APP_MODE: z.enum(['demo', 'production']).default('demo'),
    PORT: z.coerce.number().int().positive().default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/dealer'),
    REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
    /** Prefix of every Redis key (BullMQ queues), so tests and runs never share keys. */
    REDIS_PREFIX: z.string().default('dealer'),
    EVENTSTORE_URL: z.string().optional(),
    KAFKA_BROKERS: z.string().optional(),
    KAFKA_TOPIC: z.string().default('dealer.integration-events'),
    /** Base64 of 32 bytes: wraps every customer's personal-data key. */
    PII_MASTER_KEY: z.string().optional(),
    /**
     * A separate database for the customers' personal-data keys (`pii_keys`), backed up on its
     * own schedule; unset: the keys live in DATABASE_URL (and in its backups).
     */
    PII_KEY_DATABASE_URL: z.string().optional(),
    SMTP_URL: z.string().optional(),
    /** HTTP SMS provider endpoint (POST {to, body}); without it SMS go to the development outbox. */
    SMS_PROVIDER_URL: z.string().url().optional(),
    /** Bearer token for the SMS provider, if it wants one. */
    SMS_PROVIDER_TOKEN: z.string().optional(),
    /**
     * The SMS provider's signing secret for inbound texts (POST /api/sms/inbound, ADR 0089: STOP,
     * START, HELP). Unset: the inbound route answers 404 and logs why.
     */
    SMS_WEBHOOK_SECRET: z
      .string()
      .min(16, 'SMS_WEBHOOK_SECRET must be at least 16 characters')
      .refine((v) => !/<[^>]*>/.test(v), "SMS_WEBHOOK_SECRET is still the example's placeholder: replace it or leave it blank")
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Address customers reach the product at, for links in messages. */
    PUBLIC_URL: z.string().url().optional(),
    /** Secret (at least 32 characters) signing access tokens and anti-forgery tokens. */
    AUTH_SECRET: z.string().min(32).optional(),
    AUTH_ACCESS_TTL_SECONDS: z.coerce.number().int().min(10).max(3600).default(900),
    /** Seconds into an access token's life from which the client renews it on window focus. */
    AUTH_RENEW_SECONDS: z.coerce.number().int().min(1).default(600),
    AUTH_REFRESH_IDLE_DAYS: z.coerce.number().int().min(1).max(90).default(14),
    AUTH_REFRESH_ABSOLUTE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Live updates (ADR 0087): seconds between heartbeat comments (and session re-checks) on each stream. */
    LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
    /** Live updates: streams one user may hold open per API process, and streams per process. */
    LIVE_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(5),
    LIVE_MAX_STREAMS: z.coerce.number().int().min(1).max(100_000).default(1000),
    /**
     * Proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (comma-separated addresses,
     * CIDR ranges, or loopback / linklocal / uniquelocal); none by default: the client's address
     * is the socket's (sign-in throttling).
     */
    TRUSTED_PROXIES: z.string().optional(),
    /** Directory of the built web client to serve; empty to serve none. */
    WEB_DIST: z.string().optional(),
    /**
     * How often the workers look for pending pack sales whose RO an import showed closed, besides
     * the sweep each import's notification starts (milliseconds, default one minute).
     */
    PACK_SALE_FINALISE_INTERVAL_MS: z.coerce.number().int().min(50).max(86_400_000).default(60_000),
    /**
     * The CPU priority (nice value, 0 normal to 19 lowest) at which `npm run import:ros` runs: an RO
     * import is background work and yields the cores to the service lane on a busy machine (ADR 0110).
     */
    DMS_IMPORT_NICE: z.coerce.number().int().min(0).max(19).default(10),
    /** How often the workers look for coupons whose expiry reminder is due (issue 24, ADR 0090; milliseconds, default one hour). */
    COUPON_REMINDER_SWEEP_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(3_600_000),
    /**
     * Who takes online payments (issue 13): 'stripe', or 'demo' (no money moves; refused in
     * production mode). Unset: 'demo' in demo mode; in production mode, online purchase is off.
     */
    PAYMENT_PROVIDER: z.enum(['stripe', 'demo']).optional(),
    /** Stripe secret key (sk_live_..., sk_test_...) or restricted key (rk_...); needed by PAYMENT_PROVIDER=stripe. */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(<[^>]*>|(sk|rk)_(test|live)_\S+)$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_live_..., sk_test_...) or restricted key (rk_...)')
      .optional(),
    /** Stripe publishable key (pk_live_..., pk_test_...): the browser's Stripe.js needs it; needed by PAYMENT_PROVIDER=stripe. */
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^(<[^>]*>|pk_(test|live)_\S+)$/, 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_live_..., pk_test_...)')
      .optional(),
    /** Signing secret of the Stripe webhook endpoint (whsec_...); needed by PAYMENT_PROVIDER=stripe. */
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^(<[^>]*>|whsec_\S+)$/, 'STRIPE_WEBHOOK_SECRET must be the endpoint signing secret (whsec_...)')
      .optional(),
    /** Tests only: another Stripe-speaking server, http(s)://host:port (refused in production mode). */
    STRIPE_API_URL: z.string().url().optional(),
    /** Tests only: where the browser loads Stripe.js from (default https://js.stripe.com/v3; refused in production mode). */
    STRIPE_JS_URL: z.string().url().optional(),
  })
  .superRefine((env, ctx) => {
    checkPaymentSettings(env, ctx);
    if (env.APP_MODE !== 'production') return;
    for (const [key, what] of Object.entries(PRODUCTION_REQUIRED)) {
      const value = env[key as keyof typeof PRODUCTION_REQUIRED];
      if (!value) {
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required in production mode (${what})` });
      } else if (/<[^>]*>/.test(value)) {
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is still the example's placeholder: replace it (${what})` });
      }
    }
  });

/** PAYMENT_PROVIDER=stripe needs its two secrets; the demo provider and a test server never run in production mode. */
function checkPaymentSettings(
  env: {
    APP_MODE: string;
    PAYMENT_PROVIDER?: string | undefined;
    STRIPE_SECRET_KEY?: string | undefined;
    STRIPE_PUBLISHABLE_KEY?: string | undefined;
    STRIPE_WEBHOOK_SECRET?: string | undefined;
    STRIPE_API_URL?: string | undefined;
    STRIPE_JS_URL?: string | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (env.APP_MODE === 'production' && env.PAYMENT_PROVIDER === 'demo') {
    ctx.addIssue({ code: 'custom', path: ['PAYMENT_PROVIDER'], message: 'PAYMENT_PROVIDER=demo is refused in production mode (the demo provider moves no money): use stripe, or leave it unset to turn online purchase off' });
  }
  if (env.APP_MODE === 'production' && env.STRIPE_API_URL) {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_API_URL'], message: 'STRIPE_API_URL is for tests and is refused in production mode (payments go to Stripe itself)' });
  }
  if (env.APP_MODE === 'production' && env.STRIPE_JS_URL) {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_JS_URL'], message: 'STRIPE_JS_URL is for tests and is refused in production mode (Stripe.js is loaded from https://js.stripe.com)' });
  }
  if (env.STRIPE_API_URL && !/^https?:\/\/[^/?#@]+\/?$/.test(env.STRIPE_API_URL)) {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_API_URL'], message: 'STRIPE_API_URL is a scheme, host and port only, e.g. http://127.0.0.1:12111' });
  }
  if (env.PAYMENT_PROVIDER !== 'stripe') return;
  const needed = {
    STRIPE_SECRET_KEY: 'the secret key from the Stripe dashboard, sk_live_...',
    STRIPE_PUBLISHABLE_KEY: 'the publishable key from the Stripe dashboard, pk_live_...',
    STRIPE_WEBHOOK_SECRET: "the webhook endpoint's signing secret, whsec_...",
  } as const;
  for (const [key, what] of Object.entries(needed)) {
    const value = env[key as keyof typeof needed];
    if (!value) {
      ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required with PAYMENT_PROVIDER=stripe (${what})` });
    } else if (/<[^>]*>/.test(value)) {
      ctx.addIssue({ code: 'custom', path: [key], message: `${key} is still the example's placeholder: replace it (${what})` });
    }
  }
  const secretMode = /^(?:sk|rk)_(test|live)_/.exec(env.STRIPE_SECRET_KEY ?? '')?.[1];
  const publishableMode = /^pk_(test|live)_/.exec(env.STRIPE_PUBLISHABLE_KEY ?? '')?.[1];
  if (secretMode && publishableMode && secretMode !== publishableMode) {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_PUBLISHABLE_KEY'], message: `STRIPE_PUBLISHABLE_KEY is a ${publishableMode} key but STRIPE_SECRET_KEY a ${secretMode} key: use the pair from one mode` });
  }
}

export type Env = z.infer<typeof schema>;

/**
 * The validated settings. No secret has a default (issue 20): an unset AUTH_SECRET or
 * PII_MASTER_KEY is refused in production mode here, and generated for the install in demo mode
 * by resolveSecrets (local-secrets.ts); loadSettings does both.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = schema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([key, value]) => !(BLANK_IS_UNSET.includes(key) && value !== undefined && value.trim() === ''))),
  );
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => (i.message.startsWith(`${i.path.join('.')} `) ? i.message : `${i.path.join('.')}: ${i.message}`)).join('; ');
    throw new Error(`Invalid configuration: ${detail}`);
  }
  const env = parsed.data;
  if (env.PII_MASTER_KEY && Buffer.from(env.PII_MASTER_KEY, 'base64').length !== 32) throw new Error('Invalid configuration: PII_MASTER_KEY must be base64 of 32 bytes');
  // Demo mode takes demo payments unless told otherwise; production mode never defaults to one.
  const PAYMENT_PROVIDER = env.PAYMENT_PROVIDER ?? (env.APP_MODE === 'demo' ? 'demo' : undefined);
  return { ...env, PAYMENT_PROVIDER };
}

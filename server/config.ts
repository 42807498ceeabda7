import path from 'node:path';
import { z } from 'zod';
import { canonicalTimeZone } from '#shared/zone-names';
import { hostTimeZone } from './lib/host-time-zone';
import { parseTrustProxy } from './lib/trusted-proxies';

const blankToUndefined = (v: unknown) => (typeof v === 'string' ? v.trim() || undefined : v);
const optionalUrl = z.preprocess(
  blankToUndefined,
  z.url({ message: 'must be a full URL such as https://rooms.example.com' }).optional(),
);

// LinkedIn's OpenID Connect endpoints (spec §7 LinkedIn); settable so tests run against a loopback fake.
const LINKEDIN_DEFAULTS = {
  LINKEDIN_AUTH_URL: 'https://www.linkedin.com/oauth/v2/authorization',
  LINKEDIN_TOKEN_URL: 'https://www.linkedin.com/oauth/v2/accessToken',
  LINKEDIN_USERINFO_URL: 'https://api.linkedin.com/v2/userinfo',
} as const;
const httpUrl = (fallback: string) =>
  z.preprocess(
    (v) => blankToUndefined(v) ?? fallback,
    z.url({ protocol: /^https?$/, message: 'must be a full http(s) URL' }),
  );
const optionalText = z.preprocess(blankToUndefined, z.string().optional());

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  BASE_URL: optionalUrl.transform((v) => v?.replace(/\/+$/, '')),
  APP_NAME: z.string().trim().min(1, 'must not be blank').default('Roomlist'),
  SMTP_URL: optionalUrl,
  // PostgreSQL instead of the SQLite file in DATA_DIR (README "Scaling out")
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  // Uploaded files in S3-compatible object storage instead of DATA_DIR/uploads (README "Scaling out")
  S3_BUCKET: optionalText,
  S3_ENDPOINT: z.preprocess(
    blankToUndefined,
    z.url({ protocol: /^https?$/, message: 'must be a full http(s) URL such as https://s3.example.com' }).optional(),
  ),
  S3_REGION: z.preprocess(blankToUndefined, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.preprocess(
    blankToUndefined,
    z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  ),
  MAIL_FROM: z.string().min(3).default('Roomlist <no-reply@localhost>'),
  // The zone of events saved without one (those from before zones were stored): their dates, times and
  // erasure deadline are read on its clocks. Empty: this machine's zone.
  TIME_ZONE: z
    .preprocess(
      blankToUndefined,
      z
        .string()
        .refine((v) => canonicalTimeZone(v) !== undefined, {
          message: 'must be an IANA time zone such as Europe/London',
        })
        .transform((v) => canonicalTimeZone(v) as string)
        .optional(),
    )
    .transform((v) => v ?? hostTimeZone()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => parseTrustProxy(v) !== undefined, {
      message: 'must be false, true (a proxy on this machine) or proxy addresses such as 127.0.0.1,10.0.0.0/8',
    })
    .transform((v) => Object.freeze(parseTrustProxy(v) ?? [])),
  LINKEDIN_CLIENT_ID: optionalText,
  LINKEDIN_CLIENT_SECRET: optionalText,
  LINKEDIN_AUTH_URL: httpUrl(LINKEDIN_DEFAULTS.LINKEDIN_AUTH_URL),
  LINKEDIN_TOKEN_URL: httpUrl(LINKEDIN_DEFAULTS.LINKEDIN_TOKEN_URL),
  LINKEDIN_USERINFO_URL: httpUrl(LINKEDIN_DEFAULTS.LINKEDIN_USERINFO_URL),
  PAYMENTS: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
    z.enum(['on', 'off'], { message: 'must be off (everything free) or on (the default)' }).optional(),
  ),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  // Stripe's API base; set only to point the adapter at a fake (tests) or a proxy.
  STRIPE_API_URL: z.preprocess(
    blankToUndefined,
    z.url({ protocol: /^https?$/, message: 'must be a full http(s) URL such as http://127.0.0.1:12111' }).optional(),
  ),
});

export type LinkedInSettings = Readonly<{
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}>;

/** Where stripe-node sends its requests (its host, port and protocol options); null: Stripe's own API. */
export type StripeSettings = Readonly<{
  secretKey: string;
  webhookSecret: string;
  host: string | null;
  port: number | null;
  protocol: 'http' | 'https' | null;
}>;

/**
 * spec §4 payments: `stripe` with a secret key, else the built-in `test` checkout; `off` (PAYMENTS=off)
 * is a self-hosted install where nothing is sold.
 */
export type PaymentsSettings = Readonly<{ mode: 'stripe' | 'test' | 'off'; stripe: StripeSettings | null }>;

/** Object storage for uploads; credentials unset: the SDK's own chain (environment, instance role). */
export type S3Settings = Readonly<{
  bucket: string;
  endpoint: string | undefined;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}>;

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  baseUrl: string | undefined;
  appName: string;
  smtpUrl: string | undefined;
  databaseUrl: string | undefined;
  mailFrom: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  /** The IANA zone of events stored without one (TIME_ZONE; default: this machine's zone). */
  timeZone: string;
  /** Proxies whose X-Forwarded-* headers are believed (addresses, subnets, `loopback`…); empty: none. */
  trustProxy: readonly string[];
  /** LinkedIn import (spec §7); null (the import hidden) unless both client id and secret are set. */
  linkedin: LinkedInSettings | null;
  payments: PaymentsSettings;
  /** Where uploads go: null is DATA_DIR/uploads on this machine. */
  s3: S3Settings | null;
}>;

export class ConfigError extends Error {}

/** Reads and validates the environment; throws ConfigError with one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0] ?? 'environment');
    const got = env[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue.message}${got === undefined ? '' : ` (got "${got}")`}`,
    );
  }
  const c = parsed.data;
  // E-mail links are built from BASE_URL when mail leaves the machine: a request's Host header is the
  // sender's to choose, and a reset link pointing elsewhere would hand its token to that host.
  if (c.SMTP_URL && !c.BASE_URL) {
    throw new ConfigError('Invalid configuration: BASE_URL is required when SMTP_URL is set');
  }
  // One of the two alone is a half-done setup: say so rather than silently hide the import.
  if (Boolean(c.LINKEDIN_CLIENT_ID) !== Boolean(c.LINKEDIN_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration: LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET must be set together (or both left empty)',
    );
  }
  if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or both left empty)',
    );
  }
  if (!c.S3_BUCKET && (c.S3_ENDPOINT || c.S3_ACCESS_KEY_ID)) {
    throw new ConfigError('Invalid configuration: S3_BUCKET is required when S3_ENDPOINT or S3 credentials are set');
  }
  const payments = paymentsSettings(c);
  return Object.freeze({
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    baseUrl: c.BASE_URL,
    appName: c.APP_NAME,
    smtpUrl: c.SMTP_URL,
    databaseUrl: c.DATABASE_URL,
    mailFrom: c.MAIL_FROM,
    logLevel: c.LOG_LEVEL,
    timeZone: c.TIME_ZONE,
    trustProxy: c.TRUST_PROXY,
    linkedin:
      c.LINKEDIN_CLIENT_ID && c.LINKEDIN_CLIENT_SECRET
        ? Object.freeze({
            clientId: c.LINKEDIN_CLIENT_ID,
            clientSecret: c.LINKEDIN_CLIENT_SECRET,
            authUrl: c.LINKEDIN_AUTH_URL,
            tokenUrl: c.LINKEDIN_TOKEN_URL,
            userinfoUrl: c.LINKEDIN_USERINFO_URL,
          })
        : null,
    payments,
    s3: c.S3_BUCKET
      ? Object.freeze({
          bucket: c.S3_BUCKET,
          endpoint: c.S3_ENDPOINT,
          region: c.S3_REGION,
          credentials:
            c.S3_ACCESS_KEY_ID && c.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: c.S3_ACCESS_KEY_ID, secretAccessKey: c.S3_SECRET_ACCESS_KEY }
              : undefined,
          // an endpoint of one's own (MinIO, Garage, Ceph…) usually serves buckets by path, not by host name
          forcePathStyle: c.S3_FORCE_PATH_STYLE ? c.S3_FORCE_PATH_STYLE === 'true' : Boolean(c.S3_ENDPOINT),
        })
      : null,
  });
}

function paymentsSettings(c: z.infer<typeof schema>): PaymentsSettings {
  if (c.PAYMENTS === 'off') return Object.freeze({ mode: 'off', stripe: null });
  if (!c.STRIPE_SECRET_KEY) return Object.freeze({ mode: 'test', stripe: null });
  // Without it no webhook can be verified: a paid session would be granted only when the payer comes back.
  if (!c.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration: STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  }
  const api = c.STRIPE_API_URL ? new URL(c.STRIPE_API_URL) : null;
  const protocol = api ? (api.protocol === 'http:' ? 'http' : 'https') : null;
  return Object.freeze({
    mode: 'stripe',
    stripe: Object.freeze({
      secretKey: c.STRIPE_SECRET_KEY,
      webhookSecret: c.STRIPE_WEBHOOK_SECRET,
      host: api ? api.hostname.replace(/^\[|\]$/g, '') : null,
      port: api ? Number(api.port || (protocol === 'http' ? 80 : 443)) : null,
      protocol,
    }),
  });
}

/** What the browser may know about the configuration. */
export function publicConfig(config: Config) {
  return {
    appName: config.appName,
    baseUrl: config.baseUrl ?? null,
    mailMode: config.smtpUrl ? ('smtp' as const) : ('outbox' as const),
    // Whether /register offers "Import from LinkedIn"; the secret stays on the server.
    linkedinEnabled: config.linkedin !== null,
    // stripe / test (the built-in checkout) / off (everything free): the client words its paywalls by it.
    paymentsMode: config.payments.mode,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;

/** For a command's start: the configuration, or its one-line error on stderr and exit code 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { isFQDN } from 'class-validator';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

/** A whole number in decimal digits (no "0x12C5", no "1e3"), within bounds. */
const wholeNumber = (min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min).max(max))
    .default(fallback);

/** A number in decimal digits, maybe signed or with a fraction (no "0x10", no "1e3"), within bounds. */
const decimal = (min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/, 'must be a number in decimal digits')
    .transform(Number)
    .pipe(z.number().min(min).max(max))
    .default(fallback);

/** Where browsers come from: an http(s) origin, nothing after the host but an optional "/". */
const origin = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .refine((value) => {
    // Not a URL, or not http(s): said once, above (zod runs this check even so).
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    if (!/^https?:$/.test(url.protocol)) return true;
    return url.pathname === '/' && !url.search && !url.hash && !url.username;
  }, 'must be an origin such as https://checkpoint.example, without a path')
  // As browsers send it in an Origin header (host in lower case and ASCII, no default port, no slash), so that
  // `https://Shop.Example:443/` still matches.
  .transform((value) => (URL.canParse(value) ? new URL(value).origin : value));

const originList = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(origin));

const postgresUrl = z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional();

/** Express's `trust proxy`: true/false, a hop count, or addresses, CIDR ranges and the names Express knows. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (item: string) => {
  const [address, bits, ...rest] = item.split('/');
  if (rest.length > 0 || !isIP(address)) return false;
  return bits === undefined || /^\d{1,3}$/.test(bits) || isIP(bits) !== 0;
};

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: wholeNumber(0, 65535, 4000),
  // Default: this machine only while the demo accounts (published passwords) are on, else every interface.
  HOST: z
    .string()
    .trim()
    .optional()
    .refine(
      (value) => value === undefined || isIP(value) !== 0 || isFQDN(value, { require_tld: false }),
      'must be an IP address or a host name of this machine',
    ),
  PUBLIC_URL: origin.optional(),
  DEMO_DATA: z.enum(['true', 'false']).optional(),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('loopback')
    .refine(
      (value) =>
        /^(true|false|\d+)$/.test(value) ||
        value.split(',').every((item) => PROXY_NAMES.has(item.trim()) || isProxyAddress(item.trim())),
      'must be true, false, a number of proxies, or addresses and CIDR ranges (or loopback, linklocal, uniquelocal)',
    )
    .transform((value): boolean | number | string =>
      value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value,
    ),
  CORS_ORIGINS: originList,
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: postgresUrl,
  REPORTING_DATABASE_URL: postgresUrl,
  REPORT_STATEMENT_TIMEOUT_MS: wholeNumber(1, 3_600_000, 15_000),
  DATABASE_WAIT_MS: wholeNumber(1, 600_000, 10_000),
  EMBEDDED_PG_PORT: wholeNumber(0, 65535, 0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters (a long random string)').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().default('Checkpoint <hello@checkpoint.local>'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: z.url().optional(),
  RATE_LIMIT_LOGIN_PER_ACCOUNT: wholeNumber(1, 1_000_000, 10),
  RATE_LIMIT_LOGIN_PER_IP: wholeNumber(1, 1_000_000, 100),
  RATE_LIMIT_LOGIN_WINDOW_SECONDS: wholeNumber(1, 7 * 24 * 3600, 15 * 60),
  RATE_LIMIT_REGISTER_PER_IP: wholeNumber(1, 1_000_000, 20),
  RATE_LIMIT_REGISTER_PER_ACCOUNT: wholeNumber(1, 1_000_000, 5),
  RATE_LIMIT_REGISTER_WINDOW_SECONDS: wholeNumber(1, 7 * 24 * 3600, 60 * 60),
  RATE_LIMIT_RESET_PER_IP: wholeNumber(1, 1_000_000, 20),
  RATE_LIMIT_RESET_PER_ACCOUNT: wholeNumber(1, 1_000_000, 5),
  RATE_LIMIT_RESET_WINDOW_SECONDS: wholeNumber(1, 7 * 24 * 3600, 60 * 60),
  UPLOAD_MAX_MB: decimal(0.01, 100, 5),
  VENUE_TIMEZONE: z
    .string()
    .default('America/New_York')
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone such as America/New_York'),
  VENUE_NAME: z.string().default('Checkpoint'),
  VENUE_TAGLINE: z.string().default('Play, sip and hang out: the gaming lounge of Elm Street'),
  VENUE_ADDRESS: z.string().default('214 Elm Street, Brooklyn, NY 11211'),
  VENUE_PHONE: z.string().default('+1 (718) 555-0142'),
  VENUE_EMAIL: z.email().default('hello@checkpoint.games'),
  VENUE_LATITUDE: decimal(-90, 90, 40.7143),
  VENUE_LONGITUDE: decimal(-180, 180, -73.9565),
  VENUE_INSTAGRAM: z.url().default('https://instagram.com/checkpoint.lounge'),
  VENUE_FACEBOOK: z.url().default('https://facebook.com/checkpoint.lounge'),
  VENUE_X: z.url().default('https://x.com/checkpointlounge'),
  VENUE_DISCORD: z.url().default('https://discord.gg/checkpoint'),
});

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Where browsers reach the product; links in e-mails and absolute image URLs use it. Required in production. */
  publicUrl?: string;
  /** Whether an empty database gets the demo venue (accounts with published passwords): never by default in production. */
  demoData: boolean;
  /** Express's `trust proxy`: whose X-Forwarded-For is believed (the client IP rate limits count). */
  trustProxy: boolean | number | string;
  corsOrigins: string[];
  dataDir: string;
  databaseUrl?: string;
  reportingDatabaseUrl?: string;
  /** How long a request waits for a pooled database connection before it is answered 503 (busy or unreachable database). */
  databaseWaitMs: number;
  /** How long one report statement may run before PostgreSQL cancels it. */
  reportStatementTimeoutMs: number;
  embeddedPgPort: number;
  logLevel: string;
  jwtSecret?: string;
  smtpUrl?: string;
  mailFrom: string;
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiUrl?: string };
  s3: {
    endpoint?: string;
    region: string;
    bucket?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    publicUrl?: string;
  };
  /** Attempts allowed per window, per client IP and per account (e-mail), for each guarded action. */
  rateLimits: Record<RateLimitedAction, RateLimit>;
  /** Largest accepted image upload, in bytes. */
  uploadMaxBytes: number;
  venue: {
    name: string;
    tagline: string;
    address: string;
    phone: string;
    email: string;
    latitude: number;
    longitude: number;
    timeZone: string;
    social: { instagram: string; facebook: string; x: string; discord: string };
  };
}>;

export type RateLimitedAction = 'login' | 'register' | 'passwordReset' | 'passwordChange' | 'emailChange';
export type RateLimit = { perAccount: number; perIp: number; windowSeconds: number };

export class ConfigError extends Error {}

/** Variables whose values are secrets: a bad one is described, never printed (the message goes to the logs). */
const SECRET_VARIABLES = /SECRET|PASSWORD|_KEY(_ID)?$/;

/** A bad value as the error shows it: secrets by length only, and any URL without its password. */
function shownValue(name: string, value: string | undefined): string {
  if (value === undefined) return 'nothing';
  if (SECRET_VARIABLES.test(name)) return `a value of ${value.length} characters`;
  return JSON.stringify(value.replace(/(\/\/[^/:@\s]*:)[^@\s]*@/, '$1***@'));
}

/** Reads every setting from the environment; a bad value names the variable and what is wrong with it. */
export function loadConfig(rawEnv: NodeJS.ProcessEnv = process.env): Config {
  // A variable set to nothing (PORT= in a compose file or a shell) means unset, not 0 or "".
  const env = Object.fromEntries(Object.entries(rawEnv).filter(([, value]) => value?.trim()));
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => {
        const name = String(issue.path[0]);
        return `  ${issue.path.join('.')}: ${issue.message} (got ${shownValue(name, env[name])})`;
      })
      .join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  // Object storage is chosen by its bucket: the other S3 settings alone would quietly keep images on this disk.
  const s3Set = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_URL'] as const).filter(
    (name) => e[name],
  );
  const missing = [
    production && !e.PUBLIC_URL && '  PUBLIC_URL: required when NODE_ENV is production (links in e-mails point there)',
    production &&
      !e.SMTP_URL &&
      '  SMTP_URL: required when NODE_ENV is production (sign-up confirmations and password resets are mailed)',
    s3Set.length > 0 &&
      !e.S3_BUCKET &&
      `  S3_BUCKET: required when ${s3Set.join(', ')} ${s3Set.length > 1 ? 'are' : 'is'} set (images go to that bucket; without one they would stay on this disk)`,
  ].filter(Boolean);
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  const publicUrl = e.PUBLIC_URL;
  const demoData = e.DEMO_DATA ? e.DEMO_DATA === 'true' : e.NODE_ENV !== 'production';
  const login = {
    perAccount: e.RATE_LIMIT_LOGIN_PER_ACCOUNT,
    perIp: e.RATE_LIMIT_LOGIN_PER_IP,
    windowSeconds: e.RATE_LIMIT_LOGIN_WINDOW_SECONDS,
  };
  const register = {
    perAccount: e.RATE_LIMIT_REGISTER_PER_ACCOUNT,
    perIp: e.RATE_LIMIT_REGISTER_PER_IP,
    windowSeconds: e.RATE_LIMIT_REGISTER_WINDOW_SECONDS,
  };
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (demoData ? '127.0.0.1' : '0.0.0.0'),
    publicUrl,
    demoData,
    trustProxy: e.TRUST_PROXY,
    corsOrigins: [...new Set([...(publicUrl ? [publicUrl] : []), ...e.CORS_ORIGINS])],
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    reportingDatabaseUrl: e.REPORTING_DATABASE_URL,
    databaseWaitMs: e.DATABASE_WAIT_MS,
    reportStatementTimeoutMs: e.REPORT_STATEMENT_TIMEOUT_MS,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
    },
    s3: {
      endpoint: e.S3_ENDPOINT,
      region: e.S3_REGION,
      bucket: e.S3_BUCKET,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      publicUrl: e.S3_PUBLIC_URL,
    },
    rateLimits: {
      login,
      register,
      // A password change is a guess at the current password (and an expensive hash): counted like a login.
      passwordChange: login,
      // A new e-mail answers whether that address has an account, as sign-up does: counted like a sign-up.
      emailChange: register,
      passwordReset: {
        perAccount: e.RATE_LIMIT_RESET_PER_ACCOUNT,
        perIp: e.RATE_LIMIT_RESET_PER_IP,
        windowSeconds: e.RATE_LIMIT_RESET_WINDOW_SECONDS,
      },
    },
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    venue: {
      name: e.VENUE_NAME,
      tagline: e.VENUE_TAGLINE,
      address: e.VENUE_ADDRESS,
      phone: e.VENUE_PHONE,
      email: e.VENUE_EMAIL,
      latitude: e.VENUE_LATITUDE,
      longitude: e.VENUE_LONGITUDE,
      timeZone: e.VENUE_TIMEZONE,
      social: { instagram: e.VENUE_INSTAGRAM, facebook: e.VENUE_FACEBOOK, x: e.VENUE_X, discord: e.VENUE_DISCORD },
    },
  };
}

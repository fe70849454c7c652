import { isIP } from 'node:net'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..')

const booleanString = (name: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .refine((value) => ['true', 'false', '1', '0'].includes(value), `${name} must be one of true, false, 1, 0`)
    .transform((value) => value === 'true' || value === '1')

const TRUST_PROXY_MESSAGE =
  'TRUST_PROXY must be false, or the proxies to trust separated by commas: addresses, CIDRs or loopback, linklocal, uniquelocal (e.g. 10.0.0.0/8,127.0.0.1)'

/** Names proxy-addr (Fastify's trustProxy) knows for the private ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal']

/** An address, a CIDR block (10.0.0.0/8, fd00::/8) or a range name that Fastify's trustProxy accepts. */
function isTrustedProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true
  const [address = '', bits, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)
}

/**
 * TRUST_PROXY: unset or false trusts no proxy (the socket's address is the client's); otherwise the
 * proxies whose X-Forwarded-For is believed. A hop count is refused: Fastify cannot check the peer with it.
 */
export type TrustProxy = false | string[]

const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    if (['false', '0', 'off', 'no'].includes(value.toLowerCase())) return false
    const entries = value.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean)
    if (entries.length > 0 && entries.every(isTrustedProxyEntry)) return entries
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE })
    return z.NEVER
  })

const EnvSchema = z
  .object({
    PORT: z
      .string()
      .trim()
      .regex(/^\d+$/, 'PORT must be a whole number from 1 to 65535')
      .transform(Number)
      .refine((port) => port >= 1 && port <= 65535, 'PORT must be a whole number from 1 to 65535')
      .default(3000),
    HOST: z.string().trim().min(1, 'HOST must not be empty').default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1, 'DATA_DIR must not be empty').default('./data'),
    DATABASE_URL: z
      .string()
      .trim()
      .refine((url) => /^postgres(ql)?:\/\//.test(url) && URL.canParse(url), 'DATABASE_URL must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_READ_URL: z
      .string()
      .trim()
      .refine((url) => /^postgres(ql)?:\/\//.test(url) && URL.canParse(url), 'DATABASE_READ_URL must be a postgres:// or postgresql:// URL')
      .optional(),
    PUBLIC_URL: z
      .string()
      .trim()
      .refine((url) => /^https?:\/\//.test(url) && URL.canParse(url), 'PUBLIC_URL must be an http:// or https:// URL')
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
    SEED_DEMO: booleanString('SEED_DEMO').optional(),
    SIGNING_CERT_P12: z.string().trim().min(1, 'SIGNING_CERT_P12 must not be empty').optional(),
    SIGNING_CERT_PASSPHRASE: z.string().optional(),
    SIGNING_TSA_URL: z
      .string()
      .trim()
      .transform((list) => list.split(',').map((url) => url.trim()).filter((url) => url !== ''))
      .refine((urls) => urls.length > 0 && urls.every((url) => /^https?:\/\//.test(url) && URL.canParse(url)), 'SIGNING_TSA_URL must be one or more http:// or https:// URLs, separated by commas')
      .optional(),
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { message: 'NODE_ENV must be one of development, production, test' })
      .default('development'),
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must have at least 32 characters').optional(),
    WEB_DIST: z.string().trim().min(1, 'WEB_DIST must not be empty').optional(),
    SMTP_URL: z
      .string()
      .trim()
      .refine((url) => /^smtps?:\/\//.test(url) && URL.canParse(url), 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z
      .string()
      .trim()
      .refine((from) => /^[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+$|^[^<>]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>$/.test(from), 'MAIL_FROM must be an address, e.g. Offerbook <offers@example.com>')
      .default('Offerbook <no-reply@offerbook.example>'),
    MLS_GRID_URL: z
      .string()
      .trim()
      .refine((url) => /^https?:\/\//.test(url) && URL.canParse(url), 'MLS_GRID_URL must be an http:// or https:// URL, e.g. https://api.mlsgrid.com/v2')
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
    MLS_GRID_TOKEN: z.string().trim().min(1).optional(),
    /** OriginatingSystemName to replicate from (MLS Grid asks for exactly one). */
    MLS_GRID_SYSTEM: z.string().trim().min(1).optional(),
    SMS_ACCOUNT_SID: z.string().trim().min(1).optional(),
    SMS_AUTH_TOKEN: z.string().trim().min(1).optional(),
    SMS_FROM: z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{6,14}$/, 'SMS_FROM must be a phone number in international form, e.g. +16155550100')
      .optional(),
    SMS_API_URL: z
      .string()
      .trim()
      .refine((url) => /^https?:\/\//.test(url) && URL.canParse(url), 'SMS_API_URL must be an http:// or https:// URL')
      .transform((url) => url.replace(/\/+$/, ''))
      .default('https://api.twilio.com'),
    S3_BUCKET: z.string().trim().min(1).optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    S3_ENDPOINT: z
      .string()
      .trim()
      .refine((url) => /^https?:\/\//.test(url) && URL.canParse(url), 'S3_ENDPOINT must be an http:// or https:// URL')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanString('S3_FORCE_PATH_STYLE').optional(),
    OIDC_ISSUER: z
      .string()
      .trim()
      .refine((url) => /^https?:\/\//.test(url) && URL.canParse(url), 'OIDC_ISSUER must be an http:// or https:// URL')
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
    OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().trim().min(1).optional(),
    OIDC_NAME: z.string().trim().min(1).default('Single sign-on'),
    /** How Offerbook authenticates at the provider's token endpoint: the method registered for the client. */
    OIDC_TOKEN_AUTH: z.enum(['client_secret_post', 'client_secret_basic']).default('client_secret_post'),
    /** HTTPS served by Offerbook itself, with HTTP/2 (and HTTP/1.1 for older clients): a PEM certificate chain and its key. */
    TLS_CERT_FILE: z.string().trim().optional(),
    TLS_KEY_FILE: z.string().trim().optional(),
    TRUST_PROXY: trustProxySchema.optional(),
    API_DOCS: booleanString('API_DOCS').optional(),
    WEBHOOKS_ALLOW_PRIVATE: booleanString('WEBHOOKS_ALLOW_PRIVATE').optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.AUTH_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['AUTH_SECRET'], message: 'AUTH_SECRET is required in production (at least 32 characters)' })
    }
    // Production mail must really go out; the dev mailbox would only pretend.
    if (env.NODE_ENV === 'production' && !env.SMTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'SMTP_URL is required in production (smtp:// or smtps://)' })
    }
    // The SMS provider needs all three or none (none: the dev outbox).
    const sms = { SMS_ACCOUNT_SID: env.SMS_ACCOUNT_SID, SMS_AUTH_TOKEN: env.SMS_AUTH_TOKEN, SMS_FROM: env.SMS_FROM }
    const missing = Object.entries(sms).filter(([, value]) => !value)
    if (missing.length > 0 && missing.length < 3) {
      const name = missing[0]![0]
      ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when any of SMS_ACCOUNT_SID, SMS_AUTH_TOKEN, SMS_FROM is set` })
    }
    // Single sign-on needs all three or none (docs/decisions/008-single-sign-on.md).
    const oidc = { OIDC_ISSUER: env.OIDC_ISSUER, OIDC_CLIENT_ID: env.OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: env.OIDC_CLIENT_SECRET }
    const missingOidc = Object.entries(oidc).filter(([, value]) => !value)
    if (missingOidc.length > 0 && missingOidc.length < 3) {
      const name = missingOidc[0]![0]
      ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when any of OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET is set` })
    }
    if (Boolean(env.TLS_CERT_FILE) !== Boolean(env.TLS_KEY_FILE)) {
      const name = env.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'
      ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required with ${name === 'TLS_KEY_FILE' ? 'TLS_CERT_FILE' : 'TLS_KEY_FILE'}` })
    }
    // The links in mail and the sign-in cookies follow PUBLIC_URL: a server that speaks only HTTPS is not at an http:// address.
    if (env.TLS_CERT_FILE && env.PUBLIC_URL?.startsWith('http://')) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'PUBLIC_URL must be an https:// URL when TLS_CERT_FILE is set: the server then answers HTTPS only' })
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const name = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'
      ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required with ${name === 'S3_SECRET_ACCESS_KEY' ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'}` })
    }
  })

export type MailConfig = {
  /** Unset: the dev mailbox (messages kept in the database and printed to the console). */
  smtpUrl: string | undefined
  from: string
}

/** A Twilio-compatible SMS API; null: the dev outbox. */
export type SmsConfig = { accountSid: string; authToken: string; from: string; apiUrl: string } | null

export type StorageConfig =
  | { kind: 'disk'; directory: string }
  | { kind: 's3'; bucket: string; region: string; endpoint: string | undefined; accessKeyId: string | undefined; secretAccessKey: string | undefined; forcePathStyle: boolean }

/** An OpenID Connect provider (a Cognito user pool, ...) for single sign-on; null: no single sign-on. */
export type OidcTokenAuth = 'client_secret_post' | 'client_secret_basic'
export type OidcConfig = { issuer: string; clientId: string; clientSecret: string; name: string; tokenEndpointAuth?: OidcTokenAuth } | null

export type Config = {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  /** A read replica of DATABASE_URL for reads that may lag a little (the search index's load); unused on PGlite. */
  databaseReadUrl?: string | undefined
  publicUrl: string
  /** Whether demo accounts are seeded; already false in production whatever SEED_DEMO says. */
  seedDemo: boolean
  /** SEED_DEMO=true was asked for in production and ignored; server.ts says so in the log. */
  seedDemoRefused: boolean
  nodeEnv: 'development' | 'production' | 'test'
  /** Unset outside production: server.ts then keeps a generated one under DATA_DIR. */
  authSecret: string | undefined
  webDist: string
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /** HTTPS with HTTP/2 served by this process (TLS_CERT_FILE, TLS_KEY_FILE, resolved from the working directory); null: plain HTTP, TLS ended in front (docs/deploy/). */
  tls?: { certFile: string; keyFile: string } | null
  /** Which proxies' X-Forwarded-For is believed (TRUST_PROXY); false: the socket's address is the client's. */
  trustProxy: TrustProxy
  /** Whether /api/docs and /api/docs/json are served (API_DOCS; default false in production, true elsewhere). */
  apiDocs: boolean
  mail: MailConfig
  sms: SmsConfig
  /** Uploaded files: DATA_DIR/files, or an S3-compatible bucket when S3_BUCKET is set. */
  storage: StorageConfig
  oidc: OidcConfig
  /** The MLS Grid (RESO Web API) feed listings are imported from; null when not configured. */
  mlsGrid: MlsGridConfig
  /** The certificate signed PDFs are sealed with; unset: a self-signed one under DATA_DIR/signing (decision 016). */
  signingCert: { p12: string | undefined; passphrase: string | undefined }
  /** The RFC 3161 timestamp authorities, tried in order, that make the seal PAdES B-T; empty: B-B, no timestamp (decision 052). */
  signingTsaUrls: string[]
  /** How long a checked session is kept per process (auth/session-cache.ts); 0 keeps none. Unset: 15 s. */
  sessionCacheSeconds?: number
  /** Webhooks may go to loopback and private addresses (WEBHOOKS_ALLOW_PRIVATE, an on-premises back office) until a super admin chooses on /admin/webhooks (decision 082). Unset: false. */
  webhooksAllowPrivate?: boolean
}

export type MlsGridConfig = { url: string; token: string; originatingSystem: string | undefined } | null

export class ConfigError extends Error {
  override name = 'ConfigError'
}

/** Empty strings count as unset, as a shell `FOO=` line usually means "use the default". */
function withoutEmpty(env: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== ''))
}

export function parseConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  const result = EnvSchema.safeParse(withoutEmpty(env))
  if (!result.success) {
    const issue = result.error.issues[0]
    const name = String(issue?.path[0] ?? 'environment')
    const message = issue?.message.startsWith(name) ? issue.message : `${name}: ${issue?.message ?? 'invalid value'}`
    throw new ConfigError(`Invalid environment: ${message}`)
  }
  const e = result.data
  const production = e.NODE_ENV === 'production'
  const wantsSeed = e.SEED_DEMO ?? e.DATABASE_URL === undefined
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseReadUrl: e.DATABASE_URL ? e.DATABASE_READ_URL : undefined,
    publicUrl: e.PUBLIC_URL ?? `${e.TLS_CERT_FILE ? 'https' : 'http'}://localhost:${e.PORT}`,
    tls: e.TLS_CERT_FILE && e.TLS_KEY_FILE ? { certFile: resolve(cwd, e.TLS_CERT_FILE), keyFile: resolve(cwd, e.TLS_KEY_FILE) } : null,
    seedDemo: wantsSeed && !production,
    seedDemoRefused: production && e.SEED_DEMO === true,
    nodeEnv: e.NODE_ENV,
    authSecret: e.AUTH_SECRET,
    webDist: e.WEB_DIST ? resolve(cwd, e.WEB_DIST) : resolve(REPO_ROOT, 'apps/web/dist'),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    apiDocs: e.API_DOCS ?? !production,
    webhooksAllowPrivate: e.WEBHOOKS_ALLOW_PRIVATE ?? false,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    sms: e.SMS_ACCOUNT_SID && e.SMS_AUTH_TOKEN && e.SMS_FROM ? { accountSid: e.SMS_ACCOUNT_SID, authToken: e.SMS_AUTH_TOKEN, from: e.SMS_FROM, apiUrl: e.SMS_API_URL } : null,
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
        }
      : { kind: 'disk', directory: resolve(cwd, e.DATA_DIR, 'files') },
    signingCert: { p12: e.SIGNING_CERT_P12, passphrase: e.SIGNING_CERT_PASSPHRASE },
    signingTsaUrls: e.SIGNING_TSA_URL ?? [],
    mlsGrid: e.MLS_GRID_URL && e.MLS_GRID_TOKEN ? { url: e.MLS_GRID_URL, token: e.MLS_GRID_TOKEN, originatingSystem: e.MLS_GRID_SYSTEM } : null,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET, name: e.OIDC_NAME, tokenEndpointAuth: e.OIDC_TOKEN_AUTH }
        : null,
  }
}

import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Env, ServerRole } from "./env.ts";
import type { ServerLimits } from "./http-server.ts";
import type { CanvasTuning } from "./integrations/canvas/canvas-client.ts";
import type { ResolveAll } from "./integrations/canvas/host-policy.ts";
import type { MailConfig } from "./integrations/mail/mailer.ts";
import type { VapidKeys } from "./integrations/push/vapid.ts";
import type { JobTuning } from "./jobs/queue.ts";
import type { Clock } from "./lib/clock.ts";
import { loadSecretKey } from "./lib/crypto.ts";

/** Everything buildApp needs, resolved from the environment (main.ts) or written by a test. */
export interface AppConfig {
  databaseUrl?: string;
  /** PGlite folder; null keeps PGlite in memory (tests). */
  dataDir: string | null;
  secretKey: Buffer;
  canvasInsecureHosts: string[];
  /** CALENDAR_FEED_INSECURE_HOSTS: host:port values subscribed feeds may use over http and on loopback (tests). */
  calendarFeedInsecureHosts?: string[];
  /**
   * An OpenAI-compatible server for the assistant; without key and base URL the built-in engine answers.
   * `model` is the server's own model (servers like Ollama name theirs), offered in Settings > AI beside
   * OpenAI's and used when the student's choice is not offered (integrations/ai/models.ts); tests set
   * `maxRetries: 0`.
   */
  openai: {
    apiKey?: string;
    baseUrl?: string;
    model?: string;
    /** Deadlines of integrations/ai/openai.ts (overall, and between streamed pieces); tests shorten them. */
    timeoutMs?: number;
    idleMs?: number;
    maxRetries?: number;
  };
  /** Uploads and summaries (each) per student per minute (default WORK_PER_MINUTE, lib/work-limit.ts). */
  workPerMinute?: number;
  /** Chat messages per student per minute (default CHAT_RATE_LIMIT). */
  chatRateLimit?: number;
  logLevel: Env["LOG_LEVEL"];
  /** Built client to serve; null serves the API only. */
  clientDir: string | null;
  /**
   * Sign-in and sign-up limits (docs/operations.md, "Sign-in limits"): `perIp` requests a window per address,
   * counted before the body is read; `perEmail` attempts a window per (address, account); after
   * `slowAfterFailures` failed logins in a row an account's further attempts wait `failureDelayMs`,
   * doubling per failure up to `maxFailureDelayMs`, from every address, instead of being refused.
   */
  authRateLimit: {
    perIp: number;
    perEmail: number;
    windowMs: number;
    slowAfterFailures?: number;
    failureDelayMs?: number;
    maxFailureDelayMs?: number;
  };
  /**
   * Account creation and username lookups (docs/operations.md, "Sign-up and username lookups"): sign-ups
   * per address an hour (with exponential backoff past it) and for the whole server a minute; lookups of
   * a username by one account a day.
   */
  signupLimit?: { perAddressPerHour: number; perMinute: number };
  usernameLookupsPerDay?: number;
  /** Tracking calls (achievement checks, study stats) a student may make a minute. Default 120. */
  trackingPerMinute?: number;
  /** The public address (no trailing slash): calendar feed URLs and HSTS. Without it, see trustProxy. */
  publicUrl?: string;
  /** Reset emails asked for per address an hour and per account an hour. Default 10 and 3. */
  passwordResetLimit?: { perAddressPerHour: number; perAccountPerHour: number };
  /** SMTP_URL (with SMTP_FROM): password reset by email exists only with it (and publicUrl for the link). */
  mail?: MailConfig;
  /** Socket limits of the listening server (http-server.ts); inject() never reaches them. */
  limits?: Partial<ServerLimits>;
  /** Event-loop delay beyond which requests are shed with 503; 0 or absent: off. */
  maxEventLoopDelayMs?: number;
  /** API requests served at once beyond which new ones are shed with 503; 0 or absent: off. */
  maxRequestsInFlight?: number;
  /** Rate-limit counters in Redis, shared by every instance; without it each process counts alone. */
  redis?: { url: string; keyPrefix: string };
  /** Believe X-Forwarded-* (client IP for rate limits, https for feed URLs): only behind a proxy you run. */
  trustProxy: boolean;
  /**
   * Validate every answer against its endpoint's response schema, strictly (an unknown key anywhere is an
   * error): a leaked field becomes a logged 500 `response_contract` instead of reaching the client.
   */
  checkResponses: boolean;
  /** Web Push and the notification centre; absent in most tests (keys are then generated). */
  push?: PushConfig;
  /**
   * `all` (default): HTTP and background jobs; `web`: HTTP, enqueueing only; `worker`: jobs only, no HTTP
   * (docs/operations.md, "Roles").
   */
  role?: ServerRole;
  /** Tests only: pg-boss's test clock and shorter polling and cron intervals. */
  jobTuning?: JobTuning;
  /** Where services read the time; tests pass one they can move. Default: the system clock. */
  clock?: Clock;
  /** Tests only: where log lines go (to prove no secret reaches them). Default: stdout. */
  logStream?: { write(line: string): void };
  /** Tests only: a resolver standing in for DNS, so a name can point at a private address. */
  canvasResolveAll?: ResolveAll;
  /** Tests and benchmark only: shorter backoffs and timeouts for the Canvas client. */
  canvasTuning?: Partial<CanvasTuning>;
}

export interface PushConfig {
  /** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; without them a pair is generated once and kept in the database. */
  vapidKeys?: VapidKeys;
  /** VAPID_SUBJECT, else PUBLIC_URL when https, else a placeholder (see README). */
  subject?: string;
  /** PUSH_INSECURE_HOSTS: host:port values reachable over http and on loopback (tests). */
  insecureHosts?: string[];
  /** Tests only: a resolver standing in for DNS. */
  resolveAll?: ResolveAll;
  /** One push request's deadline (default 10 s) and requests in flight at once (default 16). */
  timeoutMs?: number;
  concurrency?: number;
}

export const defaultClientDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../dist/client",
);

export function configFromEnv(env: Env): AppConfig {
  return {
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    secretKey: loadSecretKey(env.SECRET_KEY, env.DATA_DIR),
    canvasInsecureHosts: env.CANVAS_INSECURE_HOSTS,
    calendarFeedInsecureHosts: env.CALENDAR_FEED_INSECURE_HOSTS,
    openai: { apiKey: env.OPENAI_API_KEY, baseUrl: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL },
    logLevel: env.LOG_LEVEL,
    clientDir: defaultClientDir,
    trustProxy: env.TRUST_PROXY,
    checkResponses: env.CHECK_RESPONSES,
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: "studyhall:rate-limit:" } : undefined,
    authRateLimit: {
      perIp: env.AUTH_RATE_LIMIT_PER_MINUTE,
      perEmail: Math.max(1, Math.ceil(env.AUTH_RATE_LIMIT_PER_MINUTE / 3)),
      windowMs: 60_000,
    },
    signupLimit: { perAddressPerHour: env.SIGNUPS_PER_ADDRESS_PER_HOUR, perMinute: env.SIGNUPS_PER_MINUTE },
    usernameLookupsPerDay: env.USERNAME_LOOKUPS_PER_DAY,
    publicUrl: env.PUBLIC_URL,
    mail: env.SMTP_URL
      ? {
          smtpUrl: env.SMTP_URL,
          from:
            env.SMTP_FROM ?? `Studyhall <no-reply@${new URL(env.PUBLIC_URL ?? "http://localhost").hostname}>`,
        }
      : undefined,
    limits: {
      requestTimeoutMs: env.REQUEST_TIMEOUT_SECONDS * 1000,
      maxConnectionsPerIp: env.MAX_CONNECTIONS_PER_IP,
    },
    maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS,
    maxRequestsInFlight: env.MAX_REQUESTS_IN_FLIGHT,
    push: {
      vapidKeys:
        env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
          ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
          : undefined,
      subject: env.VAPID_SUBJECT ?? (env.PUBLIC_URL?.startsWith("https://") ? env.PUBLIC_URL : undefined),
      insecureHosts: env.PUSH_INSECURE_HOSTS,
    },
    role: env.ROLE,
  };
}

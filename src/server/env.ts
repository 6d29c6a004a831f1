import { z } from "zod";
import {
  isVapidSubject,
  VAPID_PRIVATE_KEY_PATTERN,
  VAPID_PUBLIC_KEY_PATTERN,
  vapidKeyPairProblem,
} from "./integrations/push/vapid.ts";

const optional = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined));

const hostList = optional.transform((v) =>
  (v ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean),
);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
  ),
  SECRET_KEY: optional.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex characters (32 bytes)")
      .optional(),
  ),
  REDIS_URL: optional.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
      .optional(),
  ),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(10),
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: optional.pipe(z.url("must be a URL").optional()),
  /** A model name for servers other than OpenAI's (e.g. 'llama3.1' on Ollama); else Settings > AI. */
  OPENAI_MODEL: optional,
  CANVAS_INSECURE_HOSTS: hostList,
  /** host:port values calendar subscriptions may fetch over http and on loopback (tests), like CANVAS_INSECURE_HOSTS. */
  CALENDAR_FEED_INSECURE_HOSTS: hostList,
  /** Web Push (RFC 8292) key pair, base64url as `npx web-push generate-vapid-keys` prints it; both or neither. */
  VAPID_PUBLIC_KEY: optional.pipe(
    z
      .string()
      .regex(VAPID_PUBLIC_KEY_PATTERN, "must be 87 base64url characters (a P-256 public key)")
      .optional(),
  ),
  VAPID_PRIVATE_KEY: optional.pipe(
    z
      .string()
      .regex(VAPID_PRIVATE_KEY_PATTERN, "must be 43 base64url characters (a P-256 private key)")
      .optional(),
  ),
  /** The contact push services see in every message: mailto:you@school.edu or an https: URL. */
  VAPID_SUBJECT: optional.pipe(
    z.string().refine(isVapidSubject, "must be a mailto: address or an https: URL").optional(),
  ),
  /** host:port values push endpoints may use over http and on loopback (tests), like CANVAS_INSECURE_HOSTS. */
  PUSH_INSECURE_HOSTS: hostList,
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Sign-ups from one address an hour; further attempts back off exponentially (docs/operations.md). */
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(5),
  /** Sign-ups a minute for the whole server (every address together). */
  SIGNUPS_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /** Username lookups (friend requests, group invites) one account may make a day. */
  USERNAME_LOOKUPS_PER_DAY: z.coerce.number().int().positive().default(50),
  /** The address students reach the server at (https://studyhall.example.edu): calendar feed URLs, HSTS. */
  PUBLIC_URL: optional.pipe(
    z
      .url("must be an http:// or https:// URL")
      .regex(/^https?:\/\//, "must be an http:// or https:// URL")
      .transform((u) => u.replace(/\/+$/, ""))
      .optional(),
  ),
  /** Outgoing mail for password-reset links (smtp:// or smtps://); without it there is no password reset. */
  SMTP_URL: optional.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/[^/\s]+/, "must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)")
      .optional(),
  ),
  /** The From of those emails, e.g. 'Studyhall <no-reply@school.edu>'. Default: no-reply at PUBLIC_URL's host. */
  SMTP_FROM: optional,
  /** A request (headers and body) must arrive within this; a stalled upload is cut off. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(30),
  /** Open connections one address may hold at once; 0 turns the cap off (e.g. behind a proxy). */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(64),
  /** Shed load (503 + Retry-After) while the event loop lags more than this; 0 turns it off. */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** Shed load (503 + Retry-After) while this many API requests are already being served; 0: off. */
  MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(0).default(256),
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v === "true" || v === "1"),
  /** Check every answer against its endpoint's response schema (tests, and production when wanted). */
  CHECK_RESPONSES: z
    .enum(["true", "false", "1", "0", ""])
    .optional()
    .transform((v) => v === "true" || v === "1"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** `all`: HTTP and background jobs in one process; `web`: HTTP only; `worker`: jobs only (docs/operations.md). */
  ROLE: z.enum(["all", "web", "worker"]).default("all"),
});

export type Env = z.infer<typeof envSchema>;
export type ServerRole = Env["ROLE"];

/**
 * Reads the environment (and `--worker` from the command line, the same as ROLE=worker); every bad
 * variable is one line of the error, each naming the variable.
 */
export function loadEnv(source: NodeJS.ProcessEnv = process.env, argv: readonly string[] = []): Env {
  const worker = argv.includes("--worker");
  const role = source.ROLE?.trim() || (worker ? "worker" : undefined);
  const result = envSchema.safeParse({ ...source, ROLE: role });
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
  // Instances sharing one PostgreSQL must share the key, or none can read Canvas tokens another stored.
  if (source.DATABASE_URL?.trim() && !source.SECRET_KEY?.trim())
    problems.push("SECRET_KEY is required when DATABASE_URL is set (the same key on every instance)");
  // A reset link must name the address students use; the request's own Host header could be anyone's.
  if (source.SMTP_URL?.trim() && !source.PUBLIC_URL?.trim())
    problems.push("PUBLIC_URL is required when SMTP_URL is set (password-reset links point there)");
  if (worker && role !== "worker") problems.push(`--worker contradicts ROLE=${role}`);
  // PGlite's data folder is opened by one process only, which must then do both.
  if ((role === "web" || role === "worker") && !source.DATABASE_URL?.trim())
    problems.push(
      `ROLE ${role} needs DATABASE_URL: with the embedded database one process runs web and jobs`,
    );
  if (result.success) {
    const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = result.data;
    if (!publicKey !== !privateKey) {
      problems.push(
        "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither to have them generated",
      );
    } else if (publicKey && privateKey) {
      const problem = vapidKeyPairProblem({ publicKey, privateKey });
      if (problem) problems.push(`VAPID_PRIVATE_KEY does not fit VAPID_PUBLIC_KEY: ${problem}`);
    }
  }
  if (result.success && problems.length === 0) return result.data;
  throw new Error(problems.map((p) => `Invalid configuration: ${p}`).join("\n"));
}

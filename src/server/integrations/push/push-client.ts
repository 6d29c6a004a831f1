import http from "node:http";
import https from "node:https";
import pLimit from "p-limit";
import type { RequestOptions } from "web-push";
import { guardedLookup, type HostPolicy, isExemptOrigin } from "../../lib/host-policy.ts";
import { checkPushEndpointSyntax, PushEndpointRefused, pushRefusalMessage } from "./endpoint-policy.ts";
import type { VapidKeys } from "./vapid.ts";

/** One browser subscription as the push service knows it (PushSubscription.toJSON()). */
export interface PushTarget {
  endpoint: string;
  /** The browser's P-256 public key (65 bytes, base64url). */
  p256dh: string;
  /** The browser's 16-byte authentication secret (base64url). */
  auth: string;
}

export type PushUrgency = "very-low" | "low" | "normal" | "high";

export interface PushMessage {
  /** Encrypted as one aes128gcm record: keep it well under 3,990 bytes (RFC 8291 §4, 4096 on the wire). */
  payload: string;
  /** How long the push service keeps it for an offline device (RFC 8030 §5.2); 0 = now or never. */
  ttlSeconds: number;
  urgency?: PushUrgency;
  /** Replaces an undelivered message with the same topic (RFC 8030 §5.4): up to 32 base64url characters. */
  topic?: string;
}

/**
 * Why a message was not accepted, as the caller has to act on it:
 * - gone: 404/410, the subscription expired or was revoked: delete it (RFC 8030 §7.3);
 * - throttled: 429, the push service wants us to slow down (Retry-After when it sent one);
 * - unavailable: 5xx; network / timeout: never answered within the deadline;
 * - rejected: 400/401/403/413 and anything else: our request, keys or VAPID claims were refused (403 is
 *   also what a subscription made for another VAPID key gets); resending the same thing will not help;
 * - refused: the endpoint breaks the host policy (a name now resolving to a private address);
 * - invalid: the stored keys cannot encrypt (web-push refused them).
 */
export type PushFailureKind =
  | "gone"
  | "throttled"
  | "unavailable"
  | "network"
  | "timeout"
  | "rejected"
  | "refused"
  | "invalid";

export type PushResult =
  | { ok: true; status: number; location?: string }
  | { ok: false; kind: PushFailureKind; status?: number; retryAfter?: string; reason: string };

/** Failures worth trying again later (the same message may then get through). */
export const isRetryable = (kind: PushFailureKind) =>
  kind === "throttled" || kind === "unavailable" || kind === "network" || kind === "timeout";

export interface PushClientOptions {
  policy: HostPolicy;
  /** VAPID `sub`: a mailto: or https: contact for the push service's operators. */
  subject: string;
  /** The whole exchange (connect, send, answer) must finish within this. Default 10 s. */
  timeoutMs?: number;
  /** Requests in flight at once for the whole process. Default 16. */
  concurrency?: number;
}

type WebPush = Pick<typeof import("web-push"), "generateRequestDetails" | "getVapidHeaders">;
let webPush: Promise<WebPush> | undefined;
/** web-push (with asn1.js and jws) takes ~100 ms to load: only a server that sends pays for it. */
function loadWebPush(): Promise<WebPush> {
  webPush ??= import("web-push").then((m) => (m as unknown as { default: WebPush }).default);
  return webPush;
}

const MAX_ANSWER_BYTES = 8 * 1024;
/** A VAPID JWT says it expires this long after it is signed (RFC 8292 allows up to 24 h)... */
const VAPID_JWT_LIFETIME_S = 12 * 60 * 60;
/** ...and is reused for this long: signing one (ES256, the key turned into PEM) was ~40% of a send's CPU. */
const VAPID_JWT_REUSE_MS = 60 * 60 * 1000;

class PushTimeout extends Error {}

/**
 * Sends Web Push messages (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291).
 * web-push builds the request (encryption, the signed JWT, the headers); this client sends it, because
 * web-push's own sender only speaks https with no connect-time address check and only an idle-socket
 * timeout: here every endpoint passes the host policy when its socket connects, the whole exchange has
 * a deadline, the answer is read up to 8 KB, and at most `concurrency` requests run at once. `send`
 * never throws: every outcome is a PushResult.
 */
export function createPushClient(opts: PushClientOptions) {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const limit = pLimit(opts.concurrency ?? 16);
  // Push services are few hosts (FCM, Mozilla, Apple, WNS): keep their connections for the next message.
  const agents = {
    https: new https.Agent({ keepAlive: true, maxSockets: 64, timeout: 60_000 }),
    http: new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 60_000 }),
  };

  function post(url: URL, headers: http.OutgoingHttpHeaders, body: Buffer | null): Promise<PushResult> {
    const exempt = isExemptOrigin(url, opts.policy);
    const secure = url.protocol === "https:";
    return new Promise((resolve) => {
      const req = (secure ? https : http).request(url, {
        method: "POST",
        headers,
        agent: secure ? agents.https : agents.http,
        lookup: exempt
          ? undefined
          : (guardedLookup(opts.policy, (r) => new PushEndpointRefused(pushRefusalMessage(r))) as never),
      });
      const timer = setTimeout(() => req.destroy(new PushTimeout()), timeoutMs);
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
        });
        res.on("end", () => {
          clearTimeout(timer);
          resolve(classify(res, Buffer.concat(chunks).toString("utf8").slice(0, 300)));
        });
        res.on("error", () => undefined);
      });
      req.on("error", (err) => {
        clearTimeout(timer);
        if (err instanceof PushTimeout) {
          resolve({ ok: false, kind: "timeout", reason: `no answer within ${timeoutMs} ms` });
        } else if (err instanceof PushEndpointRefused) {
          resolve({ ok: false, kind: "refused", reason: err.message });
        } else {
          const code = (err as NodeJS.ErrnoException).code;
          resolve({ ok: false, kind: "network", reason: code ?? err.message });
        }
      });
      req.end(body ?? undefined);
    });
  }

  /** The Authorization header for a push service's origin and our key pair, signed once an hour. */
  const vapidCache = new Map<string, { authorization: string; signedAt: number }>();
  function vapidAuthorization(webPush: WebPush, audience: string, keys: VapidKeys): string {
    const cacheKey = `${audience} ${keys.publicKey}`;
    const now = Date.now();
    const cached = vapidCache.get(cacheKey);
    if (cached && now - cached.signedAt < VAPID_JWT_REUSE_MS) return cached.authorization;
    const { Authorization } = webPush.getVapidHeaders(
      audience,
      opts.subject,
      keys.publicKey,
      keys.privateKey,
      "aes128gcm",
      Math.floor(now / 1000) + VAPID_JWT_LIFETIME_S,
    );
    // Few origins (the push services), but keys change: drop everything rather than grow without bound.
    if (vapidCache.size >= 64) vapidCache.clear();
    vapidCache.set(cacheKey, { authorization: Authorization, signedAt: now });
    return Authorization;
  }

  async function sendOne(target: PushTarget, message: PushMessage, keys: VapidKeys): Promise<PushResult> {
    let url: URL;
    try {
      url = checkPushEndpointSyntax(target.endpoint, opts.policy);
    } catch (err) {
      return { ok: false, kind: "refused", reason: (err as Error).message };
    }
    const webPush = await loadWebPush();
    let details: ReturnType<WebPush["generateRequestDetails"]>;
    try {
      // No vapidDetails: web-push would sign a new JWT for every message; the header comes from the cache.
      const options: RequestOptions = {
        headers: { Authorization: vapidAuthorization(webPush, url.origin, keys) },
        TTL: message.ttlSeconds,
        urgency: message.urgency ?? "normal",
        contentEncoding: "aes128gcm",
        ...(message.topic ? { topic: message.topic } : {}),
      };
      details = webPush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        message.payload,
        options,
      );
    } catch (err) {
      return { ok: false, kind: "invalid", reason: (err as Error).message };
    }
    return post(url, details.headers as http.OutgoingHttpHeaders, details.body);
  }

  return {
    send(target: PushTarget, message: PushMessage, keys: VapidKeys): Promise<PushResult> {
      return limit(() => sendOne(target, message, keys)).catch(
        (err: unknown): PushResult => ({ ok: false, kind: "network", reason: (err as Error).message }),
      );
    },
    /** Closes the kept connections (a process that stops sending). */
    close() {
      agents.https.destroy();
      agents.http.destroy();
    },
  };
}
export type PushClient = ReturnType<typeof createPushClient>;

function classify(res: http.IncomingMessage, text: string): PushResult {
  const status = res.statusCode ?? 0;
  if (status >= 200 && status < 300) {
    const location = res.headers.location;
    return location ? { ok: true, status, location } : { ok: true, status };
  }
  const reason = text.trim() || `answered ${status}`;
  if (status === 404 || status === 410) return { ok: false, kind: "gone", status, reason };
  if (status === 429) {
    const retryAfter = res.headers["retry-after"];
    return retryAfter
      ? { ok: false, kind: "throttled", status, retryAfter, reason }
      : { ok: false, kind: "throttled", status, reason };
  }
  if (status >= 500) return { ok: false, kind: "unavailable", status, reason };
  return { ok: false, kind: "rejected", status, reason };
}

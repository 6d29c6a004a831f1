import http, { type IncomingHttpHeaders } from "node:http";
import https from "node:https";
import { CanvasError } from "./canvas-errors.ts";
import { assertAllowedUrl, guardedLookup, type HostPolicy, isExemptOrigin } from "./host-policy.ts";

/** Canvas ids can exceed 2^53; this Accept header makes every id a string (canvas-api.md §10). */
export const CANVAS_ACCEPT = "application/json+canvas-string-ids, application/json";
/**
 * Instructure-hosted Canvas answers 403 to any request without a User-Agent (enforced in production since
 * January 2026), and node:http sends none of its own.
 */
export const CANVAS_USER_AGENT = "Studyhall (Canvas sync)";
const MAX_BODY_BYTES = 20 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export interface CanvasJsonResponse {
  json: unknown;
  link?: string;
  remaining?: string;
}

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

const header = (h: IncomingHttpHeaders, name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v.join(",") : v;
};

/** Canvas's own reason from `{"errors":[{"message": ...}]}`, or a short text body. */
export function canvasReason(body: string): string | null {
  try {
    const json = JSON.parse(body) as { errors?: unknown; message?: unknown };
    if (Array.isArray(json.errors)) {
      const first = json.errors[0] as { message?: unknown } | undefined;
      if (typeof first?.message === "string") return first.message;
    }
    if (typeof json.errors === "string") return json.errors;
    if (typeof json.message === "string") return json.message;
  } catch {
    // Not JSON: fall through to the text.
  }
  const text = body.trim();
  return text && text.length <= 200 && !text.startsWith("<") ? text : null;
}

/** Maps a non-2xx answer onto the error kinds of canvas-errors.ts (canvas-api.md §2.4 and §4). */
function classify(res: RawResponse): CanvasError {
  const reason = canvasReason(res.body);
  const retryAfter = header(res.headers, "retry-after");
  if (res.status === 429 || (res.status === 403 && /rate limit exceeded/i.test(res.body))) {
    return new CanvasError(
      "throttled",
      "Canvas is rate limiting requests (Rate Limit Exceeded).",
      res.status,
      retryAfter,
    );
  }
  if (res.status === 401 && header(res.headers, "www-authenticate")) {
    return new CanvasError("auth", reason ?? "Invalid access token.", 401);
  }
  if (res.status === 401 || res.status === 403 || res.status === 404) {
    return new CanvasError("forbidden", reason ?? "Canvas did not allow this request.", res.status);
  }
  const kind = "upstream";
  return new CanvasError(kind, `Canvas answered ${res.status}${reason ? `: ${reason}` : ""}.`, res.status);
}

function parseJson(res: RawResponse): unknown {
  const type = header(res.headers, "content-type") ?? "";
  if (!/json/i.test(type)) {
    // A wrong host, maintenance page or SSO login answers HTML with status 200 (canvas-api.md §10).
    throw new CanvasError("bad_response", "That address did not answer like a Canvas server.");
  }
  try {
    return JSON.parse(res.body.replace(/^while\(1\);/, ""));
  } catch {
    throw new CanvasError("bad_response", "Canvas sent a response Studyhall could not read.");
  }
}

export interface CanvasHttpOptions {
  token: string;
  policy: HostPolicy;
  agent: http.Agent;
  timeoutMs: number;
  /** Epoch ms after which no request is waited for (the client's deadline). */
  deadline?: number;
  /** The Canvas origin: redirects are followed only within it, so the token never leaves it. */
  origin: string;
}

export type CanvasHttp = ReturnType<typeof createCanvasHttp>;

/** One GET against Canvas: the policy checked, the token in a header, the answer classified. */
export function createCanvasHttp(opts: CanvasHttpOptions) {
  const checked = new Set<string>();

  function send(url: URL): Promise<RawResponse> {
    const left = opts.deadline === undefined ? opts.timeoutMs : opts.deadline - Date.now();
    // Past the deadline a request would only be cut off: do not send it at all.
    if (left <= 0) return Promise.reject(new CanvasError("timeout", "Canvas took too long to answer."));
    const exempt = isExemptOrigin(url, opts.policy);
    const mod = url.protocol === "https:" ? https : http;
    return new Promise((resolve, reject) => {
      const req = mod.request(url, {
        method: "GET",
        agent: opts.agent,
        headers: {
          Authorization: `Bearer ${opts.token}`,
          Accept: CANVAS_ACCEPT,
          "User-Agent": CANVAS_USER_AGENT,
        },
        lookup: exempt ? undefined : (guardedLookup(opts.policy) as never),
      });
      const timer = setTimeout(
        () => req.destroy(new CanvasError("timeout", "Canvas took too long to answer.")),
        Math.min(opts.timeoutMs, left),
      );
      req.on("response", (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) req.destroy(new CanvasError("bad_response", "Canvas answer too large."));
          else chunks.push(chunk);
        });
        res.on("end", () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          });
        });
        // A connection dropped mid-answer errors the response, not the request: without this the
        // promise would never settle and the sync would hang with its slot held.
        res.on("error", () => {
          clearTimeout(timer);
          reject(new CanvasError("network", `Canvas at ${url.host} hung up halfway through an answer.`));
        });
      });
      req.on("error", (err) => {
        clearTimeout(timer);
        if (err instanceof CanvasError) return reject(err);
        const code = (err as NodeJS.ErrnoException).code;
        if (code === "EREFUSED" && err.message) return reject(new CanvasError("refused", err.message));
        reject(new CanvasError("network", `Could not reach Canvas at ${url.host}.`));
      });
      req.end();
    });
  }

  async function get(url: URL): Promise<CanvasJsonResponse> {
    let target = url;
    for (let hop = 0; ; hop++) {
      if (!checked.has(target.origin)) {
        await assertAllowedUrl(target, opts.policy);
        checked.add(target.origin);
      }
      const res = await send(target);
      if (res.status >= 300 && res.status < 400) {
        const location = header(res.headers, "location");
        if (!location || hop >= MAX_REDIRECTS) {
          throw new CanvasError("bad_response", "Canvas kept redirecting; check the address.");
        }
        const next = new URL(location, target);
        if (next.origin !== opts.origin) {
          // Following would hand the token to another host (or a private one): refuse and say where.
          throw new CanvasError(
            "refused",
            `${target.host} redirects to ${next.host}; refusing to follow. Enter your school's Canvas address directly.`,
          );
        }
        target = next;
        continue;
      }
      if (res.status < 200 || res.status >= 300) throw classify(res);
      return {
        json: parseJson(res),
        link: header(res.headers, "link"),
        remaining: header(res.headers, "x-rate-limit-remaining"),
      };
    }
  }

  return { get };
}

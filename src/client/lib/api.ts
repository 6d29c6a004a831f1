import type { z } from "zod";
import type { User } from "#shared/auth/contract.ts";
import { type ErrorCode, readErrorBody } from "#shared/errors.ts";
import type { Endpoint, Infer } from "#shared/http.ts";

export const TOKEN_KEY = "authToken";
const SESSION_USER_KEY = "sessionUser";

export const authToken = {
  get: () => localStorage.getItem(TOKEN_KEY),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(SESSION_USER_KEY);
  },
};

/**
 * The signed-in user as last seen with the stored token. A reload draws the app with it at once, while
 * the session check (and zod, which parses its answer) is still on the way; the check's answer replaces
 * it, and a token the server no longer knows signs the device out as before. Kept with the token it was
 * seen with, so another token (another student on the same browser) never shows it.
 */
export const sessionUser = {
  get(): User | undefined {
    const token = authToken.get();
    try {
      const saved = JSON.parse(localStorage.getItem(SESSION_USER_KEY) ?? "null") as {
        token?: unknown;
        user?: Partial<User>;
      } | null;
      const user = saved?.user;
      const readable =
        typeof user?.id === "number" &&
        typeof user.username === "string" &&
        typeof user.isOnboarded === "boolean";
      return token && saved?.token === token && readable ? (user as User) : undefined;
    } catch {
      return undefined;
    }
  },
  set(user: User | null) {
    const token = authToken.get();
    if (token && user) localStorage.setItem(SESSION_USER_KEY, JSON.stringify({ token, user }));
    else localStorage.removeItem(SESSION_USER_KEY);
  },
};

/**
 * A failed call: `message` prefers the server's `error` field (SPEC §8), `status` is the HTTP status and
 * `code` the server's error code (absent when the server could not be reached or sent no error body).
 * Screens choose what to show by `code`, never by message text or status.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: ErrorCode,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The session check the auth query makes first (authEndpoints.me's path; api.test.ts holds them equal). */
export const ME_PATH = "/api/auth/user";

const prefetched = new Map<string, { token: string | null; at: number; response: Promise<Response> }>();

/**
 * How long a prefetched answer stands in for a request: long enough for the page's code to arrive on a
 * slow phone network, short enough that a page which never asked for it cannot be handed an old answer.
 */
const PREFETCH_FRESH_MS = 30_000;

/**
 * Starts a GET before the code that asks for it has loaded (boot.ts): the first `call` for the same URL
 * with the same token takes this answer instead of asking again; later calls ask the server. Anything the
 * app writes first (any other method) drops the answers not taken yet: they may no longer be true.
 */
export function prefetchGet(url: string) {
  const token = authToken.get();
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const response = fetch(url, { headers, credentials: "include" });
  response.catch(() => undefined); // the call that takes it reports a failure; none may ever take it
  const entry = { token, at: Date.now(), response };
  prefetched.set(url, entry);
  setTimeout(() => {
    if (prefetched.get(url) === entry) drop(url);
  }, PREFETCH_FRESH_MS);
}

/**
 * Forgets an answer nobody took, and lets go of its body: Chromium counts a response whose body is
 * never read as still loading, so the page would never look idle.
 */
function drop(url: string) {
  prefetched
    .get(url)
    ?.response.then((res) => res.body?.cancel())
    .catch(() => undefined);
  prefetched.delete(url);
}

/** A write is on its way: the answers read before it and not taken yet may no longer be true. */
function dropPrefetched() {
  for (const key of [...prefetched.keys()]) drop(key);
}

function takePrefetched(method: string, url: string, token: string | null, keep = false) {
  if (method !== "GET") {
    if (!keep) dropPrefetched();
    return undefined;
  }
  const entry = prefetched.get(url);
  if (!entry) return undefined;
  if (entry.token !== token || Date.now() - entry.at > PREFETCH_FRESH_MS) {
    drop(url);
    return undefined;
  }
  prefetched.delete(url);
  return entry.response;
}

type Has<T> = [NonNullable<T>] extends [never] ? false : true;
// biome-ignore lint/complexity/noBannedTypes: {} is the neutral element of these intersections
type Args<E extends Endpoint> = (Has<E["params"]> extends true ? { params: Infer<E["params"]> } : {}) &
  // The query string's parsed form: coerced numbers are numbers, "true"/"false" flags are booleans.
  // biome-ignore lint/complexity/noBannedTypes: as above
  (Has<E["query"]> extends true ? { query?: Partial<z.output<NonNullable<E["query"]>>> } : {}) &
  // A multipart endpoint has no body schema: its form goes as it is (the server reads it with readUpload).
  (Has<E["body"]> extends true ? { body: z.input<NonNullable<E["body"]>> } : { form?: FormData }) & {
    /** The request outlives the page (sent from `pagehide`, or a session as the tab closes). */
    keepalive?: boolean;
    /**
     * A write that changes nothing a page draws first (the time-zone report every load sends): answers
     * prefetched for the page stay good (see prefetchGet).
     */
    keepsPrefetched?: boolean;
  };
type ArgsTuple<E extends Endpoint> = Has<E["params"]> | Has<E["body"]> extends false ? [Args<E>?] : [Args<E>];

interface RequestArgs {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  form?: FormData;
  keepalive?: boolean;
  keepsPrefetched?: boolean;
}

function buildUrl(path: string, params?: Record<string, unknown>, query?: Record<string, unknown>) {
  const filled = path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params?.[key])));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== "") search.set(k, String(v));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/**
 * The request itself, the only `fetch` of the client (biome's noRestrictedGlobals holds the others off):
 * bearer token from local storage, JSON body only when present (or a multipart `form`). Sent before the
 * first await, so a `keepalive` request from `pagehide` leaves before the page does.
 */
async function send(e: Endpoint, a: RequestArgs): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = authToken.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (a.body !== undefined) headers["Content-Type"] = "application/json";
  const url = buildUrl(e.path, a.params, a.query);
  try {
    return await (takePrefetched(e.method, url, token, a.keepsPrefetched) ??
      fetch(url, {
        method: e.method,
        headers,
        credentials: "include",
        keepalive: a.keepalive,
        // The browser writes a form's multipart content type, boundary included.
        body: a.form ?? (a.body === undefined ? undefined : JSON.stringify(a.body)),
      }));
  } catch {
    throw new ApiError(0, "Could not reach Studyhall. Check your connection and try again.");
  }
}

/**
 * The one way the client calls the server (see send), the answer parsed with the endpoint's own schema.
 */
export async function call<E extends Endpoint>(
  e: E,
  ...[args]: ArgsTuple<E>
): Promise<z.infer<E["response"]>> {
  const a = (args ?? {}) as RequestArgs;
  const res = await send(e, a);
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const body = readErrorBody(json);
    if (!body) {
      // SPEC §8: the multipart upload has its own fallback message.
      if (a.form) throw new ApiError(res.status, `HTTP error! status: ${res.status}`);
      throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`);
    }
    throw new ApiError(res.status, body.error, body.code, body.details);
  }
  return e.response.parse(json) as z.infer<E["response"]>;
}

/**
 * A change the outbox (outbox.ts) sends again as it was made offline: the answer's status only, or
 * status 0 when the server could not be reached.
 */
export async function sendStored(method: string, path: string, body: unknown): Promise<number> {
  const token = authToken.get();
  // A reload's outbox replays before the page has taken its prefetched list, which it would then show
  // without the changes just sent.
  dropPrefetched();
  try {
    const res = await fetch(path, {
      method,
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      credentials: "include",
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

/** The message to show for any failure, with a fallback for the unexpected (SPEC §8 fallbacks). */
export const errorMessage = (err: unknown, fallback = "Request failed") =>
  err instanceof ApiError || err instanceof Error ? err.message || fallback : fallback;

/** An endpoint that answers with server-sent events (src/server/lib/sse.ts): `delta`s, then `done`. */
export type StreamEndpoint = Endpoint & { stream: z.ZodType };

/**
 * Calls a streaming endpoint: each `delta` event's text goes to `onDelta` as it arrives; resolves with the
 * `done` event's data parsed with the endpoint's `stream` schema. A refusal before the stream, or an
 * `error` event, throws an ApiError like `call` does.
 */
export async function callStream<E extends StreamEndpoint>(
  e: E,
  args: Args<E>,
  onDelta: (text: string) => void,
): Promise<z.infer<E["stream"]>> {
  const res = await send(e, args as RequestArgs);
  if (!res.ok || !res.body) {
    const body = readErrorBody(await res.json().catch(() => undefined));
    if (!body) throw new ApiError(res.status, `HTTP error! status: ${res.status}`);
    throw new ApiError(res.status, body.error, body.code);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf("\n\n");
      const name = /^event: (.+)$/m.exec(block)?.[1];
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? "null");
      if (name === "delta") onDelta(data.text);
      if (name === "done") return e.stream.parse(data) as z.infer<E["stream"]>;
      if (name === "error") throw new ApiError(data.status, data.error, data.code);
    }
  }
  throw new ApiError(0, "The answer was cut off. Please try again.");
}

/**
 * The one way an api module gets its endpoint table: imported on first use and kept.
 * `const endpoints = endpointTable(() => import("#shared/x/contract.ts"), "xEndpoints")`, then
 * `call((await endpoints()).list)`. Lazy so that a screen draws before zod and the schemas run, and so
 * that a contract pulling a heavy library never rides in a first load; the route-chunk build keeps the
 * table in the route's own chunks, so it costs no request of its own (scripts/vite-route-chunks.ts). A
 * table no screen calls as it draws gets the on-demand comment in its import (ON_DEMAND there), so it
 * stays out of the first loads of every route that imports its api module.
 * `loaded()` is the table once a call has imported it, for code that cannot wait (a request sent as the
 * page goes away).
 */
export function endpointTable<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  let table: M[K] | undefined;
  const get = async (): Promise<M[K]> => (table ??= (await load())[name]);
  return Object.assign(get, { loaded: (): M[K] | undefined => table });
}

/**
 * A file the server answers with (a GET endpoint whose answer is not JSON, e.g. "Download my data"): the
 * bytes as a Blob and the file name from Content-Disposition. Errors are ApiErrors as with `call`.
 */
export async function download(e: Endpoint): Promise<{ blob: Blob; filename: string }> {
  const token = authToken.get();
  let res: Response;
  try {
    res = await fetch(e.path, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: "include",
    });
  } catch {
    throw new ApiError(0, "Could not reach Studyhall. Check your connection and try again.");
  }
  if (!res.ok) {
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const body = readErrorBody(json);
    throw new ApiError(res.status, body?.error ?? `${res.status}: ${res.statusText}`, body?.code);
  }
  const disposition = res.headers.get("content-disposition") ?? "";
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "download";
  return { blob: await res.blob(), filename };
}

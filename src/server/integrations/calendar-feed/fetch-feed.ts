import http from "node:http";
import https from "node:https";
import {
  assertPublicUrl,
  guardedLookup,
  type HostPolicy,
  HostRefusal,
  isExemptOrigin,
} from "../../lib/host-policy.ts";
import { FeedError } from "./feed-errors.ts";

/** A feed bigger than this is refused while it downloads (a term of a busy timetable is well under 1 MB). */
export const MAX_FEED_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 3;
const DEFAULT_TIMEOUT_MS = 15_000;

function refusal(r: HostRefusal): FeedError {
  switch (r.reason) {
    case "insecure_scheme":
      return new FeedError("refused", "Calendar feeds must be reached over https.");
    case "private_address":
    case "private_name":
      return new FeedError(
        "refused",
        `${r.hostname} is a private network address; only public feeds can be added.`,
      );
    case "unresolvable":
      return new FeedError("unreachable", `Could not find a server at ${r.hostname}. Check the address.`);
  }
}

async function checkUrl(url: URL, policy: HostPolicy): Promise<void> {
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new FeedError("refused", "Calendar feeds must be reached over https.");
  }
  try {
    await assertPublicUrl(url, policy);
  } catch (err) {
    throw err instanceof HostRefusal ? refusal(err) : err;
  }
}

interface Answer {
  status: number;
  location?: string;
  body?: string;
}

function send(url: URL, policy: HostPolicy, timeoutMs: number, maxBytes: number): Promise<Answer> {
  const exempt = isExemptOrigin(url, policy);
  const mod = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request(url, {
      method: "GET",
      headers: { Accept: "text/calendar, */*;q=0.5", "User-Agent": "Studyhall calendar subscription" },
      // Checked again at connect time, so a name that changes its answer cannot lead inside our network.
      lookup: exempt ? undefined : (guardedLookup(policy, refusal) as never),
    });
    const timer = setTimeout(
      () => req.destroy(new FeedError("unreachable", `${url.host} took too long to answer.`)),
      timeoutMs,
    );
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        clearTimeout(timer);
        res.resume();
        resolve({ status, location: res.headers.location });
        req.destroy();
        return;
      }
      const declared = Number(res.headers["content-length"]);
      if (declared > maxBytes) {
        req.destroy(new FeedError("too_large", tooLarge(maxBytes)));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        // Stop reading at once: a huge feed never sits in memory whole.
        if (size > maxBytes) req.destroy(new FeedError("too_large", tooLarge(maxBytes)));
        else chunks.push(chunk);
      });
      res.on("end", () => {
        clearTimeout(timer);
        resolve({ status, body: Buffer.concat(chunks).toString("utf8") });
      });
      res.on("error", () => undefined);
    });
    req.on("error", (err) => {
      clearTimeout(timer);
      if (err instanceof FeedError) return reject(err);
      reject(new FeedError("unreachable", `Could not reach ${url.host}.`));
    });
    req.end();
  });
}

const tooLarge = (maxBytes: number) =>
  `That feed is larger than ${Math.round(maxBytes / 1024 / 1024)} MB; Studyhall cannot subscribe to it.`;

/**
 * GETs a feed under the host policy: public https hosts only (the test allow-list aside), every redirect
 * checked again, at most `maxBytes` read, `timeoutMs` per request. The URL may hold a secret token, so
 * messages name its host only.
 */
export async function fetchFeed(
  url: URL,
  opts: { policy: HostPolicy; timeoutMs?: number; maxBytes?: number },
): Promise<string> {
  let target = url;
  for (let hop = 0; ; hop++) {
    await checkUrl(target, opts.policy);
    const res = await send(
      target,
      opts.policy,
      opts.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      opts.maxBytes ?? MAX_FEED_BYTES,
    );
    if (res.status >= 300 && res.status < 400) {
      if (!res.location || hop >= MAX_REDIRECTS) {
        throw new FeedError("unreachable", `${target.host} kept redirecting; check the address.`);
      }
      target = new URL(res.location, target);
      continue;
    }
    if (res.status === 401 || res.status === 403 || res.status === 404 || res.status === 410) {
      throw new FeedError(
        "unreachable",
        `${target.host} answered ${res.status}: the feed address may be wrong or no longer valid.`,
      );
    }
    if (res.status < 200 || res.status >= 300) {
      throw new FeedError("unreachable", `${target.host} answered ${res.status}. Try again later.`);
    }
    return res.body ?? "";
  }
}

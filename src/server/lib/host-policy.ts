import dns, { type LookupAddress, type LookupAllOptions, type LookupOptions } from "node:dns";
import { BlockList, isIP } from "node:net";

/**
 * Where the server may send a request to a URL that came from outside (a Canvas domain a student typed,
 * a push endpoint a browser handed over): only https to public hosts, never an address inside our
 * network. Shared by every integration; each maps a HostRefusal onto its own error and wording.
 */

/** dns.lookup with `all: true`; injectable so tests can make a name resolve to a private address. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolveAll: ResolveAll = (hostname) => dns.promises.lookup(hostname, { all: true });

/**
 * `insecureHosts` are host:port values reachable over http and on loopback (tests, demo; from
 * CANVAS_INSECURE_HOSTS / PUSH_INSECURE_HOSTS); `trustedOrigin` is the app's own address, for callers
 * that talk to the app itself (the demo Canvas), never for anything a user typed.
 */
export interface HostPolicy {
  insecureHosts: readonly string[];
  resolveAll: ResolveAll;
  trustedOrigin?: string;
}

/**
 * Why a URL was refused: `insecure_scheme` (not https), `private_address` (an IP literal in a blocked
 * range), `private_name` (a name resolving to one), `unresolvable` (no address at all).
 */
export type HostRefusalReason = "insecure_scheme" | "private_address" | "private_name" | "unresolvable";

export class HostRefusal extends Error {
  constructor(
    readonly reason: HostRefusalReason,
    /** The host name or address the refusal is about, without brackets. */
    readonly hostname: string,
  ) {
    super(`${reason}: ${hostname}`);
    this.name = "HostRefusal";
  }
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

/** An IPv4 address carried inside IPv6 (::ffff:a.b.c.d, NAT64 64:ff9b::/96, ::a.b.c.d). */
function embeddedIpv4(ip: string): string | null {
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (!hex) return null;
  const hi = Number.parseInt(hex[1]!, 16);
  const lo = Number.parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** Loopback, private, link-local, shared, documentation, multicast and reserved addresses. */
export function isBlockedAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, "ipv4");
  if (family !== 6) return true;
  const v4 = embeddedIpv4(ip);
  if (v4) return blocked.check(v4, "ipv4");
  return blocked.check(ip, "ipv6");
}

/** A URL's host name without the brackets of an IPv6 literal. */
export const bareHostname = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

/** Names that only ever mean this machine or the local network, whatever DNS says. */
export const isLocalName = (hostname: string) =>
  hostname === "localhost" || hostname.endsWith(".localhost") || !hostname.includes(".");

/** Is this URL's origin one the policy lets through without the public-address rules? */
export function isExemptOrigin(url: URL, policy: HostPolicy): boolean {
  if (policy.trustedOrigin && url.origin === policy.trustedOrigin) return true;
  return policy.insecureHosts.includes(url.host.toLowerCase());
}

/** Every address the name resolves to, when all of them are public; else a HostRefusal. */
export async function resolvePublic(hostname: string, policy: HostPolicy): Promise<LookupAddress[]> {
  let addresses: LookupAddress[];
  try {
    addresses = await policy.resolveAll(hostname);
  } catch {
    throw new HostRefusal("unresolvable", hostname);
  }
  if (addresses.length === 0) throw new HostRefusal("unresolvable", hostname);
  if (addresses.some((a) => isBlockedAddress(a.address))) throw new HostRefusal("private_name", hostname);
  return addresses;
}

/** Checks a URL before a request: scheme, host and (for names) that every address it resolves to is public. */
export async function assertPublicUrl(url: URL, policy: HostPolicy): Promise<void> {
  if (isExemptOrigin(url, policy)) return;
  const hostname = bareHostname(url);
  if (url.protocol !== "https:") throw new HostRefusal("insecure_scheme", hostname);
  if (isIP(hostname)) {
    if (isBlockedAddress(hostname)) throw new HostRefusal("private_address", hostname);
    return;
  }
  await resolvePublic(hostname, policy);
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * The `lookup` for every socket opened to such a URL: it resolves and refuses private addresses at
 * connect time, so a name that changes its answer after the first check (DNS rebinding) still cannot
 * lead the request inside our network. `toError` turns a refusal into the caller's own error; the
 * socket error carries code EREFUSED.
 */
export function guardedLookup(policy: HostPolicy, toError: (refusal: HostRefusal) => Error) {
  return (hostname: string, options: LookupOptions | LookupAllOptions, callback: LookupCallback) => {
    resolvePublic(hostname, policy).then(
      (addresses) => {
        const family = typeof options === "object" ? options.family : undefined;
        const fitting = family ? addresses.filter((a) => a.family === family) : addresses;
        const list = fitting.length ? fitting : addresses;
        if (typeof options === "object" && options.all) callback(null, list);
        else callback(null, list[0]!.address, list[0]!.family);
      },
      (err: unknown) => {
        const mapped = err instanceof HostRefusal ? toError(err) : (err as Error);
        callback(Object.assign(mapped, { code: "EREFUSED" }), "");
      },
    );
  };
}

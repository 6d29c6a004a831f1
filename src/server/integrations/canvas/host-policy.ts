import dns, { type LookupAddress, type LookupAllOptions, type LookupOptions } from "node:dns";
import { BlockList, isIP } from "node:net";
import { parseCanvasDomain } from "#shared/canvas/contract.ts";
import { CanvasError } from "./canvas-errors.ts";

/** dns.lookup with `all: true`; injectable so tests can make a name resolve to a private address. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolveAll: ResolveAll = (hostname) => dns.promises.lookup(hostname, { all: true });

/**
 * Where Studyhall may send a student's Canvas token. The domain is untrusted input: only public https
 * hosts, never an address inside our network. `insecureHosts` (CANVAS_INSECURE_HOSTS) are host:port
 * values reachable over http and on loopback (tests); `trustedOrigin` is the app's own address, used
 * only by the demo Canvas connection, never by anything a student types.
 */
export interface HostPolicy {
  insecureHosts: readonly string[];
  resolveAll: ResolveAll;
  trustedOrigin?: string;
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

const refused = (message: string) => new CanvasError("refused", message);

/** Is this URL's origin one the policy lets through without the public-address rules? */
export function isExemptOrigin(url: URL, policy: HostPolicy): boolean {
  if (policy.trustedOrigin && url.origin === policy.trustedOrigin) return true;
  return policy.insecureHosts.includes(url.host.toLowerCase());
}

/**
 * The API origin for what the student typed, refusing anything that is not a public https host.
 * Only a syntax and name check: resolution is checked by `assertResolvesPublic` and again on connect.
 */
export function canvasOrigin(domain: string, policy: HostPolicy): URL {
  const parsed = parseCanvasDomain(domain);
  if (!parsed.ok) throw refused(parsed.message);
  if (policy.insecureHosts.includes(parsed.host)) {
    return new URL(`${parsed.scheme ?? "http"}://${parsed.host}`);
  }
  if (parsed.scheme === "http") throw refused("Canvas must be reached over https.");
  const url = new URL(`https://${parsed.host}`);
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(hostname)) throw refused("Enter your school's Canvas host name, not an IP address.");
  if (hostname === "localhost" || hostname.endsWith(".localhost") || !hostname.includes(".")) {
    throw refused("Enter your school's public Canvas address, like school.instructure.com.");
  }
  return url;
}

async function resolvePublic(hostname: string, policy: HostPolicy): Promise<LookupAddress[]> {
  let addresses: LookupAddress[];
  try {
    addresses = await policy.resolveAll(hostname);
  } catch {
    throw new CanvasError("network", `Could not find a server at ${hostname}. Check the address.`);
  }
  if (addresses.length === 0) {
    throw new CanvasError("network", `Could not find a server at ${hostname}. Check the address.`);
  }
  if (addresses.some((a) => isBlockedAddress(a.address))) {
    throw refused(
      `${hostname} points to a private network address; Studyhall only connects to public Canvas servers.`,
    );
  }
  return addresses;
}

/** Checks a URL before a request: scheme, host and (for names) that every address it resolves to is public. */
export async function assertAllowedUrl(url: URL, policy: HostPolicy): Promise<void> {
  if (isExemptOrigin(url, policy)) return;
  if (url.protocol !== "https:") throw refused("Canvas must be reached over https.");
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(hostname)) {
    if (isBlockedAddress(hostname)) throw refused(`Refusing to contact the private address ${hostname}.`);
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
 * The `lookup` for every socket Studyhall opens to Canvas: it resolves and refuses private addresses at
 * connect time, so a name that changes its answer after the first check (DNS rebinding) still cannot
 * lead the token inside our network.
 */
export function guardedLookup(policy: HostPolicy) {
  return (hostname: string, options: LookupOptions | LookupAllOptions, callback: LookupCallback) => {
    resolvePublic(hostname, policy).then(
      (addresses) => {
        const family = typeof options === "object" ? options.family : undefined;
        const fitting = family ? addresses.filter((a) => a.family === family) : addresses;
        const list = fitting.length ? fitting : addresses;
        if (typeof options === "object" && options.all) callback(null, list);
        else callback(null, list[0]!.address, list[0]!.family);
      },
      (err: Error) => callback(Object.assign(err, { code: "EREFUSED" }), ""),
    );
  };
}

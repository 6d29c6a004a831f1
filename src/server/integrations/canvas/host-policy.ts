import { isIP } from "node:net";
import { parseCanvasDomain } from "#shared/canvas/contract.ts";
import {
  assertPublicUrl,
  bareHostname,
  type HostPolicy,
  HostRefusal,
  isLocalName,
  guardedLookup as policyLookup,
} from "../../lib/host-policy.ts";
import { CanvasError } from "./canvas-errors.ts";

/**
 * Where Studyhall may send a student's Canvas token: the general rules of lib/host-policy.ts (public
 * https hosts only; CANVAS_INSECURE_HOSTS for tests; the app's own origin for the demo connection),
 * worded for Canvas.
 */
export {
  type HostPolicy,
  isBlockedAddress,
  isExemptOrigin,
  type ResolveAll,
  systemResolveAll,
} from "../../lib/host-policy.ts";

const refused = (message: string) => new CanvasError("refused", message);

function canvasError(refusal: HostRefusal): CanvasError {
  const host = refusal.hostname;
  switch (refusal.reason) {
    case "insecure_scheme":
      return refused("Canvas must be reached over https.");
    case "private_address":
      return refused(`Refusing to contact the private address ${host}.`);
    case "private_name":
      return refused(
        `${host} points to a private network address; Studyhall only connects to public Canvas servers.`,
      );
    case "unresolvable":
      return new CanvasError("network", `Could not find a server at ${host}. Check the address.`);
  }
}

/**
 * The API origin for what the student typed, refusing anything that is not a public https host.
 * Only a syntax and name check: resolution is checked by `assertAllowedUrl` and again on connect.
 */
export function canvasOrigin(domain: string, policy: HostPolicy): URL {
  const parsed = parseCanvasDomain(domain);
  if (!parsed.ok) throw refused(parsed.message);
  if (policy.insecureHosts.includes(parsed.host)) {
    return new URL(`${parsed.scheme ?? "http"}://${parsed.host}`);
  }
  if (parsed.scheme === "http") throw refused("Canvas must be reached over https.");
  const url = new URL(`https://${parsed.host}`);
  const hostname = bareHostname(url);
  if (isIP(hostname)) throw refused("Enter your school's Canvas host name, not an IP address.");
  if (isLocalName(hostname)) {
    throw refused("Enter your school's public Canvas address, like school.instructure.com.");
  }
  return url;
}

/** Checks a URL before a request: scheme, host and (for names) that every address it resolves to is public. */
export async function assertAllowedUrl(url: URL, policy: HostPolicy): Promise<void> {
  try {
    await assertPublicUrl(url, policy);
  } catch (err) {
    throw err instanceof HostRefusal ? canvasError(err) : err;
  }
}

/**
 * The `lookup` for every socket Studyhall opens to Canvas: resolution is checked again at connect time,
 * so DNS rebinding cannot lead the token inside our network.
 */
export const guardedLookup = (policy: HostPolicy) => policyLookup(policy, canvasError);

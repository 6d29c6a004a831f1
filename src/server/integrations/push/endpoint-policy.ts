import { isIP } from "node:net";
import {
  bareHostname,
  type HostPolicy,
  HostRefusal,
  isBlockedAddress,
  isExemptOrigin,
  isLocalName,
  resolvePublic,
} from "../../lib/host-policy.ts";

/**
 * A push endpoint is a URL a browser hands over, so it is untrusted input: the server POSTs to it. The
 * general host policy (lib/host-policy.ts) applies, plus what push services always are: https on the
 * standard port, under a public DNS name. PUSH_INSECURE_HOSTS (host:port) lets tests use http on loopback.
 */
export class PushEndpointRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PushEndpointRefused";
  }
}

const SERVICES_ONLY = "Studyhall only sends notifications to public push services.";

/** The message for a host-policy refusal, in push terms. */
export function pushRefusalMessage(refusal: HostRefusal): string {
  const host = refusal.hostname;
  switch (refusal.reason) {
    case "insecure_scheme":
      return "Push endpoints must use https.";
    case "private_address":
    case "private_name":
      return `${host} points to a private network address; ${SERVICES_ONLY}`;
    case "unresolvable":
      return `Could not find the push service ${host}.`;
  }
}

/**
 * The rules that need no DNS: scheme, port, and that the host is a public name. Throws
 * PushEndpointRefused with a message fit for the 400 answer.
 */
export function checkPushEndpointSyntax(endpoint: string, policy: Pick<HostPolicy, "insecureHosts">): URL {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new PushEndpointRefused("The push endpoint must be an absolute URL.");
  }
  if (url.username || url.password)
    throw new PushEndpointRefused("The push endpoint must not carry credentials.");
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new PushEndpointRefused("Push endpoints must use https.");
  }
  if (policy.insecureHosts.includes(url.host.toLowerCase())) return url;
  if (url.protocol !== "https:") throw new PushEndpointRefused("Push endpoints must use https.");
  if (url.port) throw new PushEndpointRefused("Push endpoints use the standard https port.");
  const hostname = bareHostname(url);
  if (isIP(hostname)) {
    throw new PushEndpointRefused(
      isBlockedAddress(hostname)
        ? `${hostname} is a private network address; ${SERVICES_ONLY}`
        : `A push endpoint names its push service, not an IP address (${hostname}).`,
    );
  }
  if (isLocalName(hostname)) throw new PushEndpointRefused(`${hostname} is not a public push service.`);
  return url;
}

/** Every rule, DNS included: every address the host resolves to must be public. */
export async function assertPushEndpoint(endpoint: string, policy: HostPolicy): Promise<URL> {
  const url = checkPushEndpointSyntax(endpoint, policy);
  if (isExemptOrigin(url, policy)) return url;
  try {
    await resolvePublic(bareHostname(url), policy);
  } catch (err) {
    throw err instanceof HostRefusal ? new PushEndpointRefused(pushRefusalMessage(err)) : err;
  }
  return url;
}

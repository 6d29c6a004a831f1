import { createECDH } from "node:crypto";

/**
 * VAPID (RFC 8292) keys: the application server's P-256 key pair, both base64url without padding as
 * browsers (PushManager.subscribe's applicationServerKey) and the web-push library take them. A browser
 * subscription is bound to the public key it was made with: a new key pair orphans every subscription.
 */
export interface VapidKeys {
  /** The uncompressed point (65 bytes, 0x04 || x || y): 87 base64url characters. */
  publicKey: string;
  /** The private scalar (32 bytes): 43 base64url characters. */
  privateKey: string;
}

export const VAPID_PUBLIC_KEY_PATTERN = /^[A-Za-z0-9_-]{87}$/;
export const VAPID_PRIVATE_KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** Left-pads a big-endian number to its fixed width (Node drops leading zero bytes of a scalar). */
const fixed = (bytes: Buffer, length: number) =>
  bytes.length >= length ? bytes : Buffer.concat([Buffer.alloc(length - bytes.length), bytes]);

export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    publicKey: fixed(ecdh.getPublicKey(), 65).toString("base64url"),
    privateKey: fixed(ecdh.getPrivateKey(), 32).toString("base64url"),
  };
}

/** Why these keys cannot sign for each other, or null when the private key is the public key's. */
export function vapidKeyPairProblem(keys: VapidKeys): string | null {
  if (!VAPID_PUBLIC_KEY_PATTERN.test(keys.publicKey)) return "the public key is not 65 bytes of base64url";
  if (!VAPID_PRIVATE_KEY_PATTERN.test(keys.privateKey)) return "the private key is not 32 bytes of base64url";
  const ecdh = createECDH("prime256v1");
  try {
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, "base64url"));
  } catch {
    return "the private key is not a P-256 private key";
  }
  return ecdh.getPublicKey().equals(Buffer.from(keys.publicKey, "base64url"))
    ? null
    : "the private key does not belong to the public key";
}

/** RFC 8292 §2.1: the contact in the JWT's `sub` is a mailto: address or an https: URL. */
export function isVapidSubject(subject: string): boolean {
  let url: URL;
  try {
    url = new URL(subject);
  } catch {
    return false;
  }
  if (url.protocol === "mailto:") return /^[^@\s]+@[^@\s]+$/.test(decodeURIComponent(url.pathname));
  return url.protocol === "https:" && url.hostname.length > 0;
}

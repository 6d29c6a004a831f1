import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** URL-safe random secret with `bytes` of entropy (sessions, share codes, feed URLs). */
export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

/**
 * A secret derived from SECRET_KEY and a stored nonce (HMAC-SHA256, base64url, `bytes` long): what a
 * share code or feed URL is, so the database keeps only its SHA-256 and the nonce, neither of which is
 * usable without the key, while the owner can still be shown it again.
 */
export const deriveSecret = (key: Buffer, purpose: string, nonce: string, bytes = 32) =>
  createHmac("sha256", key).update(`${purpose}:${nonce}`).digest().subarray(0, bytes).toString("base64url");

/** AES-256-GCM; output is iv.tag.ciphertext in base64url, so a tampered value fails to decrypt. */
export function encrypt(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url")).join(".");
}

export function decrypt(key: Buffer, sealed: string): string {
  const [iv, tag, data] = sealed.split(".").map((p) => Buffer.from(p, "base64url"));
  if (!iv || !tag || !data) throw new Error("Malformed ciphertext");
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
}

/** SECRET_KEY when set; otherwise a key generated once into DATA_DIR so restarts can still decrypt. */
export function loadSecretKey(secretKeyHex: string | undefined, dataDir: string | null): Buffer {
  if (secretKeyHex) return Buffer.from(secretKeyHex, "hex");
  if (!dataDir) return randomBytes(32);
  const file = path.resolve(dataDir, "secret.key");
  if (existsSync(file)) return Buffer.from(readFileSync(file, "utf8").trim(), "hex");
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString("hex"), { mode: 0o600 });
  return key;
}

import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where card images' bytes live, by the SHA-256 of their content (card_media keeps who may see them and
 * under which name). Files under DATA_DIR today; an object store implements the same three calls later.
 */
export interface MediaStore {
  put(bytes: Uint8Array): Promise<string>;
  /** The bytes stored under `hash`, or null when there are none. */
  get(hash: string): Promise<Uint8Array | null>;
}

export const mediaHash = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Content-addressed files: DATA_DIR/media/ab/abcdef...; a write lands whole or not at all. */
export function fileMediaStore(dir: string): MediaStore {
  const fileOf = (hash: string) => path.join(dir, hash.slice(0, 2), hash);
  return {
    async put(bytes) {
      const hash = mediaHash(bytes);
      const file = fileOf(hash);
      await mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, file);
      return hash;
    },
    async get(hash) {
      if (!/^[0-9a-f]{64}$/.test(hash)) return null;
      try {
        return new Uint8Array(await readFile(fileOf(hash)));
      } catch (err) {
        if ((err as { code?: string }).code === "ENOENT") return null;
        throw err;
      }
    },
  };
}

/** For a server without a data folder (tests): the bytes stay in memory for the process's life. */
export function memoryMediaStore(): MediaStore {
  const files = new Map<string, Uint8Array>();
  return {
    async put(bytes) {
      const hash = mediaHash(bytes);
      files.set(hash, new Uint8Array(bytes));
      return hash;
    },
    async get(hash) {
      return files.get(hash) ?? null;
    },
  };
}

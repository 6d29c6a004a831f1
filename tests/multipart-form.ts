import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";

export type FormPart =
  | { name: string; value: string }
  | { name: string; fileName: string; type?: string; data: Buffer };

/** A multipart/form-data body written by hand, for app.inject (tests control every byte). */
export function multipartForm(parts: FormPart[]) {
  const boundary = `----studyhall${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file = "fileName" in p;
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
      (file ? `; filename="${p.fileName}"\r\nContent-Type: ${p.type ?? "application/octet-stream"}` : "") +
      "\r\n\r\n";
    chunks.push(Buffer.from(head), file ? p.data : Buffer.from(p.value), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

/** A file of tests/fixtures/documents. */
export const documentFixture = (name: string) =>
  readFileSync(new URL(`./fixtures/documents/${name}`, import.meta.url));

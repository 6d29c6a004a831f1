import type { PortableCard } from "#shared/flashcards/card-model.ts";
import { type AnkiFailureReason, AnkiPackageError } from "./errors.ts";
import { type AnkiExportOptions, writeAnkiPackage } from "./export.ts";
import { type PackedHistories, packHistories } from "./history-pack.ts";
import { type AnkiImport, type AnkiImportOptions, readAnkiPackage } from "./import.ts";

/** What the pool's workers do (anki-worker.ts is their entry). */
export type AnkiJob =
  | { kind: "import"; bytes: Uint8Array; options: AnkiImportOptions }
  | { kind: "export"; cards: PortableCard[]; options: AnkiExportOptions };

/** Failures travel as data: across a worker boundary an Error keeps only its message. */
export type AnkiReply =
  | { ok: true; kind: "import"; value: AnkiImport; histories: PackedHistories }
  | { ok: true; kind: "export"; value: Uint8Array }
  | { ok: false; reason: AnkiFailureReason; detail?: string | undefined };

export async function runAnkiJob(job: AnkiJob): Promise<AnkiReply> {
  try {
    if (job.kind === "import") {
      const value = await readAnkiPackage(job.bytes, job.options);
      const histories = packHistories(value.cards);
      value.sentAt = performance.timeOrigin + performance.now();
      return { ok: true, kind: "import", value, histories };
    }
    return { ok: true, kind: "export", value: await writeAnkiPackage(job.cards, job.options) };
  } catch (err) {
    if (err instanceof AnkiPackageError) return { ok: false, reason: err.reason, detail: err.detail };
    throw err;
  }
}

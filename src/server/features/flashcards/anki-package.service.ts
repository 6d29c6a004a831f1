import type { FastifyBaseLogger } from "fastify";
import {
  CARD_TYPES,
  type CardSchedule,
  type CardType,
  mediaRefsOf,
  occlusionAnswer,
  occlusionExtra,
  type PortableCard,
  reviewOrds,
} from "#shared/flashcards/card-model.ts";
import { FLASHCARD_SET_MAX_CARDS, type ImportProblem } from "#shared/flashcards/contract.ts";
import {
  type AnkiImportResult,
  type AnkiPreview,
  ankiImportOptionsSchema,
} from "#shared/flashcards/media-contract.ts";
import { appendUnderParents } from "../../db/bulk.ts";
import type { Db } from "../../db/client.ts";
import {
  type AnkiImport,
  AnkiPackageError,
  ankiAppError,
  exportAnkiPackage,
  importAnkiPackage,
} from "../../integrations/anki/index.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import { newCardState } from "../review/fsrs.ts";
import type { ReviewService } from "../review/review.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import { ankiPackageRepo, type NoteRow } from "./anki-package.repo.ts";
import { type CardMediaService, checkMedia } from "./card-media.service.ts";
import { flashcardsRepo } from "./flashcards.repo.ts";

type Row = NoteRow & { schedule: CardSchedule | undefined; media: string[] };

/**
 * The review items a package's cards become: one row per ord, siblings sharing guid and texts (an
 * occlusion note's rows each answer their own mask, and share its picture and masks).
 */
function rowsOf(cards: readonly PortableCard[]): Row[] {
  return cards.flatMap((card) =>
    reviewOrds(card).map((ord) => ({
      question: card.front,
      answer: card.occlusion ? occlusionAnswer(card.occlusion.masks, ord, card.back) : card.back,
      occlusion: card.occlusion ?? null,
      hint: card.hint,
      tags: card.tags,
      type: card.type,
      ord,
      guid: card.guid ?? null,
      schedule: card.schedules?.find((s) => s.ord === ord),
      media: card.media.map((m) => m.name),
    })),
  );
}

const problemsOf = (parsed: AnkiImport): ImportProblem[] =>
  parsed.problems.slice(0, 1000).map((p) => ({ line: p.noteId, text: p.excerpt, reason: p.reason }));

/**
 * The package's files a card may show (pictures and sounds, typed from their bytes), and those left out
 * with why: the cards keep their tags, so the rest of the import goes ahead.
 */
function mediaOf(parsed: AnkiImport) {
  const kept: { name: string; bytes: Uint8Array; contentType: string }[] = [];
  const skipped: { name: string; reason: string }[] = [];
  for (const m of parsed.media) {
    try {
      kept.push({ name: m.name, bytes: m.bytes, contentType: checkMedia(m.bytes).type });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      skipped.push({ name: m.name, reason: err.message });
    }
  }
  return { kept, skipped: skipped.slice(0, 1000) };
}

const key = (guid: string | null, ord: number) => `${guid}\u0000${ord}`;

/**
 * How many flashcards rows make, counted as a set counts them (flashcards.repo noteCount: one per note
 * guid, a row without one on its own), so the import says the number the set then shows.
 */
const flashcardsIn = (rows: readonly { guid: string | null }[]) => {
  const notes = new Set<string>();
  let loose = 0;
  for (const r of rows) {
    if (r.guid === null) loose += 1;
    else notes.add(r.guid);
  }
  return notes.size + loose;
};

/**
 * Rows per import transaction: with four reviews a card, about 1,200 rows written, tens of milliseconds
 * on PGlite, which is how long another student's request can wait for the shared connection.
 */
const IMPORT_CHUNK = 200;

/** Lets the event loop run what is waiting (other students' requests) before the next chunk. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Anki packages in and out of a flashcard set (issue 25 §5). Reading and writing the package happens in
 * the Anki worker pool (one job per student at a time); this service maps its cards to rows, keeps the
 * guid so a second import updates instead of adding, writes the review history to the student's own
 * card_states/card_reviews, and stores the pictures and sounds the cards show.
 */
export function createAnkiPackageService({
  db,
  media,
  review,
  settings,
}: {
  db: Db;
  media: CardMediaService;
  review: Pick<ReviewService, "importSchedules" | "exportSchedules">;
  settings: Pick<SettingsService, "getReview" | "timeZone">;
}) {
  async function ownSet(userId: number, setId: number) {
    const set = await flashcardsRepo.findSet(db, userId, setId);
    if (!set) throw notFound("Flashcard set");
    return set;
  }

  async function read(userId: number, bytes: Uint8Array, rawOptions: unknown) {
    const parsedOptions = ankiImportOptionsSchema.safeParse(rawOptions);
    if (!parsedOptions.success)
      throw badRequest(parsedOptions.error.issues[0]?.message ?? "Choose the import options.");
    const options = parsedOptions.data;
    const [{ desiredRetention }, timeZone] = await Promise.all([
      settings.getReview(userId),
      settings.timeZone(userId),
    ]);
    try {
      const parsed = await importAnkiPackage(
        bytes,
        { withScheduling: options.scheduling, retention: desiredRetention, timeZone },
        undefined,
        `user:${userId}`,
      );
      return { parsed, options };
    } catch (err) {
      if (err instanceof AnkiPackageError) throw ankiAppError(err);
      throw err;
    }
  }

  async function existingRows(userId: number, studySetId: number) {
    const map = new Map<string, { id: number; setId: number }>();
    for (const r of await ankiPackageRepo.guidRows(db, userId, studySetId))
      map.set(key(r.guid, r.ord), { id: r.id, setId: r.setId });
    return map;
  }

  return {
    async preview(userId: number, setId: number, bytes: Uint8Array, options: unknown): Promise<AnkiPreview> {
      const set = await ownSet(userId, setId);
      const { parsed } = await read(userId, bytes, options);
      const files = mediaOf(parsed);
      const rows = rowsOf(parsed.cards);
      const existing = await existingRows(userId, set.studySetId);
      return {
        format: parsed.format,
        notes: parsed.counts.notes,
        flashcards: flashcardsIn(rows),
        cards: rows.length,
        reviews: rows.reduce((n, r) => n + (r.schedule?.history.length ?? 0), 0),
        decks: parsed.decks,
        media: files.kept.length,
        missingMedia: parsed.missingMedia.length,
        existing: flashcardsIn(rows.filter((r) => existing.has(key(r.guid, r.ord)))),
        problems: problemsOf(parsed),
        skippedMedia: files.skipped,
        sample: rows
          .slice(0, 20)
          .map((r) => ({ question: r.question, answer: r.answer, type: r.type, ord: r.ord })),
      };
    },

    /**
     * Rows whose note is already in the study set are updated (or skipped), new rows fill this set and then
     * new sets beside it (a set holds FLASHCARD_SET_MAX_CARDS).
     *
     * Written in short transactions of IMPORT_CHUNK rows (the rows, their states and reviews together), not
     * one: on PGlite every request shares one connection, and a transaction holds it until it commits, so a
     * 50,000-card package in one transaction made every other student wait for all of it. Between chunks
     * the event loop turns and queued requests run. Updates to existing rows and the pictures go in the
     * last transaction. If any step fails, what the earlier chunks wrote is deleted again (the new rows,
     * and the sets this import created), so a failed import leaves nothing behind; while it runs, the
     * rows written so far are visible in the set (decision: a compensating delete rather than a hidden
     * "pending" set, which would need a column every set query filters on; a crash of the whole process
     * mid-import can leave the chunks written so far, which the student sees and can delete).
     */
    async import(
      userId: number,
      setId: number,
      bytes: Uint8Array,
      rawOptions: unknown,
      /** The request's logger: the phases' times, and a clean-up that failed. */
      log?: FastifyBaseLogger,
    ): Promise<AnkiImportResult> {
      const phases: Record<string, number> = {};
      let mark = performance.now();
      const phase = (name: string) => {
        const now = performance.now();
        phases[name] = Math.round(now - mark);
        mark = now;
      };
      const set = await ownSet(userId, setId);
      const { parsed, options } = await read(userId, bytes, rawOptions);
      phase("read");
      for (const [k, v] of Object.entries(parsed.timings)) phases[`worker.${k}`] = v;
      phases.handoff = Math.round(performance.timeOrigin + mark - parsed.sentAt);
      const rows = rowsOf(parsed.cards);
      if (rows.length === 0) throw badRequest("Nothing was imported: this package has no cards we can read.");
      const existing = await existingRows(userId, set.studySetId);
      const fresh: Row[] = [];
      const updates: (Row & { id: number; setId: number })[] = [];
      let skipped = 0;
      for (const r of rows) {
        const found = r.guid === null ? undefined : existing.get(key(r.guid, r.ord));
        if (!found || options.duplicates === "keep") fresh.push(r);
        else if (options.duplicates === "update") updates.push({ ...r, ...found });
        else skipped += 1;
      }
      const files = mediaOf(parsed);
      phase("map");

      // This set first, then as many new sets as the rest needs, named after it.
      const parts: { title: string; rows: Row[] }[] = [];
      let room = FLASHCARD_SET_MAX_CARDS - set.cardCount;
      let at = 0;
      for (let part = 1; at < fresh.length; part++) {
        if (part > 100) throw new AppError(413, "file_too_large", "This package has too many cards.");
        const title = part > 1 ? `${set.title} (${part})`.slice(0, 200) : set.title;
        if (part > 1) room = FLASHCARD_SET_MAX_CARDS;
        // Siblings stay together: a note is never split across two sets.
        let end = Math.min(fresh.length, at + Math.max(0, room));
        while (
          end > at &&
          end < fresh.length &&
          fresh[end]!.guid !== null &&
          fresh[end]!.guid === fresh[end - 1]!.guid
        )
          end -= 1;
        parts.push({ title, rows: fresh.slice(at, end) });
        at = end;
      }

      const created: number[] = [];
      const inserted: number[] = [];
      try {
        const targets = parts.slice(0, 1).map((p) => ({ id: set.id, title: set.title, rows: p.rows }));
        if (parts.length > 1)
          await db.transaction(async (tx) => {
            for (const part of parts.slice(1)) {
              const made = await flashcardsRepo.insertSet(tx, userId, {
                studySetId: set.studySetId,
                title: part.title,
                description: set.description,
              });
              created.push(made.id);
              targets.push({ id: made.id, title: part.title, rows: part.rows });
            }
          });
        let reviews = 0;
        const usedBy = new Map<number, Set<string>>();
        for (const target of targets) {
          const names = usedBy.get(target.id) ?? new Set<string>();
          usedBy.set(target.id, names);
          for (let i = 0; i < target.rows.length; i += IMPORT_CHUNK) {
            const chunk = target.rows.slice(i, i + IMPORT_CHUNK);
            await turn();
            reviews += await db.transaction(async (tx) => {
              // The rows point at the student, this set and the cards inserted here: checked once.
              const parents = [
                ["users", userId],
                ["flashcard_sets", target.id],
              ] as const;
              if (!(await appendUnderParents(tx, parents)))
                throw new AppError(404, "not_found", "The flashcard set was deleted during the import.");
              const ids = await ankiPackageRepo.insertRows(tx, userId, target.id, chunk);
              inserted.push(...ids);
              const schedules: { flashcardId: number; schedule: CardSchedule }[] = [];
              chunk.forEach((r, k) => {
                if (options.scheduling && r.schedule)
                  schedules.push({ flashcardId: ids[k]!, schedule: r.schedule });
                for (const n of r.media) names.add(n);
              });
              return options.scheduling ? review.importSchedules(tx, userId, schedules, { fresh: true }) : 0;
            });
          }
        }
        phase("insert");
        await turn();
        const stored = await db.transaction(async (tx) => {
          await ankiPackageRepo.updateRows(tx, userId, updates);
          const schedules: { flashcardId: number; schedule: CardSchedule }[] = [];
          for (const u of updates) {
            if (options.scheduling && u.schedule) schedules.push({ flashcardId: u.id, schedule: u.schedule });
            const names = usedBy.get(u.setId) ?? new Set<string>();
            for (const n of u.media) names.add(n);
            usedBy.set(u.setId, names);
          }
          if (options.scheduling) reviews += await review.importSchedules(tx, userId, schedules);
          let n = 0;
          for (const [target, names] of usedBy)
            n += await media.attach(
              tx,
              userId,
              target,
              files.kept.filter((p) => names.has(p.name)),
            );
          return n;
        });
        phase("update");
        log?.info({ phases, cards: rows.length, reviews }, "anki import written");
        return {
          imported: fresh.length,
          updated: updates.length,
          importedFlashcards: flashcardsIn(fresh),
          updatedFlashcards: flashcardsIn(updates),
          skipped,
          reviews,
          media: stored,
          sets: targets
            .filter((t) => t.rows.length > 0 || t.id === set.id)
            .map(({ id, title }) => ({ id, title })),
          problems: problemsOf(parsed),
          skippedMedia: files.skipped,
        };
      } catch (err) {
        await db
          .transaction(async (tx) => {
            await ankiPackageRepo.deleteRows(tx, userId, inserted);
            for (const id of created) await flashcardsRepo.removeSet(tx, userId, id);
          })
          .catch((cleanup: unknown) =>
            // The student sees the import's own error; the rows left behind are for the operator.
            log?.error(
              { err: cleanup, rows: inserted.length, sets: created.length },
              "anki import: removing a failed import's rows failed",
            ),
          );
        throw err;
      }
    },

    /** The set as an .apkg: each note once (siblings by guid), its pictures and sounds, and the student's schedule. */
    async export(userId: number, setId: number, withScheduling: boolean) {
      const set = await ownSet(userId, setId);
      const rows = await ankiPackageRepo.listSetRows(db, userId, setId);
      const states = withScheduling
        ? await review.exportSchedules(
            db,
            userId,
            rows.map((r) => r.id),
          )
        : new Map();
      const notes = new Map<string, PortableCard>();
      for (const r of rows) {
        const id = r.guid ?? `row:${r.id}`;
        let card = notes.get(id);
        if (!card) {
          const type: CardType = (CARD_TYPES as readonly string[]).includes(r.type)
            ? (r.type as CardType)
            : "basic";
          // An occlusion note goes as Anki's image occlusion note: its masks, and the back its rows share.
          const occlusion = r.type === "occlusion" && r.occlusion ? r.occlusion : undefined;
          const back = occlusion ? occlusionExtra(r.answer, occlusion.masks, r.ord) : r.answer;
          card = {
            front: r.question,
            back,
            hint: r.hint,
            tags: r.tags,
            ...(occlusion ? { type: "occlusion", occlusion } : { type }),
            media: mediaRefsOf(r.question, back, r.hint),
            guid: r.guid ?? undefined,
            schedules: [],
          };
          notes.set(id, card);
        }
        const s = states.get(r.id);
        if (s)
          card.schedules!.push({
            ord: r.ord,
            // A suspended card never reviewed is a new card in Anki's suspended queue.
            state: s.state ?? newCardState(new Date()),
            history: s.history,
            suspended: s.suspended,
            buried: false,
          });
      }
      const cards = [...notes.values()];
      const names = [...new Set(cards.flatMap((c) => c.media.map((m) => m.name)))];
      const files = await media.filesOf(setId, names);
      try {
        const bytes = await exportAnkiPackage(
          cards,
          { deckName: set.title, media: files, withScheduling },
          undefined,
          `user:${userId}`,
        );
        const base = set.title.replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-|-$/g, "") || "flashcards";
        return { bytes, filename: `${base}.apkg` };
      } catch (err) {
        if (err instanceof AnkiPackageError) throw ankiAppError(err);
        throw err;
      }
    },
  };
}
export type AnkiPackageService = ReturnType<typeof createAnkiPackageService>;

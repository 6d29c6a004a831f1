import { and, eq, inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { unzipSync, zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { flashcards } from "#server/db/schema/flashcards.ts";
import { cardHolds, cardReviews, cardStates } from "#server/db/schema/review.ts";
import { sqlite } from "#server/integrations/anki/sqlite.ts";
import { type Flashcard, flashcardEndpoints } from "#shared/flashcards/contract.ts";
import { cardMediaUrl } from "#shared/flashcards/media-contract.ts";
import type { ReviewQueue } from "#shared/review/contract.ts";
import {
  createFlashcardSet,
  createGroup,
  createSharedSet,
  createStudySet,
  createUser,
  type TestUser,
} from "#tests/factories.ts";
import {
  BASIC,
  buildCollection,
  buildPackage,
  CLOZE,
  IMAGE_OCCLUSION,
  REVERSED,
} from "#tests/fixtures/anki/build-apkg.ts";
import { mp3, wav } from "#tests/fixtures/audio/build-audio.ts";
import { multipartForm } from "#tests/multipart-form.ts";
import { testAppPerFile } from "#tests/setup.ts";
import { createAnkiPackageService } from "./anki-package.service.ts";

const t = testAppPerFile();
let ada: TestUser;
let bob: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
  bob = await createUser(t.app);
});

/** A real 1x1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
/** A PNG header claiming 100,000 x 100,000 pixels: a decoder bomb. */
const pngOfSize = (w: number, h: number) => {
  const b = Buffer.from(PNG);
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return b;
};

const upload = (who: TestUser, name: string, data: Buffer, url: string, options?: object) => {
  const form = multipartForm([
    ...(options ? [{ name: "options", value: JSON.stringify(options) }] : []),
    { name: "file", fileName: name, data },
  ]);
  return t.app.inject({
    method: "POST",
    url,
    payload: form.payload,
    headers: { ...who.headers, ...form.headers },
  });
};
const uploadImage = (who: TestUser, setId: number, data: Buffer, name = "pic.png") =>
  upload(who, name, data, `/api/study/flashcard-sets/${setId}/media`);
const importApkg = (who: TestUser, setId: number, data: Uint8Array, options: object = {}, preview = false) =>
  upload(
    who,
    "deck.apkg",
    Buffer.from(data),
    `/api/study/flashcard-sets/${setId}/import/apkg${preview ? "/preview" : ""}`,
    options,
  );
const get = (who: TestUser, url: string) => t.app.inject({ method: "GET", url, headers: who.headers });
const cardsOf = async (who: TestUser, id: number) =>
  (await get(who, `/api/study/flashcard-sets/${id}/cards`)).json() as Flashcard[];

const DAY = 86_400_000;
const CRT = Math.floor((Date.now() - 90 * DAY) / DAY) * 86_400;
const at = (day: number) => CRT * 1000 + day * DAY + 13 * 3_600_000;
const today = Math.floor((Date.now() / 1000 - CRT) / 86_400);

/** A deck as a student's Anki has it: a picture, tags, a reversed and a cloze note, a review log. */
const ankiDeck = async (front = "cell") =>
  buildPackage(
    await buildCollection({
      crt: CRT,
      models: [BASIC, REVERSED, CLOZE],
      decks: [{ id: 1, name: "Biology" }],
      notes: [
        {
          id: 1,
          mid: BASIC.id,
          fields: [`<img src="cell.png"> ${front}`, "unit of life"],
          tags: ["bio"],
          guid: "g1",
        },
        { id: 2, mid: REVERSED.id, fields: ["perro", "dog"], guid: "g2" },
        { id: 3, mid: CLOZE.id, fields: ["{{c1::Mitochondria}} make {{c2::ATP}}", "", ""], guid: "g3" },
      ],
      cards: [
        { id: 11, nid: 1, ord: 0, type: 2, queue: 2, due: today + 5, ivl: 10, factor: 2500, reps: 3 },
        { id: 21, nid: 2, ord: 0 },
        { id: 22, nid: 2, ord: 1 },
        { id: 31, nid: 3, ord: 0, type: 2, queue: 2, due: today + 2, ivl: 4, factor: 2300, reps: 2 },
        { id: 32, nid: 3, ord: 1 },
      ],
      revlog: [
        { id: at(60), cid: 11, ease: 3, type: 0, time: 5000 },
        { id: at(61), cid: 11, ease: 3, type: 1, ivl: 9, time: 4000 },
        { id: at(75), cid: 11, ease: 3, type: 1, ivl: 10, lastIvl: 9, time: 3000 },
        { id: at(80), cid: 31, ease: 3, type: 0 },
        { id: at(84), cid: 31, ease: 4, type: 1, ivl: 4 },
      ],
    }),
    { media: { "cell.png": new Uint8Array(PNG) } },
  );

describe("card images (issue 25 §1)", () => {
  it("stores a picture sniffed from its bytes and serves it only to who may read the set", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada });
    const res = await uploadImage(ada, set.id, PNG, "holiday photo.jpg");
    expect(res.statusCode).toBe(201);
    const media = res.json();
    expect(media).toMatchObject({ contentType: "image/png", bytes: PNG.length, width: 1, height: 1 });
    expect(media.name).toMatch(/^[0-9a-f]{20}\.png$/);

    const own = await get(ada, cardMediaUrl(set.id, media.name));
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("image/png");
    expect(Buffer.from(own.rawPayload).equals(PNG)).toBe(true);

    // Another student: the same 404 as a missing picture, for reading and for uploading.
    expect((await get(bob, cardMediaUrl(set.id, media.name))).statusCode).toBe(404);
    expect((await get(ada, cardMediaUrl(set.id, "nope.png"))).statusCode).toBe(404);
    expect((await uploadImage(bob, set.id, PNG)).statusCode).toBe(404);
  });

  it("serves a shared set's pictures to the group's members", async () => {
    const group = await createGroup(t.app, { owner: ada, members: [bob] });
    const studySet = await createStudySet(t.app, { owner: ada });
    await createSharedSet(t.app, { owner: ada, group, studySet });
    const set = await createFlashcardSet(t.app, { owner: ada, studySet });
    const { name } = (await uploadImage(ada, set.id, PNG)).json();
    expect((await get(bob, cardMediaUrl(set.id, name))).statusCode).toBe(200);
    // Reading is not writing.
    expect((await uploadImage(bob, set.id, PNG)).statusCode).toBe(404);
  });

  it("refuses what is not a picture, a file too large, a picture of too many pixels and a bad name", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada });
    const text = await uploadImage(ada, set.id, Buffer.from("<svg onload=alert(1)>"), "x.png");
    expect(text.statusCode).toBe(415);
    expect(text.json().error).toMatch(/PNG, JPEG, WebP or GIF/);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await uploadImage(ada, set.id, big)).statusCode).toBe(413);
    expect((await uploadImage(ada, set.id, pngOfSize(100_000, 100_000))).statusCode).toBe(413);
    expect((await uploadImage(ada, set.id, Buffer.alloc(0))).statusCode).toBe(400);
    const json = await t.app.inject({
      method: "POST",
      url: `/api/study/flashcard-sets/${set.id}/media`,
      headers: ada.headers,
      payload: { file: "x" },
    });
    expect(json.statusCode).toBe(415);
    expect((await get(ada, `/api/study/flashcard-sets/${set.id}/media/a%2Fb`)).statusCode).toBe(400);
  });
});

// Each case builds and reads whole packages in the worker pool: 20-27 s at a load of 6 on two cores,
// too near the 30 s default for a shared CI machine.
describe(".apkg import (issue 25 §5)", { timeout: 90_000 }, () => {
  it("previews, then imports notes, card types, tags, the picture and the review history", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada });
    const apkg = await ankiDeck();
    const preview = await importApkg(ada, set.id, apkg, {}, true);
    expect(preview.statusCode).toBe(200);
    // Three flashcards (notes), as the set will count them; the reversed and the cloze note review as two.
    expect(preview.json()).toMatchObject({
      notes: 3,
      flashcards: 3,
      cards: 5,
      reviews: 5,
      media: 1,
      existing: 0,
    });
    expect(await cardsOf(ada, set.id)).toEqual([]);

    const res = await importApkg(ada, set.id, apkg);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      imported: 5,
      importedFlashcards: 3,
      updated: 0,
      reviews: 5,
      media: 1,
    });
    const sets = await get(ada, `/api/study/sets/${set.studySetId}/flashcards`);
    expect(sets.json().find((s: { id: number }) => s.id === set.id)).toMatchObject({
      noteCount: 3,
      cardCount: 5,
    });
    const cards = await cardsOf(ada, set.id);
    expect(cards.map((c) => c.question)).toEqual([
      "![](cell.png) cell",
      "perro",
      "perro",
      "{{c1::Mitochondria}} make {{c2::ATP}}",
      "{{c1::Mitochondria}} make {{c2::ATP}}",
    ]);
    expect(cards[0]!.tags).toEqual(["bio"]);
    const rows = await t.database.db
      .select({ id: flashcards.id, type: flashcards.type, ord: flashcards.ord, guid: flashcards.guid })
      .from(flashcards)
      .where(eq(flashcards.flashcardSetId, set.id))
      .orderBy(flashcards.id);
    expect(rows.map((r) => [r.type, r.ord, r.guid])).toEqual([
      ["basic", 0, "g1"],
      ["reversed", 0, "g2"],
      ["reversed", 1, "g2"],
      ["cloze", 0, "g3"],
      ["cloze", 1, "g3"],
    ]);
    const [state] = await t.database.db
      .select()
      .from(cardStates)
      .where(and(eq(cardStates.userId, ada.user.id), eq(cardStates.flashcardId, rows[0]!.id)));
    expect(state).toMatchObject({ state: 2, reps: 3 });
    expect(Math.round((state!.due.getTime() / 1000 - CRT) / 86_400)).toBe(today + 5);
    const png = await get(ada, cardMediaUrl(set.id, "cell.png"));
    expect(png.statusCode).toBe(200);
    expect((await get(bob, cardMediaUrl(set.id, "cell.png"))).statusCode).toBe(404);

    // A second import of the same notes updates them by guid: nothing added, no review counted twice.
    const again = await importApkg(ada, set.id, await ankiDeck("cell, edited"));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ imported: 0, updated: 5, updatedFlashcards: 3, reviews: 0 });
    expect((await importApkg(ada, set.id, apkg, {}, true)).json()).toMatchObject({
      flashcards: 3,
      existing: 3,
    });
    expect((await cardsOf(ada, set.id))[0]!.question).toBe("![](cell.png) cell, edited");
    const logs = await t.database.db
      .select()
      .from(cardReviews)
      .where(
        inArray(
          cardReviews.flashcardId,
          rows.map((r) => r.id),
        ),
      );
    expect(logs).toHaveLength(5);
  });

  it("keeps the cards the student suspended in Anki out of review, new or reviewed", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada });
    const apkg = buildPackage(
      await buildCollection({
        crt: CRT,
        models: [BASIC],
        notes: [
          { id: 1, mid: BASIC.id, fields: ["kept", "a"], guid: "s1" },
          { id: 2, mid: BASIC.id, fields: ["suspended new", "b"], guid: "s2" },
          { id: 3, mid: BASIC.id, fields: ["suspended review", "c"], guid: "s3" },
        ],
        cards: [
          { id: 11, nid: 1, ord: 0 },
          { id: 21, nid: 2, ord: 0, type: 0, queue: -1, due: 2 },
          { id: 31, nid: 3, ord: 0, type: 2, queue: -1, due: today - 3, ivl: 10, factor: 2500, reps: 3 },
        ],
        revlog: [{ id: at(70), cid: 31, ease: 3, type: 1, ivl: 10 }],
      }),
    );
    expect((await importApkg(ada, set.id, apkg)).statusCode).toBe(201);
    const heldIn = (setId: number) =>
      t.database.db
        .select({ guid: flashcards.guid, suspended: cardHolds.suspended })
        .from(cardHolds)
        .innerJoin(flashcards, eq(flashcards.id, cardHolds.flashcardId))
        .where(and(eq(cardHolds.userId, ada.user.id), eq(flashcards.flashcardSetId, setId)))
        .orderBy(flashcards.guid);
    const suspended = [
      { guid: "s2", suspended: true },
      { guid: "s3", suspended: true },
    ];
    expect(await heldIn(set.id)).toEqual(suspended);

    // And out again: Anki's queue -1 in the export, suspended again when it is read back.
    const exported = await get(ada, `/api/study/flashcard-sets/${set.id}/export/apkg`);
    const into = await createFlashcardSet(t.app, { owner: ada });
    expect((await importApkg(ada, into.id, exported.rawPayload)).statusCode).toBe(201);
    expect(await heldIn(into.id)).toEqual(suspended);
  });

  it("replays the review history with days counted in the student's zone", async () => {
    const cy = await createUser(t.app);
    const zone = await t.app.inject({
      method: "PUT",
      url: "/api/settings/time-zone",
      headers: cy.headers,
      payload: { timeZone: "Pacific/Honolulu" },
    });
    expect(zone.statusCode).toBe(200);
    const set = await createFlashcardSet(t.app, { owner: cy });
    // 20:00 and then 09:00 the next morning in Honolulu (UTC-10): the same UTC date, a day apart there.
    const evening = CRT * 1000 + 60 * DAY + 6 * 3_600_000;
    const morning = CRT * 1000 + 60 * DAY + 19 * 3_600_000;
    const apkg = buildPackage(
      await buildCollection({
        crt: CRT,
        models: [BASIC],
        notes: [{ id: 1, mid: BASIC.id, fields: ["aloha", "hello"], guid: "hi1" }],
        cards: [{ id: 11, nid: 1, ord: 0, type: 2, queue: 2, due: today + 5, ivl: 10, reps: 2 }],
        revlog: [
          { id: evening, cid: 11, ease: 3, type: 0 },
          { id: morning, cid: 11, ease: 3, type: 0 },
        ],
      }),
    );
    expect((await importApkg(cy, set.id, apkg)).statusCode).toBe(201);
    const logs = await t.database.db
      .select({ elapsedDays: cardReviews.elapsedDays })
      .from(cardReviews)
      .where(eq(cardReviews.userId, cy.user.id))
      .orderBy(cardReviews.reviewedAt);
    expect(logs.map((l) => l.elapsedDays)).toEqual([0, 1]);
  });

  it("keeps no history when asked, and refuses another student's set", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada });
    const res = await importApkg(ada, set.id, await ankiDeck(), { scheduling: false });
    expect(res.json()).toMatchObject({ imported: 5, reviews: 0 });
    expect((await importApkg(bob, set.id, await ankiDeck())).statusCode).toBe(404);
    expect((await importApkg(ada, set.id, await ankiDeck(), { scheduling: "yes" })).statusCode).toBe(400);
  });

  it("refuses a zip bomb, a malicious SQLite file, a file that is no package and a wrong extension", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada });
    const bomb = zipSync({ "collection.anki2": [new Uint8Array(48 * 1024 * 1024), { level: 1 }] });
    expect(bomb.byteLength).toBeLessThan(200_000);
    const bombed = await importApkg(ada, set.id, bomb);
    expect(bombed.statusCode).toBe(413);
    expect(bombed.json().error).toMatch(/unpacks to more/);

    // A SQLite header claiming two billion pages: sql.js would try to map them.
    const db = await buildCollection({ crt: CRT, models: [BASIC], notes: [], cards: [] });
    const lying = db.slice();
    new DataView(lying.buffer).setUint32(28, 0x7fffffff);
    const malicious = await importApkg(ada, set.id, buildPackage(lying));
    expect(malicious.statusCode).toBe(422);
    expect(malicious.json().error).toMatch(/damaged/);
    // A database that is not Anki's: a trigger-laden table, no notes or cards.
    const { sqlite } = await import("#server/integrations/anki/sqlite.ts");
    const evil = new (await sqlite()).Database();
    evil.run("CREATE TABLE x (a); CREATE TRIGGER t AFTER INSERT ON x BEGIN SELECT 1; END;");
    const foreign = await importApkg(ada, set.id, buildPackage(evil.export()));
    evil.close();
    expect(foreign.statusCode).toBe(422);

    expect((await importApkg(ada, set.id, Buffer.from("not a zip at all"))).statusCode).toBe(422);
    const wrong = await upload(
      ada,
      "deck.txt",
      Buffer.from("a\tb"),
      `/api/study/flashcard-sets/${set.id}/import/apkg`,
    );
    expect(wrong.statusCode).toBe(415);
    expect(await cardsOf(ada, set.id)).toEqual([]);
  });
});

describe(".apkg export (issue 25 §5)", { timeout: 90_000 }, () => {
  it("round-trips cards, the picture and the student's review state through export and import", async () => {
    const from = await createFlashcardSet(t.app, { owner: ada });
    await importApkg(ada, from.id, await ankiDeck());
    const res = await get(ada, `/api/study/flashcard-sets/${from.id}/export/apkg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename=".*\.apkg"; filename\*=UTF-8''/,
    );
    const apkg = res.rawPayload;

    // Into a set of another study set: no guid is there yet, so everything is new.
    const into = await createFlashcardSet(t.app, { owner: ada });
    const again = await importApkg(ada, into.id, apkg);
    expect(again.json()).toMatchObject({ imported: 5, media: 1, reviews: 5 });
    const stateOf = async (setId: number) =>
      (
        await t.database.db
          .select({ guid: flashcards.guid, ord: flashcards.ord, state: cardStates })
          .from(cardStates)
          .innerJoin(flashcards, eq(flashcards.id, cardStates.flashcardId))
          .where(and(eq(cardStates.userId, ada.user.id), eq(flashcards.flashcardSetId, setId)))
          .orderBy(flashcards.guid, flashcards.ord)
      ).map(({ guid, ord, state: { flashcardId: _id, ...s } }) => ({ guid, ord, ...s }));
    const before = await stateOf(from.id);
    const after = await stateOf(into.id);
    expect(before.length).toBe(2);
    expect(after.map((s) => [s.guid, s.ord, s.state, s.reps, s.due.toISOString()])).toEqual(
      before.map((s) => [s.guid, s.ord, s.state, s.reps, s.due.toISOString()]),
    );
    for (const [i, s] of after.entries()) {
      expect(s.stability).toBeCloseTo(before[i]!.stability, 6);
      expect(s.difficulty).toBeCloseTo(before[i]!.difficulty, 6);
    }
    expect((await get(ada, cardMediaUrl(into.id, "cell.png"))).statusCode).toBe(200);

    const plain = await get(ada, `/api/study/flashcard-sets/${from.id}/export/apkg?scheduling=false`);
    const fresh = await createFlashcardSet(t.app, { owner: ada });
    expect((await importApkg(ada, fresh.id, plain.rawPayload)).json()).toMatchObject({ reviews: 0 });
    expect((await get(bob, `/api/study/flashcard-sets/${from.id}/export/apkg`)).statusCode).toBe(404);
    expect(
      (await get(ada, `/api/study/flashcard-sets/${from.id}/export/apkg?scheduling=maybe`)).statusCode,
    ).toBe(400);
  });

  it("fills the set, then new sets beside it, with a package larger than a set holds", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada, cards: 3 });
    const n = 5_000;
    const apkg = buildPackage(
      await buildCollection({
        crt: CRT,
        models: [BASIC],
        notes: Array.from({ length: n }, (_, i) => ({
          id: i + 1,
          mid: BASIC.id,
          fields: [`q${i}`, `a${i}`],
        })),
        cards: Array.from({ length: n }, (_, i) => ({ id: i + 1, nid: i + 1, ord: 0 })),
      }),
    );
    const res = await importApkg(ada, set.id, apkg);
    expect(res.statusCode).toBe(201);
    expect(res.json().imported).toBe(n);
    expect(res.json().sets.map((s: { title: string }) => s.title)).toEqual([set.title, `${set.title} (2)`]);
    expect((await cardsOf(ada, set.id)).length).toBe(5_000);
    expect((await cardsOf(ada, res.json().sets[1].id)).length).toBe(3);
  });

  it("writes a large package in short transactions, and takes every chunk back when a later step fails", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada, cards: 3 });
    const n = 5_000;
    const apkg = buildPackage(
      await buildCollection({
        crt: CRT,
        models: [BASIC],
        notes: Array.from({ length: n }, (_, i) => ({
          id: i + 1,
          mid: BASIC.id,
          fields: [`q${i}`, `a${i}`],
        })),
        cards: Array.from({ length: n }, (_, i) => ({
          id: i + 1,
          nid: i + 1,
          ord: 0,
          type: 2,
          queue: 2,
          ivl: 5,
        })),
        revlog: Array.from({ length: n }, (_, i) => ({ id: (CRT + 86_400) * 1000 + i, cid: i + 1, ease: 3 })),
      }),
    );
    const reviewsOf = async () =>
      (
        await t.database.db
          .select({ id: cardReviews.id })
          .from(cardReviews)
          .where(eq(cardReviews.userId, ada.user.id))
      ).length;
    const reviewsBefore = await reviewsOf();
    const { cardMedia, review, settings } = t.app.services;
    const transactions: number[] = [];
    const failing = createAnkiPackageService({
      db: t.database.db,
      // The pictures are stored in the last transaction, after every chunk of rows has committed.
      media: {
        ...cardMedia,
        attach: async () => {
          throw new Error("the picture store is full");
        },
      },
      review: {
        ...review,
        importSchedules: async (tx, userId, items) => {
          transactions.push(items.length);
          return review.importSchedules(tx, userId, items);
        },
      },
      settings,
    });
    await expect(failing.import(ada.user.id, set.id, apkg, { scheduling: true })).rejects.toThrow(/full/);
    // Many transactions of a few hundred rows each, not one of 5,000.
    expect(transactions.length).toBeGreaterThan(10);
    expect(Math.max(...transactions)).toBeLessThan(1000);
    // Nothing of the failed import is left: the set keeps its 3 cards and gains no sibling set.
    expect((await cardsOf(ada, set.id)).length).toBe(3);
    const sets = await t.api(ada).call(flashcardEndpoints.listSets, { params: { id: set.studySetId } });
    expect(sets.map((s) => s.id)).toEqual([set.id]);
    expect(await reviewsOf()).toBe(reviewsBefore);
  });

  it("logs a clean-up that fails, and the student still sees the import's own error", async () => {
    const cy = await createUser(t.app);
    const set = await createFlashcardSet(t.app, { owner: cy });
    const apkg = buildPackage(
      await buildCollection({
        crt: CRT,
        models: [BASIC],
        decks: [{ id: 1, name: "Deck" }],
        notes: [{ id: 1, mid: BASIC.id, fields: ["q", "a"] }],
        cards: [{ id: 1, nid: 1, ord: 0 }],
      }),
    );
    const { cardMedia, review, settings } = t.app.services;
    let broken = false;
    // The database goes away once the import has failed: its compensating delete cannot run.
    const db = new Proxy(t.database.db, {
      get(target, prop) {
        if (prop === "transaction" && broken)
          return async () => {
            throw new Error("the connection was lost");
          };
        const value = Reflect.get(target, prop, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const logged: { obj: unknown; msg: string }[] = [];
    const log = { error: (obj: unknown, msg: string) => logged.push({ obj, msg }), info: () => {} };
    const failing = createAnkiPackageService({
      db,
      media: {
        ...cardMedia,
        attach: async () => {
          broken = true;
          throw new Error("the picture store is full");
        },
      },
      review,
      settings,
    });
    await expect(
      failing.import(cy.user.id, set.id, apkg, {}, log as unknown as FastifyBaseLogger),
    ).rejects.toThrow(/picture store is full/);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.msg).toMatch(/failed import/);
    expect(String((logged[0]!.obj as { err: Error }).err)).toMatch(/connection was lost/);
  });
});

describe("image occlusion (issue 25 §1)", { timeout: 90_000 }, () => {
  const masks = [
    { x: 0.1, y: 0.1, w: 0.2, h: 0.1, label: "nucleus" },
    { x: 0.5, y: 0.5, w: 0.3, h: 0.2 },
  ];
  it("makes one card per mask over one of the set's pictures, readable by who may read the set", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada });
    const { name } = (await uploadImage(ada, set.id, PNG)).json();
    const res = await t.req(ada, "POST", `/api/study/flashcard-sets/${set.id}/occlusions`, {
      image: name,
      masks,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().created).toBe(2);
    const cards = await cardsOf(ada, set.id);
    expect(cards.map((c) => [c.question, c.answer])).toEqual([
      [`![occlusion](${name})`, "nucleus"],
      [`![occlusion](${name})`, "Mask 2"],
    ]);
    const second = await get(ada, `/api/study/flashcards/${cards[1]!.id}/occlusion`);
    expect(second.json()).toEqual({ flashcardSetId: set.id, image: name, masks, ord: 1, hideOne: false });
    // Review knows them by their type, and a basic card whose text happens to look like one stays basic.
    await t.req(ada, "POST", `/api/study/flashcard-sets/${set.id}/cards`, {
      question: `![occlusion](${name})`,
      answer: "not a mask",
    });
    const queue = (await get(ada, `/api/review/queue?setId=${set.id}`)).json() as ReviewQueue;
    expect(queue.cards.map((c) => [c.answer, c.type])).toEqual([
      ["nucleus", "occlusion"],
      ["Mask 2", "occlusion"],
      ["not a mask", "basic"],
    ]);
    expect((await get(bob, `/api/study/flashcards/${cards[1]!.id}/occlusion`)).statusCode).toBe(404);
    expect(
      (await t.req(bob, "POST", `/api/study/flashcard-sets/${set.id}/occlusions`, { image: name, masks }))
        .statusCode,
    ).toBe(404);
  });

  it("keeps the masks' labels through an .apkg export and import, off the picture Anki shows", async () => {
    const from = await createFlashcardSet(t.app, { owner: ada });
    const { name } = (await uploadImage(ada, from.id, PNG)).json();
    const labelled = [...masks, { x: 0.1, y: 0.6, w: 0.2, h: 0.2, label: "left: atrium" }];
    await t.req(ada, "POST", `/api/study/flashcard-sets/${from.id}/occlusions`, {
      image: name,
      masks: labelled,
    });
    const exported = await get(ada, `/api/study/flashcard-sets/${from.id}/export/apkg`);
    const SQL = await sqlite();
    const db = new SQL.Database(unzipSync(new Uint8Array(exported.rawPayload))["collection.anki2"]);
    const [fields] = db.exec("SELECT flds FROM notes")[0]!.values[0]!;
    db.close();
    const [occlusion, , , , comments] = String(fields).split("\x1f");
    // Anki draws a text shape on the question too: the labels go where its cards do not show them.
    expect(occlusion).not.toContain("nucleus");
    expect(comments).toContain("nucleus");
    const into = await createFlashcardSet(t.app, { owner: ada });
    expect((await importApkg(ada, into.id, exported.rawPayload)).json()).toMatchObject({ imported: 3 });
    const back = await cardsOf(ada, into.id);
    expect(back.map((c) => c.answer)).toEqual(["nucleus", "Mask 2", "left: atrium"]);
    const read = (await get(ada, `/api/study/flashcards/${back[0]!.id}/occlusion`)).json();
    expect(read.masks).toEqual(labelled);
  });

  it("refuses masks off the picture, no masks, and a picture that is not the set's", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada });
    const { name } = (await uploadImage(ada, set.id, PNG)).json();
    const post = (body: object) => t.req(ada, "POST", `/api/study/flashcard-sets/${set.id}/occlusions`, body);
    expect((await post({ image: name, masks: [] })).statusCode).toBe(400);
    expect((await post({ image: name, masks: [{ x: 0.9, y: 0, w: 0.5, h: 0.1 }] })).statusCode).toBe(400);
    expect((await post({ image: name, masks: [{ x: "a", y: 0, w: 0.5, h: 0.1 }] })).statusCode).toBe(400);
    expect((await post({ image: "other.png", masks })).statusCode).toBe(400);
    expect(await cardsOf(ada, set.id)).toEqual([]);
  });
});

describe("Anki image occlusion notes (issue 25 §1 and §5)", { timeout: 90_000 }, () => {
  /**
   * An Anki 23.10+ image occlusion note: a rectangle and an ellipse that are both c1 (one mask), a
   * polygon that is c3 (Anki leaves numbers free after deleting a shape), with c3 reviewed in Anki.
   */
  const ioDeck = async (
    occlusion = "{{c1::image-occlusion:rect:left=.1:top=.2:width=.3:height=.2:oi=1}}<br>" +
      "{{c1::image-occlusion:ellipse:left=.3:top=.3:rx=.15:ry=.1:oi=1}}<br>" +
      "{{c3::image-occlusion:polygon:left=.6:top=.6:points=.6,.6 .9,.65 .7,.9:oi=1}}<br>",
    media: Record<string, Uint8Array> = { "heart.png": new Uint8Array(PNG) },
  ) =>
    buildPackage(
      await buildCollection(
        {
          crt: CRT,
          models: [IMAGE_OCCLUSION],
          decks: [{ id: 1, name: "Anatomy" }],
          notes: [
            {
              id: 7,
              mid: IMAGE_OCCLUSION.id,
              fields: [occlusion, '<img src="heart.png">', "Parts of the heart", "See chapter 4", ""],
              guid: "io1",
            },
          ],
          cards: [
            { id: 71, nid: 7, ord: 0 },
            { id: 73, nid: 7, ord: 2, type: 2, queue: 2, due: today + 3, ivl: 6, factor: 2500, reps: 2 },
          ],
          revlog: [
            { id: at(80), cid: 73, ease: 3, type: 0 },
            { id: at(84), cid: 73, ease: 3, type: 1, ivl: 6 },
          ],
        },
        18,
      ),
      { version: 3, media },
    );

  it("imports the note as an occlusion card: one review item per cloze number, the picture and its masks", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada });
    const res = await importApkg(ada, set.id, await ioDeck());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ imported: 2, media: 1, reviews: 2, problems: [] });

    const cards = await cardsOf(ada, set.id);
    expect(cards.map((c) => [c.type, c.question, c.answer, c.hint])).toEqual([
      ["occlusion", "![occlusion](heart.png)", "Mask 1\nSee chapter 4", "Parts of the heart"],
      ["occlusion", "![occlusion](heart.png)", "Mask 2\nSee chapter 4", "Parts of the heart"],
    ]);
    const masks = [
      // c1: the box around its rectangle and its ellipse.
      { x: 0.1, y: 0.2, w: 0.5, h: 0.3 },
      // c3: the box around its polygon.
      { x: 0.6, y: 0.6, w: 0.3, h: 0.3 },
    ];
    for (const [ord, card] of cards.entries())
      expect((await get(ada, `/api/study/flashcards/${card.id}/occlusion`)).json()).toEqual({
        flashcardSetId: set.id,
        image: "heart.png",
        masks,
        ord,
        hideOne: false,
      });
    expect((await get(ada, cardMediaUrl(set.id, "heart.png"))).statusCode).toBe(200);

    // Anki's c3 (card ord 2) was reviewed: its state is the second mask's, not a row of its own.
    const states = await t.database.db
      .select({ ord: flashcards.ord, reps: cardStates.reps, due: cardStates.due })
      .from(cardStates)
      .innerJoin(flashcards, eq(flashcards.id, cardStates.flashcardId))
      .where(and(eq(cardStates.userId, ada.user.id), eq(flashcards.flashcardSetId, set.id)));
    expect(states.map((s) => [s.ord, s.reps])).toEqual([[1, 2]]);
    expect(Math.round((states[0]!.due.getTime() / 1000 - CRT) / 86_400)).toBe(today + 3);

    // Review draws them as occlusion cards; the new one (c1) is in today's queue.
    const queue = (await get(ada, `/api/review/queue?setId=${set.id}`)).json() as ReviewQueue;
    expect(queue.cards.map((c) => [c.id, c.type, c.hint])).toEqual([
      [cards[0]!.id, "occlusion", "Parts of the heart"],
    ]);

    // Importing again updates the note in place.
    const again = await importApkg(ada, set.id, await ioDeck());
    expect(again.json()).toMatchObject({ imported: 0, updated: 2 });
    expect((await get(ada, `/api/study/flashcards/${cards[1]!.id}/occlusion`)).json().masks).toEqual(masks);
  });

  it("reads the first IO builds' pixel positions as fractions of the picture", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada });
    const apkg = await ioDeck(
      "{{c1::image-occlusion:rect:left=20:top=10:width=60:height=30}}" +
        "{{c2::image-occlusion:ellipse:left=100:top=50:rx=50:ry=25}}" +
        "{{c2::image-occlusion:text:left=100:top=50:text=left\\: atrium}}",
      { "heart.png": new Uint8Array(pngOfSize(200, 100)) },
    );
    expect((await importApkg(ada, set.id, apkg)).json()).toMatchObject({ imported: 2, problems: [] });
    const cards = await cardsOf(ada, set.id);
    expect(cards.map((c) => c.answer)).toEqual(["Mask 1\nSee chapter 4", "left: atrium\nSee chapter 4"]);
    const occlusion = (await get(ada, `/api/study/flashcards/${cards[0]!.id}/occlusion`)).json();
    expect(occlusion.masks).toEqual([
      { x: 0.1, y: 0.1, w: 0.3, h: 0.3 },
      { x: 0.5, y: 0.5, w: 0.5, h: 0.5, label: "left: atrium" },
    ]);
    // No shape says oi=1: Anki's reviewer covers only the asked part ('hide one, guess one').
    expect(occlusion.hideOne).toBe(true);
  });

  it("keeps a 'hide one, guess one' note so through import and export", async () => {
    const from = await createFlashcardSet(t.app, { owner: ada });
    const hideOne = await ioDeck(
      "{{c1::image-occlusion:rect:left=.1:top=.2:width=.3:height=.2}}<br>" +
        "{{c2::image-occlusion:rect:left=.6:top=.6:width=.3:height=.3}}",
    );
    expect((await importApkg(ada, from.id, hideOne)).json()).toMatchObject({ imported: 2, problems: [] });
    const [first] = await cardsOf(ada, from.id);
    expect((await get(ada, `/api/study/flashcards/${first!.id}/occlusion`)).json().hideOne).toBe(true);

    const exported = await get(ada, `/api/study/flashcard-sets/${from.id}/export/apkg`);
    const zip = unzipSync(new Uint8Array(exported.rawPayload));
    const SQL = await sqlite();
    const db = new SQL.Database(zip["collection.anki2"]);
    const [fields] = db.exec("SELECT flds FROM notes")[0]!.values[0]!;
    db.close();
    expect(String(fields).split("\x1f")[0]).toBe(
      "{{c1::image-occlusion:rect:left=0.1:top=0.2:width=0.3:height=0.2}}<br>" +
        "{{c2::image-occlusion:rect:left=0.6:top=0.6:width=0.3:height=0.3}}",
    );
    const into = await createFlashcardSet(t.app, { owner: ada });
    expect((await importApkg(ada, into.id, exported.rawPayload)).json()).toMatchObject({ imported: 2 });
    const [back] = await cardsOf(ada, into.id);
    expect((await get(ada, `/api/study/flashcards/${back!.id}/occlusion`)).json().hideOne).toBe(true);
  });

  it("exports occlusion cards as Anki image occlusion notes, which import back as the same cards", async () => {
    const from = await createFlashcardSet(t.app, { owner: ada });
    await importApkg(ada, from.id, await ioDeck());
    const exported = await get(ada, `/api/study/flashcard-sets/${from.id}/export/apkg`);
    expect(exported.statusCode).toBe(200);

    // What Anki reads: its stock IO note type (kind 6, fields by tag) and the masks as rect clozes.
    const zip = unzipSync(new Uint8Array(exported.rawPayload));
    const SQL = await sqlite();
    const db = new SQL.Database(zip["collection.anki2"]);
    const models = JSON.parse(String(db.exec("SELECT models FROM col")[0]!.values[0]![0])) as Record<
      string,
      { name: string; type: number; originalStockKind?: number; flds: { name: string; tag?: number }[] }
    >;
    const io = Object.values(models).find((m) => m.name === "Image Occlusion")!;
    expect(io).toMatchObject({ type: 1, originalStockKind: 6 });
    expect(io.flds.map((f) => [f.name, f.tag])).toEqual([
      ["Occlusion", 0],
      ["Image", 1],
      ["Header", 2],
      ["Back Extra", 3],
      ["Comments", 4],
    ]);
    const [fields] = db.exec("SELECT flds FROM notes")[0]!.values[0]!;
    db.close();
    const [occlusion, image, header, extra] = String(fields).split("\x1f");
    expect(occlusion).toBe(
      "{{c1::image-occlusion:rect:left=0.1:top=0.2:width=0.5:height=0.3:oi=1}}<br>" +
        "{{c2::image-occlusion:rect:left=0.6:top=0.6:width=0.3:height=0.3:oi=1}}",
    );
    expect(image).toContain('src="heart.png"');
    expect([header, extra]).toEqual(["Parts of the heart", "See chapter 4"]);

    const into = await createFlashcardSet(t.app, { owner: ada });
    expect((await importApkg(ada, into.id, exported.rawPayload)).json()).toMatchObject({
      imported: 2,
      media: 1,
      reviews: 2,
    });
    const face = (c: Flashcard) => [c.type, c.question, c.answer, c.hint];
    const before = await cardsOf(ada, from.id);
    const after = await cardsOf(ada, into.id);
    expect(after.map(face)).toEqual(before.map(face));
    for (const [i, card] of after.entries()) {
      const { flashcardSetId: _a, ...was } = (
        await get(ada, `/api/study/flashcards/${before[i]!.id}/occlusion`)
      ).json();
      const { flashcardSetId: _b, ...now } = (
        await get(ada, `/api/study/flashcards/${card.id}/occlusion`)
      ).json();
      expect(now).toEqual(was);
    }
  });

  it("reports a note whose picture is not in the package instead of making broken cards", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada });
    const res = await importApkg(ada, set.id, await ioDeck(undefined, {}));
    expect(res.statusCode).toBe(400);
    const preview = (await importApkg(ada, set.id, await ioDeck(undefined, {}), {}, true)).json();
    expect(preview).toMatchObject({
      cards: 0,
      problems: [
        { line: 7, text: "Parts of the heart", reason: "Its picture heart.png is not in the package" },
      ],
    });
    expect(await cardsOf(ada, set.id)).toEqual([]);

    // A picture no card can show (not one of the types served) is as good as missing.
    const svg = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>");
    const other = (
      await importApkg(ada, set.id, await ioDeck(undefined, { "heart.png": svg }), {}, true)
    ).json();
    expect(other.problems).toEqual([
      {
        line: 7,
        text: "Parts of the heart",
        reason: "Its picture heart.png is not a PNG, JPEG, WebP or GIF picture",
      },
    ]);
  });
});

describe("card sounds (issue 25 §5: an .apkg keeps its media)", () => {
  /** A deck whose cards say words aloud: a good MP3, a WAV, a fake MP3 and one too large. */
  const soundDeck = async () =>
    buildPackage(
      await buildCollection({
        crt: CRT,
        models: [BASIC],
        notes: [
          { id: 1, mid: BASIC.id, fields: ["Katze [sound:katze.mp3]", "cat"], guid: "s1" },
          { id: 2, mid: BASIC.id, fields: ["Hund", "dog [sound:hund.wav]"], guid: "s2" },
          { id: 3, mid: BASIC.id, fields: ["Maus [sound:maus.mp3]", "mouse"], guid: "s3" },
          { id: 4, mid: BASIC.id, fields: ["Pferd [sound:pferd.mp3]", "horse"], guid: "s4" },
        ],
        cards: [1, 2, 3, 4].map((n) => ({ id: n * 10, nid: n, ord: 0 })),
      }),
      {
        media: {
          "katze.mp3": mp3(),
          "hund.wav": wav(),
          // A page of HTML named like a sound, and an MP3 over the 5 MB a card sound may be.
          "maus.mp3": new TextEncoder().encode("<html><script>alert(1)</script></html>"),
          "pferd.mp3": mp3({ frames: 13_000 }),
        },
      },
    );

  it("imports the sounds, serves them with their audio type to the owner only, and reports the rest", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada });
    const apkg = await soundDeck();
    const preview = (await importApkg(ada, set.id, apkg, {}, true)).json();
    expect(preview).toMatchObject({ cards: 4, media: 2 });
    expect(preview.skippedMedia.map((s: { name: string }) => s.name).sort()).toEqual([
      "maus.mp3",
      "pferd.mp3",
    ]);

    const res = await importApkg(ada, set.id, apkg);
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json();
    expect(result).toMatchObject({ imported: 4, media: 2 });
    expect(result.skippedMedia).toEqual(
      expect.arrayContaining([
        { name: "maus.mp3", reason: expect.stringMatching(/MP3, Ogg, WAV/) },
        { name: "pferd.mp3", reason: expect.stringMatching(/at most 5 MB/) },
      ]),
    );
    // The cards keep Anki's tag, for the client to draw as a play button.
    expect((await cardsOf(ada, set.id)).map((c) => c.question)).toContain("Katze [sound:katze.mp3]");

    const katze = await get(ada, cardMediaUrl(set.id, "katze.mp3"));
    expect(katze.statusCode).toBe(200);
    expect(katze.headers["content-type"]).toBe("audio/mpeg");
    expect(katze.headers["x-content-type-options"]).toBe("nosniff");
    expect(Buffer.from(katze.rawPayload).equals(Buffer.from(mp3()))).toBe(true);
    expect((await get(ada, cardMediaUrl(set.id, "hund.wav"))).headers["content-type"]).toBe("audio/wav");
    expect(katze.headers["accept-ranges"]).toBe("bytes");
    // Safari's range requests (never gzipped): a part, the tail, and one past the end (the whole file).
    const ranged = (range: string) =>
      t.app.inject({
        method: "GET",
        url: cardMediaUrl(set.id, "katze.mp3"),
        headers: { ...ada.headers, range, "accept-encoding": "gzip" },
      });
    const part = await ranged("bytes=0-99");
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-99/${mp3().length}`);
    expect(part.headers["content-type"]).toBe("audio/mpeg");
    expect(Buffer.from(part.rawPayload).equals(Buffer.from(mp3().subarray(0, 100)))).toBe(true);
    const tail = await ranged("bytes=-10");
    expect(tail.statusCode).toBe(206);
    expect(Buffer.from(tail.rawPayload).equals(Buffer.from(mp3().subarray(-10)))).toBe(true);
    expect((await ranged("bytes=99999999-")).statusCode).toBe(200);
    expect((await ranged("bytes=0-1,5-9")).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: cardMediaUrl(set.id, "katze.mp3"),
          headers: { ...bob.headers, range: "bytes=0-9" },
        })
      ).statusCode,
    ).toBe(404);
    expect((await get(bob, cardMediaUrl(set.id, "katze.mp3"))).statusCode).toBe(404);
    expect((await get(ada, cardMediaUrl(set.id, "maus.mp3"))).statusCode).toBe(404);
    expect((await get(ada, cardMediaUrl(set.id, "pferd.mp3"))).statusCode).toBe(404);
  });

  it("keeps the sounds through export and a second import", async () => {
    const from = await createFlashcardSet(t.app, { owner: ada });
    await importApkg(ada, from.id, await soundDeck());
    const exported = await get(ada, `/api/study/flashcard-sets/${from.id}/export/apkg`);
    expect(exported.statusCode).toBe(200);
    const into = await createFlashcardSet(t.app, { owner: ada });
    const again = await importApkg(ada, into.id, exported.rawPayload);
    expect(again.json()).toMatchObject({ imported: 4, media: 2, skippedMedia: [] });
    const katze = await get(ada, cardMediaUrl(into.id, "katze.mp3"));
    expect(katze.headers["content-type"]).toBe("audio/mpeg");
    expect(Buffer.from(katze.rawPayload).equals(Buffer.from(mp3()))).toBe(true);
    expect((await get(ada, cardMediaUrl(into.id, "hund.wav"))).statusCode).toBe(200);
  });

  it("takes a sound from the card editor's upload, by its bytes, and refuses a fake or a large one", async () => {
    const set = await createFlashcardSet(t.app, { owner: ada });
    const res = await uploadImage(ada, set.id, Buffer.from(wav()), "recording.png");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kind: "audio", contentType: "audio/wav", width: null, height: null });
    expect(res.json().name).toMatch(/^[0-9a-f]{20}\.wav$/);
    const own = await get(ada, cardMediaUrl(set.id, res.json().name));
    expect(own.headers["content-type"]).toBe("audio/wav");
    expect((await get(bob, cardMediaUrl(set.id, res.json().name))).statusCode).toBe(404);

    const fake = await uploadImage(ada, set.id, Buffer.from("just text, named .mp3"), "word.mp3");
    expect(fake.statusCode).toBe(415);
    const big = await uploadImage(ada, set.id, Buffer.from(mp3({ frames: 13_000 })), "long.mp3");
    expect(big.statusCode).toBe(413);
  });
});

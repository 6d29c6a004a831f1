import { zipSync } from "fflate";
import { State } from "ts-fsrs";
import { afterAll, describe, expect, it } from "vitest";
import { type CardState, newCardState, type ReviewRating, rateCard } from "#server/features/review/fsrs.ts";
import type { CardSchedule, PortableCard } from "#shared/flashcards/card-model.ts";
import {
  BASIC,
  buildCollection,
  buildPackage,
  CLOZE,
  type FixtureCollection,
  IMAGE_OCCLUSION,
  protoVarint,
  REVERSED,
} from "#tests/fixtures/anki/build-apkg.ts";
import { AnkiPackageError } from "./errors.ts";
import { stableGuid, writeAnkiPackage } from "./export.ts";
import { readAnkiPackage } from "./import.ts";
import { createAnkiPool, exportAnkiPackage, importAnkiPackage } from "./index.ts";
import { occlusionMasks, parseOcclusionShapes } from "./occlusion.ts";
import { ankiDayStart, memoryFromSm2 } from "./schedule.ts";

const DAY = 86_400_000;
/** 2026-01-01T00:00:00Z: the fixture collection's creation, in seconds. */
const CRT = 1_767_225_600;
const at = (day: number, hour = 13) => new Date(CRT * 1000 + day * DAY + hour * 3_600_000);
const NOW = at(60, 9);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const MP3 = new Uint8Array([0x49, 0x44, 0x33, 4, 5, 6]);

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AnkiPackageError) return err.reason;
    throw err;
  }
  throw new Error("expected the package to be refused");
}

/** A deck as a student's Anki has it: every card type, tags, media, a review log, flags. */
const collection: FixtureCollection = {
  crt: CRT,
  decks: [
    { id: 1, name: "Default" },
    { id: 5, name: "Spanish::Verbs" },
    { id: 9, name: "Filtered Deck 1" },
  ],
  models: [BASIC, REVERSED, CLOZE],
  notes: [
    {
      id: 1,
      mid: BASIC.id,
      fields: ["ser<br>estar", "to be<div>two verbs</div>"],
      tags: ["spanish", "verbs"],
      guid: "g1",
    },
    {
      id: 2,
      mid: BASIC.id,
      fields: ['<img src="cat.png"> cat', "Katze [sound:katze.mp3] &amp; <b>more</b>"],
    },
    { id: 3, mid: REVERSED.id, fields: ["perro", "dog"] },
    {
      id: 4,
      mid: CLOZE.id,
      fields: ["{{c1::Madrid}} is the capital of {{c2::Spain}}", "In the centre", "city"],
    },
    { id: 5, mid: 9999, fields: ["orphan", "no note type"] },
    { id: 6, mid: BASIC.id, fields: ["no back", ""] },
    { id: 7, mid: BASIC.id, fields: ["learning", "card"] },
    { id: 8, mid: BASIC.id, fields: ["filtered", "card"] },
  ],
  cards: [
    { id: 101, nid: 1, ord: 0, did: 5, type: 2, queue: 2, due: 60, ivl: 10, factor: 2500, reps: 3 },
    { id: 102, nid: 2, ord: 0 },
    { id: 103, nid: 3, ord: 0 },
    { id: 104, nid: 3, ord: 1, queue: -1 },
    { id: 105, nid: 4, ord: 0, type: 2, queue: -3, due: 65, ivl: 4, factor: 2300, reps: 2, lapses: 1 },
    { id: 106, nid: 4, ord: 1 },
    { id: 107, nid: 5, ord: 0 },
    { id: 108, nid: 6, ord: 0 },
    { id: 109, nid: 7, ord: 0, type: 1, queue: 1, due: Math.floor(NOW.getTime() / 1000) + 600, reps: 1 },
    {
      id: 110,
      nid: 8,
      ord: 0,
      did: 9,
      odid: 5,
      type: 2,
      queue: 2,
      due: -100_000,
      odue: 70,
      ivl: 20,
      reps: 4,
    },
  ],
  revlog: [
    { id: at(40).getTime(), cid: 101, ease: 3, type: 0, time: 5000 },
    { id: at(41).getTime(), cid: 101, ease: 3, type: 1, ivl: 9, time: 4000 },
    // A manual reschedule (ease 0) never counts as a rating.
    { id: at(45).getTime(), cid: 101, ease: 0, type: 4, factor: 2500 },
    { id: at(50).getTime(), cid: 101, ease: 3, type: 1, ivl: 10, lastIvl: 9, time: 3000 },
    { id: at(59, 8).getTime(), cid: 109, ease: 1, type: 0, time: 7000 },
  ],
};

describe("reading an Anki package", () => {
  it("maps notes, card types, tags, decks, media and the review log of a collection.anki2", async () => {
    const apkg = buildPackage(await buildCollection(collection), {
      media: { "cat.png": PNG, "katze.mp3": MP3, "unused.jpg": PNG },
    });
    const result = await readAnkiPackage(apkg, { now: NOW });
    expect(result.format).toBe("anki2");
    const brief = result.cards.map(({ schedules: _s, ...c }) => c);
    expect(brief).toEqual([
      {
        front: "ser\nestar",
        back: "to be\ntwo verbs",
        hint: null,
        tags: ["spanish", "verbs"],
        type: "basic",
        media: [],
        guid: "g1",
        deck: "Spanish::Verbs",
      },
      {
        front: "![](cat.png) cat",
        back: "Katze [sound:katze.mp3] & **more**",
        hint: null,
        tags: [],
        type: "basic",
        media: [
          { name: "cat.png", kind: "image" },
          { name: "katze.mp3", kind: "audio" },
        ],
        guid: "guid2",
        deck: "Default",
      },
      {
        front: "perro",
        back: "dog",
        hint: null,
        tags: [],
        type: "reversed",
        media: [],
        guid: "guid3",
        deck: "Default",
      },
      {
        front: "{{c1::Madrid}} is the capital of {{c2::Spain}}",
        back: "In the centre",
        hint: "city",
        tags: [],
        type: "cloze",
        media: [],
        guid: "guid4",
        deck: "Default",
      },
      {
        front: "learning",
        back: "card",
        hint: null,
        tags: [],
        type: "basic",
        media: [],
        guid: "guid7",
        deck: "Default",
      },
      // A card in a filtered deck belongs to its home deck.
      {
        front: "filtered",
        back: "card",
        hint: null,
        tags: [],
        type: "basic",
        media: [],
        guid: "guid8",
        deck: "Spanish::Verbs",
      },
    ]);
    expect(result.problems.map((p) => [p.noteId, p.code])).toEqual([
      [5, "missing_notetype"],
      [6, "empty_back"],
    ]);
    expect(result.media).toEqual([
      { name: "cat.png", bytes: PNG },
      { name: "katze.mp3", bytes: MP3 },
    ]);
    expect(result.missingMedia).toEqual([]);
    expect(result.decks).toEqual(["Spanish::Verbs", "Default"]);
    expect(result.counts).toEqual({ notes: 8, cards: 10, reviews: 5, droppedCards: 2 });
  });

  it("keeps Anki's schedule and replays the log through FSRS", async () => {
    const result = await readAnkiPackage(buildPackage(await buildCollection(collection)), { now: NOW });
    const [verb, , dog, cloze, learning, filtered] = result.cards;

    // Three ratings (the manual reschedule is not one), replayed by the scheduler Studyhall rates with.
    const reviewed = verb!.schedules![0]!;
    expect(reviewed.history.map((h) => [h.rating, h.reviewedAt, h.durationMs])).toEqual([
      [3, at(40), 5000],
      [3, at(41), 4000],
      [3, at(50), 3000],
    ]);
    let replay = newCardState(at(40));
    for (const day of [40, 41, 50]) replay = rateCard(replay, 3, at(day)).card;
    // Anki's due day and interval win; on that day, the review's time of day (what FSRS would keep).
    expect(reviewed.state).toEqual({
      ...replay,
      due: new Date(at(50).getTime() + 10 * DAY),
      scheduledDays: 10,
      reps: 3,
      lapses: 0,
      learningSteps: 0,
      state: State.Review,
    });
    expect(reviewed.history[2]?.state).toBe(State.Review);

    // Reversed: the reverse card is suspended; new cards are due now.
    expect(dog!.schedules!.map((s) => [s.ord, s.state.state, s.suspended, s.buried])).toEqual([
      [0, State.New, false, false],
      [1, State.New, true, false],
    ]);
    expect(dog!.schedules![0]!.state.due).toEqual(NOW);

    // Cloze: one item per cloze number; no log, so memory comes from SM-2's ease and interval.
    const c1 = cloze!.schedules![0]!;
    expect([c1.ord, c1.buried, c1.state.state, c1.state.due, c1.state.lapses]).toEqual([
      0,
      true,
      State.Review,
      ankiDayStart(CRT, 65),
      1,
    ]);
    expect(c1.state.stability).toBeCloseTo(memoryFromSm2(2.3, 4).stability, 6);
    expect(cloze!.schedules![1]!.ord).toBe(1);

    // Learning: due in seconds, as Anki keeps intraday steps.
    expect(learning!.schedules![0]!.state).toMatchObject({
      state: State.Learning,
      due: new Date(Math.floor(NOW.getTime() / 1000) * 1000 + 600_000),
    });
    // Filtered: the original due (odue), not the filtered deck's position.
    expect(filtered!.schedules![0]!.state.due).toEqual(ankiDayStart(CRT, 70));
  });

  it("reads the newest format the same: meta, zstd collection.anki21b in schema 18, protobuf media list", async () => {
    const media = { "cat.png": PNG, "katze.mp3": MP3 };
    const legacy = await readAnkiPackage(buildPackage(await buildCollection(collection), { media }), {
      now: NOW,
    });
    const latest = await readAnkiPackage(
      buildPackage(await buildCollection(collection, 18), { version: 3, media }),
      {
        now: NOW,
      },
    );
    expect(latest.format).toBe("anki21b");
    // What was read, not how long it took.
    const read = ({ timings: _t, sentAt: _s, ...rest }: typeof latest) => rest;
    expect({ ...read(latest), format: "anki2" }).toEqual(read(legacy));
  });

  it("reads collection.anki21 over the dummy collection.anki2 beside it", async () => {
    const result = await readAnkiPackage(buildPackage(await buildCollection(collection), { version: 2 }), {
      now: NOW,
    });
    expect([result.format, result.cards.length]).toEqual(["anki21", 6]);
  });

  it("replays only the last run of learning steps, as Anki does for a card forgotten without a log entry", async () => {
    const relearnt: FixtureCollection = {
      crt: CRT,
      models: [BASIC],
      notes: [{ id: 1, mid: BASIC.id, fields: ["a", "b"] }],
      cards: [{ id: 11, nid: 1, ord: 0, type: 2, queue: 2, due: 62, ivl: 3, factor: 2500, reps: 6 }],
      revlog: [
        { id: at(10).getTime(), cid: 11, ease: 3, type: 0 },
        { id: at(11).getTime(), cid: 11, ease: 3, type: 1, ivl: 3 },
        { id: at(14).getTime(), cid: 11, ease: 4, type: 1, ivl: 12 },
        // Reset to new by an Anki that logged nothing for it, then learnt again from the start.
        { id: at(58).getTime(), cid: 11, ease: 1, type: 0, ivl: -600 },
        { id: at(58, 14).getTime(), cid: 11, ease: 3, type: 0, ivl: 1 },
        // Cramming in a filtered deck between them does not end the run.
        { id: at(58, 15).getTime(), cid: 11, ease: 3, type: 3, factor: 0 },
        { id: at(59).getTime(), cid: 11, ease: 3, type: 0, ivl: 3 },
      ],
    };
    const result = await readAnkiPackage(buildPackage(await buildCollection(relearnt)), { now: NOW });
    const schedule = result.cards[0]!.schedules![0]!;
    expect(schedule.history.map((h) => [h.rating, h.reviewedAt])).toEqual([
      [1, at(58)],
      [3, at(58, 14)],
      [3, at(59)],
    ]);
    let replay = newCardState(at(58));
    for (const [rating, when] of [
      [1, at(58)],
      [3, at(58, 14)],
      [3, at(59)],
    ] as const)
      replay = rateCard(replay, rating, when).card;
    expect(schedule.state.stability).toBeCloseTo(replay.stability, 6);
  });

  it("counts the days between replayed reviews in the student's zone", async () => {
    // 20:00 and then 09:00 the next morning in Los Angeles (UTC-8): one UTC date, two local ones.
    const evening = at(19, 4);
    const morning = at(19, 17);
    const deck: FixtureCollection = {
      crt: CRT,
      models: [BASIC],
      notes: [{ id: 1, mid: BASIC.id, fields: ["a", "b"] }],
      cards: [{ id: 11, nid: 1, ord: 0, type: 2, queue: 2, due: 30, ivl: 10, reps: 2 }],
      revlog: [
        { id: evening.getTime(), cid: 11, ease: 3, type: 0 },
        { id: morning.getTime(), cid: 11, ease: 3, type: 0 },
      ],
    };
    const read = async (timeZone?: string) =>
      (await readAnkiPackage(buildPackage(await buildCollection(deck)), { now: NOW, timeZone })).cards[0]!
        .schedules![0]!.history;
    const zone = "America/Los_Angeles";
    const history = await read(zone);
    expect(history.map((h) => h.elapsedDays)).toEqual([0, 1]);
    const first = rateCard(newCardState(evening), 3, evening, undefined, null, zone).card;
    expect(history[1]).toMatchObject(rateCard(first, 3, morning, undefined, null, zone).log);
    // Without a zone, UTC's: the same date.
    expect((await read()).map((h) => h.elapsedDays)).toEqual([0, 0]);
  });

  it("reads the old scheduler's learning buttons (Good was 2, Easy 3)", async () => {
    const old: FixtureCollection = {
      crt: CRT,
      schedVer: 1,
      models: [BASIC],
      notes: [{ id: 1, mid: BASIC.id, fields: ["a", "b"] }],
      cards: [{ id: 11, nid: 1, ord: 0, type: 1, queue: 1, due: Math.floor(NOW.getTime() / 1000) }],
      revlog: [
        { id: at(58).getTime(), cid: 11, ease: 2, type: 0 },
        { id: at(59).getTime(), cid: 11, ease: 3, type: 0 },
      ],
    };
    const result = await readAnkiPackage(buildPackage(await buildCollection(old)), { now: NOW });
    expect(result.cards[0]!.schedules![0]!.history.map((h) => h.rating)).toEqual([3, 4]);
  });

  it("finds media whose names the note percent-encoded", async () => {
    const c: FixtureCollection = {
      crt: CRT,
      models: [BASIC],
      notes: [{ id: 1, mid: BASIC.id, fields: ['<img src="my%20cat.png">', "cat"] }],
      cards: [{ id: 1, nid: 1, ord: 0 }],
    };
    const result = await readAnkiPackage(
      buildPackage(await buildCollection(c), { media: { "my cat.png": PNG } }),
    );
    expect(result.cards[0]?.front).toBe("![](<my cat.png>)");
    expect(result.media.map((m) => m.name)).toEqual(["my cat.png"]);
  });

  it("reports media the package lacks and skips scheduling when asked", async () => {
    const result = await readAnkiPackage(buildPackage(await buildCollection(collection)), {
      withScheduling: false,
    });
    expect(result.missingMedia).toEqual(["cat.png", "katze.mp3"]);
    expect(result.cards.every((c) => c.schedules === undefined)).toBe(true);
  });
});

describe("refusing a malicious or broken package", () => {
  it("refuses a zip bomb disguised as .apkg, by the ratio and by the total", async () => {
    // 24 MB of zeros deflate to ~24 KB: past 100x its packed size plus 4 MB. (A real bomb claims
    // gigabytes; the reader stops at the same point whatever it claims.)
    const bomb = zipSync({ "collection.anki2": [new Uint8Array(24 * 1024 * 1024), { level: 1 }] });
    expect(bomb.byteLength).toBeLessThan(100_000);
    expect(await failure(readAnkiPackage(bomb))).toBe("package_too_large");
    // Entries that each pass the ratio still stop at the total.
    const media = Object.fromEntries(
      Array.from({ length: 6 }, (_, i) => [String(i), new Uint8Array(2 * 1024 * 1024)]),
    );
    const wide = buildPackage(await buildCollection(collection), { extra: media });
    expect(
      await failure(
        readAnkiPackage(wide, { unzip: { maxTotalBytes: 8 * 1024 * 1024, maxRatio: 1_000_000 } }),
      ),
    ).toBe("package_too_large");
  });

  it("refuses a zstd bomb in the newest format", async () => {
    const apkg = buildPackage(new Uint8Array(24 * 1024 * 1024), { version: 3 });
    expect(await failure(readAnkiPackage(apkg, { maxDatabaseBytes: 8 * 1024 * 1024 }))).toBe(
      "package_too_large",
    );
  });

  it("refuses a file that is not a zip, and a zip without a collection", async () => {
    expect(await failure(readAnkiPackage(new TextEncoder().encode("front\tback\n".repeat(10))))).toBe(
      "not_a_package",
    );
    expect(await failure(readAnkiPackage(zipSync({ "notes.txt": new Uint8Array([1]) })))).toBe(
      "not_a_package",
    );
  });

  it("refuses a collection file that is not SQLite", async () => {
    const apkg = buildPackage(new TextEncoder().encode("this is not a database ".repeat(100)));
    expect(await failure(readAnkiPackage(apkg))).toBe("not_a_database");
  });

  it("refuses a SQLite file without Anki's tables", async () => {
    const { sqlite } = await import("./sqlite.ts");
    const db = new (await sqlite()).Database();
    db.run("CREATE TABLE notes (id integer PRIMARY KEY, flds text)");
    const bytes = db.export();
    db.close();
    expect(await failure(readAnkiPackage(buildPackage(bytes)))).toBe("missing_tables");
  });

  it("refuses a SQLite header that claims more pages than the file has, and a truncated file", async () => {
    const bytes = await buildCollection(collection);
    const huge = bytes.slice();
    new DataView(huge.buffer).setUint32(28, 0x7fffffff);
    expect(await failure(readAnkiPackage(buildPackage(huge)))).toBe("corrupt_database");
    expect(await failure(readAnkiPackage(buildPackage(bytes.slice(0, bytes.length - 100))))).toBe(
      "corrupt_database",
    );
  });

  it("refuses a SQLite file with damaged pages", async () => {
    const bytes = await buildCollection(collection);
    const damaged = bytes.slice();
    // Scribble over the pages after the first (the schema) but keep the header sound.
    for (let i = 4096 + 8; i < damaged.length; i += 7) damaged[i] = 0xa5;
    expect(["corrupt_database", "missing_tables"]).toContain(
      await failure(readAnkiPackage(buildPackage(damaged))),
    );
  });

  it("refuses a package version newer than Anki's latest", async () => {
    const apkg = buildPackage(await buildCollection(collection), { extra: { meta: protoVarint(1, 4) } });
    expect(await failure(readAnkiPackage(apkg))).toBe("unsupported_version");
  });

  it("stops at the card limit instead of reading everything", async () => {
    const apkg = buildPackage(await buildCollection(collection));
    expect(await failure(readAnkiPackage(apkg, { read: { maxCards: 3 } }))).toBe("too_many_cards");
  });
});

// -------------------------------------------------------------------------------------------------------
// Export, and export -> import

function reviewed(start: Date, ratings: [ReviewRating, number][], ord = 0): CardSchedule {
  let state: CardState = newCardState(start);
  const history: CardSchedule["history"] = [];
  for (const [rating, minutes] of ratings) {
    const when = new Date(start.getTime() + minutes * 60_000);
    const next = rateCard(state, rating, when);
    history.push({ ...next.log, durationMs: 2000 + minutes });
    state = next.card;
  }
  return { ord, state, history, suspended: false, buried: false };
}

const studyhallCards = (): PortableCard[] => [
  {
    front: "ser\nestar",
    back: "to be",
    hint: "two verbs",
    tags: ["spanish", "verbs"],
    type: "basic",
    media: [{ name: "cat pic.png", kind: "image" }],
    guid: "sh-1",
    deck: "Spanish",
    schedules: [
      reviewed(at(40), [
        [3, 0],
        [3, 60 * 24 + 5],
        [3, 60 * 24 * 9 + 7],
      ]),
    ],
  },
  {
    front: "perro ![](<cat pic.png>)",
    back: 'dog "quoted" <b>not bold</b> & more',
    hint: null,
    tags: [],
    type: "reversed",
    media: [{ name: "cat pic.png", kind: "image" }],
    deck: "Spanish",
    schedules: [
      reviewed(at(55, 10), [[1, 0]]),
      {
        ...reviewed(
          at(56, 11),
          [
            [3, 0],
            [4, 30],
          ],
          1,
        ),
        suspended: true,
      },
    ],
  },
  {
    front: "{{c1::Madrid}} is the capital of {{c2::Spain::country}}",
    back: "",
    hint: "city",
    tags: ["geo"],
    type: "cloze",
    media: [],
    deck: "Geography",
    schedules: [
      {
        ...reviewed(at(30, 8), [
          [3, 0],
          [2, 60 * 24 * 3],
          [1, 60 * 24 * 12],
        ]),
        buried: true,
      },
    ],
  },
  {
    front: "#hashtag ünï©ødé 😀",
    back: "tab\there",
    hint: null,
    tags: [],
    type: "basic",
    media: [],
    deck: "Geography",
  },
];

describe("writing an .apkg", () => {
  it("gives back the same cards and review states when read again", async () => {
    const cards = studyhallCards();
    cards[0]!.front = cards[0]!.front.replace("ser", "ser ![](<cat pic.png>)");
    // Formulas go to Anki as MathJax and Markdown as Anki's HTML (anki-html.ts), and come back as written.
    cards[0]!.back = `${cards[0]!.back} $x^2$ \\\\(not a formula\\\\) $$\\frac{1}{2}$$ **bold** 2\\*3`;
    const apkg = await writeAnkiPackage(cards, {
      now: NOW,
      media: new Map([
        ["cat pic.png", PNG],
        ["unused.png", MP3],
      ]),
    });
    const later = new Date(NOW.getTime() + 3_600_000);
    const back = await readAnkiPackage(apkg, { now: later });

    expect(back.problems).toEqual([]);
    expect(back.media).toEqual([{ name: "cat pic.png", bytes: PNG }]);
    expect(back.cards.map(({ schedules: _s, ...c }) => c)).toEqual(
      cards.map(({ schedules: _s, ...c }) => ({ ...c, guid: c.guid ?? stableGuid(c) })),
    );
    // Every reviewed item comes back as it was; never-reviewed ones come back new, due at import.
    cards.forEach((card, i) => {
      const expected = (card.schedules ?? []).map((s) =>
        s.state.state === State.New ? { ...s, state: newCardState(later) } : s,
      );
      const ords = card.type === "cloze" ? [0, 1] : card.type === "reversed" ? [0, 1] : [0];
      const got = back.cards[i]!.schedules!;
      expect(got.map((s) => s.ord)).toEqual(ords);
      for (const s of expected) expect(got.find((g) => g.ord === s.ord)).toEqual(s);
      for (const g of got.filter((x) => !expected.some((s) => s.ord === x.ord)))
        expect(g).toEqual({
          ord: g.ord,
          state: newCardState(later),
          history: [],
          suspended: false,
          buried: false,
        });
    });
  });

  it("keeps a note's guid from one export to the next", async () => {
    const read = async () =>
      (await readAnkiPackage(await writeAnkiPackage(studyhallCards(), { now: NOW }))).cards.map(
        (c) => c.guid,
      );
    const first = await read();
    expect(await read()).toEqual(first);
    expect(new Set(first).size).toBe(4);
    expect(first[0]).toBe("sh-1");
  });

  it("writes Anki's schema 11 with FSRS memory in cards.data and difficulty in revlog.factor", async () => {
    const { unzipSync } = await import("fflate");
    const { sqlite } = await import("./sqlite.ts");
    const cards = studyhallCards();
    cards[0]!.hint = "$x^2$, $$\\frac{1}{2}$$ or \\\\(typed\\\\), *italic*";
    const apkg = await writeAnkiPackage(cards, { now: NOW });
    const files = unzipSync(apkg);
    expect(Object.keys(files).sort()).toEqual(["collection.anki2", "media"]);
    const db = new (await sqlite()).Database(files["collection.anki2"]);
    const one = (sql: string) => db.exec(sql)[0]?.values;
    expect(one("SELECT ver FROM col")).toEqual([[11]]);
    expect(one("SELECT count(*) FROM notes")).toEqual([[4]]);
    // basic 1 + reversed 2 + cloze 2 + basic 1
    expect(one("SELECT count(*) FROM cards")).toEqual([[6]]);
    expect(one("SELECT queue FROM cards ORDER BY id")).toEqual([[2], [1], [-1], [-3], [0], [0]]);
    const data = JSON.parse(String(one("SELECT data FROM cards ORDER BY id LIMIT 1")?.[0]?.[0]));
    expect(Object.keys(data)).toEqual(["s", "d", "lrt"]);
    const factors = (one("SELECT factor FROM revlog") ?? []).map((r) => Number(r[0]));
    expect(factors.every((f) => f >= 100 && f <= 1100)).toBe(true);
    // The sort field as Anki strips it (tags out, a picture's file name kept), not the cards' Markdown.
    expect(one("SELECT sfld FROM notes ORDER BY id LIMIT 2")).toEqual([["ser estar"], ["perro cat pic.png"]]);
    expect(one("SELECT flds FROM notes ORDER BY id LIMIT 2")).toEqual([
      // Formulas in MathJax's delimiters, which Anki typesets, and Markdown as HTML; a typed \( is no formula.
      ["ser<br>estar\x1fto be\x1f\\(x^2\\), \\[\\frac{1}{2}\\] or \\&#40;typed\\&#41;, <i>italic</i>"],
      ['perro <img src="cat pic.png">\x1fdog "quoted" &lt;b&gt;not bold&lt;/b&gt; &amp; more\x1f'],
    ]);
    db.close();
  });
});

describe("the Anki worker pool", () => {
  const pool = createAnkiPool({ size: 1, timeoutMs: 60_000 });
  afterAll(() => pool.close());

  it("imports and exports off the event loop, and answers a bad package with its reason", async () => {
    const apkg = await exportAnkiPackage(studyhallCards(), { now: NOW }, pool);
    const result = await importAnkiPackage(apkg, { now: NOW }, pool);
    expect(result.cards.map((c) => c.front)).toEqual(studyhallCards().map((c) => c.front));
    expect(result.cards[0]!.schedules![0]!.state.due).toBeInstanceOf(Date);
    expect(await failure(importAnkiPackage(new Uint8Array([1, 2, 3]), {}, pool))).toBe("not_a_package");
  });

  it("hands the review histories over packed and gives back the same events", async () => {
    const apkg = await exportAnkiPackage(studyhallCards(), { now: NOW }, pool);
    const inWorker = await importAnkiPackage(apkg, { now: NOW }, pool);
    const inProcess = await readAnkiPackage(apkg, { now: NOW });
    const histories = (r: typeof inProcess) => r.cards.map((c) => c.schedules?.map((s) => s.history));
    expect(histories(inProcess).flat(2).length).toBeGreaterThan(0);
    expect(histories(inWorker)).toEqual(histories(inProcess));
  });
});

describe("Anki image occlusion shapes", () => {
  const masksOf = (field: string, size: { width: number; height: number } | null = null) =>
    occlusionMasks(parseOcclusionShapes(field), size);

  it("boxes a turned rectangle where Anki's reviewer draws it, turned about its corner in pixels", () => {
    // A quarter turn (2,500 of 10,000) of a 40 x 10 px rectangle at (100, 20) on a 200 x 100 picture.
    expect(
      masksOf("{{c1::image-occlusion:rect:left=.5:top=.2:width=.2:height=.1:angle=2500}}", {
        width: 200,
        height: 100,
      }),
    ).toEqual([{ x: 0.45, y: 0.2, w: 0.05, h: 0.4 }]);
  });

  it("places a polygon's points at its left and top, and gives a shape of two numbers to both masks", () => {
    const field =
      "{{c1,2::image-occlusion:polygon:left=.5:top=.5:points=0,0 .2,0 .1,.1}}<br>" +
      "{{c2::image-occlusion:rect:left=.1:top=.1:width=.1:height=.1}}<br>" +
      "{{c0::image-occlusion:text:left=.1:top=.1:text=not a mask}}";
    expect(masksOf(field)).toEqual([
      { x: 0.5, y: 0.5, w: 0.2, h: 0.1 },
      { x: 0.1, y: 0.1, w: 0.6, h: 0.5 },
    ]);
  });

  it("reads the mode: 'hide all, guess one' when shapes say oi=1, else 'hide one, guess one'", () => {
    const rect = (n: number, oi: string) =>
      `{{c${n}::image-occlusion:rect:left=.1:top=.1:width=.1:height=.1${oi}}}`;
    expect(parseOcclusionShapes(rect(1, ":oi=1") + rect(2, ":oi=1")).hideOne).toBe(false);
    expect(parseOcclusionShapes(rect(1, "") + rect(2, "")).hideOne).toBe(true);
    expect(parseOcclusionShapes(rect(1, ":oi=0")).hideOne).toBe(true);
  });

  it("keeps an escaped colon in a label, and tells pixel positions from fractions", () => {
    const field =
      "{{c3::image-occlusion:ellipse:left=10:top=10:rx=20:ry=10}}{{c3::image-occlusion:text:text=a\\:b:left=1}}";
    const shapes = parseOcclusionShapes(field);
    expect(shapes).toMatchObject({ numbers: [3], pixels: true });
    expect(occlusionMasks(shapes, null)).toBeNull();
    expect(occlusionMasks(shapes, { width: 100, height: 100 })).toEqual([
      { x: 0.1, y: 0.1, w: 0.4, h: 0.2, label: "a:b" },
    ]);
  });
});

describe("Anki image occlusion notes", () => {
  it("takes the Image field for the picture when the Header shows one too", async () => {
    const png = new Uint8Array(
      Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "base64",
      ),
    );
    const collection = await buildCollection({
      crt: CRT,
      models: [IMAGE_OCCLUSION],
      notes: [
        {
          id: 1,
          mid: IMAGE_OCCLUSION.id,
          fields: [
            "{{c1::image-occlusion:rect:left=.1:top=.1:width=.2:height=.2}}",
            '<img src="heart.png">',
            'Heart <img src="logo.png">',
            "",
            "",
          ],
        },
      ],
      cards: [{ id: 11, nid: 1, ord: 0 }],
    });
    const result = await readAnkiPackage(
      buildPackage(collection, { media: { "heart.png": png, "logo.png": png } }),
      { now: NOW },
    );
    expect(result.problems).toEqual([]);
    expect(result.cards[0]).toMatchObject({
      type: "occlusion",
      front: "![occlusion](heart.png)",
      hint: "Heart ![](logo.png)",
      occlusion: { image: "heart.png", masks: [{ x: 0.1, y: 0.1, w: 0.2, h: 0.2 }] },
    });
  });
});

import { createHash } from "node:crypto";
import { type Zippable, zipSync } from "fflate";
import { ankiFieldText, textToAnkiHtml } from "#shared/flashcards/anki-html.ts";
import {
  type NoteType,
  type OcclusionNote,
  type PortableCard,
  reviewOrds,
} from "#shared/flashcards/card-model.ts";
import { labelsComment } from "./occlusion.ts";
import { type AnkiCardColumns, exportCardColumns, exportRevlog } from "./schedule.ts";
import { sqlite } from "./sqlite.ts";

/**
 * Writing an .apkg Anki imports: a zip of `collection.anki2` (schema 11, the version every Anki 2.1
 * reads and upgrades on import; rslib/src/storage/schema11.sql), a JSON `media` list and the media
 * files named "0", "1", ... (package version legacy 1: no `meta`). Note types are Studyhall's own
 * Basic, Basic (and reversed card) and Cloze, each with a Hint field shown through Anki's {{hint:}}
 * filter, and Image Occlusion as Anki 23.10+ has it (occlusion cards, one cloze number per mask); their
 * ids are fixed, so a second export lands in the same note types. A note's guid is the
 * card's own (`PortableCard.guid`) or, without one, derived from its text: stable across exports either way.
 */

export type AnkiExportOptions = {
  /** The deck every card goes into; without it, each card's own `deck`, else "Studyhall". */
  deckName?: string | undefined;
  now?: Date | undefined;
  /** Media files by name; only the ones the cards refer to are written. */
  media?: ReadonlyMap<string, Uint8Array> | undefined;
  /** Write review state and history (default true). */
  withScheduling?: boolean | undefined;
};

const MODEL_IDS: Record<NoteType, number> = {
  basic: 1_700_000_000_101,
  reversed: 1_700_000_000_102,
  cloze: 1_700_000_000_103,
  occlusion: 1_700_000_000_104,
};
const DECK_ID_BASE = 1_700_000_001_000;
const HINT = "{{#Hint}}<br>{{hint:Hint}}{{/Hint}}";
const ANSWER = (field: string) => `{{FrontSide}}\n\n<hr id=answer>\n\n{{${field}}}`;
const CSS =
  ".card {\n  font-family: arial;\n  font-size: 20px;\n  text-align: center;\n  color: black;\n  background-color: white;\n}\n";
const CLOZE_CSS = `${CSS}.cloze {\n  font-weight: bold;\n  color: blue;\n}\n`;

function field(name: string, ord: number, tag?: number) {
  return {
    name,
    ord,
    sticky: false,
    rtl: false,
    font: "Arial",
    size: 20,
    media: [],
    ...(tag === undefined ? {} : { tag }),
  };
}

/**
 * Anki's Image Occlusion note type (rslib/src/image_occlusion/notetype.rs): a cloze note type Anki knows
 * by its original stock kind (6) and its fields by their tags (Occlusions 0, Image 1, Header 2, Back
 * Extra 3, Comments 4); the question hides the shapes' clozes and lets Anki's own script draw them over
 * the picture.
 */
const IO_STOCK_KIND = 6;
const IO_QUESTION = `{{#Header}}<div>{{Header}}</div>{{/Header}}
<div style="display: none">{{cloze:Occlusion}}</div>
<div id="err"></div>
<div id="image-occlusion-container">
    {{Image}}
    <canvas id="image-occlusion-canvas"></canvas>
</div>
<script>
try {
    anki.imageOcclusion.setup();
} catch (exc) {
    document.getElementById("err").innerHTML = \`Error loading image occlusion. Is your Anki version up to date?<br><br>\${exc}\`;
}
</script>
`;
const IO_ANSWER = `${IO_QUESTION}
<div><button id="toggle">Toggle Masks</button></div>
{{#Back Extra}}<div>{{Back Extra}}</div>{{/Back Extra}}
`;
/** Anki's mask colours are read from these variables on the canvas. */
const IO_CSS = `#image-occlusion-canvas {
  --inactive-shape-color: #ffeba2;
  --active-shape-color: #ff8e8e;
  --inactive-shape-border: 1px #212121;
  --active-shape-border: 1px #212121;
  --highlight-shape-color: #ff8e8e00;
  --highlight-shape-border: 1px #ff8e8e;
}
${CSS}`;

/** A position as Anki writes it: a fraction with at most 4 digits (shapes/lib.ts floatToDisplay). */
const ioNumber = (v: number) => String(Math.round(v * 10_000) / 10_000);

/**
 * The masks as Anki's Occlusion field: mask i is rectangle {{c<i+1>::...}}, hiding the others too (oi=1,
 * 'hide all, guess one') unless the note is 'hide one, guess one'. Labels stay out: Anki draws a text
 * shape on the question too, which would give the answer away (they go in Comments: labelsComment).
 */
export const occlusionField = (occlusion: OcclusionNote) =>
  occlusion.masks
    .map(
      (m, i) =>
        `{{c${i + 1}::image-occlusion:rect:left=${ioNumber(m.x)}:top=${ioNumber(m.y)}:width=${ioNumber(m.w)}:height=${ioNumber(m.h)}${occlusion.hideOne ? "" : ":oi=1"}}}`,
    )
    .join("<br>");
function template(name: string, ord: number, qfmt: string, afmt: string) {
  return { name, ord, qfmt, afmt, bqfmt: "", bafmt: "", did: null };
}

/** The note types as schema 11 JSON (rslib/src/notetype/schema11.rs: these keys are required). */
function models(nowSecs: number, deckId: number) {
  const common = (type: NoteType) => ({
    id: MODEL_IDS[type],
    mod: nowSecs,
    usn: 0,
    sortf: 0,
    did: deckId,
    latexPre:
      "\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n",
    latexPost: "\\end{document}",
    latexsvg: false,
    tags: [],
    vers: [],
  });
  return {
    [MODEL_IDS.basic]: {
      ...common("basic"),
      name: "Studyhall Basic",
      type: 0,
      css: CSS,
      flds: [field("Front", 0), field("Back", 1), field("Hint", 2)],
      tmpls: [template("Card 1", 0, `{{Front}}${HINT}`, ANSWER("Back"))],
      req: [[0, "any", [0]]],
    },
    [MODEL_IDS.reversed]: {
      ...common("reversed"),
      name: "Studyhall Basic (and reversed card)",
      type: 0,
      css: CSS,
      flds: [field("Front", 0), field("Back", 1), field("Hint", 2)],
      tmpls: [
        template("Card 1", 0, `{{Front}}${HINT}`, ANSWER("Back")),
        template("Card 2", 1, "{{Back}}", ANSWER("Front")),
      ],
      req: [
        [0, "any", [0]],
        [1, "any", [1]],
      ],
    },
    [MODEL_IDS.cloze]: {
      ...common("cloze"),
      name: "Studyhall Cloze",
      type: 1,
      css: CLOZE_CSS,
      flds: [field("Text", 0), field("Back Extra", 1), field("Hint", 2)],
      tmpls: [template("Cloze", 0, `{{cloze:Text}}${HINT}`, "{{cloze:Text}}<br>\n{{Back Extra}}")],
      req: [[0, "any", [0]]],
    },
    [MODEL_IDS.occlusion]: {
      ...common("occlusion"),
      name: "Image Occlusion",
      type: 1,
      css: IO_CSS,
      originalStockKind: IO_STOCK_KIND,
      flds: ["Occlusion", "Image", "Header", "Back Extra", "Comments"].map((name, ord) =>
        field(name, ord, ord),
      ),
      tmpls: [template("Image Occlusion", 0, IO_QUESTION, IO_ANSWER)],
      req: [[0, "any", [0]]],
    },
  };
}

function deck(id: number, name: string, nowSecs: number) {
  const today = [0, 0];
  return {
    id,
    name,
    mod: nowSecs,
    usn: 0,
    lrnToday: today,
    revToday: today,
    newToday: today,
    timeToday: today,
    collapsed: false,
    browserCollapsed: false,
    desc: "",
    dyn: 0,
    conf: 1,
    extendNew: 0,
    extendRev: 0,
  };
}

/** Anki 2.1's default options group, as schema 11 JSON (rslib/src/deckconfig/schema11.rs). */
const DECK_CONFIG = {
  id: 1,
  mod: 0,
  name: "Default",
  usn: 0,
  maxTaken: 60,
  autoplay: true,
  timer: 0,
  replayq: true,
  dyn: false,
  new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
  rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
  lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
};

const SCHEMA_11 = `
CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
  ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
  models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL);
CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
  usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
  flags integer NOT NULL, data text NOT NULL);
CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
  mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL, due integer NOT NULL,
  ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL,
  left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL, flags integer NOT NULL, data text NOT NULL);
CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
  ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL,
  type integer NOT NULL);
CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
CREATE INDEX ix_notes_usn ON notes (usn);
CREATE INDEX ix_cards_usn ON cards (usn);
CREATE INDEX ix_revlog_usn ON revlog (usn);
CREATE INDEX ix_cards_nid ON cards (nid);
CREATE INDEX ix_cards_sched ON cards (did, queue, due);
CREATE INDEX ix_revlog_cid ON revlog (cid);
CREATE INDEX ix_notes_csum ON notes (csum);`;

/** Anki's guid alphabet (base91 without quotes and backslash problems: rslib/src/notes/mod.rs). */
const BASE91 = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&()*+,-./:;<=>?@[]^_`{|}~";

/**
 * A guid from the card's text, ten characters of Anki's base91 alphabet (~65 bits, like Anki's own random
 * guids): the same card gets the same guid in every export.
 */
export function stableGuid(card: Pick<PortableCard, "front" | "back" | "type">): string {
  const digest = createHash("sha1").update(`${card.type}\x1f${card.front}\x1f${card.back}`).digest();
  return Array.from(digest.subarray(0, 10), (b) => BASE91[b % 91]).join("");
}

/** Anki's checksum of a note's first field: the first 8 hex digits of its text's SHA-1 as a number. */
const fieldChecksum = (text: string) =>
  Number.parseInt(createHash("sha1").update(text).digest("hex").slice(0, 8), 16);

export async function writeAnkiPackage(
  cards: readonly PortableCard[],
  options: AnkiExportOptions = {},
): Promise<Uint8Array> {
  const SQL = await sqlite();
  const now = options.now ?? new Date();
  const nowSecs = Math.floor(now.getTime() / 1000);
  const withScheduling = options.withScheduling ?? true;

  // Day numbers count from crt: midnight UTC on or before every due date, so none is negative.
  let earliest = now.getTime();
  if (withScheduling)
    for (const c of cards)
      for (const s of c.schedules ?? []) earliest = Math.min(earliest, s.state.due.getTime());
  const crt = Math.floor(earliest / 86_400_000) * 86_400;

  const deckIds = new Map<string, number>();
  const deckOf = (card: PortableCard) => {
    const name = options.deckName ?? card.deck ?? "Studyhall";
    let id = deckIds.get(name);
    if (id === undefined) {
      id = DECK_ID_BASE + deckIds.size;
      deckIds.set(name, id);
    }
    return id;
  };
  for (const c of cards) deckOf(c);
  const firstDeck = deckIds.values().next().value ?? DECK_ID_BASE;

  const db = new SQL.Database();
  try {
    db.run(SCHEMA_11);
    const decks: Record<string, unknown> = { "1": deck(1, "Default", nowSecs) };
    for (const [name, id] of deckIds) decks[id] = deck(id, name, nowSecs);
    const conf = {
      activeDecks: [1],
      curDeck: 1,
      newSpread: 0,
      collapseTime: 1200,
      timeLim: 0,
      estTimes: true,
      dueCounts: true,
      curModel: MODEL_IDS.basic,
      nextPos: cards.length + 1,
      sortType: "noteFld",
      sortBackwards: false,
      addToCur: true,
      schedVer: 2,
    };
    db.run("INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')", [
      crt,
      now.getTime(),
      now.getTime(),
      JSON.stringify(conf),
      JSON.stringify(models(nowSecs, firstDeck)),
      JSON.stringify(decks),
      JSON.stringify({ "1": DECK_CONFIG }),
    ]);

    const insertNote = db.prepare("INSERT INTO notes VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, 0, '')");
    const insertCard = db.prepare(
      "INSERT INTO cards VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?)",
    );
    const insertLog = db.prepare("INSERT INTO revlog VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?)");
    const guids = new Set<string>();
    const revlogIds = new Set<number>();
    // Note and card ids are creation times in Anki: consecutive milliseconds ending now.
    let nextId = now.getTime() - cards.length * 4;
    let position = 0;
    // One transaction: row by row, each insert would be its own.
    db.run("BEGIN");
    try {
      for (const card of cards) {
        let guid = card.guid || stableGuid(card);
        for (let k = 1; guids.has(guid); k++) guid = `${card.guid || stableGuid(card)}${k}`;
        guids.add(guid);
        const noteId = nextId++;
        // An occlusion card's front is its picture: Anki's Image field.
        const flds = card.occlusion
          ? [
              occlusionField(card.occlusion),
              ...[card.front, card.hint ?? "", card.back, labelsComment(card.occlusion.masks)].map(
                textToAnkiHtml,
              ),
            ]
          : [card.front, card.back, card.hint ?? ""].map(textToAnkiHtml);
        const sortText = ankiFieldText(flds[0]!);
        insertNote.run([
          noteId,
          guid,
          // An occlusion card without its masks (never written so) is its picture and back, a basic note.
          card.occlusion ? MODEL_IDS.occlusion : MODEL_IDS[card.type === "occlusion" ? "basic" : card.type],
          nowSecs,
          card.tags.length ? ` ${card.tags.join(" ")} ` : "",
          flds.join("\x1f"),
          sortText,
          fieldChecksum(sortText),
        ]);
        const did = deckOf(card);
        for (const ord of reviewOrds(card)) {
          const cardId = nextId++;
          const schedule = withScheduling ? card.schedules?.find((s) => s.ord === ord) : undefined;
          const c: AnkiCardColumns = exportCardColumns(schedule, crt, ++position);
          insertCard.run([
            cardId,
            noteId,
            did,
            ord,
            nowSecs,
            c.type,
            c.queue,
            c.due,
            c.ivl,
            c.factor,
            c.reps,
            c.lapses,
            c.left,
            c.data,
          ]);
          if (schedule)
            for (const r of exportRevlog(schedule, revlogIds))
              insertLog.run([r.id, cardId, r.ease, r.ivl, r.lastIvl, r.factor, r.time, r.type]);
        }
      }
      db.run("COMMIT");
    } finally {
      insertNote.free();
      insertCard.free();
      insertLog.free();
    }
    const collection = db.export();

    // Level 1: JS deflate at 6 took a second per 5,000 cards for a few percent less.
    const files: Zippable = { "collection.anki2": [collection, { level: 1 }] };
    const mediaList: Record<string, string> = {};
    const wanted = new Set(cards.flatMap((c) => c.media.map((m) => m.name)));
    let index = 0;
    for (const name of wanted) {
      const bytes = options.media?.get(name);
      if (!bytes) continue;
      const key = String(index++);
      mediaList[key] = name;
      // Pictures and sounds are compressed already: stored, not deflated again.
      files[key] = [bytes, { level: 0 }];
    }
    files.media = [new TextEncoder().encode(JSON.stringify(mediaList)), { level: 6 }];
    return zipSync(files);
  } finally {
    db.close();
  }
}

import type { Database, SqlValue } from "sql.js";
import { AnkiPackageError } from "./errors.ts";
import { protoMessages, protoNumber, protoString, readProto } from "./protobuf.ts";
import { eachRow, tableNames } from "./sqlite.ts";

/**
 * An Anki collection's tables as read, before any mapping. Schema 11 (collection.anki2/.anki21, what
 * packages made for older Anki hold) keeps note types and decks as JSON in `col`; schema 15-18
 * (collection.anki21b) keeps them in tables of their own with protobuf configs. Names follow Anki's
 * columns (rslib/src/storage/schema11.sql and upgrades/).
 */
export type AnkiModel = {
  id: number;
  name: string;
  cloze: boolean;
  fields: string[];
  /** By ord: question and answer templates. */
  templates: { name: string; qfmt: string; afmt: string }[];
};
export type AnkiNote = { id: number; guid: string; mid: number; tags: string[]; fields: string[] };
export type AnkiCard = {
  id: number;
  nid: number;
  did: number;
  ord: number;
  type: number;
  queue: number;
  due: number;
  ivl: number;
  factor: number;
  reps: number;
  lapses: number;
  left: number;
  odue: number;
  odid: number;
  data: string;
};
export type AnkiRevlog = {
  id: number;
  cid: number;
  ease: number;
  ivl: number;
  lastIvl: number;
  factor: number;
  time: number;
  type: number;
};
export type AnkiCollection = {
  schema: number;
  /** Collection creation, seconds: day numbers count from it. */
  crt: number;
  /** 1 for the old scheduler (3 learning buttons), 2 or 3 otherwise. */
  schedVer: number;
  models: Map<number, AnkiModel>;
  /** Deck names with '::' between levels. */
  decks: Map<number, string>;
  notes: AnkiNote[];
  cards: AnkiCard[];
  revlog: AnkiRevlog[];
};

export type ReadLimits = { maxNotes: number; maxCards: number; maxReviews: number };

const num = (v: SqlValue | undefined) => (typeof v === "number" ? v : Number(v ?? 0) || 0);
const str = (v: SqlValue | undefined) =>
  typeof v === "string"
    ? v
    : v instanceof Uint8Array
      ? new TextDecoder().decode(v)
      : v == null
        ? ""
        : String(v);

function json<T>(text: string, what: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new AnkiPackageError("corrupt_database", `${what} is not JSON`);
  }
}

const REQUIRED = ["col", "notes", "cards"];
const REQUIRED_15 = ["notetypes", "fields", "templates", "decks"];

export function readCollection(db: Database, limits: ReadLimits): AnkiCollection {
  const tables = tableNames(db);
  const missing = REQUIRED.filter((t) => !tables.has(t));
  if (missing.length) throw new AnkiPackageError("missing_tables", missing.join(", "));
  const col = db.exec("SELECT crt, ver, models, decks, conf FROM col LIMIT 1")[0]?.values[0];
  if (!col) throw new AnkiPackageError("missing_tables", "col is empty");
  const [crt, ver, modelsJson, decksJson, confJson] = col;
  const schema = num(ver);
  if (schema < 11 || schema > 18) throw new AnkiPackageError("unsupported_version", `schema ${schema}`);

  let models: Map<number, AnkiModel>;
  let decks: Map<number, string>;
  let schedVer = 2;
  if (schema >= 15) {
    const missing15 = REQUIRED_15.filter((t) => !tables.has(t));
    if (missing15.length) throw new AnkiPackageError("missing_tables", missing15.join(", "));
    models = readModelTables(db);
    decks = new Map();
    // Names keep levels apart with \x1f from schema 15 on. No ORDER BY on them: they use Anki's
    // 'unicase' collation, which this SQLite does not have.
    eachRow(db, "SELECT id, name FROM decks", 100_000, ([id, name]) => {
      decks.set(num(id), str(name).replaceAll("\x1f", "::"));
    });
    if (tables.has("config"))
      eachRow(db, "SELECT KEY AS k, val FROM config", 10_000, ([k, val]) => {
        if (str(k) === "schedVer") schedVer = Number(str(val)) || 2;
      });
  } else {
    models = readModelJson(str(modelsJson));
    decks = new Map();
    for (const deck of Object.values(
      json<Record<string, { id?: unknown; name?: unknown }>>(str(decksJson) || "{}", "col.decks"),
    ))
      if (deck && typeof deck === "object") decks.set(Number(deck.id), String(deck.name ?? ""));
    const conf = json<{ schedVer?: unknown }>(str(confJson) || "{}", "col.conf");
    schedVer = Number(conf?.schedVer) || 1;
  }
  if (models.size === 0) throw new AnkiPackageError("missing_tables", "no note types");

  const notes: AnkiNote[] = [];
  eachRow(db, "SELECT id, guid, mid, tags, flds FROM notes ORDER BY id", limits.maxNotes, (r) => {
    notes.push({
      id: num(r[0]),
      guid: str(r[1]),
      mid: num(r[2]),
      tags: str(r[3]).split(/\s+/).filter(Boolean),
      fields: str(r[4]).split("\x1f"),
    });
  });
  const cards: AnkiCard[] = [];
  eachRow(
    db,
    "SELECT id, nid, did, ord, type, queue, due, ivl, factor, reps, lapses, left, odue, odid, data FROM cards ORDER BY nid, ord",
    limits.maxCards,
    (r) => {
      cards.push({
        id: num(r[0]),
        nid: num(r[1]),
        did: num(r[2]),
        ord: num(r[3]),
        type: num(r[4]),
        queue: num(r[5]),
        due: num(r[6]),
        ivl: num(r[7]),
        factor: num(r[8]),
        reps: num(r[9]),
        lapses: num(r[10]),
        left: num(r[11]),
        odue: num(r[12]),
        odid: num(r[13]),
        data: str(r[14]),
      });
    },
  );
  const revlog: AnkiRevlog[] = [];
  if (tables.has("revlog"))
    eachRow(
      db,
      "SELECT id, cid, ease, ivl, lastIvl, factor, time, type FROM revlog ORDER BY cid, id",
      limits.maxReviews,
      (r) => {
        revlog.push({
          id: num(r[0]),
          cid: num(r[1]),
          ease: num(r[2]),
          ivl: num(r[3]),
          lastIvl: num(r[4]),
          factor: num(r[5]),
          time: num(r[6]),
          type: num(r[7]),
        });
      },
    );
  return { schema, crt: num(crt), schedVer, models, decks, notes, cards, revlog };
}

type ModelJson = {
  id?: unknown;
  name?: unknown;
  type?: unknown;
  flds?: { name?: unknown; ord?: unknown }[];
  tmpls?: { name?: unknown; ord?: unknown; qfmt?: unknown; afmt?: unknown }[];
};

function readModelJson(text: string): Map<number, AnkiModel> {
  const models = new Map<number, AnkiModel>();
  for (const [key, m] of Object.entries(json<Record<string, ModelJson>>(text || "{}", "col.models"))) {
    if (!m || typeof m !== "object") continue;
    const byOrd = <T extends { ord?: unknown }>(list: T[] | undefined) =>
      [...(Array.isArray(list) ? list : [])].sort((a, b) => Number(a.ord ?? 0) - Number(b.ord ?? 0));
    const id = Number(m.id ?? key);
    models.set(id, {
      id,
      name: String(m.name ?? ""),
      cloze: Number(m.type) === 1,
      fields: byOrd(m.flds).map((f) => String(f.name ?? "")),
      templates: byOrd(m.tmpls).map((t) => ({
        name: String(t.name ?? ""),
        qfmt: String(t.qfmt ?? ""),
        afmt: String(t.afmt ?? ""),
      })),
    });
  }
  return models;
}

/** Schema 15+: notetypes(config = Notetype.Config), fields, templates(config = Template.Config). */
function readModelTables(db: Database): Map<number, AnkiModel> {
  const models = new Map<number, AnkiModel>();
  const proto = (v: SqlValue | undefined) => {
    try {
      return readProto(v instanceof Uint8Array ? v : new Uint8Array());
    } catch {
      throw new AnkiPackageError("corrupt_database", "note type config is not protobuf");
    }
  };
  eachRow(db, "SELECT id, name, config FROM notetypes", 10_000, ([id, name, raw]) => {
    const config = proto(raw);
    // Notetype.Config.kind = 1: KIND_CLOZE.
    models.set(num(id), {
      id: num(id),
      name: str(name),
      cloze: protoNumber(config, 1) === 1,
      fields: [],
      templates: [],
    });
  });
  const fields: { ntid: number; ord: number; name: string }[] = [];
  eachRow(db, "SELECT ntid, ord, name FROM fields", 100_000, ([ntid, ord, name]) => {
    fields.push({ ntid: num(ntid), ord: num(ord), name: str(name) });
  });
  for (const f of fields.sort((a, b) => a.ord - b.ord)) models.get(f.ntid)?.fields.push(f.name);
  const templates: { ntid: number; ord: number; name: string; qfmt: string; afmt: string }[] = [];
  eachRow(db, "SELECT ntid, ord, name, config FROM templates", 100_000, ([ntid, ord, name, raw]) => {
    const config = proto(raw);
    // Template.Config: 1 q_format, 2 a_format.
    templates.push({
      ntid: num(ntid),
      ord: num(ord),
      name: str(name),
      qfmt: protoString(config, 1) ?? "",
      afmt: protoString(config, 2) ?? "",
    });
  });
  for (const t of templates.sort((a, b) => a.ord - b.ord))
    models.get(t.ntid)?.templates.push({ name: t.name, qfmt: t.qfmt, afmt: t.afmt });
  return models;
}

/** MediaEntries (package `media` in the newest format): file names by their index in the zip. */
export function readMediaEntries(bytes: Uint8Array): Map<string, string> {
  const map = new Map<string, string>();
  try {
    protoMessages(readProto(bytes), 1).forEach((entry, index) => {
      const fields = readProto(entry);
      // MediaEntry: 1 name; 255 legacy_zip_filename (absent when written by Anki's exporter).
      const name = protoString(fields, 1);
      const zipName = protoNumber(fields, 255) ?? index;
      if (name) map.set(String(zipName), name);
    });
  } catch {
    throw new AnkiPackageError("not_a_package", "media list is not protobuf");
  }
  return map;
}

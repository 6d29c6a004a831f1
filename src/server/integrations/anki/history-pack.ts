import type { PortableCard, ReviewEvent } from "#shared/flashcards/card-model.ts";

/**
 * The review histories of an import, packed into one Float64Array for the way from the Anki worker to the
 * main thread. A 50,000-card collection has 200,000 review events; as objects, structured clone copies
 * them one property at a time and the main thread rebuilds them all at once, stalling every request
 * while it does. Packed, the copy is one buffer, and each card's events are rebuilt only when its row is
 * written (a lazy `history`), so the rebuilding is spread over the import's chunks.
 */
export type PackedHistories = {
  /** FIELDS numbers per event, schedules in the order of the cards and their `schedules`. */
  values: Float64Array;
  /** Events per schedule, same order. */
  counts: Uint32Array;
};

/** rating, state, due, stability, difficulty, elapsedDays, lastElapsedDays, scheduledDays, learningSteps, reviewedAt, durationMs (NaN: unknown). */
const FIELDS = 11;

/** Moves every schedule's history into the packed form, leaving `history` empty on the cards. */
export function packHistories(cards: readonly PortableCard[]): PackedHistories {
  let schedules = 0;
  let events = 0;
  for (const c of cards)
    for (const s of c.schedules ?? []) {
      schedules += 1;
      events += s.history.length;
    }
  const values = new Float64Array(events * FIELDS);
  const counts = new Uint32Array(schedules);
  let at = 0;
  let k = 0;
  for (const c of cards)
    for (const s of c.schedules ?? []) {
      counts[k++] = s.history.length;
      for (const h of s.history) {
        values[at] = h.rating;
        values[at + 1] = h.state;
        values[at + 2] = h.due.getTime();
        values[at + 3] = h.stability;
        values[at + 4] = h.difficulty;
        values[at + 5] = h.elapsedDays;
        values[at + 6] = h.lastElapsedDays;
        values[at + 7] = h.scheduledDays;
        values[at + 8] = h.learningSteps;
        values[at + 9] = h.reviewedAt.getTime();
        values[at + 10] = h.durationMs ?? Number.NaN;
        at += FIELDS;
      }
      s.history = [];
    }
  return { values, counts };
}

function unpack(values: Float64Array, from: number, count: number): ReviewEvent[] {
  const out: ReviewEvent[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const at = (from + i) * FIELDS;
    const duration = values[at + 10]!;
    out[i] = {
      rating: values[at] as ReviewEvent["rating"],
      state: values[at + 1] as ReviewEvent["state"],
      due: new Date(values[at + 2]!),
      stability: values[at + 3]!,
      difficulty: values[at + 4]!,
      elapsedDays: values[at + 5]!,
      lastElapsedDays: values[at + 6]!,
      scheduledDays: values[at + 7]!,
      learningSteps: values[at + 8]!,
      reviewedAt: new Date(values[at + 9]!),
      ...(Number.isNaN(duration) ? {} : { durationMs: duration }),
    };
  }
  return out;
}

/** Gives the cards' schedules their histories back, each built on first read. */
export function unpackHistories(cards: readonly PortableCard[], packed: PackedHistories): void {
  let event = 0;
  let k = 0;
  for (const c of cards)
    for (const s of c.schedules ?? []) {
      const from = event;
      const count = packed.counts[k++] ?? 0;
      event += count;
      let built: ReviewEvent[] | undefined;
      Object.defineProperty(s, "history", {
        enumerable: true,
        configurable: true,
        get: () => {
          built ??= unpack(packed.values, from, count);
          return built;
        },
        set: (value: ReviewEvent[]) => {
          built = value;
        },
      });
    }
}

import { afterAll, describe, expect, it } from "vitest";
import { seededRng } from "#shared/flashcards/quiz.ts";
import { addLocalDays, localDay, startOfLocalDay } from "#shared/local-day.ts";
import {
  type ExamPlan,
  planForExam,
  planForExamAsync,
  type ScheduledCard,
  spreadBacklog,
} from "./exam-plan.ts";
import { newCardState, rateCard, retrievability } from "./fsrs.ts";

// Plans are about the student's local days: run in a zone that is not UTC, so UTC slips fail.
const originalTz = process.env.TZ;
process.env.TZ = "America/New_York";
afterAll(() => {
  process.env.TZ = originalTz;
});

const DAY = 24 * 60 * 60 * 1000;
const now = new Date("2025-04-01T18:30:00Z");

/** A deck with the mix a real student has: new cards, young and mature ones, lapsed ones, overdue ones. */
function randomDeck(rng: () => number, size: number, at: Date): ScheduledCard[] {
  return Array.from({ length: size }, (_, i) => {
    const start = new Date(at.getTime() - Math.floor(rng() * 150) * DAY - rng() * DAY);
    let card = newCardState(start);
    const reviews = Math.floor(rng() * 8);
    for (let r = 0; r < reviews; r++) {
      const reviewAt = new Date(card.due.getTime() + rng() * 4 * DAY);
      if (reviewAt >= at) break;
      const roll = rng();
      const rating = roll < 0.15 ? 1 : roll < 0.3 ? 2 : roll < 0.9 ? 3 : 4;
      card = rateCard(card, rating, reviewAt).card;
    }
    return { ...card, id: i + 1 };
  });
}

/**
 * Follows the plan with Good answers, each day's reviews at `reviewTime(dayIndex)`, rated as the app rates
 * them (days counted in the student's zone); answers the deck after.
 */
function follow(
  deck: ScheduledCard[],
  plan: ExamPlan,
  retention: number,
  reviewTime: (day: number) => Date,
  timeZone: string,
) {
  const byId = new Map(deck.map((c) => [c.id, c]));
  plan.days.forEach((day) => {
    const at = reviewTime(day.day);
    for (const id of day.cardIds) {
      byId.set(id, { ...rateCard(byId.get(id)!, 3, at, retention, null, timeZone).card, id });
    }
  });
  return [...byId.values()];
}

describe("planForExam", () => {
  const zones = ["America/New_York", "Europe/Berlin", "America/Los_Angeles", "Asia/Kolkata"];

  it("brings every card to the desired recall on the exam day when followed (random decks)", () => {
    const rng = seededRng(11);
    for (let run = 0; run < 40; run++) {
      const timeZone = zones[run % zones.length]!;
      const retention = 0.8 + Math.round(rng() * 15) / 100;
      const exam = new Date(now.getTime() + (1 + Math.floor(rng() * 45)) * DAY + rng() * DAY);
      const deck = randomDeck(rng, 40, now);
      const plan = planForExam(deck, exam, now, retention, timeZone);
      const today = startOfLocalDay(now, timeZone);
      const after = follow(
        deck,
        plan,
        retention,
        (i) => (i === 0 ? now : addLocalDays(today, i, timeZone)),
        timeZone,
      );

      expect(plan.belowTarget).toEqual([]);
      for (const card of after) {
        expect(retrievability(card, exam), `card ${card.id}, run ${run}`).toBeGreaterThanOrEqual(retention);
      }
    }
  });

  it("holds when re-planned each day, as the Review view does, whatever time of day the student reviews", () => {
    const rng = seededRng(5);
    for (let run = 0; run < 20; run++) {
      const timeZone = zones[run % zones.length]!;
      const today = startOfLocalDay(now, timeZone);
      const examDay = 2 + Math.floor(rng() * 30);
      const exam = new Date(addLocalDays(today, examDay, timeZone).getTime() + rng() * DAY);
      let deck = randomDeck(rng, 30, now);
      for (let day = 0; day < examDay; day++) {
        const start = day === 0 ? now : addLocalDays(today, day, timeZone);
        const end = addLocalDays(today, day + 1, timeZone);
        const at = new Date(start.getTime() + rng() * (end.getTime() - start.getTime() - 1));
        const plan = planForExam(deck, exam, at, 0.9, timeZone);
        deck = follow(deck, { ...plan, days: plan.days.slice(0, 1) }, 0.9, () => at, timeZone);
      }
      for (const card of deck) {
        expect(retrievability(card, exam), `card ${card.id}, run ${run}`).toBeGreaterThanOrEqual(0.9);
      }
    }
  });

  it("counts days in the student's zone: the same local times plan alike at UTC-8 and UTC+1", () => {
    // 20:00 local: the next day's date in UTC at UTC-8, the same date at UTC+1. Nine hours apart in
    // January, so every wall-clock time below is the same in both zones.
    const shift = 9 * 60 * 60 * 1000;
    const moved = (d: Date) => new Date(d.getTime() + shift);
    const berlinNow = new Date("2025-01-14T19:00:00Z");
    const rng = seededRng(17);
    for (let run = 0; run < 10; run++) {
      const deck = randomDeck(rng, 40, berlinNow);
      const exam = new Date(berlinNow.getTime() + (2 + Math.floor(rng() * 30)) * DAY + rng() * DAY);
      const inLosAngeles = deck.map((c) => ({
        ...c,
        due: moved(c.due),
        lastReview: c.lastReview && moved(c.lastReview),
      }));
      const berlin = planForExam(deck, exam, berlinNow, 0.9, "Europe/Berlin");
      const losAngeles = planForExam(inLosAngeles, moved(exam), moved(berlinNow), 0.9, "America/Los_Angeles");
      expect(losAngeles, `run ${run}`).toEqual(berlin);
    }
  });

  it("puts every card that needs review into today when the exam is tomorrow", () => {
    const timeZone = "America/Los_Angeles";
    const deck = randomDeck(seededRng(3), 60, now);
    const tomorrow = addLocalDays(startOfLocalDay(now, timeZone), 1, timeZone);
    const exam = new Date(tomorrow.getTime() + 9 * 60 * 60 * 1000);
    const plan = planForExam(deck, exam, now, 0.9, timeZone);

    expect(plan.days).toHaveLength(1);
    expect(plan.days[0]!.date).toBe(localDay(now, timeZone));
    const needed = deck.filter((c) => retrievability(c, exam) < 0.9).map((c) => c.id);
    expect(needed.length).toBeGreaterThan(20);
    expect([...plan.days[0]!.cardIds].sort((a, b) => a - b)).toEqual(needed);
    expect(plan.belowTarget).toEqual([]);
  });

  it("puts a deck of new cards all into today for an exam tomorrow", () => {
    const deck = Array.from({ length: 25 }, (_, i) => ({ ...newCardState(now), id: i + 1 }));
    const exam = addLocalDays(startOfLocalDay(now, "Europe/Berlin"), 1, "Europe/Berlin");
    const plan = planForExam(deck, exam, now, 0.9, "Europe/Berlin");
    expect(plan.days.map((d) => d.cardIds.length)).toEqual([25]);
  });

  it("lists a day's cards lowest recall on the exam day first", () => {
    const deck = randomDeck(seededRng(8), 50, now);
    const exam = new Date(now.getTime() + 10 * DAY);
    const plan = planForExam(deck, exam, now, 0.9, "America/New_York");
    const recall = new Map(deck.map((c) => [c.id, retrievability(c, exam)]));
    for (const day of plan.days) {
      const values = day.cardIds.map((id) => recall.get(id)!);
      expect(values).toEqual([...values].sort((a, b) => a - b));
    }
  });

  it("names each local day once, across a DST change", () => {
    // New York moves its clocks forward on 2025-03-09.
    const before = new Date("2025-03-06T15:00:00Z");
    const exam = new Date("2025-03-12T13:00:00Z");
    const deck = Array.from({ length: 6 }, (_, i) => ({ ...newCardState(before), id: i + 1 }));
    // One new card a day: every day until the exam has work, so every local day is listed.
    const plan = planForExam(deck, exam, before, 0.9, "America/New_York", 1);
    expect(plan.days.map((d) => d.date)).toEqual([
      "2025-03-06",
      "2025-03-07",
      "2025-03-08",
      "2025-03-09",
      "2025-03-10",
      "2025-03-11",
    ]);
    expect(plan.days.map((d) => d.day)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("staggers new cards by the daily limit", () => {
    const deck = Array.from({ length: 45 }, (_, i) => ({ ...newCardState(now), id: i + 1 }));
    const exam = new Date(now.getTime() + 20 * DAY);
    const plan = planForExam(deck, exam, now, 0.9, "UTC", 20);
    const firstDay = new Map<number, number>();
    plan.days.forEach((day) => {
      for (const id of day.cardIds) if (!firstDay.has(id)) firstDay.set(id, day.day);
    });
    expect([0, 1, 2].map((d) => [...firstDay.values()].filter((v) => v === d).length)).toEqual([20, 20, 5]);
  });

  it("reports cards that cannot reach the target in the time left", () => {
    const deck = [{ ...newCardState(now), id: 7 }];
    // One day left: a single Good gives a new card about 2 days of stability, 95% recall a day later.
    const exam = new Date("2025-04-02T23:00:00Z");
    const strict = planForExam(deck, exam, now, 0.97, "UTC");
    expect(strict.days).toEqual([{ day: 0, date: "2025-04-01", cardIds: [7] }]);
    expect(strict.belowTarget).toEqual([7]);
    expect(planForExam(deck, exam, now, 0.9, "UTC").belowTarget).toEqual([]);
  });

  it("does work proportional to the cards, not to the days until the exam (issue 27 fault 1)", () => {
    const deck = randomDeck(seededRng(4), 20, now);
    const plan = planForExam(deck, new Date("2200-01-01T00:00:00Z"), now, 0.9, "Europe/Berlin");
    // Only days with reviews are listed: a handful per card, not 63,000 empty days.
    expect(plan.days.length).toBeLessThan(20 * 30);
    expect(plan.days.every((d) => d.cardIds.length > 0)).toBe(true);
    expect(plan.belowTarget).toEqual([]);
  });

  it("has nothing to plan for an exam that is over", () => {
    expect(
      planForExam(randomDeck(seededRng(1), 5, now), new Date(now.getTime() - 1), now, 0.9, "UTC"),
    ).toEqual({
      days: [],
      belowTarget: [],
    });
  });
});

describe("spreadBacklog", () => {
  it("keeps a day's share due and moves the rest to later days, lowest recall first", () => {
    const rng = seededRng(4);
    const deck = randomDeck(rng, 200, now).filter((c) => c.state !== 0);
    const overdue = deck.filter((c) => c.due <= now);
    expect(overdue.length).toBeGreaterThan(50);

    const moved = spreadBacklog(deck, 4, now);
    const perDay = Math.ceil(overdue.length / 4);
    expect(moved).toHaveLength(overdue.length - perDay);
    const movedIds = new Set(moved.map((m) => m.id));
    const kept = overdue.filter((c) => !movedIds.has(c.id));
    // Nothing that was not overdue moves.
    for (const m of moved) expect(overdue.some((c) => c.id === m.id)).toBe(true);
    // What stays due today is recalled no better than anything moved.
    const recall = (id: number) => retrievability(deck.find((c) => c.id === id)!, now);
    const worstMoved = Math.min(...moved.map((m) => recall(m.id)));
    expect(Math.max(...kept.map((c) => recall(c.id)))).toBeLessThanOrEqual(worstMoved);
    // Evenly: perDay on each of the next days, the last one taking the remainder.
    const offsets = moved.map((m) => Math.round((m.due.getTime() - now.getTime()) / DAY));
    expect([1, 2, 3].map((d) => offsets.filter((o) => o === d).length)).toEqual([
      perDay,
      perDay,
      overdue.length - 3 * perDay,
    ]);
    // Lower recall is never moved further out than higher recall.
    const sorted = [...moved].sort((a, b) => a.due.getTime() - b.due.getTime());
    for (let i = 1; i < sorted.length; i++) {
      expect(recall(sorted[i]!.id)).toBeGreaterThanOrEqual(recall(sorted[i - 1]!.id));
    }
  });

  it("moves nothing when asked for one day or when nothing is overdue", () => {
    const deck = randomDeck(seededRng(6), 50, now);
    expect(spreadBacklog(deck, 1, now)).toEqual([]);
    expect(spreadBacklog(deck, 5, new Date("2000-01-01T00:00:00Z"))).toEqual([]);
  });
});

describe("today's share alone", () => {
  it("is the full plan's first day, from the cards' first reviews only", () => {
    const rng = seededRng(21);
    for (let run = 0; run < 10; run++) {
      const deck = randomDeck(rng, 40, now);
      const exam = new Date(now.getTime() + (1 + Math.floor(rng() * 300)) * DAY);
      const full = planForExam(deck, exam, now, 0.9, "Asia/Kolkata", 10);
      const today = planForExam(deck, exam, now, 0.9, "Asia/Kolkata", 10, true);
      expect(today.days).toEqual(full.days.filter((d) => d.day === 0));
    }
  });

  it("answers the same plan in slices, leaving the event loop free in between", async () => {
    const deck = randomDeck(seededRng(2), 1000, now);
    const exam = new Date(now.getTime() + 30 * DAY);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const sliced = await planForExamAsync(deck, exam, now, 0.9, "UTC");
    clearInterval(timer);
    expect(sliced).toEqual(planForExam(deck, exam, now, 0.9, "UTC"));
    expect(ticks).toBeGreaterThan(0);
  });
});

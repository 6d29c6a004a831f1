import { afterAll, describe, expect, it } from "vitest";
import { FeedError } from "./feed-errors.ts";
import { createFeedParsePool, parseFeedInWorker } from "./parse-pool.ts";

// The feed parsing pool on its own: a student's feeds wait behind their own (two at most), another
// student's is served in turn, and the feed's own problems come back as FeedErrors.

const pool = createFeedParsePool();
afterAll(() => pool.close());

const NOW = new Date("2030-03-06T10:00:00Z");
const notes = Array.from({ length: 24 }, (_, k) => `X-NOTE-${k}:note ${k}\r\n`).join("");
const cal = (body: string) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\n${body}END:VCALENDAR\r\n`;
const small = cal(
  "BEGIN:VEVENT\r\nUID:a\r\nSUMMARY:Lecture\r\nDTSTART:20300307T100000Z\r\nDTEND:20300307T110000Z\r\nEND:VEVENT\r\n",
);
const big = cal(
  Array.from(
    { length: 3000 },
    (_, i) =>
      `BEGIN:VEVENT\r\nUID:o${i}\r\nSUMMARY:S${i}\r\nDTSTART:20000103T100000Z\r\n${notes}END:VEVENT\r\n`,
  ).join(""),
);

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => err,
  );

describe("parseFeedInWorker", () => {
  it("parses in the worker and answers the feed's own problems as FeedErrors", async () => {
    const parsed = await parseFeedInWorker(small, NOW, { key: "user:1", pool });
    expect(parsed.events.map((e) => [e.title, e.start.toISOString()])).toEqual([
      ["Lecture", "2030-03-07T10:00:00.000Z"],
    ]);
    const err = await failure(parseFeedInWorker("<html>", NOW, { key: "user:1", pool }));
    expect(err).toBeInstanceOf(FeedError);
    expect(err).toMatchObject({ kind: "invalid" });
  });

  it("holds two feeds per student at most, and serves another student in between", async () => {
    const first = parseFeedInWorker(big, NOW, { key: "user:1", pool });
    const second = parseFeedInWorker(big, NOW, { key: "user:1", pool });
    const third = await failure(parseFeedInWorker(small, NOW, { key: "user:1", pool }));
    expect(third).toBeInstanceOf(FeedError);
    expect(third).toMatchObject({ kind: "busy" });
    // Another student's feed is taken before the first student's second one (round-robin).
    const order: string[] = [];
    await Promise.all([
      second.then(() => order.push("second")),
      parseFeedInWorker(small, NOW, { key: "user:2", pool }).then(() => order.push("other")),
      first.then(() => order.push("first")),
    ]);
    expect(order).toEqual(["first", "other", "second"]);
  });
});

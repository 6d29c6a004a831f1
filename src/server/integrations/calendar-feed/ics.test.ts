// The subscription feed as calendar apps read it (RFC 5545): the text itself, line by line.
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import type { Task } from "#shared/tasks/contract.ts";
import { buildTask } from "#tests/factories.ts";
import { buildIcs } from "./ics.ts";

/** The factory's task with this file's defaults: id 1, titled 'Essay', due 2025-04-01. */
const task = (over: Partial<Task>): Task =>
  buildTask({ id: 1, title: "Essay", dueDate: "2025-04-01T03:59:59.000Z", ...over });

/** The content lines of one VEVENT, unfolded. */
const eventLines = (ics: string, uid: string) => {
  const lines = ics.replace(/\r\n[ \t]/g, "").split("\r\n");
  const at = lines.indexOf(`UID:${uid}`);
  const begin = lines.lastIndexOf("BEGIN:VEVENT", at);
  return lines.slice(begin, lines.indexOf("END:VEVENT", at) + 1);
};

describe("buildIcs", () => {
  it("keeps a description's paragraphs and line breaks, escaped as RFC 5545 asks", () => {
    const ics = buildIcs({
      tasks: [
        task({ description: "<p>Read chapter 3.</p><p>Answer:<br>1. why<br>2. how</p>" }),
        task({ id: 2, description: "Bring:\n- calculator\n\n\n\n- notes" }),
      ],
      events: [],
    });
    expect(eventLines(ics, "task-1@studyhall")).toContain(
      "DESCRIPTION:Read chapter 3.\\n\\nAnswer:\\n1. why\\n2. how",
    );
    expect(eventLines(ics, "task-2@studyhall")).toContain("DESCRIPTION:Bring:\\n- calculator\\n\\n- notes");
  });

  it("ends every content line, the last one too, with CRLF", () => {
    const ics = buildIcs({ tasks: [task({})], events: [] });
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("gives a task, a moment, a DTSTART and no DTEND equal to it (DTEND must be later, RFC 5545 §3.8.2.2)", () => {
    const ics = buildIcs({
      tasks: [
        task({ id: 1 }),
        task({
          id: 2,
          dueDate: "2025-03-03T14:00:00.000Z",
          rrule: "FREQ=WEEKLY;BYDAY=MO;COUNT=10",
          recurrenceTimeZone: "America/New_York",
          seriesStart: "2025-03-03T14:00:00.000Z",
          seriesId: 2,
        }),
      ],
      events: [],
    });
    const once = eventLines(ics, "task-1@studyhall");
    expect(once).toContain("DTSTART:20250401T035959Z");
    expect(once.filter((l) => l.startsWith("DTEND"))).toEqual([]);
    const weekly = eventLines(ics, "task-2@studyhall");
    expect(weekly).toContain("DTSTART;TZID=America/New_York:20250303T090000");
    expect(weekly.filter((l) => l.startsWith("DTEND"))).toEqual([]);
  });

  it("defines a VTIMEZONE for each TZID, which places a weekly 09:00 at 09:00 on both sides of DST", () => {
    const ics = buildIcs({
      tasks: [
        task({
          id: 3,
          dueDate: "2025-03-03T14:00:00.000Z",
          rrule: "FREQ=WEEKLY;BYDAY=MO",
          recurrenceTimeZone: "America/New_York",
          seriesStart: "2025-03-03T14:00:00.000Z",
          seriesId: 3,
        }),
      ],
      events: [],
    });
    const used = new Set([...ics.matchAll(/;TZID=([^:;]+)[:;]/g)].map((m) => m[1]));
    const defined = new Set([...ics.matchAll(/BEGIN:VTIMEZONE\r\nTZID:([^\r]+)/g)].map((m) => m[1]));
    expect([...used]).toEqual(["America/New_York"]);
    expect(defined).toEqual(used);

    // Read only through the feed's own VTIMEZONE, as Outlook and ical.js do.
    const root = new ICAL.Component(ICAL.parse(ics) as unknown[]);
    const zone = new ICAL.Timezone(root.getFirstSubcomponent("vtimezone")!);
    const at = (local: string) => {
      const t = ICAL.Time.fromDateTimeString(local);
      t.zone = zone;
      return t.toJSDate().toISOString();
    };
    expect(at("2025-03-03T09:00:00")).toBe("2025-03-03T14:00:00.000Z"); // EST
    expect(at("2025-03-10T09:00:00")).toBe("2025-03-10T13:00:00.000Z"); // EDT, the day after the change
    expect(at("2030-11-04T09:00:00")).toBe("2030-11-04T14:00:00.000Z");
    expect(at("2030-07-01T09:00:00")).toBe("2030-07-01T13:00:00.000Z");
  });
});

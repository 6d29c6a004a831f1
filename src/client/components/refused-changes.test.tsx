import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { OutboxItem } from "#client/lib/offline-store.ts";
import RefusedChanges, { describeChange, shortName } from "./refused-changes.tsx";

const change = (c: Partial<OutboxItem> & Pick<OutboxItem, "kind">): OutboxItem => ({
  seq: 1,
  clientId: "00000000-0000-4000-8000-000000000001",
  method: "POST",
  path: "/api/x",
  body: {},
  createdAt: "2026-11-28T10:00:00.000Z",
  ...c,
});

describe("the notice of changes made offline that the server refused", () => {
  it("names each change as the student would", () => {
    expect(describeChange(change({ kind: "rate", label: "hablar" }))).toBe('Rating of the card "hablar"');
    expect(describeChange(change({ kind: "task-create", body: { title: "Lab report" } }))).toBe(
      'New task "Lab report"',
    );
    expect(
      describeChange(change({ kind: "task-complete", label: "Lab report", body: { completed: true } })),
    ).toBe('Completing the task "Lab report"');
    expect(
      describeChange(change({ kind: "task-complete", label: "Lab report", body: { completed: false } })),
    ).toBe('Reopening the task "Lab report"');
    expect(describeChange(change({ kind: "task-delete", label: "Old quiz", body: { ids: [4] } }))).toBe(
      'Deleting the task "Old quiz"',
    );
    // Kept by an older page, before changes carried their names.
    expect(describeChange(change({ kind: "rate" }))).toBe("Rating of the card");
  });

  it("puts a long or cloze question on one short line", () => {
    expect(shortName("The capital of {{c1::France::country}} is\n  {{c2::Paris}}")).toBe(
      "The capital of [...] is [...]",
    );
    expect(shortName("![](/api/media/1.png) What is shown?")).toBe("(picture) What is shown?");
    const long = shortName("word ".repeat(30));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith("…")).toBe(true);
  });

  it("counts the changes and offers to dismiss them", () => {
    const html = renderToStaticMarkup(
      <RefusedChanges
        changes={[
          change({ kind: "rate", label: "hablar" }),
          change({ seq: 2, kind: "rate", label: "comer" }),
        ]}
      />,
    );
    expect(html).toContain("2 changes made offline could not be saved");
    expect(html).toContain("They were deleted or changed");
    expect(html).toContain("Dismiss");
    expect(renderToStaticMarkup(<RefusedChanges changes={[change({ kind: "rate" })]} />)).toContain(
      "1 change made offline could not be saved",
    );
  });
});

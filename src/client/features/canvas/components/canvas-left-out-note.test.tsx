import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { UnreadableCourses } from "#shared/canvas/unreadable-contract.ts";
import { unreadableCoursesQuery } from "../unreadable-courses.api.ts";
import { CanvasLeftOutNote } from "./canvas-left-out-note.tsx";

/** The note as it draws once the server answered `answer` (what a reload reads). */
function render(answer: UnreadableCourses) {
  const qc = new QueryClient();
  qc.setQueryData(unreadableCoursesQuery().queryKey, answer);
  return renderToStaticMarkup(
    <QueryClientProvider client={qc}>
      <CanvasLeftOutNote />
    </QueryClientProvider>,
  );
}

describe("CanvasLeftOutNote", () => {
  it("names the courses the last sync left out, in the server's words", () => {
    const html = render({
      courses: [
        { canvasId: "1", name: "Biology", message: 'Canvas restricts access to "Biology".' },
        { canvasId: "2", name: "Art", message: 'Canvas did not answer for "Art".' },
      ],
      checkedAt: "2026-11-29T02:00:00.000Z",
    });
    expect(html).toContain("2 courses were left out of the last Canvas sync");
    expect(html).toContain("Canvas restricts access to &quot;Biology&quot;.");
    expect(html).toContain("Canvas did not answer for &quot;Art&quot;.");
  });

  it("draws nothing when the last sync read every course", () => {
    expect(render({ courses: [], checkedAt: "2026-11-29T02:00:00.000Z" })).toBe("");
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CanvasCourse } from "#shared/courses/contract.ts";
import { CourseCard } from "./course-card.tsx";

const course = (over: Partial<CanvasCourse> = {}): CanvasCourse => ({
  id: "101",
  localId: 1,
  name: "Biology",
  course_code: "BIO 101",
  enrollment_state: "completed",
  current_score: 91,
  final_score: 88,
  current_grade: "A-",
  final_grade: "B+",
  grade: "B+",
  creditHours: 3,
  html_url: null,
  leftCanvas: false,
  ...over,
});

describe("CourseCard (SPEC §2.5)", () => {
  it("marks a course Canvas no longer lists, and keeps its grade", () => {
    const html = renderToStaticMarkup(<CourseCard course={course({ leftCanvas: true })} />);
    expect(html).toContain("No longer in Canvas");
    expect(html).toContain("Final:");
    expect(html).toContain("B+");
    expect(renderToStaticMarkup(<CourseCard course={course()} />)).not.toContain("No longer in Canvas");
  });
});

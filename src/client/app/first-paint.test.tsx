import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageHeader } from "#client/components/page-header.tsx";
import { Greeting } from "#client/features/dashboard/components/greeting.tsx";
import { REVIEW_HEADING } from "#client/features/review/review-heading.ts";
import type { User } from "#shared/auth/contract.ts";
import { firstPaint, greeting, pageHeading } from "./first-paint.ts";

const user = { id: 1, username: "ann", firstName: "Ann", isOnboarded: true } as User;

// React's first render replaces the first paint: the heading must be the same markup, or it moves (and
// paints again as a new largest element).
describe("first paint", () => {
  it("draws Home's greeting as the component does", () => {
    expect(greeting("Ann")).toBe(renderToStaticMarkup(<Greeting firstName="Ann" />));
    expect(firstPaint("/", user)).toContain(greeting("Ann"));
  });

  it("draws the review page's heading as PageHeader does", () => {
    expect(pageHeading(REVIEW_HEADING)).toBe(renderToStaticMarkup(<PageHeader {...REVIEW_HEADING} />));
    expect(firstPaint("/study/review", user)).toContain(pageHeading(REVIEW_HEADING));
  });

  it("escapes the student's name", () => {
    expect(greeting(`<b>"A&B'</b>`)).toBe(renderToStaticMarkup(<Greeting firstName={`<b>"A&B'</b>`} />));
  });

  it("draws nothing for other pages, signed out, or before onboarding", () => {
    expect(firstPaint("/tasks", user)).toBeUndefined();
    expect(firstPaint("/", undefined)).toBeUndefined();
    expect(firstPaint("/", { ...user, isOnboarded: false })).toBeUndefined();
  });
});

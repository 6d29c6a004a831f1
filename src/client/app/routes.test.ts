/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { DECLARED_ENDPOINTS } from "#tests/declared-endpoints.ts";
import { NAV_ICONS } from "./nav-icons.tsx";
import { pageFiles } from "./page-modules.ts";
import {
  FIRST_LOAD_ROUTES,
  firstLoadRoute,
  NAV_ROUTES,
  ROUTES,
  SHELL_DATA,
  SIGNED_OUT_ROUTE,
} from "./routes.ts";

// The page files' text, to see each named export is there without running the pages.
const SOURCES = import.meta.glob<string>(["./pages/*-page.tsx", "../features/*/*-page.tsx"], {
  query: "?raw",
  import: "default",
  eager: true,
});

// The URLs a first load prefetches are checked against the GETs the shared contracts declare.
const GET_PATHS = DECLARED_ENDPOINTS.filter((e) => e.method === "GET").map(
  (e) => new RegExp(`^${e.path.replace(/:\w+/g, "[^/]+")}$`),
);

describe("the route table", () => {
  it("prefetches only GETs that the shared contracts declare", () => {
    expect(GET_PATHS.length).toBeGreaterThan(50);
    const urls = [...SHELL_DATA, ...FIRST_LOAD_ROUTES.flatMap((r) => ("data" in r ? r.data : []))];
    expect(urls.length).toBeGreaterThan(20);
    for (const url of urls) {
      const path = url.split("?")[0]!;
      // A student's own id (e.g. /api/study-stats/:userId) is not known before the session check.
      expect(path, url).not.toMatch(/\/\d+(\/|$)/);
      expect(
        GET_PATHS.some((p) => p.test(path)),
        url,
      ).toBe(true);
    }
    expect(GET_PATHS.some((p) => p.test("/api/no-such-thing"))).toBe(false);
  });

  it("names a page file, and an export of it, on every row", () => {
    const files = pageFiles();
    for (const route of ROUTES) {
      expect(files, route.path).toContain(route.page);
      expect(SOURCES[route.page], route.path).toMatch(
        new RegExp(`export (function|const) ${route.component}\\b`),
      );
    }
  });

  it("has each path once, and every page file a row", () => {
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.page))).toEqual(new Set(pageFiles()));
  });

  it("keeps the navigation of SPEC §2.1, in order, with known icons", () => {
    expect(NAV_ROUTES.map((r) => r.nav.label)).toEqual([
      "Home",
      "Tasks",
      "Calendar",
      "Courses",
      "Study",
      "Friends",
      "Achievements",
      "GPA",
      "Settings",
    ]);
    for (const r of NAV_ROUTES) expect(Object.keys(NAV_ICONS)).toContain(r.nav.icon);
  });

  it("cuts first-load chunks for the signed-in pages a URL alone reaches", () => {
    expect(FIRST_LOAD_ROUTES.map((r) => r.path)).toEqual([
      "/",
      "/tasks",
      "/calendar",
      "/courses",
      "/study",
      "/study/review",
      "/study/cards",
      "/study/exams",
      "/friends",
      "/achievements",
      "/gpa",
      "/materials",
      "/summarize",
      "/settings",
    ]);
    expect(firstLoadRoute("/friends/groups/3")).toBeUndefined();
    expect(firstLoadRoute("/onboarding")).toBeUndefined();
    expect(SIGNED_OUT_ROUTE.path).toBe("/onboarding");
  });
});

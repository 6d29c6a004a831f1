/// <reference types="vite/client" />
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageHeader } from "#client/components/page-header.tsx";
import { Greeting } from "#client/features/dashboard/components/greeting.tsx";
import { REVIEW_HEADING } from "#client/features/review/review-heading.ts";
import html from "../index.html?raw";
import shell from "./shell.tsx?raw";

// Every view's source, to find the one that draws a page's header with a template's strings.
const VIEWS = import.meta.glob<string>(["../features/**/*.tsx", "./pages/*.tsx", "!**/*.test.tsx"], {
  query: "?raw",
  import: "default",
  eager: true,
});

const template = (id: string) => html.match(new RegExp(`<template id="${id}">(.*?)</template>`))?.[1];

// React's first render replaces the first paint (first-paint.ts): a heading that is not the same markup
// moves, and paints again as a new largest element.
describe("index.html's first-paint templates", () => {
  it("Home's is the Greeting component's markup", () => {
    const drawn = template("first-paint:/")?.replace("{firstName}", "Ann");
    expect(drawn).toBe(renderToStaticMarkup(<Greeting firstName="Ann" />));
  });

  it("the review page's is its PageHeader's markup", () => {
    expect(template("first-paint:/study/review")).toBe(
      renderToStaticMarkup(<PageHeader {...REVIEW_HEADING} />),
    );
  });

  it("each other page's is its PageHeader's markup, with the title and subtitle its view passes", () => {
    const ids = [...html.matchAll(/<template id="first-paint:([^"]+)">/g)].map((m) => m[1]!);
    const pages = ids.filter((p) => p !== "/" && p !== "/study/review");
    expect(pages.length).toBeGreaterThanOrEqual(10);
    for (const path of pages) {
      const drawn = template(`first-paint:${path}`) ?? "";
      const title = drawn.match(/<h1[^>]*>(.*?)<\/h1>/)?.[1] ?? "";
      const subtitle = drawn.match(/<p[^>]*>(.*?)<\/p>/)?.[1] ?? "";
      expect(drawn, path).toBe(renderToStaticMarkup(<PageHeader title={title} subtitle={subtitle} />));
      // The view that draws the page's header passes these very strings.
      const view = Object.entries(VIEWS).find(
        ([, text]) => text.includes(`title="${title}"`) && text.includes(`subtitle="${subtitle}"`),
      );
      expect(
        view,
        `${path}: no view draws <PageHeader title="${title}" subtitle="${subtitle}">`,
      ).toBeDefined();
    }
  });

  it("the frame's bar and main are the shell's", () => {
    const classes = [...(template("first-paint") ?? "").matchAll(/<(header|main)[^>]* class="([^"]*)"/g)];
    expect(classes.map((m) => m[1])).toEqual(["header", "main"]);
    for (const [, tag, cls] of classes)
      expect(shell).toContain(`<${tag}${tag === "main" ? ' id="main"' : ""} className="${cls}"`);
  });
});

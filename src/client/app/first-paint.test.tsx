/// <reference types="vite/client" />
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PageHeader } from "#client/components/page-header.tsx";
import { Greeting } from "#client/features/dashboard/components/greeting.tsx";
import { REVIEW_HEADING } from "#client/features/review/review-heading.ts";
import html from "../index.html?raw";
import shell from "./shell.tsx?raw";

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

  it("the frame's bar and main are the shell's", () => {
    const classes = [...(template("first-paint") ?? "").matchAll(/<(header|main)[^>]* class="([^"]*)"/g)];
    expect(classes.map((m) => m[1])).toEqual(["header", "main"]);
    for (const [, tag, cls] of classes)
      expect(shell).toContain(`<${tag}${tag === "main" ? ' id="main"' : ""} className="${cls}"`);
  });
});

import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";

/** What the viewer reads: the whole text and where each page (or slide) lies in it. */
export interface ViewedDocument {
  content: string;
  fileType: string;
  pages: { page: number; start: number; end: number }[] | null;
}

/** The passage to show marked: character offsets in the whole text, on its page. */
export interface Highlight {
  page?: number;
  start?: number;
  end?: number;
}

/**
 * One page of a document at a time with previous/next buttons, the arrow keys (and Home/End) on the page,
 * and the cited passage marked and scrolled into view. Study documents, course materials and citations
 * all read through it.
 */
export function DocumentPages({ doc, highlight }: { doc: ViewedDocument; highlight?: Highlight | null }) {
  const pages = doc.pages?.length ? doc.pages : [{ page: 1, start: 0, end: doc.content.length }];
  const [page, setPage] = useState(highlight?.page ?? pages[0]!.page);
  // A new citation in the same document moves to its page.
  useEffect(() => {
    if (highlight?.page) setPage(highlight.page);
  }, [highlight]);
  const mark = useRef<HTMLElement>(null);
  const index = Math.max(
    0,
    pages.findIndex((p) => p.page === page),
  );
  const range = pages[index]!;
  const text = doc.content.slice(range.start, range.end);
  // The highlight, clipped to the page on screen.
  const from = Math.max(range.start, highlight?.start ?? -1) - range.start;
  const to = Math.min(range.end, highlight?.end ?? -1) - range.start;
  const marked = highlight?.start !== undefined && to > from && (highlight.page ?? 1) === range.page;

  useEffect(() => {
    if (marked) mark.current?.scrollIntoView({ block: "center" });
  }, [marked]);

  const go = (i: number) => setPage(pages[Math.min(pages.length - 1, Math.max(0, i))]!.page);
  const onKey = (e: KeyboardEvent) => {
    const to = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: pages.length - 1 }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    go(to);
  };
  const label = doc.fileType === "pptx" ? "Slide" : "Page";
  return (
    <div className="grid min-w-0 gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span aria-live="polite">
          {label} {range.page} of {pages.at(-1)?.page ?? 1}
        </span>
        <span className="flex gap-2">
          <Button variant="secondary" size="sm" disabled={index === 0} onClick={() => go(index - 1)}>
            Previous {label.toLowerCase()}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={index >= pages.length - 1}
            onClick={() => go(index + 1)}
          >
            Next {label.toLowerCase()}
          </Button>
        </span>
      </div>
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the page scrolls and turns with the keyboard
        tabIndex={0}
        aria-label={`${label} ${range.page}`}
        aria-keyshortcuts="ArrowLeft ArrowRight Home End"
        onKeyDown={onKey}
        className="max-h-[55vh] overflow-y-auto whitespace-pre-wrap wrap-anywhere rounded-md border border-border bg-bg p-3 text-sm leading-relaxed"
        data-testid="document-page"
      >
        {marked ? (
          <>
            {text.slice(0, from)}
            <mark ref={mark} className="rounded bg-yellow-200 text-black">
              {text.slice(from, to)}
            </mark>
            {text.slice(to)}
          </>
        ) : (
          text
        )}
      </section>
    </div>
  );
}

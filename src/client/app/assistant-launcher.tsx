import { MessageSquare } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { cn } from "#client/lib/cn.ts";

// The panel (and its courses, markdown, streaming and viewer code) loads on the first click only.
const AssistantPanel = lazy(() => import("./assistant-panel.tsx"));

/** Pixels of scroll in one direction before the button hides or comes back: a finger's jitter is not a scroll. */
const SCROLL_SLACK = 6;

/**
 * Whether the page is being scrolled down through its content: the button steps aside then, so it does not
 * sit over the text a student is reading at 360 px (the scroll-aware floating button of phone apps). It is
 * back on any scroll up, at the top, and at the bottom, where the shell keeps room for it below the last row.
 */
function useScrollingDown() {
  const [down, setDown] = useState(false);
  useEffect(() => {
    // Both are set by the ResizeObserver's first call, which comes after layout: reading scrollHeight here,
    // just after the page's first commit, forced a layout of the whole page in the middle of its first task.
    let last = 0;
    let lastHeight = 0;
    let frame = 0;
    const check = () => {
      frame = 0;
      const y = window.scrollY;
      const height = document.documentElement.scrollHeight;
      // The page grew or shrank (the menu opened, a list drew above): the browser kept the reader's place
      // by scrolling, and nobody scrolled.
      const moved = height !== lastHeight;
      lastHeight = height;
      const atEnd = y < 8 || window.innerHeight + y >= height - 96;
      if (moved) {
        last = y;
        return;
      }
      if (atEnd) setDown(false);
      else if (y > last + SCROLL_SLACK) setDown(true);
      else if (y < last - SCROLL_SLACK) setDown(false);
      else return;
      last = y;
    };
    const onScroll = () => {
      frame ||= requestAnimationFrame(check);
    };
    // Rebased whenever the page's size changes, so the scroll that follows a change is not taken for one.
    const resized = new ResizeObserver(() => {
      lastHeight = document.documentElement.scrollHeight;
      last = window.scrollY;
    });
    resized.observe(document.body);
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      resized.disconnect();
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return down;
}

/**
 * SPEC §2.3 floating chat button, on every signed-in page (issue 24): the shell keeps room below the
 * page's content for it, so it never covers the last row at 360 px, and it steps aside while the page
 * scrolls down (back on focus, for the keyboard). Hidden while the chat is open.
 */
export function AssistantLauncher({ onOpen }: { onOpen?: () => void }) {
  const [open, setOpen] = useState(false);
  const scrollingDown = useScrollingDown();
  if (open) {
    return (
      <Suspense fallback={null}>
        <AssistantPanel onClose={() => setOpen(false)} />
      </Suspense>
    );
  }
  return (
    <button
      type="button"
      aria-label="Open AI Assistant"
      className={cn(
        "fixed bottom-4 right-4 z-40 grid h-14 w-14 place-items-center rounded-full bg-accent-strong text-white shadow-lg transition-transform hover:bg-accent-stronger focus-visible:translate-y-0 motion-reduce:transition-none",
        scrollingDown && "translate-y-24",
      )}
      onClick={() => {
        onOpen?.();
        setOpen(true);
      }}
    >
      <MessageSquare className="h-6 w-6" aria-hidden />
    </button>
  );
}

import { MessageSquare } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { cn } from "#client/lib/cn.ts";

// The panel (and its courses, markdown, streaming and viewer code) loads on the first click only.
// Offline before it was cached, the panel's place says so (PanelLoadFailed), with Close.
const AssistantPanel = lazy(() =>
  import("./assistant-panel.tsx").catch(() => ({ default: PanelLoadFailed })),
);

/** The assistant's code could not arrive (offline before it was cached): said where the panel would be. */
function PanelLoadFailed({ onClose }: { onClose: () => void }) {
  return (
    <div
      role="alert"
      className="fixed bottom-4 right-4 left-4 z-40 rounded-lg border bg-surface p-3 text-sm shadow-lg"
    >
      The AI Assistant could not be loaded. Check your connection.{" "}
      <button type="button" className="font-medium text-accent-strong underline" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

/** Pixels of scroll in one direction before the button hides or comes back: a finger's jitter is not a scroll. */
const SCROLL_SLACK = 6;

/** What a student presses on a page: the button would sit on one of these. */
const PAGE_CONTROL = "a[href],button,input,select,textarea,[role=switch],[role=tab]";

/**
 * Whether the button, where it rests (1rem in from the bottom right corner, 3.5rem square: its classes
 * below), would hide a quarter or more of one of the page's controls, e.g. Settings' 'Update' in the first
 * view at 360 px. Its centre and corners are hit-tested (not every control measured), so a list of 2,000
 * rows costs the same as an empty page; a control it only grazes (a row's Edit button whose corner passes
 * under it) does not count, or the button would come and go with every row of the task list, where SPEC
 * §2.3 has it stay.
 */
function controlUnderLauncher(): boolean {
  const main = document.getElementById("main");
  const right = document.documentElement.clientWidth - 16;
  const bottom = innerHeight - 16;
  const left = right - 56;
  const top = bottom - 56;
  for (const [x, y] of [
    [right - 28, bottom - 28],
    [left + 2, top + 2],
    [right - 2, top + 2],
    [left + 2, bottom - 2],
    [right - 2, bottom - 2],
  ] as const) {
    for (const el of document.elementsFromPoint(x, y)) {
      const r = main?.contains(el) && el.closest(PAGE_CONTROL)?.getBoundingClientRect();
      if (!r) continue;
      const hidden =
        Math.max(0, Math.min(r.right, right) - Math.max(r.left, left)) *
        Math.max(0, Math.min(r.bottom, bottom) - Math.max(r.top, top));
      if (hidden > 0 && hidden >= r.width * r.height * 0.25) return true;
    }
  }
  return false;
}

/**
 * Whether the button should step aside: while the page is being scrolled down through its content, so it
 * does not sit over the text a student is reading at 360 px (the scroll-aware floating button of phone
 * apps), and whenever one of the page's controls lies under it, so it never covers one. It is back on any
 * scroll up, at the top, and at the bottom, where the shell keeps room for it below the last row.
 */
function useStepAside() {
  const [down, setDown] = useState(false);
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    // Both are set by the ResizeObserver's first call, which comes after layout: reading scrollHeight here,
    // just after the page's first commit, forced a layout of the whole page in the middle of its first task.
    let last = 0;
    let lastHeight = 0;
    let frame = 0;
    const check = () => {
      frame = 0;
      setBlocked(controlUnderLauncher());
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
    const schedule = () => {
      frame ||= requestAnimationFrame(check);
    };
    // Rebased whenever the page's size changes, so the scroll that follows a change is not taken for one;
    // and what lies under the button is looked at again (the page's data arrived, a form opened).
    const resized = new ResizeObserver(() => {
      lastHeight = document.documentElement.scrollHeight;
      last = window.scrollY;
      schedule();
    });
    resized.observe(document.body);
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule, { passive: true });
    return () => {
      resized.disconnect();
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      cancelAnimationFrame(frame);
    };
  }, []);
  return down || blocked;
}

/**
 * SPEC §2.3 floating chat button, on every signed-in page (issue 24): the shell keeps room below the
 * page's content for it, so it never covers the last row at 360 px, and it steps aside while the page
 * scrolls down or a control lies under it (back on focus, for the keyboard). Hidden while the chat is open.
 */
export function AssistantLauncher({ onOpen }: { onOpen?: () => void }) {
  const [open, setOpen] = useState(false);
  const stepAside = useStepAside();
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
        stepAside && "translate-y-24",
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

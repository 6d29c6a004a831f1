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
 * Whether the button should step aside: whenever one of the page's controls lies under it, so it never
 * covers one. It no longer hides while the page scrolls down: that was for the text under it at 360 px,
 * where it is now in the header instead (shell.tsx).
 */
function useStepAside() {
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      frame ||= requestAnimationFrame(() => {
        frame = 0;
        setBlocked(controlUnderLauncher());
      });
    };
    // What lies under the button is looked at again when the page changes (its data arrived, a form opened).
    const resized = new ResizeObserver(schedule);
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
  return blocked;
}

/**
 * SPEC §2.3 floating chat button, on every signed-in page (issue 24), from `sm` up: the shell keeps room
 * below the page's content for it, and it steps aside while a control lies under it (back on focus, for
 * the keyboard). Narrower, the shell's header has the button instead (shell.tsx).
 * Hidden while the chat is open; `open` is the shell's, which both buttons open.
 */
export function AssistantLauncher({
  open,
  onOpen,
  onClose,
}: {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}) {
  const stepAside = useStepAside();
  if (open) {
    return (
      <Suspense fallback={null}>
        <AssistantPanel onClose={onClose} />
      </Suspense>
    );
  }
  return (
    <button
      type="button"
      aria-label="Open AI Assistant"
      className={cn(
        "fixed bottom-4 right-4 z-40 grid h-14 w-14 place-items-center rounded-full bg-accent-strong text-white shadow-lg transition-transform hover:bg-accent-stronger focus-visible:translate-y-0 motion-reduce:transition-none max-sm:hidden",
        stepAside && "translate-y-24",
      )}
      onClick={onOpen}
    >
      <MessageSquare className="h-6 w-6" aria-hidden />
    </button>
  );
}

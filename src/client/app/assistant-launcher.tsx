import { MessageSquare } from "lucide-react";
import { lazy, Suspense, useState } from "react";

// The panel (and its courses, markdown, streaming and viewer code) loads on the first click only.
const AssistantPanel = lazy(() => import("./assistant-panel.tsx"));

/**
 * SPEC §2.3 floating chat button, on every signed-in page (issue 24): the shell keeps room below the
 * page's content for it, so it never covers the last row at 360 px. Hidden while the chat is open.
 */
export function AssistantLauncher() {
  const [open, setOpen] = useState(false);
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
      className="fixed bottom-4 right-4 z-40 grid h-14 w-14 place-items-center rounded-full bg-accent-strong text-white shadow-lg hover:bg-accent-stronger"
      onClick={() => setOpen(true)}
    >
      <MessageSquare className="h-6 w-6" aria-hidden />
    </button>
  );
}

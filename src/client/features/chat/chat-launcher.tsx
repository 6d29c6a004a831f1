import { MessageSquare } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import type { Course } from "#shared/courses/contract.ts";

// The panel (and its markdown, streaming and viewer code) loads on the first click only.
const ChatPanel = lazy(async () => ({ default: (await import("./chat-panel.tsx")).ChatPanel }));

/** SPEC §2.3 floating chat button, hidden while the chat is open. */
export function ChatLauncher({ courses }: { courses: Course[] }) {
  const [open, setOpen] = useState(false);
  if (open) {
    return (
      <Suspense fallback={null}>
        <ChatPanel courses={courses} onClose={() => setOpen(false)} />
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

/** The Home 'AI Study Assistant' tool view, loaded with the view. */
export function ChatTool({ courses }: { courses: Course[] }) {
  return (
    <Suspense fallback={<p className="text-sm text-muted">Loading...</p>}>
      <ChatPanel courses={courses} />
    </Suspense>
  );
}

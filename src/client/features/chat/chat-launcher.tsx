import { lazy, Suspense } from "react";
import type { Course } from "#shared/courses/contract.ts";

// The panel (and its markdown, streaming and viewer code) loads on the first click only.
const ChatPanel = lazy(async () => ({ default: (await import("./chat-panel.tsx")).ChatPanel }));

/** The Home 'AI Study Assistant' tool view, loaded with the view. */
export function ChatTool({ courses }: { courses: Course[] }) {
  return (
    <Suspense fallback={<p className="text-sm text-muted">Loading...</p>}>
      <ChatPanel courses={courses} />
    </Suspense>
  );
}

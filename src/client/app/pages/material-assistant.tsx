import { lazy, Suspense } from "react";
import { Skeleton } from "#client/components/ui/card.tsx";
import { useCourses } from "#client/features/courses/courses.api.ts";
import type { MaterialAssistant as Assistant } from "#client/features/materials/material-viewer.tsx";

// The panel (markdown, streaming) loads when the student asks, not with the materials page.
const ChatPanel = lazy(async () => ({
  default: (await import("#client/features/chat/chat-panel.tsx")).ChatPanel,
}));

/**
 * The assistant beside an opened course material (issue 24 §8), on the material's course to begin with;
 * a citation of the open material turns the viewer to its page.
 */
export const MaterialAssistant: Assistant = ({ material, showCitation }) => {
  const courses = useCourses();
  return (
    <Suspense fallback={<Skeleton className="h-80" />}>
      <ChatPanel
        courses={courses.data ?? []}
        initialCourseId={material.courseId}
        onCitation={(c) => c.kind === "document" && showCitation(c)}
      />
    </Suspense>
  );
};

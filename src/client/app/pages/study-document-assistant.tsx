import { lazy, Suspense } from "react";
import { Skeleton } from "#client/components/ui/card.tsx";
import { useCourses } from "#client/features/courses/courses.api.ts";
import type { DocumentAssistant } from "#client/features/study/components/document-dialog.tsx";
import { useStudySets } from "#client/features/study/study.api.ts";

// The panel (markdown, streaming) loads when the student asks, not with the Study Center.
const ChatPanel = lazy(async () => ({
  default: (await import("#client/features/chat/chat-panel.tsx")).ChatPanel,
}));

/**
 * The assistant beside an opened study document (issue 24), asking about the document's study set until
 * the student widens it; a citation of the open document turns the viewer to its page.
 */
export const StudyDocumentAssistant: DocumentAssistant = ({ doc, showCitation }) => {
  const courses = useCourses();
  const sets = useStudySets();
  const label = sets.data?.find((s) => s.id === doc.studySetId)?.title ?? "this study set";
  return (
    <Suspense fallback={<Skeleton className="h-80" />}>
      <ChatPanel
        courses={courses.data ?? []}
        scope={{ studySetId: doc.studySetId, label }}
        onCitation={(c) => c.kind === "document" && showCitation(c)}
      />
    </Suspense>
  );
};

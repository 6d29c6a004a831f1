import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useMe } from "#client/features/auth/auth.api.ts";
import { ReviewLink } from "#client/features/review/components/review-link.tsx";
import { StudyView, setLoading } from "#client/features/study/study-view.tsx";
import { taskQueries } from "#client/features/tasks/tasks.api.ts";

// The selected set's card (its tabs, documents and their dialogs) is not drawn until a set is chosen.
const SelectedSet = lazy(async () => ({ default: (await import("./study-selected-set.tsx")).SelectedSet }));

/**
 * The Study Center: the study feature's sets, timer and stats, with review's link in the header and the
 * selected set's tabs from study (documents, with summaries' AI tools) and flashcards (cards, quizzes).
 * It needs the signed-in student's id for its stats call (SPEC §7), and tasks' open tasks for the focus
 * timer's link.
 */
export function StudyPage() {
  const me = useMe();
  // The focus timer links its time to one of the student's open tasks.
  const tasks = useQuery({ ...taskQueries.list(), select: (all) => all.filter((t) => !t.completed) });
  if (!me.data) return null;
  return (
    <StudyView
      userId={me.data.id}
      focusTasks={tasks.data ?? []}
      actions={<ReviewLink />}
      selected={(set) => (
        <Suspense fallback={setLoading}>
          <SelectedSet set={set} />
        </Suspense>
      )}
    />
  );
}

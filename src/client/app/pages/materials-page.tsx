import { usePageTitle } from "#client/components/page-header.tsx";
import { useCourses } from "#client/features/courses/courses.api.ts";
import { MaterialsView } from "#client/features/materials/materials-view.tsx";
import { MaterialAiActions } from "#client/features/summaries/components/material-ai-actions.tsx";
import { MaterialAssistant } from "./material-assistant.tsx";

/** /materials: the Course Materials Manager with the student's courses in its dropdown. */
export function MaterialsPage() {
  const courses = useCourses();
  usePageTitle("Course Materials");
  return (
    <div className="mx-auto max-w-3xl">
      <MaterialsView courses={courses.data ?? []} Actions={MaterialAiActions} Assistant={MaterialAssistant} />
    </div>
  );
}

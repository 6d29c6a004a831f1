import { useCompletedCourses, useMyCourses } from "#client/features/courses/courses.api.ts";
import { GpaView } from "#client/features/gpa/gpa-view.tsx";

/** /gpa: the GPA calculator over the courses feature's completed Canvas courses; current ones for the target. */
export function GpaPage() {
  const all = useMyCourses();
  const current = (all.data ?? []).filter((c) => c.enrollment_state === "active");
  return <GpaView courses={useCompletedCourses()} current={current} />;
}

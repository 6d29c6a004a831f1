import { useCompletedCourses } from "#client/features/courses/courses.api.ts";
import { GpaView } from "#client/features/gpa/gpa-view.tsx";

/** /gpa: the GPA calculator over the courses feature's completed Canvas courses. */
export function GpaPage() {
  return <GpaView courses={useCompletedCourses()} />;
}

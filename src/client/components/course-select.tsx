import type { Course } from "#shared/courses/contract.ts";
import { Select } from "./ui/form.tsx";

/**
 * A course picker with 'All Courses' first (null). `short` names each course by its code alone, for a
 * narrow bar; otherwise 'CODE · Name'. The label is the caller's (a Field, or a label beside it).
 */
export function CourseSelect({
  id,
  courses,
  courseId,
  onChange,
  short = false,
  className,
}: {
  id: string;
  courses: readonly Course[];
  courseId: number | null;
  onChange: (courseId: number | null) => void;
  short?: boolean;
  className?: string;
}) {
  return (
    <Select
      id={id}
      className={className}
      value={courseId ?? "all"}
      onChange={(e) => onChange(e.target.value === "all" ? null : Number(e.target.value))}
    >
      <option value="all">All Courses</option>
      {courses.map((c) => (
        <option key={c.id} value={c.id}>
          {short ? c.code || c.name : c.code ? `${c.code} · ${c.name}` : c.name}
        </option>
      ))}
    </Select>
  );
}

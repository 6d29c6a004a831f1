import { Search } from "lucide-react";
import { Input, Select } from "#client/components/ui/form.tsx";
import type { Course } from "#shared/courses/contract.ts";

/** SPEC §2.3: 'Search tasks...' and the course filter defaulting to 'All Courses'. */
export function TaskFilters({
  search,
  onSearch,
  courseId,
  onCourse,
  courses,
}: {
  search: string;
  onSearch: (value: string) => void;
  courseId: string;
  onCourse: (value: string) => void;
  courses: readonly Course[];
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <div className="relative flex-1">
        <Search className="pointer-events-none absolute left-3 top-3 h-4 w-4 text-muted" aria-hidden />
        <Input
          type="search"
          aria-label="Search tasks"
          placeholder="Search tasks..."
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          className="pl-9"
        />
      </div>
      <Select
        aria-label="Filter by course"
        value={courseId}
        onChange={(e) => onCourse(e.target.value)}
        className="sm:w-56"
      >
        <option value="all">All Courses</option>
        {courses.map((c) => (
          <option key={c.id} value={String(c.id)}>
            {c.code ? `${c.code} · ${c.name}` : c.name}
          </option>
        ))}
      </Select>
    </div>
  );
}

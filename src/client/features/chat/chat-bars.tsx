import { CourseSelect } from "#client/components/course-select.tsx";
import { Button } from "#client/components/ui/button.tsx";
import type { Course } from "#shared/courses/contract.ts";
import { useChatProvider } from "./chat.api.ts";

/** The course the conversation is about, and which engine answers. */
export function CourseBar({
  id,
  courses,
  courseId,
  onChange,
}: {
  id: string;
  courses: Course[];
  courseId: number | null;
  onChange: (courseId: number | null) => void;
}) {
  const provider = useChatProvider();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
      <span className="flex items-center gap-2">
        <label htmlFor={id}>Course</label>
        <CourseSelect
          id={id}
          short
          className="h-8 w-auto text-xs"
          courses={courses}
          courseId={courseId}
          onChange={onChange}
        />
      </span>
      {provider.data && (
        <span>
          {provider.data.label}
          {provider.data.model ? ` · ${provider.data.model}` : ""}
        </span>
      )}
    </div>
  );
}

/** What the questions are about beside a document: its set, or everything once widened. */
export function ScopeBar({
  label,
  scoped,
  onChange,
}: {
  label: string;
  scoped: boolean;
  onChange: (s: boolean) => void;
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-bg px-2 py-1 text-xs">
      <span className="min-w-0 wrap-anywhere" aria-live="polite">
        {scoped ? `Asking about ${label}` : "Asking about all your materials"}
      </span>
      <Button
        variant="ghost"
        size="sm"
        className="h-auto min-h-8 py-1 text-left wrap-anywhere"
        onClick={() => onChange(!scoped)}
      >
        {scoped ? "Ask about everything" : `Only ${label}`}
      </Button>
    </div>
  );
}

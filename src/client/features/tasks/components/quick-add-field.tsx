import { useDeferredValue, useMemo, useState } from "react";
import { Alert } from "#client/components/ui/card.tsx";
import { Input } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import type { Course } from "#shared/courses/contract.ts";
import { formatDate } from "#shared/date-format.ts";
import type { Task } from "#shared/tasks/contract.ts";
import { describeRecurrence, toRRule } from "#shared/tasks/recurrence.ts";
import { parseQuickAdd } from "../quick-add.ts";
import { viewerTimeZone } from "../repeat-form.ts";
import { useCreateTask } from "../tasks.api.ts";

/**
 * Quick add (issue 26): one line such as "Lab report fri 5pm #BIO210 !high every week", read as the
 * student types, with a preview of exactly what Enter will save.
 */
export function QuickAddField({
  courses,
  onAdded,
}: {
  courses: readonly Course[];
  onAdded: (t: Task) => void;
}) {
  const [text, setText] = useState("");
  const typed = useDeferredValue(text);
  const create = useCreateTask();
  const timeZone = viewerTimeZone();
  const parsed = useMemo(
    () => (typed.trim() ? parseQuickAdd(typed, { now: new Date(), timeZone, courses }) : null),
    [typed, timeZone, courses],
  );
  const [missingTitle, setMissingTitle] = useState(false);

  const add = () => {
    const p = parseQuickAdd(text, { now: new Date(), timeZone, courses });
    if (!p.title) return setMissingTitle(true);
    setMissingTitle(false);
    create.mutate(
      {
        title: p.title,
        dueDate: p.dueDate,
        courseId: p.course?.id ?? null,
        priority: p.priority ?? undefined,
        recurrence: p.recurrence && p.dueDate ? toRRule(p.recurrence, timeZone) : null,
        timeZone,
      },
      { onSuccess: onAdded },
    );
  };
  const due = parsed?.dueDate ? new Date(parsed.dueDate) : null;
  return (
    <div className="mb-4 grid gap-2 border-b border-border pb-4">
      <label htmlFor="task-quick-add" className="text-sm font-medium">
        Quick add
      </label>
      <Input
        id="task-quick-add"
        autoFocus
        placeholder="Lab report fri 5pm #BIO210 !high every week"
        value={text}
        aria-describedby="task-quick-add-preview"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            add();
          }
        }}
      />
      <dl
        id="task-quick-add-preview"
        aria-live="polite"
        data-testid="quick-add-preview"
        className="grid grid-cols-[auto_1fr] gap-x-3 text-xs text-muted"
      >
        {parsed ? (
          <>
            <dt>Title</dt>
            <dd className="wrap-anywhere text-fg">{parsed.title || "(type a title)"}</dd>
            <dt>Due</dt>
            <dd>
              {due
                ? formatDate(due, parsed.hasTime ? "EEE MMM d, yyyy h:mm a" : "EEE MMM d, yyyy '(11:59 PM)'")
                : "No date"}
            </dd>
            <dt>Course</dt>
            <dd>{parsed.course ? (parsed.course.code ?? parsed.course.name) : "None"}</dd>
            <dt>Priority</dt>
            <dd className="capitalize">{parsed.priority ?? "medium"}</dd>
            <dt>Repeats</dt>
            <dd>{parsed.recurrence && due ? describeRecurrence(parsed.recurrence) : "No"}</dd>
          </>
        ) : (
          <dd className="col-span-2">Type a task and press Enter, or fill in the form below.</dd>
        )}
      </dl>
      {parsed?.warnings.map((w) => (
        <p key={w} className="text-xs text-yellow-700 dark:text-yellow-300">
          {w}
        </p>
      ))}
      {missingTitle && (
        <p role="alert" className="text-xs text-red-600">
          Type a title for the task.
        </p>
      )}
      {create.isError && <Alert>{errorMessage(create.error, "Could not add the task.")}</Alert>}
    </div>
  );
}

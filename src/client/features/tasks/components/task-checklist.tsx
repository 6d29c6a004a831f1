import { Trash2 } from "lucide-react";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Alert } from "#client/components/ui/card.tsx";
import { Input } from "#client/components/ui/form.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { SUBTASK_LIMITS } from "#shared/constants.ts";
import type { Subtask, Task } from "#shared/tasks/contract.ts";
import { moveItem } from "#shared/tasks/task-rules.ts";
import { useChangeSubtasks } from "../task-edits.api.ts";
import { useTasks } from "../tasks.api.ts";

/**
 * A task's checklist (issue 26): tick, rename (edit in place, saved on Enter or leaving the field),
 * delete, and reorder with Alt+Arrow keys. Each change is saved at once; the row counts what is done.
 */
export function TaskChecklist({ task: opened }: { task: Task }) {
  // The dialog was opened with a snapshot of the row; the list holds the live checklist.
  const task = useTasks().data?.find((t) => t.id === opened.id) ?? opened;
  const change = useChangeSubtasks(task);
  const [title, setTitle] = useState("");
  const headingId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const items = task.subtasks;
  const done = items.filter((s) => s.done).length;
  const full = items.length >= SUBTASK_LIMITS.perTask;

  const add = () => {
    const value = title.trim();
    if (!value || full) return;
    change.mutate({ kind: "add", title: value }, { onSuccess: () => setTitle("") });
  };

  const move = (item: Subtask, by: number, focusSelector: string) => {
    const from = items.findIndex((s) => s.id === item.id);
    const to = from + by;
    if (to < 0 || to >= items.length) return;
    change.mutate({ kind: "reorder", ids: moveItem(items, from, to).map((s) => s.id) });
    // The moved item keeps focus in its new place.
    requestAnimationFrame(() =>
      listRef.current?.querySelector<HTMLElement>(`[data-subtask="${item.id}"] ${focusSelector}`)?.focus(),
    );
  };
  const onItemKey = (item: Subtask, focusSelector: string) => (e: KeyboardEvent) => {
    if (!e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
    e.preventDefault();
    move(item, e.key === "ArrowUp" ? -1 : 1, focusSelector);
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-2" data-testid="task-checklist">
      <div className="flex items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-sm font-medium">
          Checklist
        </h3>
        {items.length > 0 && (
          <span className="text-xs text-muted">
            {done}/{items.length} done
          </span>
        )}
      </div>
      {items.length > 0 ? (
        <>
          <ul ref={listRef} className="grid gap-1" aria-label={`Checklist of ${task.title}`}>
            {items.map((item) => (
              <ChecklistItem
                key={item.id}
                item={item}
                onToggle={() => change.mutate({ kind: "update", subtaskId: item.id, done: !item.done })}
                onRename={(value) => change.mutate({ kind: "update", subtaskId: item.id, title: value })}
                onDelete={() => change.mutate({ kind: "remove", subtaskId: item.id })}
                onKeyDown={onItemKey}
              />
            ))}
          </ul>
          <p className="text-xs text-muted">Alt+Up and Alt+Down move the focused item.</p>
        </>
      ) : (
        <p className="text-xs text-muted">No steps yet: break the task into small ones.</p>
      )}
      <div className="flex gap-2">
        <Input
          aria-label="New checklist item"
          placeholder={full ? `At most ${SUBTASK_LIMITS.perTask} items` : "Add a step..."}
          value={title}
          maxLength={SUBTASK_LIMITS.titleLength}
          disabled={full}
          onChange={(e) => setTitle(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== "Enter") return;
            e.preventDefault(); // not the dialog's form: this field is outside it, but be sure
            add();
          }}
        />
        <Button
          variant="secondary"
          className="shrink-0"
          onClick={add}
          disabled={full || !title.trim() || change.isPending}
        >
          Add
        </Button>
      </div>
      {change.isError && <Alert>{errorMessage(change.error, "Could not save the checklist.")}</Alert>}
    </section>
  );
}

function ChecklistItem({
  item,
  onToggle,
  onRename,
  onDelete,
  onKeyDown,
}: {
  item: Subtask;
  onToggle: () => void;
  onRename: (title: string) => void;
  onDelete: () => void;
  onKeyDown: (item: Subtask, focusSelector: string) => (e: KeyboardEvent) => void;
}) {
  const [draft, setDraft] = useState(item.title);
  const [seen, setSeen] = useState(item.title);
  // A rename saved (or made elsewhere) shows; the student's unsaved typing is kept otherwise.
  if (seen !== item.title) {
    setSeen(item.title);
    setDraft(item.title);
  }
  const save = () => {
    const value = draft.trim();
    if (!value) setDraft(item.title);
    else if (value !== item.title) onRename(value);
  };
  return (
    <li data-subtask={item.id} className="flex items-center gap-2">
      <input
        type="checkbox"
        checked={item.done}
        onChange={onToggle}
        onKeyDown={onKeyDown(item, "input[type=checkbox]")}
        aria-label={`Done: ${item.title}`}
        className="h-4 w-4 shrink-0 accent-accent"
      />
      <Input
        type="text"
        value={draft}
        aria-label={`Rename ${item.title}`}
        maxLength={SUBTASK_LIMITS.titleLength}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          onKeyDown(item, "input[type=text]")(e);
          if (e.key === "Enter") {
            e.preventDefault();
            save();
          } else if (e.key === "Escape" && draft !== item.title) {
            e.stopPropagation(); // the first Escape undoes the typing, the next closes the dialog
            setDraft(item.title);
          }
        }}
        className={item.done ? "h-8 text-muted line-through" : "h-8"}
      />
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${item.title}`}
        onClick={onDelete}
        className="shrink-0 text-muted hover:text-red-600"
      >
        <Trash2 className="h-4 w-4" aria-hidden />
      </Button>
    </li>
  );
}

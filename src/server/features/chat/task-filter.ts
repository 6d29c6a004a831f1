import type { TaskFilter } from "#server/integrations/ai/builtin/task-questions.ts";
import { foldText } from "#shared/fold-text.ts";
import type { Task } from "#shared/tasks/contract.ts";
import { sortTasks } from "#shared/tasks/task-rules.ts";

/**
 * A title asked for: as written ('lab report' in 'Lab report 2'), or every word of it in any order, since a
 * student names a task by its words, not its punctuation ('the titration lab report' is 'Lab report 2:
 * titration').
 */
function titleMatches(title: string, keyword: string): boolean {
  if (title.includes(keyword)) return true;
  const words = keyword.split(/\s+/).filter(Boolean);
  return words.length > 1 && words.every((w) => title.includes(w));
}

/** Runs a parsed task question on the student's tasks: exact, in the task list's order. */
export function applyTaskFilter(tasks: readonly Task[], filter: TaskFilter, now: Date): Task[] {
  const from = filter.range?.from?.getTime();
  const to = filter.range?.to?.getTime();
  const keywords = filter.keywords?.map(foldText);
  const picked = tasks.filter((t) => {
    const due = t.dueDate ? Date.parse(t.dueDate) : null;
    if (filter.completed !== undefined && t.completed !== filter.completed) return false;
    if (filter.overdue && (due === null || due >= now.getTime())) return false;
    if ((from !== undefined || to !== undefined) && due === null) return false;
    if (from !== undefined && due !== null && due < from) return false;
    if (to !== undefined && due !== null && due >= to) return false;
    if (filter.courseIds && (t.courseId === null || !filter.courseIds.includes(t.courseId))) return false;
    if (keywords) {
      const title = foldText(t.title);
      if (!keywords.some((k) => titleMatches(title, k))) return false;
    }
    return true;
  });
  const sorted = sortTasks(picked);
  return filter.limit ? sorted.slice(0, filter.limit) : sorted;
}

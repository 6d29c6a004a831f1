import { Loader2 } from "lucide-react";
import { type ReactNode, useDeferredValue, useMemo, useState } from "react";
import { DeferredDialog } from "#client/components/deferred-dialog.tsx";
import { PageHeader } from "#client/components/page-header.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Card, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { useNow } from "#client/lib/use-now.ts";
import type { Course } from "#shared/courses/contract.ts";
import { filterTasks, sortTasks, type TaskTab, toSearchable } from "#shared/tasks/task-rules.ts";
import { NewTaskButton } from "./components/task-buttons.tsx";
import { taskFormDialog } from "./components/task-dialogs.ts";
import { TaskFilters } from "./components/task-filters.tsx";
import { TaskList } from "./components/task-list.tsx";
import { newTaskButtonId, useOpenQuickAddFromUrl } from "./quick-add-shortcut.ts";
import { useTasks } from "./tasks.api.ts";

/** What the Canvas feature slots into this page (SPEC §2.3 Sync button, banners, tab spinner). */
export interface CanvasSlot {
  connected: boolean;
  /** Shows the spinner on the Canvas Assignments tab. */
  syncing: boolean;
  /** Beside New Task (the Sync Canvas button); shown only while connected. */
  toolbar?: ReactNode;
  /** Above the tabs (the 'Canvas connection needed' / 'Canvas authentication issue' banners). */
  banner?: ReactNode;
  /**
   * Below the list (the courses the last sync left out): it arrives after the list, and there it cannot
   * push the list down.
   */
  note?: ReactNode;
  /** Whether a banner is due is not known yet: the tabs wait, so a late banner cannot push them down. */
  pending?: boolean;
}

const TABS: { value: TaskTab; label: string }[] = [
  { value: "all", label: "All Tasks" },
  { value: "manual", label: "Manual Tasks" },
  { value: "canvas", label: "Canvas Assignments" },
];

/** The task list; `courses` (the courses feature's list) fills the course filter, form and labels. */
export function TasksView({ canvas, courses }: { canvas?: CanvasSlot; courses: readonly Course[] }) {
  const tasks = useTasks();
  const now = useNow();
  useOpenQuickAddFromUrl();
  const [tab, setTab] = useState<TaskTab>("all");
  const [search, setSearch] = useState("");
  const [courseId, setCourseId] = useState("all");
  // The box updates on every key; the (heavier) list follows when React has time.
  const deferredSearch = useDeferredValue(search);

  // Sorted and made searchable once per data change, not once per keystroke.
  const searchable = useMemo(() => sortTasks(tasks.data ?? []).map(toSearchable), [tasks.data]);
  const visible = useMemo(
    () => filterTasks(searchable, { tab, search: deferredSearch, courseId }),
    [searchable, tab, deferredSearch, courseId],
  );

  const list = (
    <Card className="grid gap-4">
      <CardTitle>Upcoming Tasks</CardTitle>
      <TaskFilters
        search={search}
        onSearch={setSearch}
        courseId={courseId}
        onCourse={setCourseId}
        courses={courses}
      />
      {tasks.isPending ? (
        <div className="grid gap-2" role="status" aria-label="Loading tasks">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : tasks.isError ? (
        <Alert className="flex flex-wrap items-center justify-between gap-2">
          <span>{errorMessage(tasks.error, "Could not load your tasks.")}</span>
          <Button size="sm" variant="secondary" onClick={() => tasks.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <div aria-busy={search !== deferredSearch}>
          <TaskList tasks={visible} courses={courses} now={now} />
        </div>
      )}
    </Card>
  );

  return (
    <div>
      <PageHeader
        title="Tasks and Assignments"
        subtitle="Everything you need to hand in, from your own list and from Canvas."
        actions={
          <>
            {canvas?.connected && canvas.toolbar}
            <DeferredDialog
              dialog={taskFormDialog}
              props={{ courses }}
              trigger={<NewTaskButton id={newTaskButtonId} />}
            />
          </>
        }
      />
      {canvas?.pending ? (
        <div className="grid gap-2" role="status" aria-label="Loading tasks">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-20" />
          ))}
        </div>
      ) : (
        <>
          {canvas?.banner && <div className="mb-4">{canvas.banner}</div>}
          {/* Above the list: under 2,000 tasks it would never be seen. */}
          {canvas?.note}
          <Tabs value={tab} onValueChange={(v) => setTab(v as TaskTab)}>
            <TabsList aria-label="Task source">
              {TABS.map((t) => (
                <TabsTrigger key={t.value} value={t.value} className="inline-flex items-center gap-1.5">
                  {t.label}
                  {t.value === "canvas" && canvas?.syncing && (
                    <Loader2 className="h-3.5 w-3.5 animate-spin" aria-label="Syncing" />
                  )}
                </TabsTrigger>
              ))}
            </TabsList>
            {TABS.map((t) => (
              <TabsContent key={t.value} value={t.value}>
                {t.value === tab && list}
              </TabsContent>
            ))}
          </Tabs>
        </>
      )}
    </div>
  );
}

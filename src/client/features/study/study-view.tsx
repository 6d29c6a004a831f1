import { BookOpen } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useSearchParams } from "wouter";
import { DeferredDialog } from "#client/components/deferred-dialog.tsx";
import { PageHeader } from "#client/components/page-header.tsx";
import { Alert, Card, CardDescription, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { errorMessage } from "#client/lib/api.ts";
import type { StudySet } from "#shared/study/contract.ts";
import type { FocusTaskOption } from "./components/focus/focus-link-select.tsx";
import { PomodoroPanel } from "./components/focus/pomodoro-panel.tsx";
import { NewSetButton } from "./components/new-set-button.tsx";
import { SetList } from "./components/set-list.tsx";
import { StatCards, StatCardsSkeleton } from "./components/stat-cards.tsx";
import { newSetDialog } from "./components/study-dialogs.ts";
import { TimerBadge } from "./components/timer-badge.tsx";
import { useStudySets, useStudyStats } from "./study.api.ts";
import { StudyTimerProvider, useStudyTimer } from "./study-timer.tsx";

export const setLoading = (
  <Card role="status" aria-label="Loading study set" className="grid gap-3">
    <Skeleton className="h-6 w-1/2" />
    <Skeleton className="h-24" />
  </Card>
);

interface StudyViewProps {
  userId: number;
  /** More header actions (the page adds Review). */
  actions?: ReactNode;
  /** The selected set's card: the page composes its tabs from several features. */
  selected: (set: StudySet) => ReactNode;
  /** The tasks the focus timer can link its time to (the page asks tasks). */
  focusTasks: FocusTaskOption[];
}

/** SPEC §2.7 Study Center, for the signed-in student `userId`; the timer lives as long as this screen. */
export function StudyView(props: StudyViewProps) {
  return (
    <StudyTimerProvider>
      <StudyCenter {...props} />
    </StudyTimerProvider>
  );
}

function StudyCenter({ userId, actions, selected: renderSelected, focusTasks }: StudyViewProps) {
  const sets = useStudySets();
  const stats = useStudyStats(userId);
  const timer = useStudyTimer();
  const [params, setParams] = useSearchParams();
  const { start, end } = timer;

  // The selection lives in the URL (?set=<id>&tab=...), so a reload and the back button keep it.
  const setParam = Number(params.get("set"));
  const tab = params.get("tab");
  const selected: StudySet | undefined = sets.data?.find((s) => s.id === setParam && s.id > 0);

  // SPEC §2.7: selecting a set (also by opening its URL) starts a session.
  const selectedId = selected?.id;
  useEffect(() => {
    if (selectedId !== undefined) start(selectedId);
  }, [selectedId, start]);

  const select = (id: number) => {
    start(id);
    // The tab is always in the URL, so a shared link opens the same view.
    setParams({ set: String(id), tab: tab ?? "documents" });
  };
  const clearIfSelected = (id: number) => {
    if (id === selectedId) setParams({}, { replace: true });
  };
  const live = timer.state.status === "active" ? timer.state.seconds : 0;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Study Center"
        subtitle="Organise your study materials, flashcards and quizzes"
        actions={
          <>
            <TimerBadge />
            {actions}
            <NewSetDialogButton label="New Study Set" />
          </>
        }
      />
      {stats.data ? (
        <StatCards stats={stats.data} liveSeconds={live} />
      ) : (
        stats.isPending && <StatCardsSkeleton />
      )}
      <PomodoroPanel tasks={focusTasks} />
      {sets.isError && <Alert>{errorMessage(sets.error, "Could not load your study sets.")}</Alert>}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <SetList
          sets={sets.data ?? []}
          loading={sets.isPending}
          selectedId={selectedId ?? null}
          onSelect={select}
          onDeleting={(id) => {
            if (timer.state.status === "active" && timer.state.studySetId === id) end("manual");
          }}
          onDeleted={clearIfSelected}
        />
        <section aria-label="Selected study set" className="min-w-0">
          {sets.isPending && setParam > 0 ? (
            setLoading
          ) : selected ? (
            renderSelected(selected)
          ) : (
            <Card className="grid justify-items-center gap-3 py-12 text-center">
              <BookOpen className="h-10 w-10 text-muted" aria-hidden />
              <CardTitle>Select a Study Set</CardTitle>
              <CardDescription>
                Choose a study set from the list, or create a new one to start studying.
              </CardDescription>
              <NewSetDialogButton label="Create Study Set" />
            </Card>
          )}
        </section>
      </div>
    </div>
  );
}

function NewSetDialogButton({ label }: { label: string }) {
  return <DeferredDialog dialog={newSetDialog} props={{ label }} trigger={<NewSetButton label={label} />} />;
}

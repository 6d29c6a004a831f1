import { BookOpen } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { useSearchParams } from "wouter";
import { PageHeader } from "#client/components/page-header.tsx";
import { Alert, Card, CardDescription, CardTitle, Skeleton } from "#client/components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { errorMessage } from "#client/lib/api.ts";
import type { StudySet } from "#shared/study.ts";
import { DocumentsTab } from "./components/documents-tab.tsx";
import { NewSetDialog } from "./components/new-set-dialog.tsx";
import { SetList } from "./components/set-list.tsx";
import { StatCards, StatCardsSkeleton } from "./components/stat-cards.tsx";
import { TimerBadge } from "./components/timer-badge.tsx";
import { ReviewLink } from "./review/review-link.tsx";
import { useStudySets, useStudyStats } from "./study.api.ts";
import { StudyTimerProvider, useStudyTimer } from "./study-timer.tsx";

const FlashcardsTab = lazy(async () => ({
  default: (await import("./flashcards/flashcards-tab.tsx")).FlashcardsTab,
}));
const QuizzesTab = lazy(async () => ({ default: (await import("./quizzes/quizzes-tab.tsx")).QuizzesTab }));

const TABS = ["documents", "flashcards", "quizzes"] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => TABS.includes(v as Tab);

const tabLoading = (
  <div role="status" aria-label="Loading" className="grid gap-3">
    <Skeleton className="h-24" />
  </div>
);

/** SPEC §2.7 Study Center, for the signed-in student `userId`; the timer lives as long as this screen. */
export function StudyView({ userId }: { userId: number }) {
  return (
    <StudyTimerProvider>
      <StudyCenter userId={userId} />
    </StudyTimerProvider>
  );
}

function StudyCenter({ userId }: { userId: number }) {
  const sets = useStudySets();
  const stats = useStudyStats(userId);
  const timer = useStudyTimer();
  const [params, setParams] = useSearchParams();
  const { start, end } = timer;

  // The selection lives in the URL (?set=<id>&tab=...), so a reload and the back button keep it.
  const setParam = Number(params.get("set"));
  const tabParam = params.get("tab");
  const tab: Tab = isTab(tabParam) ? tabParam : "documents";
  const selected: StudySet | undefined = sets.data?.find((s) => s.id === setParam && s.id > 0);

  // SPEC §2.7: selecting a set (also by opening its URL) starts a session.
  const selectedId = selected?.id;
  useEffect(() => {
    if (selectedId !== undefined) start(selectedId);
  }, [selectedId, start]);

  const select = (id: number) => {
    start(id);
    setParams({ set: String(id), tab });
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
            <ReviewLink />
            <NewSetDialog />
          </>
        }
      />
      {stats.data ? (
        <StatCards stats={stats.data} liveSeconds={live} />
      ) : (
        stats.isPending && <StatCardsSkeleton />
      )}
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
            <Card role="status" aria-label="Loading study set" className="grid gap-3">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-24" />
            </Card>
          ) : selected ? (
            <Card className="grid gap-2">
              <div className="flex min-w-0 items-center gap-3">
                <span
                  aria-hidden
                  className="h-3 w-3 shrink-0 rounded-full"
                  style={{ backgroundColor: selected.color }}
                />
                <h2 className="min-w-0 wrap-anywhere text-xl font-semibold">{selected.title}</h2>
              </div>
              {selected.description && (
                <p className="wrap-anywhere text-sm text-muted">{selected.description}</p>
              )}
              <Tabs
                value={tab}
                onValueChange={(v) => setParams({ set: String(selected.id), tab: v }, { replace: true })}
                className="mt-2"
              >
                <TabsList aria-label="Study set content">
                  <TabsTrigger value="documents">Documents</TabsTrigger>
                  <TabsTrigger value="flashcards">Flashcards</TabsTrigger>
                  <TabsTrigger value="quizzes">Quizzes</TabsTrigger>
                </TabsList>
                <TabsContent value="documents">
                  <DocumentsTab studySetId={selected.id} />
                </TabsContent>
                <TabsContent value="flashcards">
                  <Suspense fallback={tabLoading}>
                    <FlashcardsTab studySetId={selected.id} studySetTitle={selected.title} />
                  </Suspense>
                </TabsContent>
                <TabsContent value="quizzes">
                  <Suspense fallback={tabLoading}>
                    <QuizzesTab studySetId={selected.id} studySetTitle={selected.title} />
                  </Suspense>
                </TabsContent>
              </Tabs>
            </Card>
          ) : (
            <Card className="grid justify-items-center gap-3 py-12 text-center">
              <BookOpen className="h-10 w-10 text-muted" aria-hidden />
              <CardTitle>Select a Study Set</CardTitle>
              <CardDescription>
                Choose a study set from the list, or create a new one to start studying.
              </CardDescription>
              <NewSetDialog label="Create Study Set" />
            </Card>
          )}
        </section>
      </div>
    </div>
  );
}

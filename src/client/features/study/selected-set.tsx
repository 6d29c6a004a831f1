import { lazy, Suspense } from "react";
import { Card, Skeleton } from "#client/components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import type { StudySet } from "#shared/study.ts";
import { DocumentsTab } from "./components/documents-tab.tsx";
import type { StudyTab } from "./study-tabs.ts";

const FlashcardsTab = lazy(async () => ({
  default: (await import("./flashcards/flashcards-tab.tsx")).FlashcardsTab,
}));
const QuizzesTab = lazy(async () => ({ default: (await import("./quizzes/quizzes-tab.tsx")).QuizzesTab }));

const tabLoading = (
  <div role="status" aria-label="Loading" className="grid gap-3">
    <Skeleton className="h-24" />
  </div>
);

/** The Study Center's right-hand card for the selected set: Documents, Flashcards and Quizzes tabs. */
export function SelectedSet({
  set,
  tab,
  onTab,
}: {
  set: StudySet;
  tab: StudyTab;
  onTab: (tab: StudyTab) => void;
}) {
  return (
    <Card className="grid gap-2">
      <div className="flex min-w-0 items-center gap-3">
        <span aria-hidden className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: set.color }} />
        <h2 className="min-w-0 wrap-anywhere text-xl font-semibold">{set.title}</h2>
      </div>
      {set.description && <p className="wrap-anywhere text-sm text-muted">{set.description}</p>}
      <Tabs value={tab} onValueChange={(v) => onTab(v as StudyTab)} className="mt-2">
        <TabsList aria-label="Study set content">
          <TabsTrigger value="documents">Documents</TabsTrigger>
          <TabsTrigger value="flashcards">Flashcards</TabsTrigger>
          <TabsTrigger value="quizzes">Quizzes</TabsTrigger>
        </TabsList>
        <TabsContent value="documents">
          <DocumentsTab studySetId={set.id} />
        </TabsContent>
        <TabsContent value="flashcards">
          <Suspense fallback={tabLoading}>
            <FlashcardsTab studySetId={set.id} studySetTitle={set.title} />
          </Suspense>
        </TabsContent>
        <TabsContent value="quizzes">
          <Suspense fallback={tabLoading}>
            <QuizzesTab studySetId={set.id} studySetTitle={set.title} />
          </Suspense>
        </TabsContent>
      </Tabs>
    </Card>
  );
}

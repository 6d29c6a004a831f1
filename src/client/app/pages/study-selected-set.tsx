import { lazy, Suspense } from "react";
import { useSearchParams } from "wouter";
import { Card, Skeleton } from "#client/components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { type DocumentExtras, DocumentsTab } from "#client/features/study/components/documents-tab.tsx";
import { DocumentSummaryBlock } from "#client/features/summaries/components/document-ai.tsx";
import { DocumentAiActions } from "#client/features/summaries/components/document-ai-actions.tsx";
import type { StudySet } from "#shared/study/contract.ts";
import { StudyDocumentAssistant } from "./study-document-assistant.tsx";

const FlashcardsTab = lazy(async () => ({
  default: (await import("#client/features/flashcards/flashcards-tab.tsx")).FlashcardsTab,
}));
const QuizzesTab = lazy(async () => ({
  default: (await import("#client/features/flashcards/quizzes-tab.tsx")).QuizzesTab,
}));

const STUDY_TABS = ["documents", "flashcards", "quizzes"] as const;
type StudyTab = (typeof STUDY_TABS)[number];
const isTab = (v: string | null): v is StudyTab => STUDY_TABS.includes(v as StudyTab);

/** A study document's card gets summaries' AI summary and buttons (here and on a shared set's page). */
export const documentExtras: DocumentExtras = { Summary: DocumentSummaryBlock, Actions: DocumentAiActions };

/** The owner's documents open with the assistant beside them, their set in scope. */
const ownerExtras: DocumentExtras = { ...documentExtras, Assistant: StudyDocumentAssistant };

const tabLoading = (
  <div role="status" aria-label="Loading" className="grid gap-3">
    <Skeleton className="h-24" />
  </div>
);

/**
 * The Study Center's right-hand card for the selected set: Documents, Flashcards and Quizzes tabs. The tab
 * lives in the URL (?set=<id>&tab=...) beside the set, so a reload and the back button keep it.
 */
export function SelectedSet({ set }: { set: StudySet }) {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get("tab");
  const tab: StudyTab = isTab(tabParam) ? tabParam : "documents";
  return (
    <Card className="grid gap-2">
      <div className="flex min-w-0 items-center gap-3">
        <span aria-hidden className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: set.color }} />
        <h2 className="min-w-0 wrap-anywhere text-xl font-semibold">{set.title}</h2>
      </div>
      {set.description && <p className="wrap-anywhere text-sm text-muted">{set.description}</p>}
      <Tabs
        value={tab}
        onValueChange={(v) => setParams({ set: String(set.id), tab: v }, { replace: true })}
        className="mt-2"
      >
        <TabsList aria-label="Study set content">
          <TabsTrigger value="documents">Documents</TabsTrigger>
          <TabsTrigger value="flashcards">Flashcards</TabsTrigger>
          <TabsTrigger value="quizzes">Quizzes</TabsTrigger>
        </TabsList>
        <TabsContent value="documents">
          <DocumentsTab studySetId={set.id} extras={ownerExtras} />
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

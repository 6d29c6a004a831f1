import { ArrowLeft } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { useParams } from "wouter";
import { usePageTitle } from "#client/components/page-header.tsx";
import { QueryView } from "#client/components/query-view.tsx";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Alert, Card, Skeleton } from "#client/components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#client/components/ui/tabs.tsx";
import { useMe } from "#client/features/auth/auth.api.ts";
import { useGroup } from "#client/features/friends/groups.api.ts";
import { DocumentsTab } from "#client/features/study/components/documents-tab.tsx";
import type { SharedSet as GroupSharedSet } from "#shared/friends/groups.ts";
import { documentExtras } from "./study-selected-set.tsx";

const FlashcardsTab = lazy(async () => ({
  default: (await import("#client/features/flashcards/flashcards-tab.tsx")).FlashcardsTab,
}));
const QuizzesTab = lazy(async () => ({
  default: (await import("#client/features/flashcards/quizzes-tab.tsx")).QuizzesTab,
}));

/**
 * A study set shared with one of the student's groups: its quizzes to take, its flashcards and documents to
 * read. Only its owner (who shared it) gets the edit controls; the server refuses members' edits anyway.
 */
export function SharedSetPage() {
  const me = useMe();
  const params = useParams<{ id: string; setId: string }>();
  const groupId = Number(params.id);
  const setId = Number(params.setId);
  const group = useGroup(groupId);
  const back = (
    <ButtonLink variant="ghost" size="sm" href={`/friends/groups/${groupId}`}>
      <ArrowLeft className="h-4 w-4" aria-hidden />
      Back to group
    </ButtonLink>
  );
  const notShared = (
    <div className="grid gap-4">
      <h1 className="text-2xl font-bold">Shared study set</h1>
      <Alert>This study set is not shared with you.</Alert>
      <div>{back}</div>
    </div>
  );
  // The set is looked up in the group: a group that does not load shares nothing with this student.
  return (
    <QueryView
      query={{ status: me.isPending ? "pending" : group.status, data: group.data, error: group.error }}
      pending={<Skeleton className="h-40" />}
      error={() => notShared}
    >
      {(g) => {
        const set = g.sets.find((s) => s.id === setId);
        if (!set) return notShared;
        return (
          <SharedSet set={set} groupName={g.name} readOnly={set.sharedBy.id !== me.data?.id} back={back} />
        );
      }}
    </QueryView>
  );
}

function SharedSet({
  set,
  groupName,
  readOnly,
  back,
}: {
  set: GroupSharedSet;
  groupName: string;
  readOnly: boolean;
  back: ReactNode;
}) {
  usePageTitle(set.title);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div>{back}</div>
      <div>
        <h1 className="wrap-anywhere text-2xl font-bold tracking-tight">{set.title}</h1>
        <p className="mt-1 break-words text-sm text-muted">
          Shared in {groupName} by {set.sharedBy.firstName} {set.sharedBy.lastName}
        </p>
      </div>
      <Card>
        <Tabs defaultValue="quizzes">
          <TabsList aria-label="Shared study set content">
            <TabsTrigger value="quizzes">Quizzes</TabsTrigger>
            <TabsTrigger value="flashcards">Flashcards</TabsTrigger>
            <TabsTrigger value="documents">Documents</TabsTrigger>
          </TabsList>
          <TabsContent value="quizzes">
            <Suspense fallback={<Skeleton className="h-24" />}>
              <QuizzesTab studySetId={set.id} studySetTitle={set.title} />
            </Suspense>
          </TabsContent>
          <TabsContent value="flashcards">
            <Suspense fallback={<Skeleton className="h-24" />}>
              <FlashcardsTab studySetId={set.id} studySetTitle={set.title} readOnly={readOnly} />
            </Suspense>
          </TabsContent>
          <TabsContent value="documents">
            <DocumentsTab studySetId={set.id} readOnly={readOnly} extras={documentExtras} />
          </TabsContent>
        </Tabs>
      </Card>
    </div>
  );
}

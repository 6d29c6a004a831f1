import { ArrowLeft } from "lucide-react";
import { PageHeader } from "#client/components/page-header.tsx";
import { QueryView } from "#client/components/query-view.tsx";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Alert, Badge, Skeleton } from "#client/components/ui/card.tsx";
import { errorMessage } from "#client/lib/api.ts";
import { GroupLeave } from "./components/group-leave.tsx";
import { GroupMembers } from "./components/group-members.tsx";
import { GroupSets, type OwnSet } from "./components/group-sets.tsx";
import { useGroup } from "./groups.api.ts";

const back = (
  <ButtonLink variant="ghost" size="sm" href="/friends">
    <ArrowLeft className="h-4 w-4" aria-hidden />
    Back to Friends
  </ButtonLink>
);

/** A study group's page: members and roles, shared study sets, leave and delete. */
export function GroupView({ groupId, meId, ownSets }: { groupId: number; meId: number; ownSets: OwnSet[] }) {
  const group = useGroup(groupId);
  return (
    <QueryView
      query={group}
      pending={
        <div role="status" aria-label="Loading group" className="grid gap-3">
          <Skeleton className="h-10 w-1/2" />
          <Skeleton className="h-40" />
        </div>
      }
      error={(err) => (
        <div className="grid gap-4">
          <h1 className="text-2xl font-bold">Study group</h1>
          <Alert>{errorMessage(err, "Could not load this group.")}</Alert>
          <div>{back}</div>
        </div>
      )}
    >
      {(g) => (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
          <div>{back}</div>
          <PageHeader
            title={g.name}
            subtitle={g.description ?? undefined}
            actions={<Badge tone={g.role === "admin" ? "blue" : "gray"}>{g.role}</Badge>}
          />
          <GroupSets group={g} meId={meId} ownSets={ownSets} />
          <GroupMembers group={g} meId={meId} />
          <GroupLeave group={g} meId={meId} />
        </div>
      )}
    </QueryView>
  );
}

import type { UseQueryResult } from "@tanstack/react-query";
import { Flame, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { QueryView } from "#client/components/query-view.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Alert, Badge, Card, CardDescription, Skeleton } from "#client/components/ui/card.tsx";
import type { FriendProgress, FriendRequest, UserSummary } from "#shared/friends/contract.ts";
import { useAcceptRequest, useFriendProgress, useRejectRequest, useRemoveFriend } from "../friends.api.ts";
import { PersonRow } from "./person-row.tsx";

type ListState<T> = Pick<UseQueryResult<T[]>, "status" | "data" | "error">;

/** Loading, error and empty states shared by the three people lists. */
function ListBody<T>({
  state,
  label,
  empty,
  children,
}: {
  state: ListState<T>;
  label: string;
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  return (
    <QueryView
      query={state}
      pending={
        <div role="status" aria-label={`Loading ${label}`} className="grid gap-2">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      }
      error={() => <Alert>Could not load {label}. Please try again.</Alert>}
      empty={
        <Card className="py-8 text-center">
          <CardDescription>{empty}</CardDescription>
        </Card>
      }
    >
      {(items) => (
        <ul aria-label={label} className="grid gap-2">
          {children(items)}
        </ul>
      )}
    </QueryView>
  );
}

/** A friend's level and current streak; nothing for a friend who keeps them to themselves. */
function FriendFigures({ figures }: { figures?: FriendProgress }) {
  if (!figures) return null;
  const days = figures.currentStudyStreak;
  return (
    <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted" data-testid="friend-progress">
      <span className="inline-flex items-center gap-1">
        <Trophy className="h-3.5 w-3.5" aria-hidden /> Level {figures.level}
      </span>
      <span className="inline-flex items-center gap-1">
        <Flame className="h-3.5 w-3.5" aria-hidden /> {days}-day streak
      </span>
    </p>
  );
}

export function FriendList({ state }: { state: ListState<UserSummary> }) {
  const remove = useRemoveFriend();
  const progress = useFriendProgress();
  const figures = new Map(progress.data?.map((p) => [p.id, p]));
  return (
    <ListBody state={state} label="Friends" empty="No friends yet. Add one by username above.">
      {(friends) =>
        friends.map((f) => (
          <PersonRow key={f.id} user={f} detail={<FriendFigures figures={figures.get(f.id)} />}>
            <Button
              variant="secondary"
              size="sm"
              disabled={remove.isPending}
              onClick={() => remove.mutate(f.id)}
              aria-label={`Remove ${f.firstName} ${f.lastName}`}
            >
              Remove
            </Button>
          </PersonRow>
        ))
      }
    </ListBody>
  );
}

export function RequestList({ state }: { state: ListState<FriendRequest> }) {
  const accept = useAcceptRequest();
  const reject = useRejectRequest();
  const busy = accept.isPending || reject.isPending;
  return (
    <ListBody state={state} label="Friend requests" empty="No pending requests.">
      {(requests) =>
        requests.map((r) => (
          <PersonRow key={r.id} user={r.user}>
            <Button
              size="sm"
              disabled={busy}
              onClick={() => accept.mutate(r.id)}
              aria-label={`Accept ${r.user.firstName} ${r.user.lastName}`}
            >
              Accept
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={busy}
              onClick={() => reject.mutate(r.id)}
              aria-label={`Decline ${r.user.firstName} ${r.user.lastName}`}
            >
              Decline
            </Button>
          </PersonRow>
        ))
      }
    </ListBody>
  );
}

export function SentList({ state }: { state: ListState<FriendRequest> }) {
  return (
    <ListBody state={state} label="Sent requests" empty="No sent requests.">
      {(requests) =>
        requests.map((r) => (
          <PersonRow key={r.id} user={r.user}>
            <Badge tone="yellow">Pending</Badge>
          </PersonRow>
        ))
      }
    </ListBody>
  );
}

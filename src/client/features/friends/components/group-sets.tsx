import { type FormEvent, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { ButtonLink } from "#client/components/ui/button-link.tsx";
import { Card, CardDescription, CardTitle } from "#client/components/ui/card.tsx";
import { Label, Select } from "#client/components/ui/form.tsx";
import type { GroupDetail } from "#shared/friends/groups.ts";
import { useShareSet, useUnshareSet } from "../groups.api.ts";

export interface OwnSet {
  id: number;
  title: string;
}

function ShareForm({ groupId, sets }: { groupId: number; sets: OwnSet[] }) {
  const [setId, setSetId] = useState("");
  const share = useShareSet(groupId);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (setId) share.mutate(Number(setId), { onSuccess: () => setSetId("") });
  }
  if (!sets.length) {
    return <CardDescription>Create a study set in the Study Center to share it here.</CardDescription>;
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
        <Label htmlFor="share-set">Share one of your study sets</Label>
        <Select id="share-set" value={setId} onChange={(e) => setSetId(e.target.value)}>
          <option value="">Choose a study set</option>
          {sets.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" disabled={!setId || share.isPending}>
        Upload
      </Button>
    </form>
  );
}

/** The study sets shared with the group: members open them; the sharer or an admin stops sharing. */
export function GroupSets({ group, meId, ownSets }: { group: GroupDetail; meId: number; ownSets: OwnSet[] }) {
  const unshare = useUnshareSet(group.id);
  const sharedIds = new Set(group.sets.map((s) => s.id));
  return (
    <Card id="share" className="grid gap-3">
      <CardTitle>Shared study sets ({group.sets.length})</CardTitle>
      <ShareForm groupId={group.id} sets={ownSets.filter((s) => !sharedIds.has(s.id))} />
      {group.sets.length === 0 ? (
        <CardDescription>No study sets shared yet.</CardDescription>
      ) : (
        <ul aria-label="Shared study sets" className="grid gap-2">
          {group.sets.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-3">
              <span
                aria-hidden
                className="h-3 w-3 shrink-0 rounded-full"
                style={{ backgroundColor: s.color }}
              />
              <div className="min-w-0 flex-1">
                <p className="wrap-anywhere font-medium">{s.title}</p>
                <p className="break-words text-sm text-muted">
                  Shared by {s.sharedBy.firstName} {s.sharedBy.lastName}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <ButtonLink
                  size="sm"
                  href={`/friends/groups/${group.id}/sets/${s.id}`}
                  aria-label={`Open ${s.title}`}
                >
                  Open
                </ButtonLink>
                {(s.sharedBy.id === meId || group.role === "admin") && (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={unshare.isPending}
                    onClick={() => unshare.mutate(s.id)}
                    aria-label={`Stop sharing ${s.title}`}
                  >
                    Stop sharing
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

import { type FormEvent, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Badge, Card, CardTitle } from "#client/components/ui/card.tsx";
import { Input, Label } from "#client/components/ui/form.tsx";
import type { GroupDetail } from "#shared/groups.ts";
import { useInviteMember, usePromoteMember, useRemoveMember } from "../groups.api.ts";
import { PersonRow } from "./person-row.tsx";

function InviteForm({ groupId }: { groupId: number }) {
  const [username, setUsername] = useState("");
  const invite = useInviteMember(groupId);
  const trimmed = username.trim();
  function submit(e: FormEvent) {
    e.preventDefault();
    if (trimmed) invite.mutate(trimmed, { onSuccess: () => setUsername("") });
  }
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
        <Label htmlFor="invite-username">Add a friend by username</Label>
        <Input
          id="invite-username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          placeholder="Enter username"
          autoComplete="off"
        />
      </div>
      <Button type="submit" disabled={!trimmed || invite.isPending}>
        Add Member
      </Button>
    </form>
  );
}

/** Members with their roles; an admin adds friends, promotes members and removes them. */
export function GroupMembers({ group, meId }: { group: GroupDetail; meId: number }) {
  const promote = usePromoteMember(group.id);
  const remove = useRemoveMember(group.id);
  const isAdmin = group.role === "admin";
  const busy = promote.isPending || remove.isPending;
  return (
    <Card className="grid gap-3">
      <CardTitle>Members ({group.members.length})</CardTitle>
      {isAdmin && <InviteForm groupId={group.id} />}
      <ul aria-label="Members" className="grid gap-2">
        {group.members.map((m) => {
          const name = `${m.firstName} ${m.lastName}`;
          return (
            <PersonRow key={m.id} user={m}>
              <Badge tone={m.role === "admin" ? "blue" : "gray"}>{m.role}</Badge>
              {isAdmin && m.id !== meId && m.role !== "admin" && (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  onClick={() => promote.mutate(m.id)}
                  aria-label={`Make ${name} an admin`}
                >
                  Make admin
                </Button>
              )}
              {isAdmin && m.id !== meId && (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  onClick={() => remove.mutate(m.id)}
                  aria-label={`Remove ${name} from the group`}
                >
                  Remove
                </Button>
              )}
            </PersonRow>
          );
        })}
      </ul>
    </Card>
  );
}

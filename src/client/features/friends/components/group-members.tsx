import { Button } from "#client/components/ui/button.tsx";
import { Badge, Card, CardTitle } from "#client/components/ui/card.tsx";
import type { GroupDetail } from "#shared/friends/groups.ts";
import { useInviteMember, usePromoteMember, useRemoveMember } from "../groups.api.ts";
import { PersonRow } from "./person-row.tsx";
import { UsernameForm } from "./username-form.tsx";

function InviteForm({ groupId }: { groupId: number }) {
  const invite = useInviteMember(groupId);
  return (
    <UsernameForm
      id="invite-username"
      label="Add a friend by username"
      pending={invite.isPending}
      submitLabel="Add Member"
      onSubmit={(username, done) => invite.mutate(username, { onSuccess: done })}
    />
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
                  // Starts with what it shows (WCAG 2.5.3: a voice user says "Make admin").
                  aria-label={`Make admin: ${name}`}
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

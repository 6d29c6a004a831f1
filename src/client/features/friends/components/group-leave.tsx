import { useState } from "react";
import { useLocation } from "wouter";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardTitle } from "#client/components/ui/card.tsx";
import { Label, Select } from "#client/components/ui/form.tsx";
import type { GroupDetail } from "#shared/friends/groups.ts";
import { useDeleteGroup, useLeaveGroup } from "../groups.api.ts";

/** Leave (the last admin names another admin first) and, for admins, delete the group. */
export function GroupLeave({ group, meId }: { group: GroupDetail; meId: number }) {
  const [, navigate] = useLocation();
  const leave = useLeaveGroup(group.id);
  const remove = useDeleteGroup(group.id);
  const [newAdmin, setNewAdmin] = useState("");
  const [confirming, setConfirming] = useState(false);
  const others = group.members.filter((m) => m.id !== meId);
  const lastAdmin = group.role === "admin" && others.length > 0 && !others.some((m) => m.role === "admin");
  const toFriends = { onSuccess: () => navigate("/friends") };

  return (
    <Card className="grid gap-3">
      <CardTitle>Leave or delete</CardTitle>
      {lastAdmin && (
        <div className="grid gap-1.5">
          <Label htmlFor="new-admin">You are the last admin: choose who becomes admin</Label>
          <Select id="new-admin" value={newAdmin} onChange={(e) => setNewAdmin(e.target.value)}>
            <option value="">Choose a member</option>
            {others.map((m) => (
              <option key={m.id} value={m.id}>
                {m.firstName} {m.lastName} (@{m.username})
              </option>
            ))}
          </Select>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={leave.isPending || (lastAdmin && !newAdmin)}
          onClick={() => leave.mutate(newAdmin ? Number(newAdmin) : undefined, toFriends)}
        >
          Leave group
        </Button>
        {group.role === "admin" &&
          (confirming ? (
            <>
              <Button
                variant="destructive"
                disabled={remove.isPending}
                onClick={() => remove.mutate(undefined, toFriends)}
              >
                Confirm delete
              </Button>
              <Button variant="ghost" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
            </>
          ) : (
            <Button variant="destructive" onClick={() => setConfirming(true)}>
              Delete group
            </Button>
          ))}
      </div>
    </Card>
  );
}

import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardTitle } from "#client/components/ui/card.tsx";
import { Input, Label } from "#client/components/ui/form.tsx";
import { useSendFriendRequest } from "../friends.api.ts";

/** SPEC §2.12 'Add Friend' by username; send is disabled while the trimmed username is empty. */
export function AddFriendForm() {
  const [username, setUsername] = useState("");
  const send = useSendFriendRequest();
  const trimmed = username.trim();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!trimmed) return;
    send.mutate(trimmed, { onSuccess: () => setUsername("") });
  }

  return (
    <Card>
      <CardTitle>Add Friend</CardTitle>
      <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
          <Label htmlFor="friend-username">Username</Label>
          <Input
            id="friend-username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            placeholder="Enter username"
            autoComplete="off"
          />
        </div>
        <Button type="submit" disabled={!trimmed || send.isPending}>
          <UserPlus className="h-4 w-4" aria-hidden />
          {send.isPending ? "Sending..." : "Send Request"}
        </Button>
      </form>
    </Card>
  );
}

import { UserPlus } from "lucide-react";
import { Card, CardTitle } from "#client/components/ui/card.tsx";
import { useSendFriendRequest } from "../friends.api.ts";
import { UsernameForm } from "./username-form.tsx";

/** SPEC §2.12 'Add Friend' by username; send is disabled while the trimmed username is empty. */
export function AddFriendForm() {
  const send = useSendFriendRequest();
  return (
    <Card>
      <CardTitle>Add Friend</CardTitle>
      <UsernameForm
        id="friend-username"
        label="Username"
        className="mt-3"
        pending={send.isPending}
        submitLabel={
          <>
            <UserPlus className="h-4 w-4" aria-hidden />
            {send.isPending ? "Sending..." : "Send Request"}
          </>
        }
        onSubmit={(username, done) => send.mutate(username, { onSuccess: done })}
      />
    </Card>
  );
}

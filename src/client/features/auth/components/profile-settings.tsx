import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#client/components/ui/card.tsx";
import { Field, Input } from "#client/components/ui/form.tsx";
import { toast } from "#client/lib/toast.tsx";
import type { User } from "#shared/auth/contract.ts";
import { usernameSchema } from "#shared/auth/contract.ts";
import { useUpdateUsername } from "../auth.api.ts";

export function ProfileSettings({ user }: { user: User }) {
  const [username, setUsername] = useState(user.username);
  const [error, setError] = useState<string>();
  const update = useUpdateUsername();
  const trimmed = username.trim();
  const unchanged = trimmed === user.username;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = usernameSchema.safeParse(username);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    update.mutate(parsed.data, {
      onSuccess: (u) => {
        setUsername(u.username);
        toast({ title: "Username updated", description: `You are now @${u.username}.`, variant: "success" });
      },
      onError: (err) =>
        toast({
          title: "Update failed",
          description: err.message || "Could not update username. Please try again.",
          variant: "destructive",
        }),
    });
  };

  return (
    <Card className="grid gap-5">
      <div>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your account details.</CardDescription>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="profile-first" label="First name" hint="Contact support to change your name">
          <Input id="profile-first" value={user.firstName} readOnly aria-describedby="profile-first-hint" />
        </Field>
        <Field id="profile-last" label="Last name" hint="Contact support to change your name">
          <Input id="profile-last" value={user.lastName} readOnly aria-describedby="profile-last-hint" />
        </Field>
      </div>
      <Field id="profile-email" label="Email" hint="Your email cannot be changed">
        <Input id="profile-email" value={user.email} readOnly aria-describedby="profile-email-hint" />
      </Field>
      <form onSubmit={submit} noValidate>
        <Field
          id="profile-username"
          label="Username"
          hint="3-20 characters, letters, numbers, and underscores only"
          error={error}
        >
          <div className="flex gap-2">
            <Input
              id="profile-username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "profile-username-error" : "profile-username-hint"}
              autoComplete="username"
            />
            <Button type="submit" className="shrink-0" disabled={!trimmed || unchanged || update.isPending}>
              {update.isPending ? "Updating..." : "Update"}
            </Button>
          </div>
        </Field>
      </form>
    </Card>
  );
}

import { type FormEvent, type ReactNode, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Input, Label } from "#client/components/ui/form.tsx";
import { cn } from "#client/lib/cn.ts";

/**
 * One username and a submit button, as 'Add Friend' and a group's 'Add Member' ask: the button is off
 * while the trimmed name is empty or a send is under way, and the field clears once a send succeeds.
 */
export function UsernameForm({
  id,
  label,
  pending,
  submitLabel,
  onSubmit,
  className,
}: {
  id: string;
  label: string;
  pending: boolean;
  submitLabel: ReactNode;
  /** Sends the trimmed username; calls `done` on success so the field clears. */
  onSubmit: (username: string, done: () => void) => void;
  className?: string;
}) {
  const [username, setUsername] = useState("");
  const trimmed = username.trim();
  function submit(e: FormEvent) {
    e.preventDefault();
    if (trimmed) onSubmit(trimmed, () => setUsername(""));
  }
  return (
    <form onSubmit={submit} className={cn("flex flex-wrap items-end gap-2", className)}>
      <div className="grid min-w-0 flex-1 basis-48 gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          placeholder="Enter username"
          autoComplete="off"
        />
      </div>
      <Button type="submit" disabled={!trimmed || pending}>
        {submitLabel}
      </Button>
    </form>
  );
}

import type { ReactNode } from "react";
import type { UserSummary } from "#shared/friends/contract.ts";

const initials = (u: UserSummary) => `${u.firstName.charAt(0)}${u.lastName.charAt(0)}`.toUpperCase() || "?";

export function Avatar({ user }: { user: UserSummary }) {
  if (user.avatarUrl) {
    return <img src={user.avatarUrl} alt="" className="h-10 w-10 shrink-0 rounded-full object-cover" />;
  }
  return (
    <span
      aria-hidden
      className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-accent-strong text-sm font-semibold text-white"
    >
      {initials(user)}
    </span>
  );
}

/** SPEC §2.12 row: avatar or initials, full name and @username, then the row's actions. */
export function PersonRow({
  user,
  detail,
  children,
}: {
  user: UserSummary;
  /** A line under the @username (a friend's level and streak). */
  detail?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-surface p-3">
      <Avatar user={user} />
      <div className="min-w-0 flex-1">
        <p className="break-words font-medium">
          {user.firstName} {user.lastName}
        </p>
        <p className="break-words text-sm text-muted">@{user.username}</p>
        {detail}
      </div>
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </li>
  );
}

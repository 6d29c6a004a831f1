import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { errorMessage } from "#client/lib/api.ts";
import { Alert } from "./ui/card.tsx";

export interface QueryState<T> {
  status: UseQueryResult<T>["status"];
  data: T | undefined;
  error: unknown;
}

/**
 * The one way a list or page shows a query: its placeholder while pending, the error (the server's
 * message, else `error`), its empty state, or the data. Screens give only what differs.
 */
export function QueryView<T>({
  query,
  pending,
  error,
  empty,
  isEmpty = (data) => Array.isArray(data) && data.length === 0,
  children,
}: {
  /** A query, or any state put in its shape (a mutation's, two queries' combined). */
  query: QueryState<T>;
  /** The placeholder while the first answer is on its way (skeletons with role="status"). */
  pending: ReactNode;
  /** The fallback message when the failure carries none of its own (SPEC §8 wording where it has one). */
  error: string | ((err: unknown) => ReactNode);
  /** Shown instead of `children` when the data is empty; absent: children draw the empty data too. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.status === "pending") return pending;
  if (query.status === "error")
    return typeof error === "function" ? (
      error(query.error)
    ) : (
      <Alert>{errorMessage(query.error, error)}</Alert>
    );
  const data = query.data as T;
  if (empty !== undefined && isEmpty(data)) return empty;
  return children(data);
}

/** The dashed-box empty state lists share: an icon, a line saying what is missing, and what to do. */
export function EmptyState({
  icon,
  title,
  children,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="grid justify-items-center gap-2 rounded-xl border border-dashed border-border py-10 text-center">
      {icon}
      <p className="font-medium">{title}</p>
      {children && <div className="text-sm text-muted">{children}</div>}
    </div>
  );
}

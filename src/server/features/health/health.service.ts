import type { DbKind } from "../../db/client.ts";

/** What /api/health reports: the process answers, and which database it runs on. */
export function createHealthService({ dbKind }: { dbKind: DbKind }) {
  return { status: () => ({ status: "ok" as const, database: dbKind }) };
}
export type HealthService = ReturnType<typeof createHealthService>;

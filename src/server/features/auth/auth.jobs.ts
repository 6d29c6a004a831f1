import { z } from "zod";
import { defineJob } from "../../jobs/define.ts";

/**
 * Deletes sessions past their expiry, so the table holds live ones only (an expired one is refused
 * anyway). Hourly, once per cluster. Idempotent: it deletes whatever has expired by now, so a repeated or
 * overlapping run finds less or nothing to delete.
 */
export const purgeSessionsJob = defineJob({
  name: "auth.purge-sessions",
  payload: z.object({}),
  schedule: { cron: "17 * * * *" },
  retry: { limit: 2, delaySeconds: 60 },
  timeoutSeconds: 5 * 60,
  async handler(_payload, { services, log }) {
    const purged = await services.auth.purgeExpiredSessions();
    if (purged) log.info({ purged }, "expired sessions purged");
    return { purged };
  },
});

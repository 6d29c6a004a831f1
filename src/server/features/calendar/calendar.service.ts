import type {
  CalendarEvent,
  CalendarTokenStatus,
  calendarTokenEndpoints,
  eventEndpoints,
} from "#shared/calendar/contract.ts";
import type { Infer } from "#shared/http.ts";
import type { Db } from "../../db/client.ts";
import { buildIcs } from "../../integrations/calendar-feed/ics.ts";
import type { Clock } from "../../lib/clock.ts";
import { deriveSecret, randomToken, sha256 } from "../../lib/crypto.ts";
import { notFound } from "../../lib/errors.ts";
import type { TasksService } from "../tasks/tasks.service.ts";
import { calendarTokensRepo, eventsRepo, feedsRepo } from "./calendar.repo.ts";

type CreateEvent = Infer<(typeof eventEndpoints.create)["body"]>;
type SaveToken = Infer<(typeof calendarTokenEndpoints.save)["body"]>;

/** The student's events, the secret iCalendar feed of tasks and events, and the mock calendar link. */
export function createCalendarService({
  db,
  clock,
  tasks,
  secretKey,
}: {
  db: Db;
  clock: Clock;
  tasks: TasksService;
  secretKey: Buffer;
}) {
  // Only the token's SHA-256 and the nonce it is derived from are stored (issue 27 fault 11).
  const feedSecret = (nonce: string) => deriveSecret(secretKey, "calendar-feed", nonce);
  const status = (row: { expiresAt: Date }): CalendarTokenStatus => ({
    connected: true,
    expiresAt: row.expiresAt.toISOString(),
  });

  return {
    events: (userId: number) => eventsRepo.list(db, userId),

    createEvent: (userId: number, input: CreateEvent): Promise<CalendarEvent> =>
      eventsRepo.insert(db, userId, {
        title: input.title,
        description: input.description,
        startsAt: new Date(input.date),
      }),

    async moveEvent(userId: number, id: number, date: string): Promise<CalendarEvent> {
      const event = await eventsRepo.move(db, userId, id, new Date(date));
      if (!event) throw notFound("Event");
      return event;
    },

    async removeEvent(userId: number, id: number): Promise<void> {
      if (!(await eventsRepo.remove(db, userId, id))) throw notFound("Event");
    },

    /**
     * The feed's secret token, or null when the student has none, or has one whose URL cannot be shown
     * again (made before secrets were hashed, or under another SECRET_KEY): making a new one replaces it.
     */
    async feedToken(userId: number): Promise<string | null> {
      const row = await feedsRepo.find(db, userId);
      if (!row?.nonce) return null;
      const token = feedSecret(row.nonce);
      return sha256(token) === row.tokenHash ? token : null;
    },

    /** A new secret; the old URL stops working at once. */
    async regenerateFeed(userId: number): Promise<string> {
      const nonce = randomToken(16);
      const token = feedSecret(nonce);
      await feedsRepo.replace(db, userId, sha256(token), nonce, clock.now());
      return token;
    },

    revokeFeed: (userId: number) => feedsRepo.remove(db, userId),

    /** The iCalendar document behind a feed token; the token is the only credential. */
    async feedIcs(token: string): Promise<string> {
      const userId = await feedsRepo.ownerOf(db, sha256(token));
      if (userId === undefined) throw notFound("Calendar feed");
      const [taskList, events] = await Promise.all([tasks.list(userId), eventsRepo.list(db, userId)]);
      return buildIcs({ tasks: taskList, events });
    },

    async tokenStatus(userId: number): Promise<CalendarTokenStatus> {
      const row = await calendarTokensRepo.find(db, userId);
      // Not connected is a state, not a missing resource (issue 26: no 404 noise on every visit).
      if (!row) return { connected: false, expiresAt: null };
      return status(row);
    },

    async saveToken(userId: number, input: SaveToken): Promise<CalendarTokenStatus> {
      const row = await calendarTokensRepo.upsert(db, userId, {
        accessToken: input.accessToken,
        refreshToken: input.refreshToken ?? null,
        expiresAt: new Date(input.expiresAt),
      });
      return status(row);
    },
  };
}
export type CalendarService = ReturnType<typeof createCalendarService>;

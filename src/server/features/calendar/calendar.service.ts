import type {
  CalendarEvent,
  CalendarTokenStatus,
  calendarTokenEndpoints,
  eventEndpoints,
} from "#shared/calendar/contract.ts";
import {
  type AddSubscriptionInput,
  addSubscriptionSchema,
  type CalendarSubscription,
  MAX_CALENDAR_SUBSCRIPTIONS,
  type SubscriptionEvent,
} from "#shared/calendar/contract.ts";
import type { Infer } from "#shared/http.ts";
import type { AppConfig } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import { FeedError } from "../../integrations/calendar-feed/feed-errors.ts";
import { fetchFeed } from "../../integrations/calendar-feed/fetch-feed.ts";
import { buildIcs } from "../../integrations/calendar-feed/ics.ts";
import { type FeedParsePool, parseFeedInWorker } from "../../integrations/calendar-feed/parse-pool.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Clock } from "../../lib/clock.ts";
import { deriveSecret, randomToken, sha256 } from "../../lib/crypto.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { type HostPolicy, systemResolveAll } from "../../lib/host-policy.ts";
import type { TasksService } from "../tasks/tasks.service.ts";
import {
  REFRESH_EVERY_MS,
  REFRESH_SPREAD_SECONDS,
  refreshSubscriptionJob,
  SWEEP_LIMIT,
} from "./calendar.jobs.ts";
import { calendarTokensRepo, eventsRepo, feedsRepo, subscriptionsRepo } from "./calendar.repo.ts";

type CreateEvent = Infer<(typeof eventEndpoints.create)["body"]>;
type SaveToken = Infer<(typeof calendarTokenEndpoints.save)["body"]>;

export interface CalendarDeps {
  db: Db;
  clock: Clock;
  tasks: TasksService;
  /** The pool feeds are parsed in; the process-wide one when absent (a test passes its own). */
  feedPool?: () => FeedParsePool;
  secretKey: Buffer;
  config?: Pick<AppConfig, "calendarFeedInsecureHosts">;
  jobs?: Pick<JobQueue, "enqueue">;
  /** The student's time zone, which a feed's floating times are read in (UTC when absent). */
  timeZoneOf?: (userId: number) => Promise<string>;
}

/**
 * Fetches and parses a feed, the parsing in a worker thread queued per student (a 4.6 MB feed is about
 * 2 s of CPU); a FeedError becomes the 4xx the student reads.
 */
async function readFeed({ clock, config, feedPool, timeZoneOf }: CalendarDeps, userId: number, url: string) {
  const policy: HostPolicy = {
    insecureHosts: config?.calendarFeedInsecureHosts ?? [],
    resolveAll: systemResolveAll,
  };
  try {
    const ics = await fetchFeed(new URL(url), { policy });
    const timeZone = await timeZoneOf?.(userId);
    return await parseFeedInWorker(ics, clock.now(), { key: `user:${userId}`, pool: feedPool?.(), timeZone });
  } catch (err) {
    throw err instanceof FeedError ? feedAppError(err) : err;
  }
}

async function refreshOne(deps: CalendarDeps, userId: number, id: number): Promise<CalendarSubscription> {
  const { db, clock } = deps;
  const sub = await subscriptionsRepo.find(db, userId, id);
  if (!sub) throw notFound("Calendar subscription");
  let parsed: Awaited<ReturnType<typeof readFeed>>;
  try {
    parsed = await readFeed(deps, userId, sub.url);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      // Kept on the row so Settings shows why; the events of the last good read stay.
      await subscriptionsRepo.recordError(db, userId, id, err.message, clock.now());
    }
    throw err;
  }
  const row = await subscriptionsRepo.replaceEvents(
    db,
    userId,
    id,
    parsed.events,
    parsed.truncated,
    clock.now(),
  );
  if (!row) throw notFound("Calendar subscription");
  return row;
}

// Only the token's SHA-256 and the nonce it is derived from are stored (issue 27 fault 11).
const feedSecret = ({ secretKey }: CalendarDeps, nonce: string) =>
  deriveSecret(secretKey, "calendar-feed", nonce);
const tokenStatusOf = (row: { expiresAt: Date }): CalendarTokenStatus => ({
  connected: true,
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * The feed's secret token, or null when the student has none, or has one whose URL cannot be shown
 * again (made before secrets were hashed, or under another SECRET_KEY): making a new one replaces it.
 */
async function feedToken(deps: CalendarDeps, userId: number): Promise<string | null> {
  const row = await feedsRepo.find(deps.db, userId);
  if (!row?.nonce) return null;
  const token = feedSecret(deps, row.nonce);
  return sha256(token) === row.tokenHash ? token : null;
}

/** A new secret; the old URL stops working at once. */
async function regenerateFeed(deps: CalendarDeps, userId: number): Promise<string> {
  const nonce = randomToken(16);
  const token = feedSecret(deps, nonce);
  await feedsRepo.replace(deps.db, userId, sha256(token), nonce, deps.clock.now());
  return token;
}

/** The iCalendar document behind a feed token; the token is the only credential. */
async function feedIcs({ db, tasks }: CalendarDeps, token: string): Promise<string> {
  const userId = await feedsRepo.ownerOf(db, sha256(token));
  if (userId === undefined) throw notFound("Calendar feed");
  const [taskList, events] = await Promise.all([tasks.list(userId), eventsRepo.list(db, userId)]);
  return buildIcs({ tasks: taskList, events });
}

/** Reads the feed once before saving it: a feed that cannot be read is refused and nothing is kept. */
async function subscribe(
  deps: CalendarDeps,
  userId: number,
  input: AddSubscriptionInput,
): Promise<CalendarSubscription> {
  const { db, clock } = deps;
  const { name, url, colour } = addSubscriptionSchema.parse(input);
  if ((await subscriptionsRepo.count(db, userId)) >= MAX_CALENDAR_SUBSCRIPTIONS) {
    throw new AppError(
      409,
      "calendar_feed_limit",
      `You can subscribe to at most ${MAX_CALENDAR_SUBSCRIPTIONS} calendars. Remove one first.`,
    );
  }
  const parsed = await readFeed(deps, userId, url);
  const sub = await subscriptionsRepo.insert(db, userId, { name, url, colour });
  const row = await subscriptionsRepo.replaceEvents(
    db,
    userId,
    sub.id,
    parsed.events,
    parsed.truncated,
    clock.now(),
  );
  return row ?? sub;
}

/**
 * The background refresh of one feed: a feed that is gone or broken is recorded on its row (the
 * student sees it in Settings) and not retried; only server faults throw and are retried.
 */
async function backgroundRefresh(deps: CalendarDeps, userId: number, id: number): Promise<void> {
  try {
    await refreshOne(deps, userId, id);
  } catch (err) {
    if (err instanceof AppError && err.status < 500) return;
    throw err;
  }
}

/** Enqueues a refresh for each feed not read for REFRESH_EVERY_MS; the job's singleton keeps one per student. */
async function enqueueDueRefreshes(
  { db, clock, jobs }: CalendarDeps,
  { spreadSeconds = REFRESH_SPREAD_SECONDS } = {},
): Promise<number> {
  if (!jobs) return 0;
  const before = new Date(clock.now().getTime() - REFRESH_EVERY_MS);
  let enqueued = 0;
  for (const { userId, id } of await subscriptionsRepo.due(db, before, SWEEP_LIMIT)) {
    const startAfter = Math.floor(Math.random() * spreadSeconds);
    if (await jobs.enqueue(refreshSubscriptionJob, { userId, subscriptionId: id }, { startAfter }))
      enqueued++;
  }
  return enqueued;
}

async function tokenStatus({ db }: CalendarDeps, userId: number): Promise<CalendarTokenStatus> {
  const row = await calendarTokensRepo.find(db, userId);
  // Not connected is a state, not a missing resource (issue 26: no 404 noise on every visit).
  if (!row) return { connected: false, expiresAt: null };
  return tokenStatusOf(row);
}

async function saveToken(
  { db }: CalendarDeps,
  userId: number,
  input: SaveToken,
): Promise<CalendarTokenStatus> {
  const row = await calendarTokensRepo.upsert(db, userId, {
    accessToken: input.accessToken,
    refreshToken: input.refreshToken ?? null,
    expiresAt: new Date(input.expiresAt),
  });
  return tokenStatusOf(row);
}

/** The student's events, the secret iCalendar feed of tasks and events, and the mock calendar link. */
export function createCalendarService(deps: CalendarDeps) {
  const { db } = deps;
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

    feedToken: (userId: number) => feedToken(deps, userId),
    regenerateFeed: (userId: number) => regenerateFeed(deps, userId),
    revokeFeed: (userId: number) => feedsRepo.remove(db, userId),
    feedIcs: (token: string) => feedIcs(deps, token),

    subscriptions: (userId: number) => subscriptionsRepo.list(db, userId),
    subscribe: (userId: number, input: AddSubscriptionInput) => subscribe(deps, userId, input),
    async unsubscribe(userId: number, id: number): Promise<void> {
      if (!(await subscriptionsRepo.remove(db, userId, id))) throw notFound("Calendar subscription");
    },
    refreshSubscription: (userId: number, id: number) => refreshOne(deps, userId, id),
    subscriptionEvents: (userId: number, from: Date, to: Date): Promise<SubscriptionEvent[]> =>
      subscriptionsRepo.events(db, userId, from, to),
    backgroundRefresh: (userId: number, id: number) => backgroundRefresh(deps, userId, id),
    enqueueDueRefreshes: (options?: { spreadSeconds?: number }) => enqueueDueRefreshes(deps, options),

    tokenStatus: (userId: number) => tokenStatus(deps, userId),
    saveToken: (userId: number, input: SaveToken) => saveToken(deps, userId, input),
  };
}

function feedAppError(err: FeedError): AppError {
  switch (err.kind) {
    case "refused":
      return new AppError(400, "calendar_feed_refused", err.message);
    case "unreachable":
      return new AppError(422, "calendar_feed_unreachable", err.message);
    case "invalid":
      return new AppError(422, "calendar_feed_invalid", err.message);
    case "too_large":
      return new AppError(413, "calendar_feed_too_large", err.message);
    case "busy":
      return new AppError(503, "calendar_feed_busy", err.message);
  }
}

export type CalendarService = ReturnType<typeof createCalendarService>;

import { z } from "zod";
import { claimedUserId, endpoint, idParamsSchema, okSchema, userIdQuerySchema } from "../http.ts";
import { safeText, sensibleDate } from "../schema-primitives.ts";
import { SUBSCRIPTION_COLOURS } from "./subscription-limits.ts";

/** A custom event the student added on the calendar (saved on the server, unlike SPEC §2.4). */
export const calendarEventSchema = z.object({
  id: z.int(),
  title: z.string(),
  description: z.string(),
  /** When it happens, ISO 8601. */
  date: z.string(),
  createdAt: z.string(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const createEventSchema = z.object({
  userId: claimedUserId,
  // The "required" message given to safeText would otherwise answer a too-long title as well.
  title: safeText("Event title is required")
    .trim()
    .min(1, "Event title is required")
    .max(300, "An event title is at most 300 characters"),
  description: safeText().trim().max(10_000).default(""),
  date: sensibleDate("Date must be an ISO 8601 date-time"),
});
export type CreateEventInput = z.input<typeof createEventSchema>;

/** Moving an event (the calendar's drag or keyboard move, issue 26): its new date-time. */
export const moveEventSchema = z.object({ date: sensibleDate("Date must be an ISO 8601 date-time") });

export const calendarFeedSchema = z.object({
  /** The secret subscription URL, or null when the student has none (never created or revoked). */
  url: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

/**
 * The mock external-calendar link of SPEC §7: the tokens themselves are never sent back. 'Not connected'
 * is a state, answered 200 (issue 26): a 404 on every Integrations visit was noise in logs and consoles.
 */
export const calendarTokenStatusSchema = z.discriminatedUnion("connected", [
  z.object({ connected: z.literal(true), expiresAt: z.string() }),
  z.object({ connected: z.literal(false), expiresAt: z.null() }),
]);
export type CalendarTokenStatus = z.infer<typeof calendarTokenStatusSchema>;

export const saveCalendarTokenSchema = z.object({
  userId: claimedUserId,
  accessToken: safeText("Access token is required").min(1, "Access token is required").max(4096),
  refreshToken: safeText().max(4096).nullable().optional(),
  expiresAt: sensibleDate("expiresAt must be an ISO 8601 date-time"),
});

export const eventEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/events",
    query: userIdQuerySchema,
    response: z.array(calendarEventSchema),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/events",
    body: createEventSchema,
    response: calendarEventSchema,
    status: 201,
  }),
  remove: endpoint({ method: "DELETE", path: "/api/events/:id", params: idParamsSchema, response: okSchema }),
  move: endpoint({
    method: "PATCH",
    path: "/api/events/:id",
    params: idParamsSchema,
    body: moveEventSchema,
    response: calendarEventSchema,
  }),
};

export const calendarFeedEndpoints = {
  get: endpoint({ method: "GET", path: "/api/calendar-feed", response: calendarFeedSchema }),
  /** Creates the secret URL, or replaces it so the old one stops working. */
  regenerate: endpoint({ method: "POST", path: "/api/calendar-feed", response: calendarFeedSchema }),
  revoke: endpoint({ method: "DELETE", path: "/api/calendar-feed", response: okSchema }),
  /** The iCalendar (RFC 5545) feed itself; the secret in the path is the only credential. */
  ics: endpoint({
    method: "GET",
    path: "/api/calendar-feed/:token.ics",
    params: z.object({ token: safeText().min(1).max(200) }),
    response: z.string(),
    public: true,
  }),
};

export const calendarTokenEndpoints = {
  get: endpoint({
    method: "GET",
    path: "/api/calendar-token",
    query: userIdQuerySchema,
    response: calendarTokenStatusSchema,
  }),
  save: endpoint({
    method: "POST",
    path: "/api/calendar-token",
    body: saveCalendarTokenSchema,
    response: calendarTokenStatusSchema,
  }),
};

export {
  MAX_CALENDAR_SUBSCRIPTIONS,
  SUBSCRIPTION_COLOURS,
  type SubscriptionColour,
} from "./subscription-limits.ts";

/** A subscribed iCal feed as its owner sees it (only ever its owner: the URL may hold a secret token). */
export const calendarSubscriptionSchema = z.object({
  id: z.int(),
  name: z.string(),
  url: z.string(),
  colour: z.enum(SUBSCRIPTION_COLOURS),
  lastRefreshedAt: z.string().nullable(),
  lastError: z.string().nullable(),
  itemCount: z.int(),
  /** The feed had more events than are kept; the rest are left out. */
  truncated: z.boolean(),
});
export type CalendarSubscription = z.infer<typeof calendarSubscriptionSchema>;

export const addSubscriptionSchema = z.object({
  name: safeText("Name is required").trim().min(1, "Name is required").max(100, "At most 100 characters"),
  url: safeText("Feed URL is required")
    .trim()
    .min(1, "Feed URL is required")
    .max(2000, "That address is too long")
    // webcal:// is how calendar sites hand out feeds; it is https underneath.
    .transform((u) => u.replace(/^webcals?:\/\//i, "https://"))
    .pipe(z.url({ message: "Enter a feed address starting with https://", protocol: /^https?$/ })),
  colour: z.enum(SUBSCRIPTION_COLOURS).default("blue"),
});
export type AddSubscriptionInput = z.input<typeof addSubscriptionSchema>;

/** One event of a subscribed feed, read-only (a recurring event's occurrence is one of these each). */
export const subscriptionEventSchema = z.object({
  id: z.int(),
  subscriptionId: z.int(),
  uid: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  allDay: z.boolean(),
  location: z.string(),
  colour: z.enum(SUBSCRIPTION_COLOURS),
});
export type SubscriptionEvent = z.infer<typeof subscriptionEventSchema>;

export const subscriptionEventsQuerySchema = z.object({
  from: sensibleDate("from must be an ISO 8601 date-time"),
  to: sensibleDate("to must be an ISO 8601 date-time"),
});

export const subscriptionEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/calendar-subscriptions",
    response: z.array(calendarSubscriptionSchema),
  }),
  /** Fetches the feed once: a feed that cannot be read is a 4xx and nothing is saved. */
  add: endpoint({
    method: "POST",
    path: "/api/calendar-subscriptions",
    body: addSubscriptionSchema,
    response: calendarSubscriptionSchema,
    status: 201,
  }),
  /** Removes the subscription and every event it brought. */
  remove: endpoint({
    method: "DELETE",
    path: "/api/calendar-subscriptions/:id",
    params: idParamsSchema,
    response: okSchema,
  }),
  refresh: endpoint({
    method: "POST",
    path: "/api/calendar-subscriptions/:id/refresh",
    params: idParamsSchema,
    response: calendarSubscriptionSchema,
  }),
  /** The events of every subscribed feed that start in [from, to). */
  events: endpoint({
    method: "GET",
    path: "/api/calendar-subscriptions/events",
    query: subscriptionEventsQuerySchema,
    response: z.array(subscriptionEventSchema),
  }),
};

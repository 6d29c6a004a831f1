import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call, endpointTable } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type { AddSubscriptionInput, CalendarEvent, CreateEventInput } from "#shared/calendar/contract.ts";
import { CALENDAR_TOKEN_LIFETIME_MS } from "#shared/constants.ts";

// Loaded on first use (see achievements.api.ts): the screen draws before zod and the schemas run.
const contract = () => import("#shared/calendar/contract.ts");
const eventEndpoints = endpointTable(contract, "eventEndpoints");
const calendarFeedEndpoints = endpointTable(contract, "calendarFeedEndpoints");
const calendarTokenEndpoints = endpointTable(contract, "calendarTokenEndpoints");
const subscriptionEndpoints = endpointTable(contract, "subscriptionEndpoints");

const DAY_MS = 86_400_000;

export const calendarQueries = {
  events: () =>
    queryOptions({
      queryKey: queryKeys.calendar.events(),
      queryFn: async () => call((await eventEndpoints()).list),
    }),
  feed: () =>
    queryOptions({
      queryKey: queryKeys.calendar.feed(),
      queryFn: async () => call((await calendarFeedEndpoints()).get),
    }),
  subscriptions: () =>
    queryOptions({
      queryKey: queryKeys.calendar.subscriptions(),
      queryFn: async () => call((await subscriptionEndpoints()).list),
    }),
  /** Every subscribed feed's events in the window the server keeps (60 days back, a year ahead). */
  subscriptionEvents: () =>
    queryOptions({
      queryKey: queryKeys.calendar.subscriptionEvents(),
      queryFn: async () => {
        const now = Date.now();
        const query = {
          from: new Date(now - 61 * DAY_MS).toISOString(),
          to: new Date(now + 366 * DAY_MS).toISOString(),
        };
        return call((await subscriptionEndpoints()).events, { query });
      },
    }),
  /** The mock link's state: connected with its expiry, or not connected (an OK answer either way). */
  token: () =>
    queryOptions({
      queryKey: queryKeys.calendar.token(),
      queryFn: async () => call((await calendarTokenEndpoints()).get),
    }),
};
const eventsKey = calendarQueries.events().queryKey;
const feedKey = calendarQueries.feed().queryKey;

export const useEvents = () => useQuery(calendarQueries.events());

// ISO instants in UTC order as text; localeCompare would build ICU's collator (a long task) for nothing.
const byDate = (a: CalendarEvent, b: CalendarEvent) =>
  a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id;

export function useCreateEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateEventInput) => call((await eventEndpoints()).create, { body }),
    onSuccess: (event) => qc.setQueryData(eventsKey, (old) => [...(old ?? []), event].sort(byDate)),
  });
}

/** The calendar's drag or keyboard move: the event shows on its new day at once, back if refused. */
export function useMoveEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, date }: { id: number; date: string }) =>
      call((await eventEndpoints()).move, { params: { id }, body: { date } }),
    onMutate: ({ id, date }) => {
      const previous = qc.getQueryData(eventsKey);
      qc.setQueryData(eventsKey, (old) => old?.map((e) => (e.id === id ? { ...e, date } : e)).sort(byDate));
      return { previous };
    },
    onError: (_err, _vars, context) => {
      if (context?.previous) qc.setQueryData(eventsKey, context.previous);
    },
    onSuccess: (event) =>
      qc.setQueryData(eventsKey, (old) => old?.map((e) => (e.id === event.id ? event : e)).sort(byDate)),
  });
}

export function useDeleteEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => call((await eventEndpoints()).remove, { params: { id } }),
    onSuccess: (_ok, id) => qc.setQueryData(eventsKey, (old) => old?.filter((e) => e.id !== id)),
  });
}

export const useCalendarFeed = () => useQuery(calendarQueries.feed());

export function useRegenerateFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => call((await calendarFeedEndpoints()).regenerate),
    onSuccess: (feed) => qc.setQueryData(feedKey, feed),
  });
}

export function useRevokeFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => call((await calendarFeedEndpoints()).revoke),
    onSuccess: () => qc.setQueryData(feedKey, { url: null }),
  });
}

export const useCalendarToken = () => useQuery(calendarQueries.token());

/** The mock connect of SPEC §7: placeholder tokens valid for one hour; no real authorisation happens. */
export function useConnectCalendar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      call((await calendarTokenEndpoints()).save, {
        body: {
          accessToken: "mock_access_token",
          refreshToken: "mock_refresh_token",
          expiresAt: new Date(Date.now() + CALENDAR_TOKEN_LIFETIME_MS).toISOString(),
        },
      }),
    onSuccess: (status) => qc.setQueryData(calendarQueries.token().queryKey, status),
  });
}

export const useSubscriptions = () => useQuery(calendarQueries.subscriptions());
export const useSubscriptionEvents = () => useQuery(calendarQueries.subscriptionEvents());

/** A feed added, refreshed or removed changes its events: the calendar reads them again. */
function useSubscriptionChange() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: queryKeys.calendar.subscriptions() });
    void qc.invalidateQueries({ queryKey: queryKeys.calendar.subscriptionEvents() });
  };
}

export function useAddSubscription() {
  const changed = useSubscriptionChange();
  return useMutation({
    mutationFn: async (body: AddSubscriptionInput) => call((await subscriptionEndpoints()).add, { body }),
    onSuccess: changed,
  });
}

export function useRefreshSubscription() {
  const changed = useSubscriptionChange();
  return useMutation({
    mutationFn: async (id: number) => call((await subscriptionEndpoints()).refresh, { params: { id } }),
    onSettled: changed,
  });
}

export function useRemoveSubscription() {
  const changed = useSubscriptionChange();
  return useMutation({
    mutationFn: async (id: number) => call((await subscriptionEndpoints()).remove, { params: { id } }),
    onSuccess: changed,
  });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, call } from "#client/lib/api.ts";
import {
  type CalendarEvent,
  type CreateEventInput,
  calendarFeedEndpoints,
  calendarTokenEndpoints,
  eventEndpoints,
} from "#shared/calendar.ts";
import { CALENDAR_TOKEN_LIFETIME_MS } from "#shared/constants.ts";

export const eventKeys = {
  all: ["events"] as const,
  list: () => [...eventKeys.all, "list"] as const,
};
export const calendarFeedKeys = { feed: ["calendar-feed"] as const };
export const calendarTokenKeys = { status: ["calendar-token"] as const };

export const useEvents = () =>
  useQuery({ queryKey: eventKeys.list(), queryFn: () => call(eventEndpoints.list) });

const byDate = (a: CalendarEvent, b: CalendarEvent) => a.date.localeCompare(b.date) || a.id - b.id;

export function useCreateEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEventInput) => call(eventEndpoints.create, { body }),
    onSuccess: (event) =>
      qc.setQueryData<CalendarEvent[]>(eventKeys.list(), (old) => [...(old ?? []), event].sort(byDate)),
  });
}

export function useDeleteEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(eventEndpoints.remove, { params: { id } }),
    onSuccess: (_ok, id) =>
      qc.setQueryData<CalendarEvent[]>(eventKeys.list(), (old) => old?.filter((e) => e.id !== id)),
  });
}

export const useCalendarFeed = () =>
  useQuery({ queryKey: calendarFeedKeys.feed, queryFn: () => call(calendarFeedEndpoints.get) });

export function useRegenerateFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(calendarFeedEndpoints.regenerate),
    onSuccess: (feed) => qc.setQueryData(calendarFeedKeys.feed, feed),
  });
}

export function useRevokeFeed() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(calendarFeedEndpoints.revoke),
    onSuccess: () => qc.setQueryData(calendarFeedKeys.feed, { url: null }),
  });
}

/** SPEC §7: an OK answer means connected; 404 means not connected. */
export const useCalendarToken = () =>
  useQuery({
    queryKey: calendarTokenKeys.status,
    queryFn: async () => {
      try {
        return await call(calendarTokenEndpoints.get);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  });

/** The mock connect of SPEC §7: placeholder tokens valid for one hour; no real authorisation happens. */
export function useConnectCalendar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      call(calendarTokenEndpoints.save, {
        body: {
          accessToken: "mock_access_token",
          refreshToken: "mock_refresh_token",
          expiresAt: new Date(Date.now() + CALENDAR_TOKEN_LIFETIME_MS).toISOString(),
        },
      }),
    onSuccess: (status) => qc.setQueryData(calendarTokenKeys.status, status),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import type { NotificationPage, PushSubscriptionInput, UnreadCount } from "#shared/notifications/contract.ts";
import type { ReminderSettings } from "#shared/settings/contract.ts";

// Loaded on first use (see achievements.api.ts): the shell draws before zod and the schemas run.
const contract = () => import("#shared/notifications/contract.ts");
const settingsContract = () => import("#shared/settings/contract.ts");

/** The bell's count is asked for this often (and when the tab comes back): a reminder shows within it. */
export const UNREAD_POLL_MS = 60_000;

export const notificationQueries = {
  unread: () =>
    queryOptions({
      queryKey: queryKeys.notifications.unread(),
      queryFn: async () => call((await contract()).notificationEndpoints.unreadCount),
      refetchInterval: UNREAD_POLL_MS,
      refetchOnWindowFocus: true,
    }),
  list: () =>
    queryOptions({
      queryKey: queryKeys.notifications.list(),
      queryFn: async () =>
        call((await contract()).notificationEndpoints.list, {
          query: { limit: 20 },
        }) as Promise<NotificationPage>,
    }),
};

export const useUnreadCount = () => useQuery(notificationQueries.unread());
export const useNotifications = (enabled: boolean) => useQuery({ ...notificationQueries.list(), enabled });

/** Marks one read (or all): the count comes back in the answer, the list is read again. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number | "all") => {
      const { notificationEndpoints: e } = await contract();
      return id === "all" ? call(e.markAllRead) : call(e.markRead, { params: { id } });
    },
    onSuccess: (count: UnreadCount) => {
      qc.setQueryData(queryKeys.notifications.unread(), count);
      void qc.invalidateQueries({ queryKey: queryKeys.notifications.list() });
    },
  });
}

export const reminderQueries = {
  get: () =>
    queryOptions({
      queryKey: queryKeys.settings.reminders(),
      queryFn: async () => call((await settingsContract()).reminderSettingsEndpoints.get),
    }),
};
export const useReminderSettings = () => useQuery(reminderQueries.get());

/** Saves the whole reminder form on each change, shown at once and rolled back if refused. */
export function useSaveReminderSettings() {
  const qc = useQueryClient();
  const key = queryKeys.settings.reminders();
  return useMutation({
    scope: { id: "reminder-settings" },
    mutationFn: async (body: ReminderSettings) =>
      call((await settingsContract()).reminderSettingsEndpoints.save, { body }),
    onMutate: async (body) => {
      await qc.cancelQueries({ queryKey: key, exact: true });
      const previous = qc.getQueryData(key);
      qc.setQueryData(key, body);
      return { previous };
    },
    onError: (_err, _body, context) => {
      if (context?.previous) qc.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => qc.setQueryData(key, saved),
  });
}

/** The VAPID public key this browser subscribes with. */
export const fetchPublicKey = async () => (await call((await contract()).pushEndpoints.publicKey)).publicKey;

export async function sendSubscription(subscription: PushSubscriptionJSON) {
  const { pushEndpoints } = await contract();
  // The server checks the shape (endpoint, keys.p256dh, keys.auth) and answers 400 if it is not one.
  return call(pushEndpoints.subscribe, { body: subscription as PushSubscriptionInput });
}

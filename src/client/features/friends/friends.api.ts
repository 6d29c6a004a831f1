import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { call, endpointTable, errorMessage } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { toast } from "#client/lib/toast.tsx";

const friendEndpoints = endpointTable(() => import("#shared/friends/contract.ts"), "friendEndpoints");

export const friendQueries = {
  list: () =>
    queryOptions({
      queryKey: queryKeys.friends.list(),
      queryFn: async () => call((await friendEndpoints()).list),
    }),
  progress: () =>
    queryOptions({
      queryKey: queryKeys.friends.progress(),
      queryFn: async () => call((await friendEndpoints()).progress),
    }),
  requests: () =>
    queryOptions({
      queryKey: queryKeys.friends.requests(),
      queryFn: async () => call((await friendEndpoints()).requests),
    }),
  sent: () =>
    queryOptions({
      queryKey: queryKeys.friends.sent(),
      queryFn: async () => call((await friendEndpoints()).sent),
    }),
};

export const useFriends = () => useQuery(friendQueries.list());
export const useFriendProgress = () => useQuery(friendQueries.progress());
export const useFriendRequests = () => useQuery(friendQueries.requests());
export const useSentRequests = () => useQuery(friendQueries.sent());

// Every friends mutation can move a student between the three lists.
const meta = { invalidates: [queryKeys.friends.all] };
const failed = (title: string, fallback?: string) => (err: unknown) =>
  toast({ title, description: errorMessage(err, fallback), variant: "destructive" });

/** SPEC §8: 'Friend request sent!'; a cross request is accepted at once and says so. */
export function useSendFriendRequest() {
  return useMutation({
    mutationFn: async (username: string) => call((await friendEndpoints()).request, { body: { username } }),
    onSuccess: (result) =>
      toast(
        result.status === "accepted"
          ? { title: "Friend request accepted!", description: result.message, variant: "success" }
          : { title: "Friend request sent!", variant: "success" },
      ),
    onError: failed("Failed to send request", "Could not send friend request. Please try again."),
    meta,
  });
}

export function useAcceptRequest() {
  return useMutation({
    mutationFn: async (id: number) => call((await friendEndpoints()).accept, { params: { id } }),
    onSuccess: () => toast({ title: "Friend request accepted!", variant: "success" }),
    onError: failed("Failed to accept request"),
    meta,
  });
}

export function useRejectRequest() {
  return useMutation({
    mutationFn: async (id: number) => call((await friendEndpoints()).reject, { params: { id } }),
    onSuccess: () => toast({ title: "Friend request rejected" }),
    onError: failed("Failed to reject request"),
    meta,
  });
}

export function useRemoveFriend() {
  return useMutation({
    mutationFn: async (id: number) => call((await friendEndpoints()).remove, { params: { id } }),
    onSuccess: () => toast({ title: "Friend removed" }),
    onError: failed("Failed to remove friend"),
    meta,
  });
}

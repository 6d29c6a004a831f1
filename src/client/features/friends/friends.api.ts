import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { call, errorMessage } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { toast } from "#client/lib/toast.tsx";
import { friendEndpoints } from "#shared/friends/contract.ts";

export const friendQueries = {
  list: () => queryOptions({ queryKey: queryKeys.friends.list(), queryFn: () => call(friendEndpoints.list) }),
  progress: () =>
    queryOptions({ queryKey: queryKeys.friends.progress(), queryFn: () => call(friendEndpoints.progress) }),
  requests: () =>
    queryOptions({ queryKey: queryKeys.friends.requests(), queryFn: () => call(friendEndpoints.requests) }),
  sent: () => queryOptions({ queryKey: queryKeys.friends.sent(), queryFn: () => call(friendEndpoints.sent) }),
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
    mutationFn: (username: string) => call(friendEndpoints.request, { body: { username } }),
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
    mutationFn: (id: number) => call(friendEndpoints.accept, { params: { id } }),
    onSuccess: () => toast({ title: "Friend request accepted!", variant: "success" }),
    onError: failed("Failed to accept request"),
    meta,
  });
}

export function useRejectRequest() {
  return useMutation({
    mutationFn: (id: number) => call(friendEndpoints.reject, { params: { id } }),
    onSuccess: () => toast({ title: "Friend request rejected" }),
    onError: failed("Failed to reject request"),
    meta,
  });
}

export function useRemoveFriend() {
  return useMutation({
    mutationFn: (id: number) => call(friendEndpoints.remove, { params: { id } }),
    onSuccess: () => toast({ title: "Friend removed" }),
    onError: failed("Failed to remove friend"),
    meta,
  });
}

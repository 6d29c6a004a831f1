import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { call, endpointTable, errorMessage } from "#client/lib/api.ts";
import { queryKeys } from "#client/lib/query-keys.ts";
import { toast } from "#client/lib/toast.tsx";
import type { CreateGroupInput } from "#shared/friends/groups.ts";

const groupEndpoints = endpointTable(() => import("#shared/friends/groups.ts"), "groupEndpoints");

export const groupQueries = {
  list: () =>
    queryOptions({
      queryKey: queryKeys.groups.list(),
      queryFn: async () => call((await groupEndpoints()).list),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: queryKeys.groups.detail(id),
      queryFn: async () => call((await groupEndpoints()).get, { params: { id } }),
    }),
};

export const useGroups = () => useQuery(groupQueries.list());
export const useGroup = (id: number) => useQuery(groupQueries.detail(id));

const meta = { invalidates: [queryKeys.groups.all] };
const failed = (title: string) => (err: unknown) =>
  toast({ title, description: errorMessage(err, "Please try again."), variant: "destructive" });

/** SPEC §8: 'Study group created'; a failure is 'Error' with the server's message. */
export function useCreateGroup() {
  return useMutation({
    mutationFn: async (body: CreateGroupInput) =>
      call((await groupEndpoints()).create, { body: { ...body, isPrivate: false } }),
    onSuccess: () => toast({ title: "Study group created", variant: "success" }),
    onError: (err) =>
      toast({
        title: "Error",
        description: errorMessage(err, "Failed to create study group."),
        variant: "destructive",
      }),
    meta,
  });
}

export function useInviteMember(groupId: number) {
  return useMutation({
    mutationFn: async (username: string) =>
      call((await groupEndpoints()).invite, { params: { id: groupId }, body: { username } }),
    onSuccess: (m) =>
      toast({ title: "Member added", description: `@${m.username} joined the group.`, variant: "success" }),
    onError: failed("Failed to add member"),
    meta,
  });
}

export function useRemoveMember(groupId: number) {
  return useMutation({
    mutationFn: async (memberId: number) =>
      call((await groupEndpoints()).removeMember, { params: { id: groupId, memberId } }),
    onSuccess: () => toast({ title: "Member removed" }),
    onError: failed("Failed to remove member"),
    meta,
  });
}

export function usePromoteMember(groupId: number) {
  return useMutation({
    mutationFn: async (memberId: number) =>
      call((await groupEndpoints()).promote, { params: { id: groupId, memberId } }),
    onSuccess: () => toast({ title: "Member is now an admin", variant: "success" }),
    onError: failed("Failed to promote member"),
    meta,
  });
}

export function useLeaveGroup(groupId: number) {
  return useMutation({
    mutationFn: async (newAdminId?: number) =>
      call((await groupEndpoints()).leave, { params: { id: groupId }, body: { newAdminId } }),
    onSuccess: () => toast({ title: "You left the group" }),
    onError: failed("Failed to leave group"),
    meta,
  });
}

export function useDeleteGroup(groupId: number) {
  return useMutation({
    mutationFn: async () => call((await groupEndpoints()).remove, { params: { id: groupId } }),
    onSuccess: () => toast({ title: "Group deleted" }),
    onError: failed("Failed to delete group"),
    meta,
  });
}

export function useShareSet(groupId: number) {
  return useMutation({
    mutationFn: async (studySetId: number) =>
      call((await groupEndpoints()).shareSet, { params: { id: groupId }, body: { studySetId } }),
    onSuccess: (s) => toast({ title: "Study set shared", description: s.title, variant: "success" }),
    onError: failed("Failed to share study set"),
    meta,
  });
}

export function useUnshareSet(groupId: number) {
  return useMutation({
    mutationFn: async (setId: number) =>
      call((await groupEndpoints()).unshareSet, { params: { id: groupId, setId } }),
    onSuccess: () => toast({ title: "Study set no longer shared" }),
    onError: failed("Failed to stop sharing"),
    meta,
  });
}

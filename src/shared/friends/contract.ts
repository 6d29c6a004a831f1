import { z } from "zod";
import { endpoint, idParamsSchema, okSchema } from "../http.ts";

/** Friend requests one student may send in an hour: enough for real use, too few to enumerate usernames. */
export const FRIEND_REQUESTS_PER_HOUR = 30;
export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 1000;

/** SPEC §3 Friend/user summary: never an email. */
export const userSummarySchema = z.object({
  id: z.int(),
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

/** An incoming or sent request: `id` is the request's, `user` the other student. */
export const friendRequestSchema = z.object({
  id: z.int(),
  user: userSummarySchema,
  createdAt: z.string(),
});
export type FriendRequest = z.infer<typeof friendRequestSchema>;

/**
 * A friend's level and current study streak (issue 13). Only friends who keep 'Show my progress to
 * friends' on are listed: for the others the server sends nothing.
 */
export const friendProgressSchema = z.object({
  id: z.int(),
  level: z.int(),
  currentStudyStreak: z.int(),
});
export type FriendProgress = z.infer<typeof friendProgressSchema>;

export const usernameInputSchema = z.object({
  username: z
    .string("Enter a username")
    .trim()
    .min(1, "Enter a username")
    .max(100)
    // A leading @ is how usernames are shown; people paste it.
    .transform((u) => u.replace(/^@/, "")),
});

/** 'sent' for a new request; 'accepted' when that student had already asked you (SPEC §4 cross request). */
export const sendRequestResultSchema = z.object({
  status: z.enum(["sent", "accepted"]),
  message: z.string(),
});
export type SendRequestResult = z.infer<typeof sendRequestResultSchema>;

export const friendEndpoints = {
  list: endpoint({ method: "GET", path: "/api/friends", response: z.array(userSummarySchema) }),
  progress: endpoint({
    method: "GET",
    path: "/api/friends/progress",
    response: z.array(friendProgressSchema),
  }),
  requests: endpoint({
    method: "GET",
    path: "/api/friends/requests",
    response: z.array(friendRequestSchema),
  }),
  sent: endpoint({ method: "GET", path: "/api/friends/sent", response: z.array(friendRequestSchema) }),
  request: endpoint({
    method: "POST",
    path: "/api/friends/request",
    body: usernameInputSchema,
    response: sendRequestResultSchema,
  }),
  accept: endpoint({
    method: "POST",
    path: "/api/friends/accept/:id",
    params: idParamsSchema,
    response: okSchema,
  }),
  reject: endpoint({
    method: "POST",
    path: "/api/friends/reject/:id",
    params: idParamsSchema,
    response: okSchema,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/api/friends/:id",
    params: idParamsSchema,
    response: okSchema,
  }),
};

import type { FriendProgress, FriendRequest, SendRequestResult } from "#shared/friends/contract.ts";
import type { Db } from "../../db/client.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../lib/events.ts";
import type { AchievementsService } from "../achievements/achievements.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import { friendsRepo } from "./friends.repo.ts";

/**
 * Friend requests and friendships (SPEC §2.12, §4). A request id is answered only by its addressee; anyone
 * else gets the same 404 as for a request that does not exist.
 */
export function createFriendsService({
  db,
  clock,
  events,
  settings,
  achievements,
}: {
  db: Db;
  clock: Clock;
  events: EventBus;
  settings: Pick<SettingsService, "showingProgress">;
  achievements: Pick<AchievementsService, "figures">;
}) {
  const listFriends = friendsRepo.prepareListFriends(db);
  return {
    list: listFriends,
    /** Friends' level and streak, only of friends who show them: the others' figures are never read. */
    async progress(userId: number): Promise<FriendProgress[]> {
      const friendIds = (await listFriends(userId)).map((f) => f.id);
      return achievements.figures(await settings.showingProgress(friendIds));
    },
    incoming: (userId: number): Promise<FriendRequest[]> => friendsRepo.incoming(db, userId),
    sent: (userId: number): Promise<FriendRequest[]> => friendsRepo.sent(db, userId),

    async request(userId: number, username: string): Promise<SendRequestResult> {
      const otherId = await friendsRepo.userIdByUsername(db, username);
      if (otherId === undefined) throw new AppError(404, "not_found", "No student with that username");
      if (otherId === userId) throw new AppError(400, "bad_request", "You cannot add yourself");
      for (let attempt = 0; attempt < 2; attempt++) {
        const existing = await friendsRepo.findPair(db, userId, otherId);
        if (existing?.status === "accepted") throw conflict("You are already friends");
        if (existing && existing.requesterId === userId) throw conflict("Friend request already sent");
        if (existing) {
          // They asked first: sending back is saying yes.
          if (await friendsRepo.accept(db, existing.id, userId, clock.now())) {
            await events.emit("friend.accepted", { userId });
            await events.emit("friend.accepted", { userId: otherId });
            return {
              status: "accepted",
              message: "They had already sent you a request: you are now friends",
            };
          }
          continue; // declined or answered meanwhile: look again
        }
        if (await friendsRepo.insertRequest(db, userId, otherId)) {
          return { status: "sent", message: "Friend request sent!" };
        }
      }
      throw conflict("Friend request already sent");
    },

    async accept(userId: number, requestId: number): Promise<void> {
      const requesterId = await friendsRepo.accept(db, requestId, userId, clock.now());
      if (!requesterId) throw notFound("Friend request");
      await events.emit("friend.accepted", { userId });
      await events.emit("friend.accepted", { userId: requesterId });
    },
    async reject(userId: number, requestId: number): Promise<void> {
      if (!(await friendsRepo.reject(db, requestId, userId))) throw notFound("Friend request");
    },
    async remove(userId: number, friendId: number): Promise<void> {
      if (!(await friendsRepo.removeFriend(db, userId, friendId))) throw notFound("Friend");
    },

    areFriends: (a: number, b: number) => friendsRepo.areFriends(db, a, b),
    userIdByUsername: (username: string) => friendsRepo.userIdByUsername(db, username),
  };
}
export type FriendsService = ReturnType<typeof createFriendsService>;

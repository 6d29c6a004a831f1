import type {
  GroupDetail,
  GroupMember,
  GroupRole,
  groupEndpoints,
  SharedSet,
  StudyGroup,
} from "#shared/friends/groups.ts";
import type { Infer } from "#shared/http.ts";
import type { Db, DbOrTx, Tx } from "../../db/client.ts";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/errors.ts";
import type { FriendsService } from "./friends.service.ts";
import { groupsRepo } from "./groups.repo.ts";

type CreateGroup = Infer<(typeof groupEndpoints.create)["body"]>;

/** What groups need of the study feature: that a set shared is the sharer's own. */
export interface StudySetsAccess {
  assertOwnSet(userId: number, studySetId: number): Promise<void>;
}

const groupNotFound = () => notFound("Study group");

/**
 * Study groups: every call names the caller, and a group they are not in answers 404 exactly like a group
 * that does not exist; admin actions by a plain member answer 403.
 */
export function createGroupsService({
  db,
  friends,
  studySets,
}: {
  db: Db;
  friends: FriendsService;
  studySets: StudySetsAccess;
}) {
  async function roleOf(tx: DbOrTx, groupId: number, userId: number): Promise<GroupRole> {
    const role = await groupsRepo.role(tx, groupId, userId);
    if (!role) throw groupNotFound();
    return role;
  }
  async function requireAdmin(tx: DbOrTx, groupId: number, userId: number): Promise<void> {
    if ((await roleOf(tx, groupId, userId)) !== "admin") throw forbidden("Only a group admin can do that.");
  }

  return {
    list: (userId: number): Promise<StudyGroup[]> => groupsRepo.listForUser(db, userId),

    async create(userId: number, input: CreateGroup): Promise<StudyGroup> {
      const id = await db.transaction((tx) => groupsRepo.insert(tx, userId, input));
      return (await groupsRepo.findForMember(db, id, userId))!;
    },

    async get(userId: number, groupId: number): Promise<GroupDetail> {
      const group = await groupsRepo.detailForMember(db, groupId, userId);
      if (!group) throw groupNotFound();
      return group;
    },

    async remove(userId: number, groupId: number): Promise<void> {
      await requireAdmin(db, groupId, userId);
      await groupsRepo.remove(db, groupId);
    },

    /** An admin adds one of their friends by username. */
    async invite(userId: number, groupId: number, username: string): Promise<GroupMember> {
      await requireAdmin(db, groupId, userId);
      const otherId = await friends.userIdByUsername(username);
      if (otherId === undefined) throw new AppError(404, "not_found", "No student with that username");
      if (otherId === userId) throw conflict("You are already a member of this group");
      if (!(await friends.areFriends(userId, otherId))) {
        throw badRequest("You can only add your friends to a group");
      }
      if (!(await groupsRepo.addMember(db, groupId, otherId)))
        throw conflict("Already a member of this group");
      const members = await groupsRepo.members(db, groupId);
      return members.find((m) => m.id === otherId)!;
    },

    async removeMember(userId: number, groupId: number, memberId: number): Promise<void> {
      await requireAdmin(db, groupId, userId);
      if (memberId === userId) throw badRequest("Use Leave group to leave it yourself");
      const removed = await db.transaction((tx) => groupsRepo.removeMember(tx, groupId, memberId));
      if (!removed) throw notFound("Member");
    },

    async promote(userId: number, groupId: number, memberId: number): Promise<void> {
      await requireAdmin(db, groupId, userId);
      if (!(await groupsRepo.setRole(db, groupId, memberId, "admin"))) throw notFound("Member");
    },

    /**
     * The last admin names another member as admin to leave; alone in the group, leaving deletes it.
     * The group row is locked so two admins leaving at once cannot both pass the check.
     */
    async leave(userId: number, groupId: number, newAdminId?: number): Promise<void> {
      await db.transaction(async (tx) => {
        await groupsRepo.lockGroup(tx, groupId);
        const role = await roleOf(tx, groupId, userId);
        if (newAdminId !== undefined) {
          if (role !== "admin") throw forbidden("Only a group admin can do that.");
          if (newAdminId === userId || !(await groupsRepo.setRole(tx, groupId, newAdminId, "admin"))) {
            throw notFound("Member");
          }
        } else if (role === "admin" && (await groupsRepo.adminCount(tx, groupId)) === 1) {
          if ((await groupsRepo.members(tx, groupId)).length > 1) {
            throw conflict("You are the group's last admin: name another admin before you leave");
          }
          await groupsRepo.remove(tx, groupId);
          return;
        }
        await groupsRepo.removeMember(tx, groupId, userId);
      });
    },

    /**
     * The student's account is being deleted (in `tx`, before its rows go): they leave every group as
     * Leave group has them leave, never to be asked to name an admin. Alone in a group, it goes with them;
     * otherwise their shares are withdrawn and ownership passes on (groupsRepo.removeMember), and when
     * they were its last admin the longest-standing remaining member becomes admin first, as if named.
     * Without this the cascade from users deleted every group they created under its other members.
     */
    async leaveAll(userId: number, tx: Tx): Promise<void> {
      for (const groupId of await groupsRepo.idsOfMemberOrOwner(tx, userId)) {
        await groupsRepo.lockGroup(tx, groupId);
        const members = await groupsRepo.members(tx, groupId);
        const others = members.filter((m) => m.id !== userId);
        if (others.length === 0) {
          await groupsRepo.remove(tx, groupId);
          continue;
        }
        const leaving = members.find((m) => m.id === userId);
        if (leaving?.role === "admin" && (await groupsRepo.adminCount(tx, groupId)) === 1) {
          await groupsRepo.setRole(tx, groupId, others[0]!.id, "admin");
        }
        await groupsRepo.removeMember(tx, groupId, userId);
      }
    },

    /** A member shares one of their own study sets; its members may then read it. */
    async shareSet(userId: number, groupId: number, studySetId: number): Promise<SharedSet> {
      await roleOf(db, groupId, userId);
      await studySets.assertOwnSet(userId, studySetId);
      if (!(await groupsRepo.shareSet(db, groupId, studySetId, userId))) {
        throw conflict("This study set is already shared with the group");
      }
      return (await groupsRepo.sharedSet(db, groupId, studySetId))!;
    },

    /**
     * The student who shared a set, or an admin, stops sharing it. The one who shared it may always
     * withdraw it, member or not: a set must never stay readable by a group its owner cannot reach.
     */
    async unshareSet(userId: number, groupId: number, studySetId: number): Promise<void> {
      const share = await groupsRepo.findShare(db, groupId, studySetId);
      if (share?.sharedBy !== userId) {
        const role = await roleOf(db, groupId, userId);
        if (!share) throw notFound("Shared study set");
        if (role !== "admin") throw forbidden("Only a group admin can do that.");
      }
      await groupsRepo.deleteShare(db, groupId, studySetId);
    },

    canReadSet: (userId: number, studySetId: number, tx?: Tx) =>
      groupsRepo.canReadSet(tx ?? db, userId, studySetId),
  };
}
export type GroupsService = ReturnType<typeof createGroupsService>;

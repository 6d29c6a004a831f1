import { and, asc, count, eq, sql } from "drizzle-orm";
import type { UserSummary } from "#shared/friends.ts";
import type { GroupMember, GroupRole, StudyGroup } from "#shared/groups.ts";
import type { DbOrTx } from "../../db/client.ts";
import { studyGroupMembers, studyGroupSets, studyGroups } from "../../db/schema/friends.ts";
import { users } from "../../db/schema/users.ts";
import { summaryColumns } from "./friends.repo.ts";

const memberCount = sql<number>`(select count(*)::int from ${studyGroupMembers} c where c.group_id = ${studyGroups.id})`;

const groupColumns = {
  id: studyGroups.id,
  name: studyGroups.name,
  description: studyGroups.description,
  isPrivate: studyGroups.isPrivate,
  role: studyGroupMembers.role,
  memberCount,
};
type GroupRow = Omit<StudyGroup, "role"> & { role: string };
const toGroup = (r: GroupRow): StudyGroup => ({ ...r, role: r.role === "admin" ? "admin" : "member" });

export interface SharedSetRow {
  studySetId: number;
  sharedBy: UserSummary;
}

export const groupsRepo = {
  /** The student's groups with their role, newest first. */
  async listForUser(db: DbOrTx, userId: number): Promise<StudyGroup[]> {
    const rows = await db
      .select(groupColumns)
      .from(studyGroupMembers)
      .innerJoin(studyGroups, eq(studyGroups.id, studyGroupMembers.groupId))
      .where(eq(studyGroupMembers.userId, userId))
      .orderBy(sql`${studyGroups.id} desc`);
    return rows.map(toGroup);
  },

  /** The group as this member sees it; undefined when they are not a member (or it does not exist). */
  async findForMember(db: DbOrTx, groupId: number, userId: number): Promise<StudyGroup | undefined> {
    const [row] = await db
      .select(groupColumns)
      .from(studyGroupMembers)
      .innerJoin(studyGroups, eq(studyGroups.id, studyGroupMembers.groupId))
      .where(and(eq(studyGroupMembers.groupId, groupId), eq(studyGroupMembers.userId, userId)));
    return row && toGroup(row);
  },

  async insert(
    db: DbOrTx,
    ownerId: number,
    values: { name: string; description: string | null; isPrivate: boolean },
  ): Promise<number> {
    const [row] = await db
      .insert(studyGroups)
      .values({ ...values, ownerId })
      .returning({ id: studyGroups.id });
    await db.insert(studyGroupMembers).values({ groupId: row!.id, userId: ownerId, role: "admin" });
    return row!.id;
  },

  async remove(db: DbOrTx, groupId: number): Promise<void> {
    await db.delete(studyGroups).where(eq(studyGroups.id, groupId));
  },

  async members(db: DbOrTx, groupId: number): Promise<GroupMember[]> {
    const rows = await db
      .select({ ...summaryColumns, role: studyGroupMembers.role })
      .from(studyGroupMembers)
      .innerJoin(users, eq(users.id, studyGroupMembers.userId))
      .where(eq(studyGroupMembers.groupId, groupId))
      .orderBy(asc(studyGroupMembers.joinedAt), asc(users.id));
    return rows.map((r) => ({ ...r, role: r.role === "admin" ? "admin" : "member" }));
  },

  async role(db: DbOrTx, groupId: number, userId: number): Promise<GroupRole | undefined> {
    const [row] = await db
      .select({ role: studyGroupMembers.role })
      .from(studyGroupMembers)
      .where(and(eq(studyGroupMembers.groupId, groupId), eq(studyGroupMembers.userId, userId)));
    if (!row) return undefined;
    return row.role === "admin" ? "admin" : "member";
  },

  /** false when already a member. */
  async addMember(db: DbOrTx, groupId: number, userId: number): Promise<boolean> {
    const rows = await db
      .insert(studyGroupMembers)
      .values({ groupId, userId, role: "member" })
      .onConflictDoNothing()
      .returning({ userId: studyGroupMembers.userId });
    return rows.length > 0;
  },

  async removeMember(db: DbOrTx, groupId: number, userId: number): Promise<boolean> {
    const rows = await db
      .delete(studyGroupMembers)
      .where(and(eq(studyGroupMembers.groupId, groupId), eq(studyGroupMembers.userId, userId)))
      .returning({ userId: studyGroupMembers.userId });
    return rows.length > 0;
  },

  async setRole(db: DbOrTx, groupId: number, userId: number, role: GroupRole): Promise<boolean> {
    const rows = await db
      .update(studyGroupMembers)
      .set({ role })
      .where(and(eq(studyGroupMembers.groupId, groupId), eq(studyGroupMembers.userId, userId)))
      .returning({ userId: studyGroupMembers.userId });
    return rows.length > 0;
  },

  async adminCount(db: DbOrTx, groupId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(studyGroupMembers)
      .where(and(eq(studyGroupMembers.groupId, groupId), eq(studyGroupMembers.role, "admin")));
    return row?.n ?? 0;
  },

  /** Serialises membership changes of one group (the last-admin rule reads then writes). */
  async lockGroup(db: DbOrTx, groupId: number): Promise<void> {
    await db.execute(sql`select id from ${studyGroups} where id = ${groupId} for update`);
  },

  async sharedSets(db: DbOrTx, groupId: number): Promise<SharedSetRow[]> {
    return db
      .select({ studySetId: studyGroupSets.studySetId, sharedBy: summaryColumns })
      .from(studyGroupSets)
      .innerJoin(users, eq(users.id, studyGroupSets.sharedBy))
      .where(eq(studyGroupSets.groupId, groupId))
      .orderBy(asc(studyGroupSets.createdAt), asc(studyGroupSets.studySetId));
  },

  async shareSet(db: DbOrTx, groupId: number, studySetId: number, sharedBy: number): Promise<boolean> {
    const rows = await db
      .insert(studyGroupSets)
      .values({ groupId, studySetId, sharedBy })
      .onConflictDoNothing()
      .returning({ id: studyGroupSets.studySetId });
    return rows.length > 0;
  },

  async findShare(
    db: DbOrTx,
    groupId: number,
    studySetId: number,
  ): Promise<{ sharedBy: number } | undefined> {
    const [row] = await db
      .select({ sharedBy: studyGroupSets.sharedBy })
      .from(studyGroupSets)
      .where(and(eq(studyGroupSets.groupId, groupId), eq(studyGroupSets.studySetId, studySetId)));
    return row;
  },

  async deleteShare(db: DbOrTx, groupId: number, studySetId: number): Promise<void> {
    await db
      .delete(studyGroupSets)
      .where(and(eq(studyGroupSets.groupId, groupId), eq(studyGroupSets.studySetId, studySetId)));
  },

  /** Whether the student belongs to a group the set is shared with. */
  async canReadSet(db: DbOrTx, userId: number, studySetId: number): Promise<boolean> {
    const [row] = await db
      .select({ one: sql`1` })
      .from(studyGroupSets)
      .innerJoin(
        studyGroupMembers,
        and(eq(studyGroupMembers.groupId, studyGroupSets.groupId), eq(studyGroupMembers.userId, userId)),
      )
      .where(eq(studyGroupSets.studySetId, studySetId))
      .limit(1);
    return Boolean(row);
  },
};

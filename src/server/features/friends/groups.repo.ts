import { and, asc, count, eq, sql } from "drizzle-orm";
import type { GroupDetail, GroupMember, GroupRole, SharedSet, StudyGroup } from "#shared/friends/groups.ts";
import type { DbOrTx } from "../../db/client.ts";
import { users } from "../../db/schema/auth.ts";
import { studyGroupMembers, studyGroupSets, studyGroups } from "../../db/schema/friends.ts";
import { studySets } from "../../db/schema/study.ts";
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
const toRole = (role: unknown): GroupRole => (role === "admin" ? "admin" : "member");
type GroupRow = Omit<StudyGroup, "role"> & { role: string };
const toGroup = (r: GroupRow): StudyGroup => ({ ...r, role: toRole(r.role) });
const jsonRows = <T>(v: unknown): T[] => (typeof v === "string" ? JSON.parse(v) : ((v as T[] | null) ?? []));

/**
 * The columns a shared set is listed with: the set's own are read here, in the same statement as the share
 * (the study feature still owns every write to study_sets), so the group page is one round trip.
 */
const sharedSetColumns = {
  id: studySets.id,
  title: studySets.title,
  description: studySets.description,
  color: studySets.color,
  sharedBy: summaryColumns,
};

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

  /** The groups the student is in or still owns, by id (the order their rows are locked in). */
  async idsOfMemberOrOwner(db: DbOrTx, userId: number): Promise<number[]> {
    const rows = await db
      .select({ id: studyGroups.id })
      .from(studyGroups)
      .where(
        sql`${studyGroups.ownerId} = ${userId} or exists (select 1 from ${studyGroupMembers} m
          where m.group_id = ${studyGroups.id} and m.user_id = ${userId})`,
      )
      .orderBy(asc(studyGroups.id));
    return rows.map((r) => r.id);
  },

  async remove(db: DbOrTx, groupId: number): Promise<void> {
    await db.delete(studyGroups).where(eq(studyGroups.id, groupId));
  },

  /**
   * The group page in one statement: the group as this member sees it, its members and its shared sets;
   * undefined when they are not a member (or it does not exist). Members in the order they joined, sets
   * in the order they were shared.
   */
  async detailForMember(db: DbOrTx, groupId: number, userId: number): Promise<GroupDetail | undefined> {
    const result = await db.execute(sql`
      select g.id, g.name, g.description, g.is_private as "isPrivate", me.role,
        (select json_agg(json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
            'username', u.username, 'avatarUrl', u.avatar_url, 'role', m.role) order by m.joined_at, u.id)
          from study_group_members m join users u on u.id = m.user_id where m.group_id = g.id) as members,
        (select json_agg(json_build_object('id', s.id, 'title', s.title, 'description', s.description,
            'color', s.color, 'sharedBy', json_build_object('id', u.id, 'firstName', u.first_name,
            'lastName', u.last_name, 'username', u.username, 'avatarUrl', u.avatar_url))
            order by gs.created_at, gs.study_set_id)
          from study_group_sets gs join study_sets s on s.id = gs.study_set_id
          join users u on u.id = gs.shared_by where gs.group_id = g.id) as sets
      from study_group_members me join study_groups g on g.id = me.group_id
      where me.group_id = ${groupId} and me.user_id = ${userId}
    `);
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
    if (!row) return undefined;
    const members = jsonRows<GroupMember>(row.members).map((m) => ({ ...m, role: toRole(m.role) }));
    return {
      id: Number(row.id),
      name: String(row.name),
      description: (row.description as string | null) ?? null,
      isPrivate: Boolean(row.isPrivate),
      role: toRole(row.role),
      memberCount: members.length,
      members,
      sets: jsonRows<SharedSet>(row.sets),
    };
  },

  async members(db: DbOrTx, groupId: number): Promise<GroupMember[]> {
    const rows = await db
      .select({ ...summaryColumns, role: studyGroupMembers.role })
      .from(studyGroupMembers)
      .innerJoin(users, eq(users.id, studyGroupMembers.userId))
      .where(eq(studyGroupMembers.groupId, groupId))
      .orderBy(asc(studyGroupMembers.joinedAt), asc(users.id));
    return rows.map((r) => ({ ...r, role: toRole(r.role) }));
  },

  async role(db: DbOrTx, groupId: number, userId: number): Promise<GroupRole | undefined> {
    const [row] = await db
      .select({ role: studyGroupMembers.role })
      .from(studyGroupMembers)
      .where(and(eq(studyGroupMembers.groupId, groupId), eq(studyGroupMembers.userId, userId)));
    if (!row) return undefined;
    return toRole(row.role);
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

  /**
   * A member leaves or is removed, and the sets they shared with the group stop being shared with it; a
   * departing creator hands ownership to an admin who stays (any member when none is an admin).
   */
  async removeMember(db: DbOrTx, groupId: number, userId: number): Promise<boolean> {
    await db
      .delete(studyGroupSets)
      .where(and(eq(studyGroupSets.groupId, groupId), eq(studyGroupSets.sharedBy, userId)));
    const rows = await db
      .delete(studyGroupMembers)
      .where(and(eq(studyGroupMembers.groupId, groupId), eq(studyGroupMembers.userId, userId)))
      .returning({ userId: studyGroupMembers.userId });
    // The account's deletion cascades to the groups it owns: a creator who has left must not still own
    // the group, or deleting their account later would delete it under the members who run it now.
    await db.execute(sql`
      update study_groups g set owner_id = next.user_id
      from (select m.user_id from study_group_members m where m.group_id = ${groupId}
            order by (m.role = 'admin') desc, m.joined_at, m.user_id limit 1) next
      where g.id = ${groupId} and g.owner_id = ${userId}
    `);
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

  /** One shared set as the group lists it. */
  async sharedSet(db: DbOrTx, groupId: number, studySetId: number): Promise<SharedSet | undefined> {
    const [row] = await db
      .select(sharedSetColumns)
      .from(studyGroupSets)
      .innerJoin(studySets, eq(studySets.id, studyGroupSets.studySetId))
      .innerJoin(users, eq(users.id, studyGroupSets.sharedBy))
      .where(and(eq(studyGroupSets.groupId, groupId), eq(studyGroupSets.studySetId, studySetId)));
    return row;
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

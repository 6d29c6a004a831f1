import { z } from "zod";
import { endpoint, idParamsSchema, okSchema } from "../http.ts";
import { dbId, dbIdParam } from "../schema-primitives.ts";
import { GROUP_DESCRIPTION_MAX, GROUP_NAME_MAX, usernameInputSchema, userSummarySchema } from "./contract.ts";

export const groupRoleSchema = z.enum(["admin", "member"]);
export type GroupRole = z.infer<typeof groupRoleSchema>;

/** SPEC §3 Study group, as the signed-in student sees it (their role). */
export const studyGroupSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string().nullable(),
  isPrivate: z.boolean(),
  role: groupRoleSchema,
  memberCount: z.int(),
});
export type StudyGroup = z.infer<typeof studyGroupSchema>;

export const groupMemberSchema = userSummarySchema.extend({ role: groupRoleSchema });
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const sharedSetSchema = z.object({
  id: z.int(),
  title: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  sharedBy: userSummarySchema,
});
export type SharedSet = z.infer<typeof sharedSetSchema>;

export const groupDetailSchema = studyGroupSchema.extend({
  members: z.array(groupMemberSchema),
  sets: z.array(sharedSetSchema),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

export const createGroupSchema = z.object({
  name: z
    .string("Group name is required")
    .trim()
    .min(1, "Group name is required")
    .max(GROUP_NAME_MAX, `Group name must be at most ${GROUP_NAME_MAX} characters`),
  description: z
    .string()
    .trim()
    .max(GROUP_DESCRIPTION_MAX, `Description must be at most ${GROUP_DESCRIPTION_MAX} characters`)
    .nullish()
    .transform((d) => d || null),
  isPrivate: z.boolean().default(false),
});
export type CreateGroupInput = z.input<typeof createGroupSchema>;

/** `memberId`, not `userId`: the auth gate reserves userId for the caller's own id. */
export const memberParamsSchema = idParamsSchema.extend({ memberId: dbIdParam() });
export const setParamsSchema = idParamsSchema.extend({ setId: dbIdParam() });
export const leaveGroupSchema = z.object({
  /** The member who becomes admin when the last admin leaves. */
  newAdminId: dbId("The new admin must be a member's id").optional(),
});
export const shareSetSchema = z.object({ studySetId: dbId("Choose a study set") });

const base = "/api/study-groups";
export const groupEndpoints = {
  list: endpoint({ method: "GET", path: base, response: z.array(studyGroupSchema) }),
  create: endpoint({
    method: "POST",
    path: base,
    body: createGroupSchema,
    response: studyGroupSchema,
    status: 201,
  }),
  get: endpoint({ method: "GET", path: `${base}/:id`, params: idParamsSchema, response: groupDetailSchema }),
  remove: endpoint({ method: "DELETE", path: `${base}/:id`, params: idParamsSchema, response: okSchema }),
  invite: endpoint({
    method: "POST",
    path: `${base}/:id/members`,
    params: idParamsSchema,
    body: usernameInputSchema,
    response: groupMemberSchema,
    status: 201,
  }),
  removeMember: endpoint({
    method: "DELETE",
    path: `${base}/:id/members/:memberId`,
    params: memberParamsSchema,
    response: okSchema,
  }),
  promote: endpoint({
    method: "POST",
    path: `${base}/:id/members/:memberId/promote`,
    params: memberParamsSchema,
    response: okSchema,
  }),
  leave: endpoint({
    method: "POST",
    path: `${base}/:id/leave`,
    params: idParamsSchema,
    body: leaveGroupSchema,
    response: okSchema,
  }),
  shareSet: endpoint({
    method: "POST",
    path: `${base}/:id/sets`,
    params: idParamsSchema,
    body: shareSetSchema,
    response: sharedSetSchema,
    status: 201,
  }),
  unshareSet: endpoint({
    method: "DELETE",
    path: `${base}/:id/sets/:setId`,
    params: setParamsSchema,
    response: okSchema,
  }),
};

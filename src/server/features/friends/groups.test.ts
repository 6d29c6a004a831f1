import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createCard,
  createDocument,
  createFlashcardSet,
  createFriendship,
  createGroup as createStudyGroup,
  createStudySet,
  createUser,
  type TestUser,
} from "#tests/factories.ts";
import { multipartForm } from "#tests/multipart-form.ts";
import { testAppPerFile } from "#tests/setup.ts";

const t = testAppPerFile();

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const req = t.req;
async function ok(who: TestUser, method: Method, url: string, payload?: object) {
  const res = await req(who, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const befriend = (a: TestUser, b: TestUser) => createFriendship(t.app, a, b);
const createGroup = (who: TestUser, name = "Biology crew") =>
  createStudyGroup(t.app, { owner: who, name, description: "Weekly", isPrivate: false });
const invite = (admin: TestUser, groupId: number, who: TestUser) =>
  req(admin, "POST", `/api/study-groups/${groupId}/members`, { username: who.user.username });

/** Ada's group with her friends Bob and Cat as members, invited in that order. */
async function groupOfThree() {
  const [ada, bob, cat] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
  await befriend(ada, bob);
  await befriend(ada, cat);
  const g = await createGroup(ada);
  await invite(ada, g.id, bob);
  await invite(ada, g.id, cat);
  return { ada, bob, cat, g };
}

/** A study set with one document and a two-card flashcard set, owned by `who`. */
async function studySet(who: TestUser) {
  const set = await createStudySet(t.app, { owner: who, title: "Cells" });
  const doc = await createDocument(t.app, { set, content: "Mitochondria make ATP." });
  const fc = await createFlashcardSet(t.app, { studySet: set, title: "Organelles" });
  const c1 = await createCard(t.app, { set: fc, question: "Powerhouse?", answer: "Mitochondria" });
  const c2 = await createCard(t.app, { set: fc, question: "Protein maker?", answer: "Ribosome" });
  return { set, doc, fc, cards: [c1, c2] as const };
}

/** Every read of a shared set, with the status each answers for `who`. */
async function readStatuses(who: TestUser, s: Awaited<ReturnType<typeof studySet>>) {
  const urls = [
    `/api/study/sets/${s.set.id}/documents`,
    `/api/study/documents/${s.doc.id}`,
    `/api/study/sets/${s.set.id}/flashcards`,
    `/api/study/sets/${s.set.id}/cards`,
    `/api/study/flashcard-sets/${s.fc.id}/cards`,
  ];
  return Promise.all(urls.map(async (u) => (await req(who, "GET", u)).statusCode));
}

/** The group's owner_id (whose account deletion would cascade to it); undefined once the group is gone. */
async function ownerOf(groupId: number): Promise<number | undefined> {
  const r = (await t.database.db.execute(
    sql`select owner_id as "ownerId" from study_groups where id = ${groupId}`,
  )) as unknown as { rows?: { ownerId: number }[] } | { ownerId: number }[];
  return (Array.isArray(r) ? r : (r.rows ?? []))[0]?.ownerId;
}

describe("study groups", () => {
  it("creates a group with its creator as admin; the name is required and trimmed", async () => {
    const ada = await createUser(t.app);
    const res = await req(ada, "POST", "/api/study-groups", {
      name: "  Physics  ",
      description: "",
      isPrivate: false,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: "Physics",
      description: null,
      isPrivate: false,
      role: "admin",
      memberCount: 1,
    });
    const bad = await req(ada, "POST", "/api/study-groups", { name: "   " });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("Group name is required");
    expect((await ok(ada, "GET", "/api/study-groups")).map((g: { name: string }) => g.name)).toEqual([
      "Physics",
    ]);
  });

  it("invites friends only, lists members with roles, promotes, removes; members get 403 for admin actions", async () => {
    const [ada, bob, cat, eve] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
    ]);
    await befriend(ada, bob);
    await befriend(ada, cat);
    const g = await createGroup(ada);
    expect((await invite(ada, g.id, eve)).statusCode).toBe(400); // not a friend
    expect(
      (await req(ada, "POST", `/api/study-groups/${g.id}/members`, { username: "nobody_at_all" })).statusCode,
    ).toBe(404);
    const added = await invite(ada, g.id, bob);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ id: bob.user.id, role: "member", username: bob.user.username });
    expect((await invite(ada, g.id, bob)).statusCode).toBe(409);
    await invite(ada, g.id, cat);

    const detail = await ok(bob, "GET", `/api/study-groups/${g.id}`);
    expect(detail).toMatchObject({ role: "member", memberCount: 3, sets: [] });
    expect(detail.members.map((m: { id: number; role: string }) => [m.id, m.role])).toEqual([
      [ada.user.id, "admin"],
      [bob.user.id, "member"],
      [cat.user.id, "member"],
    ]);
    expect(JSON.stringify(detail)).not.toContain("@school.edu");
    expect((await ok(bob, "GET", "/api/study-groups"))[0]).toMatchObject({
      id: g.id,
      role: "member",
      memberCount: 3,
    });

    // A member is refused every admin action.
    await befriend(bob, eve);
    expect((await invite(bob, g.id, eve)).statusCode).toBe(403);
    expect((await req(bob, "DELETE", `/api/study-groups/${g.id}/members/${cat.user.id}`)).statusCode).toBe(
      403,
    );
    expect(
      (await req(bob, "POST", `/api/study-groups/${g.id}/members/${cat.user.id}/promote`)).statusCode,
    ).toBe(403);
    expect((await req(bob, "DELETE", `/api/study-groups/${g.id}`)).statusCode).toBe(403);

    // A non-member sees nothing at all.
    for (const [m, url] of [
      ["GET", `/api/study-groups/${g.id}`],
      ["DELETE", `/api/study-groups/${g.id}`],
      ["POST", `/api/study-groups/${g.id}/members/${bob.user.id}/promote`],
      ["DELETE", `/api/study-groups/${g.id}/members/${bob.user.id}`],
    ] as const) {
      expect((await req(eve, m, url)).statusCode).toBe(404);
    }
    expect((await req(eve, "POST", `/api/study-groups/${g.id}/leave`, {})).statusCode).toBe(404);

    expect(await ok(ada, "POST", `/api/study-groups/${g.id}/members/${bob.user.id}/promote`)).toEqual({
      ok: true,
    });
    expect(await ok(bob, "DELETE", `/api/study-groups/${g.id}/members/${cat.user.id}`)).toEqual({ ok: true });
    expect((await req(cat, "GET", `/api/study-groups/${g.id}`)).statusCode).toBe(404);
    expect((await req(ada, "DELETE", `/api/study-groups/${g.id}/members/${eve.user.id}`)).statusCode).toBe(
      404,
    );
  });

  it("the last admin cannot leave without naming another; a member leaves; alone, leaving deletes the group", async () => {
    const [ada, bob] = await Promise.all([createUser(t.app), createUser(t.app)]);
    await befriend(ada, bob);
    const g = await createGroup(ada);
    await invite(ada, g.id, bob);
    const refused = await req(ada, "POST", `/api/study-groups/${g.id}/leave`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/last admin/);
    expect(
      (await req(bob, "POST", `/api/study-groups/${g.id}/leave`, { newAdminId: ada.user.id })).statusCode,
    ).toBe(403);
    expect(await ok(ada, "POST", `/api/study-groups/${g.id}/leave`, { newAdminId: bob.user.id })).toEqual({
      ok: true,
    });
    expect((await ok(bob, "GET", `/api/study-groups/${g.id}`)).members).toEqual([
      expect.objectContaining({ id: bob.user.id, role: "admin" }),
    ]);
    expect(await ok(bob, "POST", `/api/study-groups/${g.id}/leave`, {})).toEqual({ ok: true });
    expect(await ok(bob, "GET", "/api/study-groups")).toEqual([]);

    const h = await createGroup(ada, "Other");
    await invite(ada, h.id, bob);
    expect(await ok(bob, "POST", `/api/study-groups/${h.id}/leave`, {})).toEqual({ ok: true });
    expect((await ok(ada, "GET", `/api/study-groups/${h.id}`)).memberCount).toBe(1);
    expect(await ok(ada, "DELETE", `/api/study-groups/${h.id}`)).toEqual({ ok: true });
    expect((await req(ada, "GET", `/api/study-groups/${h.id}`)).statusCode).toBe(404);
  });

  it("a shared set is readable by members only, writable by its owner only, and quizzes are the member's", async () => {
    const [ada, bob, eve] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    await befriend(ada, bob);
    await befriend(ada, eve);
    const g = await createGroup(ada);
    await invite(ada, g.id, bob);
    const s = await studySet(ada);
    const eveSet = await studySet(eve);

    // Before sharing, nobody else reads it.
    expect(await readStatuses(bob, s)).toEqual([404, 404, 404, 404, 404]);
    // Only one's own set can be shared, and only into one's own group.
    expect(
      (await req(bob, "POST", `/api/study-groups/${g.id}/sets`, { studySetId: s.set.id })).statusCode,
    ).toBe(404);
    expect(
      (await req(eve, "POST", `/api/study-groups/${g.id}/sets`, { studySetId: eveSet.set.id })).statusCode,
    ).toBe(404);
    const shared = await req(ada, "POST", `/api/study-groups/${g.id}/sets`, { studySetId: s.set.id });
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toMatchObject({ id: s.set.id, title: "Cells", sharedBy: { id: ada.user.id } });
    expect(
      (await req(ada, "POST", `/api/study-groups/${g.id}/sets`, { studySetId: s.set.id })).statusCode,
    ).toBe(409);
    expect((await ok(bob, "GET", `/api/study-groups/${g.id}`)).sets.map((x: { id: number }) => x.id)).toEqual(
      [s.set.id],
    );

    expect(await readStatuses(bob, s)).toEqual([200, 200, 200, 200, 200]);
    expect(await readStatuses(eve, s)).toEqual([404, 404, 404, 404, 404]);
    const cards = await ok(bob, "GET", `/api/study/flashcard-sets/${s.fc.id}/cards`);
    expect(cards.map((c: { question: string }) => c.question)).toEqual(["Powerhouse?", "Protein maker?"]);

    // Bob takes the quiz; the attempt is his.
    const attempt = await req(bob, "POST", `/api/study/flashcard-sets/${s.fc.id}/quiz-attempts`, {
      answers: [
        { cardId: s.cards[0].id, chosen: "Mitochondria" },
        { cardId: s.cards[1].id, chosen: "Nucleus" },
      ],
    });
    expect(attempt.statusCode).toBe(201);
    expect(attempt.json()).toMatchObject({ correct: 1, total: 2 });
    expect(
      (
        await req(eve, "POST", `/api/study/flashcard-sets/${s.fc.id}/quiz-attempts`, {
          answers: [{ cardId: s.cards[0].id, chosen: "x" }],
        })
      ).statusCode,
    ).toBe(404);

    // Writes stay the owner's.
    const writes = [
      req(bob, "POST", `/api/study/sets/${s.set.id}/documents`, { content: "vandal" }),
      req(bob, "PATCH", `/api/study/documents/${s.doc.id}`, { title: "vandal" }),
      req(bob, "DELETE", `/api/study/documents/${s.doc.id}`),
      req(bob, "POST", `/api/study/sets/${s.set.id}/flashcard-sets`, { title: "x" }),
      req(bob, "POST", `/api/study/flashcard-sets/${s.fc.id}/cards`, { question: "q", answer: "a" }),
      req(bob, "DELETE", `/api/study/flashcards/${s.cards[0].id}`),
      req(bob, "DELETE", `/api/study/flashcard-sets/${s.fc.id}`),
      req(bob, "DELETE", `/api/study/sets/${s.set.id}`),
    ];
    for (const res of await Promise.all(writes)) expect(res.statusCode).toBe(404);
    expect(await readStatuses(ada, s)).toEqual([200, 200, 200, 200, 200]);
    // The shared set never shows in Bob's own list.
    expect((await ok(bob, "GET", "/api/study/sets")).map((x: { id: number }) => x.id)).not.toContain(
      s.set.id,
    );

    // Removed, Bob reads nothing again; unsharing hides it from members.
    await ok(ada, "DELETE", `/api/study-groups/${g.id}/members/${bob.user.id}`);
    expect(await readStatuses(bob, s)).toEqual([404, 404, 404, 404, 404]);
    await invite(ada, g.id, bob);
    expect(await readStatuses(bob, s)).toEqual([200, 200, 200, 200, 200]);
    expect((await req(bob, "DELETE", `/api/study-groups/${g.id}/sets/${s.set.id}`)).statusCode).toBe(403);
    expect(await ok(ada, "DELETE", `/api/study-groups/${g.id}/sets/${s.set.id}`)).toEqual({ ok: true });
    expect(await readStatuses(bob, s)).toEqual([404, 404, 404, 404, 404]);
  });

  it("a member gets no owner control on a shared set: every edit is refused and changes nothing", async () => {
    const [ada, bob] = await Promise.all([createUser(t.app), createUser(t.app)]);
    await befriend(ada, bob);
    const g = await createGroup(ada);
    await invite(ada, g.id, bob);
    const s = await studySet(ada);
    await ok(ada, "POST", `/api/study-groups/${g.id}/sets`, { studySetId: s.set.id });
    expect(await readStatuses(bob, s)).toEqual([200, 200, 200, 200, 200]);
    const before = await Promise.all([
      ok(ada, "GET", `/api/study/sets/${s.set.id}/documents`),
      ok(ada, "GET", `/api/study/sets/${s.set.id}/flashcards`),
      ok(ada, "GET", `/api/study/sets/${s.set.id}/cards`),
    ]);

    const upload = multipartForm([
      { name: "title", value: "vandal" },
      { name: "file", fileName: "notes.txt", type: "text/plain", data: Buffer.from("vandal") },
    ]);
    const cards = {
      text: "a\tb",
      options: { format: "text", termSeparator: "tab", rowSeparator: "newline" },
    };
    const edits = await Promise.all([
      req(bob, "PATCH", `/api/study/documents/${s.doc.id}`, { title: "vandal" }),
      req(bob, "DELETE", `/api/study/documents/${s.doc.id}`),
      req(bob, "POST", `/api/study/sets/${s.set.id}/documents`, { content: "vandal" }),
      t.app.inject({
        method: "POST",
        url: `/api/study/sets/${s.set.id}/documents/upload`,
        headers: { ...bob.headers, ...upload.headers },
        payload: upload.payload,
      }),
      req(bob, "POST", `/api/study/sets/${s.set.id}/flashcard-sets`, { title: "vandal" }),
      req(bob, "DELETE", `/api/study/flashcard-sets/${s.fc.id}`),
      req(bob, "POST", `/api/study/flashcard-sets/${s.fc.id}/cards`, { question: "q", answer: "a" }),
      req(bob, "PATCH", `/api/study/flashcards/${s.cards[0].id}`, { question: "vandal" }),
      req(bob, "DELETE", `/api/study/flashcards/${s.cards[0].id}`),
      req(bob, "POST", `/api/study/flashcard-sets/${s.fc.id}/import`, cards),
      req(bob, "DELETE", `/api/study/sets/${s.set.id}`),
    ]);
    // 404, not 403: a member learns nothing about which ids exist beyond what they may read.
    expect(edits.map((r) => r.statusCode)).toEqual(edits.map(() => 404));
    const after = await Promise.all([
      ok(ada, "GET", `/api/study/sets/${s.set.id}/documents`),
      ok(ada, "GET", `/api/study/sets/${s.set.id}/flashcards`),
      ok(ada, "GET", `/api/study/sets/${s.set.id}/cards`),
    ]);
    expect(after).toEqual(before);
    // The owner still edits it through the same endpoints.
    expect(
      (await req(ada, "PATCH", `/api/study/documents/${s.doc.id}`, { title: "Renamed" })).statusCode,
    ).toBe(200);
  });

  it("another student's group, set and member ids are 404 on every group endpoint", async () => {
    const [ada, bob, eve] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    await befriend(ada, bob);
    await befriend(eve, bob);
    const g = await createGroup(ada);
    await invite(ada, g.id, bob);
    const s = await studySet(ada);
    await ok(ada, "POST", `/api/study-groups/${g.id}/sets`, { studySetId: s.set.id });
    const eveGroup = await createGroup(eve, "Eve's");
    const eveSet = await studySet(eve);

    const statuses = await Promise.all([
      invite(eve, g.id, bob),
      req(eve, "POST", `/api/study-groups/${g.id}/sets`, { studySetId: eveSet.set.id }),
      req(eve, "DELETE", `/api/study-groups/${g.id}/sets/${s.set.id}`),
      req(eve, "POST", `/api/study-groups/${g.id}/leave`, { newAdminId: eve.user.id }),
      // Ada's own admin rights stop at her group: Eve's group and members are not hers to touch.
      req(ada, "GET", `/api/study-groups/${eveGroup.id}`),
      req(ada, "DELETE", `/api/study-groups/${eveGroup.id}/members/${eve.user.id}`),
      req(ada, "POST", `/api/study-groups/${eveGroup.id}/sets`, { studySetId: s.set.id }),
      // Naming someone outside the group as the next admin.
      req(ada, "POST", `/api/study-groups/${g.id}/leave`, { newAdminId: eve.user.id }),
      req(ada, "DELETE", `/api/study-groups/${g.id}/sets/${eveSet.set.id}`),
    ]);
    expect(statuses.map((r) => r.statusCode)).toEqual(statuses.map(() => 404));
    // Nothing changed.
    expect((await ok(ada, "GET", `/api/study-groups/${g.id}`)).members).toHaveLength(2);
    expect((await ok(eve, "GET", `/api/study-groups/${eveGroup.id}`)).sets).toEqual([]);
  });

  it("a member's shares end with their membership, whether they leave or are removed (issue 27 fault 6)", async () => {
    const { ada, bob, cat, g } = await groupOfThree();
    const bobSet = await studySet(bob);
    const catSet = await studySet(cat);
    await ok(bob, "POST", `/api/study-groups/${g.id}/sets`, { studySetId: bobSet.set.id });
    await ok(cat, "POST", `/api/study-groups/${g.id}/sets`, { studySetId: catSet.set.id });
    expect(await readStatuses(ada, bobSet)).toEqual([200, 200, 200, 200, 200]);
    expect(await readStatuses(ada, catSet)).toEqual([200, 200, 200, 200, 200]);

    // Bob leaves: the group no longer reads his set, and it is no longer listed.
    await ok(bob, "POST", `/api/study-groups/${g.id}/leave`, {});
    expect(await readStatuses(ada, bobSet)).toEqual([404, 404, 404, 404, 404]);
    expect(await readStatuses(cat, bobSet)).toEqual([404, 404, 404, 404, 404]);
    // Cat is removed by the admin: the same.
    await ok(ada, "DELETE", `/api/study-groups/${g.id}/members/${cat.user.id}`);
    expect(await readStatuses(ada, catSet)).toEqual([404, 404, 404, 404, 404]);
    expect((await ok(ada, "GET", `/api/study-groups/${g.id}`)).sets).toEqual([]);
    // Withdrawing what is already gone is a 404, never a 500 or a 403.
    expect((await req(bob, "DELETE", `/api/study-groups/${g.id}/sets/${bobSet.set.id}`)).statusCode).toBe(
      404,
    );
  });

  it("a student can always withdraw their own set, even when no longer a member", async () => {
    const [ada, bob] = await Promise.all([createUser(t.app), createUser(t.app)]);
    await befriend(ada, bob);
    const g = await createGroup(ada);
    await invite(ada, g.id, bob);
    const s = await studySet(bob);
    await ok(bob, "POST", `/api/study-groups/${g.id}/sets`, { studySetId: s.set.id });
    // A share left behind by a departure before the fix (membership row gone, share row still there).
    await t.database.db.execute(
      sql`delete from study_group_members where group_id = ${g.id} and user_id = ${bob.user.id}`,
    );
    expect(await ok(bob, "DELETE", `/api/study-groups/${g.id}/sets/${s.set.id}`)).toEqual({ ok: true });
    expect(await readStatuses(ada, s)).toEqual([404, 404, 404, 404, 404]);
  });

  it("a group outlives its creator's account once another member runs it", async () => {
    const { ada, bob, cat, g } = await groupOfThree();
    const s = await studySet(bob);
    await ok(bob, "POST", `/api/study-groups/${g.id}/sets`, { studySetId: s.set.id });
    // Ada hands the group to Bob and leaves; deleting her account later must not take Bob's group with it.
    await ok(ada, "POST", `/api/study-groups/${g.id}/leave`, { newAdminId: bob.user.id });
    await ok(ada, "POST", "/api/auth/delete-account", { password: "correct horse" });
    const detail = await ok(bob, "GET", `/api/study-groups/${g.id}`);
    expect(detail.members.map((m: { id: number }) => m.id)).toEqual([bob.user.id, cat.user.id]);
    expect(await readStatuses(cat, s)).toEqual([200, 200, 200, 200, 200]);
  });

  it("deleting the creator's account leaves the group to its members, as leaving would; alone, the group goes", async () => {
    const { ada, bob, cat, g } = await groupOfThree();
    const adaSet = await studySet(ada);
    const bobSet = await studySet(bob);
    await ok(ada, "POST", `/api/study-groups/${g.id}/sets`, { studySetId: adaSet.set.id });
    await ok(bob, "POST", `/api/study-groups/${g.id}/sets`, { studySetId: bobSet.set.id });
    const alone = await createGroup(ada, "Just me");

    // Ada, the creator and only admin, deletes her account without naming anyone.
    await ok(ada, "POST", "/api/auth/delete-account", { password: ada.input.password });
    const detail = await ok(cat, "GET", `/api/study-groups/${g.id}`);
    // Bob joined first, so he runs it now: admin, and owner (a later deletion of Ada's rows cannot take it).
    expect(detail.members).toEqual([
      expect.objectContaining({ id: bob.user.id, role: "admin" }),
      expect.objectContaining({ id: cat.user.id, role: "member" }),
    ]);
    expect(await ownerOf(g.id)).toBe(bob.user.id);
    // Her shares went with her, as on leaving; Bob's stay shared with the group.
    expect(detail.sets.map((x: { id: number }) => x.id)).toEqual([bobSet.set.id]);
    expect(await readStatuses(cat, bobSet)).toEqual([200, 200, 200, 200, 200]);
    expect(await readStatuses(cat, adaSet)).toEqual([404, 404, 404, 404, 404]);
    // The group she was alone in went with her.
    expect(await ownerOf(alone.id)).toBeUndefined();

    // Then Bob goes too: Cat is left running it; when she goes, the group goes.
    await ok(bob, "POST", "/api/auth/delete-account", { password: bob.input.password });
    expect((await ok(cat, "GET", `/api/study-groups/${g.id}`)).members).toEqual([
      expect.objectContaining({ id: cat.user.id, role: "admin" }),
    ]);
    expect(await ownerOf(g.id)).toBe(cat.user.id);
    await ok(cat, "POST", "/api/auth/delete-account", { password: cat.input.password });
    expect(await ownerOf(g.id)).toBeUndefined();
  });

  it("deleting an admin's account keeps the other admins in charge and promotes no one", async () => {
    const { ada, bob, cat, g } = await groupOfThree();
    await ok(ada, "POST", `/api/study-groups/${g.id}/members/${cat.user.id}/promote`);
    await ok(ada, "POST", "/api/auth/delete-account", { password: ada.input.password });
    expect((await ok(bob, "GET", `/api/study-groups/${g.id}`)).members).toEqual([
      expect.objectContaining({ id: bob.user.id, role: "member" }),
      expect.objectContaining({ id: cat.user.id, role: "admin" }),
    ]);
    expect(await ownerOf(g.id)).toBe(cat.user.id);
  });

  it("answers 401 without a session and 400 for bad ids", async () => {
    expect((await req(null, "GET", "/api/study-groups")).statusCode).toBe(401);
    const ada = await createUser(t.app);
    expect((await req(ada, "GET", "/api/study-groups/abc")).statusCode).toBe(400);
    expect((await req(ada, "DELETE", "/api/study-groups/1/members/0")).statusCode).toBe(400);
    expect((await req(ada, "POST", "/api/study-groups/1/sets", { studySetId: "x" })).statusCode).toBe(400);
  });
});

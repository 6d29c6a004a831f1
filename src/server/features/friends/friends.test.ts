import { describe, expect, it } from "vitest";
import { FRIEND_REQUESTS_PER_HOUR, friendEndpoints } from "#shared/friends/contract.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";

const t = testAppPerFile();

const req = t.req;

const student = (firstName = "Ada", lastName = "Lovelace") => createUser(t.app, { firstName, lastName });
const send = (from: TestUser, to: TestUser) =>
  t.api(from).send(friendEndpoints.request, { body: { username: to.user.username } });
const incoming = async (who: TestUser) => (await t.api(who).send(friendEndpoints.requests)).json();
const friendsOf = async (who: TestUser) => (await t.api(who).send(friendEndpoints.list)).json();

describe("the friend request lifecycle", () => {
  it("sends, refuses a duplicate, lets only the addressee accept, then both see each other", async () => {
    const [ada, bob, eve] = await Promise.all([student(), student("Bob", "Brown"), student("Eve")]);
    const sent = await req(ada, "POST", "/api/friends/request", {
      username: `  ${bob.user.username.toUpperCase()} `,
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ status: "sent", message: "Friend request sent!" });

    const again = await send(ada, bob);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "conflict", error: "Friend request already sent" });

    const adaSent = (await t.api(ada).send(friendEndpoints.sent)).json();
    expect(adaSent).toEqual([
      {
        id: expect.any(Number),
        createdAt: expect.any(String),
        user: {
          id: bob.user.id,
          firstName: "Bob",
          lastName: "Brown",
          username: bob.user.username,
          avatarUrl: null,
        },
      },
    ]);
    const [request] = await incoming(bob);
    expect(request).toMatchObject({
      id: adaSent[0].id,
      user: { id: ada.user.id, username: ada.user.username },
    });
    expect(await incoming(ada)).toEqual([]);

    // Neither the requester nor a stranger may answer it, and neither learns it exists.
    for (const who of [ada, eve]) {
      for (const action of ["accept", "reject"]) {
        const res = await req(who, "POST", `/api/friends/${action}/${request.id}`);
        expect(res.statusCode).toBe(404);
      }
    }
    expect((await t.api(bob).send(friendEndpoints.accept, { params: { id: request.id } })).json()).toEqual({
      ok: true,
    });
    expect((await t.api(bob).send(friendEndpoints.accept, { params: { id: request.id } })).statusCode).toBe(
      404,
    );

    expect(await friendsOf(ada)).toEqual([
      { id: bob.user.id, firstName: "Bob", lastName: "Brown", username: bob.user.username, avatarUrl: null },
    ]);
    expect((await friendsOf(bob)).map((f: { id: number }) => f.id)).toEqual([ada.user.id]);
    expect(await incoming(bob)).toEqual([]);
    expect((await t.api(ada).send(friendEndpoints.sent)).json()).toEqual([]);

    const already = await send(bob, ada);
    expect(already.statusCode).toBe(409);
    expect(already.json().error).toBe("You are already friends");
  });

  it("accepts instead when the other student had already asked", async () => {
    const [ada, bob] = await Promise.all([student(), student()]);
    expect((await send(ada, bob)).statusCode).toBe(200);
    const cross = await send(bob, ada);
    expect(cross.statusCode).toBe(200);
    expect(cross.json().status).toBe("accepted");
    expect((await friendsOf(ada)).map((f: { id: number }) => f.id)).toEqual([bob.user.id]);
    expect(await incoming(bob)).toEqual([]);
  });

  it("an accepted request earns both students 'Study Buddy' without any check call", async () => {
    const [ada, bob] = await Promise.all([student(), student()]);
    const titles = async (who: TestUser) =>
      (
        (await req(who, "GET", "/api/user-achievements")).json() as Array<{ achievement: { title: string } }>
      ).map((a) => a.achievement.title);
    await send(ada, bob);
    expect(await titles(ada)).not.toContain("Study Buddy");
    const [request] = await incoming(bob);
    await t.api(bob).send(friendEndpoints.accept, { params: { id: request.id } });
    expect(await titles(ada)).toContain("Study Buddy");
    expect(await titles(bob)).toContain("Study Buddy");
  });

  it("rejecting removes the request, and the requester may ask again", async () => {
    const [ada, bob] = await Promise.all([student(), student()]);
    await send(ada, bob);
    const [request] = await incoming(bob);
    expect((await t.api(bob).send(friendEndpoints.reject, { params: { id: request.id } })).json()).toEqual({
      ok: true,
    });
    expect(await incoming(bob)).toEqual([]);
    expect((await t.api(ada).send(friendEndpoints.sent)).json()).toEqual([]);
    expect(await friendsOf(ada)).toEqual([]);
    expect((await send(ada, bob)).statusCode).toBe(200);
  });

  it("removes a friend from either side by the friend's user id; a stranger's id is 404", async () => {
    const [ada, bob, cat, eve] = await Promise.all([student(), student(), student(), student()]);
    for (const other of [bob, cat]) {
      await send(ada, other);
      const [request] = await incoming(other);
      await t.api(other).send(friendEndpoints.accept, { params: { id: request.id } });
    }
    expect((await t.api(ada).send(friendEndpoints.remove, { params: { id: bob.user.id } })).json()).toEqual({
      ok: true,
    });
    expect((await t.api(cat).send(friendEndpoints.remove, { params: { id: ada.user.id } })).json()).toEqual({
      ok: true,
    });
    expect(await friendsOf(ada)).toEqual([]);
    expect(await friendsOf(cat)).toEqual([]);
    expect((await t.api(ada).send(friendEndpoints.remove, { params: { id: eve.user.id } })).statusCode).toBe(
      404,
    );
    // A pending request is not a friendship to remove.
    await send(ada, eve);
    expect((await t.api(ada).send(friendEndpoints.remove, { params: { id: eve.user.id } })).statusCode).toBe(
      404,
    );
  });
});

describe("POST /api/friends/request refusals", () => {
  it("unknown username is 404, yourself is 400, empty is 400", async () => {
    const ada = await student();
    const unknown = await t
      .api(ada)
      .send(friendEndpoints.request, { body: { username: "nobody_here_at_all" } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: "not_found", error: "No student with that username" });
    const self = await req(ada, "POST", "/api/friends/request", {
      username: ada.user.username.toUpperCase(),
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe("You cannot add yourself");
    const empty = await t.api(ada).send(friendEndpoints.request, { body: { username: "   " } });
    expect(empty.statusCode).toBe(400);
    expect((await t.api(ada).send(friendEndpoints.request, { body: {} })).statusCode).toBe(400);
  });

  it("answers 401 without a session and 400 for a non-numeric id", async () => {
    expect((await t.api(null).send(friendEndpoints.list)).statusCode).toBe(401);
    expect((await t.api(null).send(friendEndpoints.request, { body: { username: "x" } })).statusCode).toBe(
      401,
    );
    const ada = await student();
    expect((await req(ada, "POST", "/api/friends/accept/abc")).statusCode).toBe(400);
    expect((await req(ada, "DELETE", "/api/friends/0")).statusCode).toBe(400);
  });

  it("never answers an email, on any friends endpoint", async () => {
    const [ada, bob, cat] = await Promise.all([student(), student(), student()]);
    await send(ada, bob);
    await send(cat, ada);
    await send(cat, bob);
    const [request] = await incoming(bob);
    await t.api(bob).send(friendEndpoints.accept, { params: { id: request.id } });
    for (const who of [ada, bob, cat]) {
      for (const url of [
        "/api/friends",
        "/api/friends/progress",
        "/api/friends/requests",
        "/api/friends/sent",
      ]) {
        const body = (await req(who, "GET", url)).body;
        expect(body).not.toContain("@school.edu");
        expect(body).not.toMatch(/email|password/i);
      }
    }
  });
});

describe("friend request rate limit", () => {
  it(`allows ${FRIEND_REQUESTS_PER_HOUR} requests an hour per student, then 429; others are unaffected`, async () => {
    const [ada, bob] = await Promise.all([student(), student()]);
    for (let i = 0; i < FRIEND_REQUESTS_PER_HOUR; i++) {
      const res = await t.api(ada).send(friendEndpoints.request, { body: { username: `missing_${i}` } });
      expect(res.statusCode).toBe(404);
    }
    const limited = await send(ada, bob);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("rate_limited");
    expect((await send(bob, ada)).statusCode).toBe(200);
  });
});

describe("friends' level and streak", () => {
  const progressOf = async (who: TestUser) => {
    const res = await t.api(who).send(friendEndpoints.progress);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const saveSettings = (who: TestUser, payload: object) =>
    t.app.inject({ method: "POST", url: "/api/settings", headers: who.headers, payload });
  const spec = { aiModel: "gpt-4o", theme: "light", autoSync: true, notificationsEnabled: true };

  it("friends see each other's figures, a stranger or a pending request sees none, and off hides them", async () => {
    const [ada, bob, eve] = await Promise.all([student(), student("Bob"), student("Eve")]);
    await send(ada, bob);
    await send(bob, ada); // the cross request accepts
    await send(eve, bob); // pending: not a friend yet
    expect((await req(bob, "POST", "/api/study/sessions", { duration: 1800 })).statusCode).toBe(201);
    const own = (await req(bob, "GET", `/api/study-stats/${bob.user.id}`)).json();
    expect(own.currentStudyStreak).toBe(1);
    expect(own.totalPoints).toBeGreaterThan(0);

    expect(await progressOf(ada)).toEqual([
      { id: bob.user.id, level: own.level, currentStudyStreak: own.currentStudyStreak },
    ]);
    expect(await progressOf(bob)).toEqual([{ id: ada.user.id, level: 1, currentStudyStreak: 0 }]);
    expect(await progressOf(eve)).toEqual([]);

    // Off: the server sends nothing about Bob, while Bob still sees Ada's.
    const off = await saveSettings(bob, { ...spec, showProgressToFriends: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().showProgressToFriends).toBe(false);
    expect(await progressOf(ada)).toEqual([]);
    expect(await progressOf(bob)).toHaveLength(1);
    // A SPEC client saving without the field keeps the choice.
    expect((await saveSettings(bob, { ...spec, theme: "dark" })).json().showProgressToFriends).toBe(false);
    expect(await progressOf(ada)).toEqual([]);

    expect((await saveSettings(bob, { ...spec, showProgressToFriends: true })).statusCode).toBe(200);
    expect((await progressOf(ada)).map((p: { id: number }) => p.id)).toEqual([bob.user.id]);
    // Removing the friend removes the figures.
    await t.api(ada).send(friendEndpoints.remove, { params: { id: bob.user.id } });
    expect(await progressOf(ada)).toEqual([]);
  });

  it("answers 401 without a session and refuses a bad setting", async () => {
    expect((await t.api(null).send(friendEndpoints.progress)).statusCode).toBe(401);
    const ada = await student();
    const bad = await saveSettings(ada, { ...spec, showProgressToFriends: "yes" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe("showProgressToFriends");
  });
});

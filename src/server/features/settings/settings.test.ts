import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "#shared/settings/contract.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";
import { rawRows } from "../../db/raw.ts";

const t = testAppPerFile();
let ana: TestUser;
let ben: TestUser;
beforeAll(async () => {
  ana = await createUser(t.app);
  ben = await createUser(t.app);
});

const save = (user: TestUser, payload: object) =>
  t.app.inject({ method: "POST", url: "/api/settings", headers: user.headers, payload });

describe("GET /api/settings", () => {
  it("answers the defaults of SPEC §3 before anything is saved", async () => {
    const res = await t.app.inject({ url: "/api/settings", headers: ana.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toEqual({
      aiModel: "gpt-4o",
      theme: "light",
      autoSync: true,
      notificationsEnabled: true,
      showProgressToFriends: true,
    });
  });

  it("answers 401 without a session", async () => {
    expect((await t.app.inject({ url: "/api/settings" })).statusCode).toBe(401);
  });
});

describe("POST /api/settings", () => {
  const values = { aiModel: "gpt-3.5-turbo", theme: "dark", autoSync: false, notificationsEnabled: false };

  it("saves for the signed-in user only, and a second save overwrites", async () => {
    const res = await save(ana, { ...values, userId: ana.user.id });
    expect(res.statusCode).toBe(200);
    const saved = { ...values, showProgressToFriends: true };
    expect(res.json()).toEqual(saved);
    expect((await t.app.inject({ url: "/api/settings", headers: ana.headers })).json()).toEqual(saved);
    expect((await t.app.inject({ url: "/api/settings", headers: ben.headers })).json()).toEqual(
      DEFAULT_SETTINGS,
    );
    await save(ana, { ...values, theme: "system" });
    expect((await t.app.inject({ url: "/api/settings", headers: ana.headers })).json().theme).toBe("system");
  });

  it("refuses to save for another user's id", async () => {
    const res = await save(ben, { ...values, userId: ana.user.id });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("You can only access your own data.");
    expect((await t.app.inject({ url: "/api/settings", headers: ben.headers })).json()).toEqual(
      DEFAULT_SETTINGS,
    );
  });

  it.each([
    [{ theme: "purple" }, "theme"],
    [{ aiModel: "gpt-99" }, "aiModel"],
    [{ autoSync: "yes" }, "autoSync"],
    [{ notificationsEnabled: undefined }, "notificationsEnabled"],
  ])("answers 400 for %j", async (patch, field) => {
    const res = await save(ana, { ...values, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe(field);
    expect(res.json().error).toEqual(expect.any(String));
  });

  it("answers 401 without a session", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/settings", payload: values });
    expect(res.statusCode).toBe(401);
  });
});

describe("PUT /api/settings/time-zone", () => {
  // xmin is the transaction that wrote the row version: it changes exactly when the row is rewritten.
  const version = async (user: TestUser) => {
    const rows = await rawRows<{ version: string; time_zone: string }>(
      t.database.db,
      "select xmin::text as version, time_zone from user_settings where user_id = $1",
      [user.user.id],
    );
    return rows[0];
  };
  const report = (user: TestUser, timeZone: string) =>
    t.app.inject({
      method: "PUT",
      url: "/api/settings/time-zone",
      headers: user.headers,
      payload: { timeZone },
    });

  it("rewrites the row only when the zone changes (every page load reports it)", async () => {
    expect((await report(ben, "Europe/Paris")).statusCode).toBe(200);
    const first = await version(ben);
    expect(first?.time_zone).toBe("Europe/Paris");
    expect((await report(ben, "Europe/Paris")).json()).toEqual({ timeZone: "Europe/Paris" });
    expect(await version(ben)).toEqual(first);
    expect((await report(ben, "Asia/Tokyo")).statusCode).toBe(200);
    const moved = await version(ben);
    expect(moved?.time_zone).toBe("Asia/Tokyo");
    expect(moved?.version).not.toBe(first?.version);
  });
});

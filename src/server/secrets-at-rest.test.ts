// Issue 27 fault 11: calendar-feed tokens and share codes were stored in plaintext (sessions were already
// hashed), and at debug level request URLs were logged with the feed token and share codes in the path.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { redactUrl } from "#server/app.ts";
import { createUser, type TestUser } from "#tests/factories.ts";
import { testAppPerFile } from "#tests/setup.ts";

const lines: string[] = [];
const t = testAppPerFile({ logLevel: "debug", logStream: { write: (l: string) => void lines.push(l) } });
let ada: TestUser;
beforeAll(async () => {
  ada = await createUser(t.app);
});

const all = { achievements: true, studyTime: true, streak: true, level: true };

/** Every text value of every row of `table`, as one string. */
async function tableText(table: string): Promise<string> {
  const result = await t.database.db.execute(sql.raw(`select * from ${table}`));
  const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]);
  return JSON.stringify(rows);
}

describe("secrets at rest", () => {
  it("stores only a hash of the calendar feed's token, and the URL still works and can be shown again", async () => {
    const made = await t.app.inject({ method: "POST", url: "/api/calendar-feed", headers: ada.headers });
    expect(made.statusCode).toBe(200);
    const url: string = made.json().url;
    const token = /\/api\/calendar-feed\/([^/]+)\.ics$/.exec(url)![1]!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(await tableText("calendar_feeds")).not.toContain(token);
    // Shown again, the same URL; it serves the feed.
    const again = await t.app.inject({ method: "GET", url: "/api/calendar-feed", headers: ada.headers });
    expect(again.json().url).toBe(url);
    const ics = await t.app.inject({ method: "GET", url: `/api/calendar-feed/${token}.ics` });
    expect(ics.statusCode).toBe(200);
    expect(ics.body).toContain("BEGIN:VCALENDAR");
    const wrong = await t.app.inject({
      method: "GET",
      url: `/api/calendar-feed/${token.slice(0, -2)}xx.ics`,
    });
    expect(wrong.statusCode).toBe(404);
  });

  it("stores only a hash of a share code; the owner's list still shows it", async () => {
    const made = await t.app.inject({
      method: "POST",
      url: "/api/shareable-links",
      headers: ada.headers,
      payload: { shareSettings: all },
    });
    expect(made.statusCode).toBe(201);
    const code: string = made.json().shareCode;
    expect(Buffer.from(code, "base64url").length).toBeGreaterThanOrEqual(18);
    expect(await tableText("share_links")).not.toContain(code);
    const list = await t.app.inject({ method: "GET", url: "/api/shareable-links", headers: ada.headers });
    expect(list.json()[0].shareCode).toBe(code);
    expect((await t.app.inject({ method: "GET", url: `/api/share/${code}` })).statusCode).toBe(200);
  });
});

describe("secrets in logs", () => {
  it("redacts the feed token and share codes from request URLs at debug level", async () => {
    const feed = await t.app.inject({ method: "POST", url: "/api/calendar-feed", headers: ada.headers });
    const token = /\/api\/calendar-feed\/([^/]+)\.ics$/.exec(feed.json().url)![1]!;
    const share = await t.app.inject({
      method: "POST",
      url: "/api/shareable-links",
      headers: ada.headers,
      payload: { shareSettings: all },
    });
    const code: string = share.json().shareCode;
    lines.length = 0;
    await t.app.inject({ method: "GET", url: `/api/calendar-feed/${token}.ics` });
    await t.app.inject({ method: "GET", url: `/api/share/${code}` });
    await t.app.inject({ method: "GET", url: `/share/${code}` });
    await t.app.inject({ method: "GET", url: "/api/calendar-feed/not-a-real-token.ics?x=1" });
    const log = lines.join("\n");
    expect(log).toContain("/api/calendar-feed/[REDACTED]");
    expect(log).not.toContain(token);
    expect(log).not.toContain(code);
    expect(log).not.toContain("not-a-real-token");
  });

  it("redactUrl censors path secrets and token parameters", () => {
    expect(redactUrl("/api/calendar-feed/abc.ics")).toBe("/api/calendar-feed/[REDACTED]");
    expect(redactUrl("/api/share/xyz?a=1")).toBe("/api/share/[REDACTED]?a=1");
    expect(redactUrl("/share/xyz")).toBe("/share/[REDACTED]");
    expect(redactUrl("/api/shareable-links/3")).toBe("/api/shareable-links/3");
    expect(redactUrl("/api/calendar-feed")).toBe("/api/calendar-feed");
  });
});

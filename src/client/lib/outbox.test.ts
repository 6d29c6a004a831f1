import "fake-indexeddb/auto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, authToken, sessionUser } from "./api.ts";
import { offlineStore } from "./offline-store.ts";
import { flushOutbox, pendingChanges, queueChange } from "./outbox.ts";

const user = {
  id: 7,
  email: "ada@example.edu",
  username: "ada",
  firstName: "Ada",
  lastName: "Lovelace",
  avatarUrl: null,
  isOnboarded: true,
  createdAt: "2026-11-24T00:00:00.000Z",
};

const store = new Map<string, string>();
beforeEach(async () => {
  store.clear();
  globalThis.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  } as Storage;
  authToken.set("t1");
  sessionUser.set(user);
  await offlineStore.clear();
});
afterEach(() => vi.unstubAllGlobals());

const rating = (n: number) => ({
  clientId: `00000000-0000-4000-8000-00000000000${n}`,
  method: "POST" as const,
  path: `/api/review/cards/${n}/rate`,
  body: { rating: 3 },
  kind: "rate" as const,
  targetId: n,
});

describe("outbox (changes made offline)", () => {
  it("sends waiting changes in the order they were made, once each, and keeps them while unreachable", async () => {
    for (const n of [1, 2, 3]) await queueChange(rating(n));
    const unreachable = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", unreachable);
    await flushOutbox();
    // The first could not be sent: nothing after it was tried, all three still wait.
    expect(unreachable).toHaveBeenCalledTimes(1);
    expect(await pendingChanges()).toHaveLength(3);

    const sent: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        sent.push(url);
        return new Response("{}", { status: url.includes("/2/") ? 404 : 200 });
      }),
    );
    await flushOutbox();
    // A refused change (the card was deleted) leaves the outbox like a sent one.
    expect(sent).toEqual([1, 2, 3].map((n) => `/api/review/cards/${n}/rate`));
    expect(await pendingChanges()).toEqual([]);
    await flushOutbox();
    expect(sent).toHaveLength(3);
  });

  it("keeps a refused change aside, by name, for the student to be told of it, and never sends it again", async () => {
    await queueChange({ ...rating(1), label: "hablar" });
    await queueChange(rating(2));
    await queueChange({
      clientId: "00000000-0000-4000-8000-000000000009",
      method: "PUT",
      path: "/api/tasks/9",
      body: { completed: true },
      kind: "task-complete",
      targetId: 9,
      label: "Write the lab report",
    });
    const sent: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        sent.push(url);
        // The card was deleted on another device; the task too.
        return new Response("{}", { status: url.includes("/2/") ? 200 : url.includes("tasks") ? 404 : 422 });
      }),
    );
    await flushOutbox();
    expect(await pendingChanges()).toEqual([]);
    const refused = await offlineStore.pending(-user.id);
    expect(refused.map((c) => [c.kind, c.targetId, c.label])).toEqual([
      ["rate", 1, "hablar"],
      ["task-complete", 9, "Write the lab report"],
    ]);
    // Still there for the next page (a reload), and not sent again.
    await flushOutbox();
    expect(sent).toHaveLength(3);
    expect(await offlineStore.pending(-user.id)).toHaveLength(2);
    // Another student on this browser is not told of them.
    expect(await offlineStore.pending(-99)).toEqual([]);
  });

  it("sends a rating with the device's clock as it leaves (sentAt), after the time it was made", async () => {
    await queueChange({ ...rating(1), body: { rating: 3, reviewedAt: "2026-11-24T10:00:00.000Z" } });
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(String(init.body)));
        return new Response("{}", { status: 200 });
      }),
    );
    const before = Date.now();
    await flushOutbox();
    expect(bodies).toEqual([
      { rating: 3, reviewedAt: "2026-11-24T10:00:00.000Z", sentAt: expect.any(String) },
    ]);
    const sentAt = Date.parse(String(bodies[0]!.sentAt));
    expect(sentAt).toBeGreaterThanOrEqual(before);
    expect(sentAt).toBeLessThanOrEqual(Date.now());
  });

  it("stops at a server error and keeps the rest for the next try", async () => {
    for (const n of [1, 2]) await queueChange(rating(n));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}", { status: 503 })),
    );
    await flushOutbox();
    expect((await pendingChanges()).map((c) => c.targetId)).toEqual([1, 2]);
  });

  it("keeps a change the server asked to be sent later (429, 408)", async () => {
    for (const n of [1, 2]) await queueChange(rating(n));
    for (const status of [429, 408]) {
      vi.stubGlobal(
        "fetch",
        vi.fn(async () => new Response("{}", { status, headers: { "Retry-After": "30" } })),
      );
      await flushOutbox();
      // Too many requests or a timed-out request is "not now", not "never": nothing is lost.
      expect((await pendingChanges()).map((c) => c.targetId)).toEqual([1, 2]);
    }
  });

  it("never sends a student's waiting changes with another student's sign-in", async () => {
    for (const n of [1, 2]) await queueChange(rating(n));
    const sent: { url: string; auth: string | undefined }[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, auth: (init.headers as Record<string, string>).Authorization });
        // While the first change is on its way, Ada's session ends and Bob signs in on this browser.
        authToken.set("t2");
        sessionUser.set({ ...user, id: 8, username: "bob" });
        return new Response("{}", { status: 200 });
      }),
    );
    await flushOutbox();
    expect(sent).toEqual([{ url: "/api/review/cards/1/rate", auth: "Bearer t1" }]);
    // Ada's second change waits for Ada.
    expect((await offlineStore.pending(user.id)).map((c) => c.targetId)).toEqual([2]);
  });

  it("says so in words when the device has no room left for a change", async () => {
    const full = vi
      .spyOn(offlineStore, "add")
      .mockRejectedValue(new DOMException("Encountered full disk", "QuotaExceededError"));
    try {
      const err = await queueChange(rating(1)).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      expect((err as ApiError).message).toMatch(/no room left/);
    } finally {
      full.mockRestore();
    }
  });

  it("keeps each student's changes and answers apart", async () => {
    await queueChange(rating(1));
    await offlineStore.saveAnswer(user.id, "tasks", [{ id: 1 }]);
    expect(await offlineStore.readAnswer(99, "tasks")).toBeUndefined();
    expect(await offlineStore.pending(99)).toEqual([]);
    expect(await offlineStore.readAnswer(user.id, "tasks")).toEqual([{ id: 1 }]);
  });
});

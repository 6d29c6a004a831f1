import { describe, expect, it } from "vitest";
import { createEventBus } from "./events.ts";

describe("domain event bus", () => {
  it("runs every listener of the event and waits for them", async () => {
    const bus = createEventBus();
    const seen: string[] = [];
    bus.on("task.completed", async ({ userId }) => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push(`a${userId}`);
    });
    bus.on("task.completed", ({ userId }) => {
      seen.push(`b${userId}`);
    });
    bus.on("session.recorded", () => {
      seen.push("other");
    });
    await bus.emit("task.completed", { userId: 7 });
    expect(seen.sort()).toEqual(["a7", "b7"]);
  });

  it("logs a failing listener and never rejects the emitter", async () => {
    const logged: unknown[] = [];
    const bus = createEventBus({ error: (obj) => logged.push(obj) });
    let ran = false;
    bus.on("quiz.completed", () => {
      throw new Error("boom");
    });
    bus.on("quiz.completed", () => {
      ran = true;
    });
    await expect(bus.emit("quiz.completed", { userId: 1 })).resolves.toBeUndefined();
    expect(ran).toBe(true);
    expect(logged).toHaveLength(1);
    await bus.settle();
  });

  it("runs emitAfterAnswer's listeners after the caller goes on, and settledFor waits for them", async () => {
    const bus = createEventBus();
    const seen: string[] = [];
    bus.on("card.reviewed", async ({ userId }) => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push(`evaluated ${userId}`);
    });
    bus.emitAfterAnswer("card.reviewed", { userId: 3 });
    seen.push("answered");
    await Promise.resolve();
    expect(seen).toEqual(["answered"]);
    await bus.settledFor(4);
    await bus.settledFor(3);
    expect(seen).toEqual(["answered", "evaluated 3"]);
    await bus.settle();
  });
});

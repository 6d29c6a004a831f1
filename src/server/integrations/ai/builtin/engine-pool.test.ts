// Issue 27, fault 2: one student's long summaries must not hold the built-in engine from another student.
import { afterAll, describe, expect, it } from "vitest";
import { AppError } from "../../../lib/errors.ts";
import { builtinSummary, createEnginePool, type EnginePools, LIGHT_JOB_CHARS } from "./engine-pool.ts";
import { syntheticPages } from "./fixtures/synthetic.ts";

const pools: EnginePools = { heavy: createEnginePool("heavy"), light: createEnginePool("light") };
afterAll(async () => {
  await Promise.all([pools.heavy.close(), pools.light.close()]);
});

describe("the built-in engine's pools (fair per student)", () => {
  it("answers another student's short summary at once while one student floods long ones", async () => {
    // Warm both lanes (a worker's start-up is not what is measured).
    await builtinSummary(["Cells make energy. Plants use light."], "brief", "warm", pools);
    const long = syntheticPages(400); // ~1M characters, seconds of engine time
    expect(long.join("").length).toBeGreaterThan(LIGHT_JOB_CHARS);
    await builtinSummary(syntheticPages(10, 7), "brief", "warm", pools);

    const flood = [builtinSummary(long, "detailed", "a", pools), builtinSummary(long, "brief", "a", pools)];
    // A third long one from the same student is refused at once, not queued in front of others.
    const third = await builtinSummary(long, "bullets", "a", pools).catch((e: unknown) => e);
    expect(third).toBeInstanceOf(AppError);
    expect(third).toMatchObject({ status: 429 });

    let floodSettled = 0;
    for (const job of flood)
      void job.then(
        () => floodSettled++,
        () => floodSettled++,
      );
    const short = await builtinSummary(
      ["Mitochondria make the cell's energy. Chloroplasts capture light in plants."],
      "brief",
      "b",
      pools,
    );
    expect(short.length).toBeGreaterThan(0);
    // Answered while a's long summaries still ran: not queued behind them.
    expect(floodSettled).toBe(0);

    // And another student's long one starts on the second worker, not after a's two.
    const otherLong = performance.now();
    await builtinSummary(syntheticPages(40, 3), "brief", "c", pools);
    const cTook = performance.now() - otherLong;
    // a's own jobs end either way within the budget: done, or a clear error (never a hang).
    const settled = await Promise.allSettled(flood);
    for (const s of settled) {
      if (s.status === "rejected") expect(s.reason).toBeInstanceOf(AppError);
    }
    console.log(settled.map((s) => (s.status === "fulfilled" ? "done" : (s.reason as AppError).status)));
    expect(cTook).toBeLessThan(10_000);
  }, 120_000);
});

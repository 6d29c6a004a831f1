import { describe, expect, it } from "vitest";
import { balancedInterval } from "./load-balance.ts";

describe("load balancing (issue 25 §3)", () => {
  it("keeps short intervals as they are", () => {
    expect(
      balancedInterval(
        2,
        1,
        () => 100,
        () => false,
      ),
    ).toBe(2);
  });

  it("moves a due date to the lightest day of the fuzz range, the nearest on a tie", () => {
    const loads = new Map([
      [9, 5],
      [10, 7],
      [11, 1],
      [12, 4],
    ]);
    const day = balancedInterval(
      10,
      4,
      (d) => loads.get(d) ?? 9,
      () => false,
    );
    expect(day).toBe(11);
    expect(
      balancedInterval(
        10,
        4,
        () => 3,
        () => false,
      ),
    ).toBe(10);
  });

  it("avoids Easy Days unless they are much lighter", () => {
    // Day 11 is an Easy Day: at the same load, the ordinary day next to it wins.
    expect(
      balancedInterval(
        10,
        4,
        (d) => (d === 11 || d === 10 ? 2 : 9),
        (d) => d === 11,
      ),
    ).toBe(10);
    expect(
      balancedInterval(
        10,
        4,
        (d) => (d === 11 ? 0 : 9),
        (d) => d === 11,
      ),
    ).toBe(11);
  });

  it("stays within FSRS's allowed range", () => {
    const picked = balancedInterval(
      100,
      50,
      (d) => (d < 80 || d > 120 ? 0 : 50),
      () => false,
    );
    expect(picked).toBeGreaterThanOrEqual(90);
    expect(picked).toBeLessThanOrEqual(110);
  });
});

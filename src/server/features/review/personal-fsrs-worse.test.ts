import { describe, expect, it, vi } from "vitest";
import { fitParameters, type LoggedRating } from "#server/features/review/personal-fsrs.ts";

// The optimizer stood in for: what it fits and how each parameter set scores are set by the test.
const scores = vi.hoisted(() => ({ defaults: 0.05, fitted: 0.05 }));
vi.mock("@open-spaced-repetition/binding", () => ({
  FSRSBindingReview: class {},
  FSRSBindingItem: class {},
  FSRSBinding: class {
    constructor(private readonly w?: number[]) {}
    evaluate() {
      const rmse = this.w ? scores.fitted : scores.defaults;
      return { logLoss: rmse * 4, rmseBins: rmse };
    }
  },
  computeParameters: async () => Array.from({ length: 21 }, () => 1),
}));

const log: LoggedRating[] = [
  { flashcardId: 1, rating: 3, reviewedAt: new Date("2025-01-01T10:00:00Z"), state: 0 },
  { flashcardId: 1, rating: 3, reviewedAt: new Date("2025-01-04T10:00:00Z"), state: 2 },
];

describe("a fit no better than the defaults (Anki's compute_params)", () => {
  it("is scored but not used when its RMSE is not lower than the defaults'", async () => {
    scores.defaults = 0.05;
    scores.fitted = 0.06;
    const worse = await fitParameters(log, new Date());
    expect(worse?.weights).toBeNull();
    expect(worse?.fit).toMatchObject({ rmseBefore: 0.05, rmseAfter: 0.06 });
    scores.fitted = 0.05;
    expect((await fitParameters(log, new Date()))?.weights).toBeNull();
  });

  it("is used when it predicts the log better", async () => {
    scores.defaults = 0.05;
    scores.fitted = 0.03;
    expect((await fitParameters(log, new Date()))?.weights).toHaveLength(21);
  });
});

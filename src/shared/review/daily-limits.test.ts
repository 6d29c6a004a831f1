import { describe, expect, it } from "vitest";
import { dailyLimits } from "./daily-limits.ts";

const day = {
  dueReviews: 0,
  unseen: 0,
  reviewedToday: 0,
  startedToday: 0,
  newCardsPerDay: 20,
  maxReviewsPerDay: 200,
};

describe("the day's review and new-card limits (Anki's v3 rule)", () => {
  it("shows every due review and the day's new cards under the limits", () => {
    expect(dailyLimits({ ...day, dueReviews: 50, unseen: 100 })).toEqual({ reviews: 50, newCards: 20 });
  });

  it("keeps reviews past Maximum reviews/day for another day, oldest first, and then no new cards", () => {
    expect(dailyLimits({ ...day, dueReviews: 350, unseen: 100 })).toEqual({ reviews: 200, newCards: 0 });
  });

  it("counts the day's reviews and started new cards against the review limit", () => {
    expect(dailyLimits({ ...day, dueReviews: 30, unseen: 100, reviewedToday: 150, startedToday: 5 })).toEqual(
      { reviews: 30, newCards: 15 },
    );
    expect(dailyLimits({ ...day, dueReviews: 30, unseen: 100, reviewedToday: 170, startedToday: 5 })).toEqual(
      { reviews: 25, newCards: 0 },
    );
    // New cards fill only the room the reviews leave.
    expect(dailyLimits({ ...day, dueReviews: 8, unseen: 100, maxReviewsPerDay: 10 })).toEqual({
      reviews: 8,
      newCards: 2,
    });
  });

  it("never goes below zero, even past a limit lowered during the day", () => {
    expect(
      dailyLimits({
        ...day,
        dueReviews: 5,
        unseen: 5,
        reviewedToday: 40,
        startedToday: 30,
        maxReviewsPerDay: 10,
      }),
    ).toEqual({ reviews: 0, newCards: 0 });
    expect(dailyLimits({ ...day, unseen: 3, maxReviewsPerDay: 0 })).toEqual({ reviews: 0, newCards: 0 });
  });
});

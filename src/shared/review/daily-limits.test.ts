import { describe, expect, it } from "vitest";
import { dailyLimits } from "./daily-limits.ts";

const day = {
  dueReviews: 0,
  dueInterdayLearning: 0,
  unseen: 0,
  reviewedToday: 0,
  startedToday: 0,
  newCardsPerDay: 20,
  maxReviewsPerDay: 200,
};

describe("the day's review and new-card limits (Anki's v3 rule)", () => {
  it("shows every due review and the day's new cards under the limits", () => {
    expect(dailyLimits({ ...day, dueReviews: 50, unseen: 100 })).toEqual({
      interdayLearning: 0,
      reviews: 50,
      newCards: 20,
    });
  });

  it("keeps reviews past Maximum reviews/day for another day, oldest first, and then no new cards", () => {
    expect(dailyLimits({ ...day, dueReviews: 350, unseen: 100 })).toEqual({
      interdayLearning: 0,
      reviews: 200,
      newCards: 0,
    });
  });

  it("counts the day's reviews and started new cards against the review limit", () => {
    expect(dailyLimits({ ...day, dueReviews: 30, unseen: 100, reviewedToday: 150, startedToday: 5 })).toEqual(
      { interdayLearning: 0, reviews: 30, newCards: 15 },
    );
    expect(dailyLimits({ ...day, dueReviews: 30, unseen: 100, reviewedToday: 170, startedToday: 5 })).toEqual(
      { interdayLearning: 0, reviews: 25, newCards: 0 },
    );
    // New cards fill only the room the reviews leave.
    expect(dailyLimits({ ...day, dueReviews: 8, unseen: 100, maxReviewsPerDay: 10 })).toEqual({
      interdayLearning: 0,
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
    ).toEqual({ interdayLearning: 0, reviews: 0, newCards: 0 });
    expect(dailyLimits({ ...day, unseen: 3, dueInterdayLearning: 2, maxReviewsPerDay: 0 })).toEqual({
      interdayLearning: 0,
      reviews: 0,
      newCards: 0,
    });
  });

  it("counts interday learning cards (a step of a day or more) against the limit, before reviews", () => {
    expect(
      dailyLimits({ ...day, dueInterdayLearning: 5, dueReviews: 10, unseen: 100, maxReviewsPerDay: 12 }),
    ).toEqual({ interdayLearning: 5, reviews: 7, newCards: 0 });
    expect(dailyLimits({ ...day, dueInterdayLearning: 5, dueReviews: 10, maxReviewsPerDay: 3 })).toEqual({
      interdayLearning: 3,
      reviews: 0,
      newCards: 0,
    });
    // The day's interday learning ratings are in reviewedToday, as review ratings are.
    expect(
      dailyLimits({ ...day, dueInterdayLearning: 2, dueReviews: 2, reviewedToday: 3, maxReviewsPerDay: 5 }),
    ).toEqual({ interdayLearning: 2, reviews: 0, newCards: 0 });
  });
});

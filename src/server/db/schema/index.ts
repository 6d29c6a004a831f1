// One file per feature, named as the feature is on every layer; drizzle-kit reads them all through this index.
export * from "./achievements.ts";
export * from "./auth.ts";
export * from "./calendar.ts";
export * from "./canvas.ts";
export * from "./chat.ts";
export * from "./courses.ts";
export * from "./flashcards.ts";
export * from "./friends.ts";
export * from "./materials.ts";
export * from "./notifications.ts";
export * from "./reminders.ts";
export * from "./review.ts";
export * from "./settings.ts";
export * from "./study.ts";
export * from "./tasks.ts";

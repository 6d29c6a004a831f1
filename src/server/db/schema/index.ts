// One file per feature; drizzle-kit reads them all through this index.
export * from "./achievements.ts";
export * from "./ai.ts";
export * from "./calendar.ts";
export * from "./canvas.ts";
export * from "./courses.ts";
export * from "./friends.ts";
export * from "./notifications.ts";
export * from "./settings.ts";
export * from "./study.ts";
export * from "./tasks.ts";
export * from "./tracking.ts";
export * from "./users.ts";

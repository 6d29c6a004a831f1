export * from "./courses.ts";
export * from "./social.ts";
export * from "./study.ts";
export * from "./users.ts";

import { describe, expect, it } from "vitest";
import { configFromEnv } from "./config.ts";
import { loadEnv } from "./env.ts";

const key = "ab".repeat(32);

describe("the environment", () => {
  it("names every bad variable, one line each", () => {
    expect(() => loadEnv({ PORT: "-1", REDIS_URL: "http://cache", SHUTDOWN_TIMEOUT_SECONDS: "0" })).toThrow(
      /^Invalid configuration: PORT .*\nInvalid configuration: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL\nInvalid configuration: SHUTDOWN_TIMEOUT_SECONDS [^\n]*$/,
    );
  });

  it("takes SMTP_URL only as an smtp(s):// URL and with PUBLIC_URL, which reset links point at", () => {
    expect(() => loadEnv({ SMTP_URL: "smtp://mail:25" })).toThrow(
      /^Invalid configuration: PUBLIC_URL is required when SMTP_URL is set/,
    );
    expect(() => loadEnv({ SMTP_URL: "http://mail", PUBLIC_URL: "https://s.edu" })).toThrow(
      /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
    const env = loadEnv({ SMTP_URL: "smtps://u:p@mail:465", PUBLIC_URL: "https://s.edu" });
    expect(env.SMTP_URL).toBe("smtps://u:p@mail:465");
  });

  it("requires SECRET_KEY with DATABASE_URL, since every instance must decrypt what another stored", () => {
    expect(() => loadEnv({ DATABASE_URL: "postgres://db/studyhall" })).toThrow(
      /^Invalid configuration: SECRET_KEY is required when DATABASE_URL is set/,
    );
    expect(loadEnv({ DATABASE_URL: "postgres://db/studyhall", SECRET_KEY: key }).DATABASE_URL).toBe(
      "postgres://db/studyhall",
    );
  });

  it("uses Redis for rate limits only when REDIS_URL is set, and stops within 10 s by default", () => {
    const base = { SECRET_KEY: key, DATA_DIR: "/nonexistent" };
    expect(configFromEnv(loadEnv(base)).redis).toBeUndefined();
    expect(configFromEnv(loadEnv({ ...base, REDIS_URL: "redis://cache:6379" })).redis).toEqual({
      url: "redis://cache:6379",
      keyPrefix: "studyhall:rate-limit:",
    });
    expect(loadEnv(base).SHUTDOWN_TIMEOUT_SECONDS).toBe(10);
  });

  it("runs web and jobs in one process by default; --worker or ROLE splits them, on PostgreSQL only", () => {
    const pg = { DATABASE_URL: "postgres://db/studyhall", SECRET_KEY: key };
    expect(loadEnv({}).ROLE).toBe("all");
    expect(configFromEnv(loadEnv({ ...pg, DATA_DIR: "/nonexistent" })).role).toBe("all");
    expect(loadEnv(pg, ["--worker"]).ROLE).toBe("worker");
    expect(loadEnv({ ...pg, ROLE: "worker" }, ["--worker"]).ROLE).toBe("worker");
    expect(loadEnv({ ...pg, ROLE: "web" }).ROLE).toBe("web");
    expect(() => loadEnv({ ...pg, ROLE: "web" }, ["--worker"])).toThrow(
      /^Invalid configuration: --worker contradicts ROLE=web$/,
    );
    expect(() => loadEnv({}, ["--worker"])).toThrow(/^Invalid configuration: ROLE worker needs DATABASE_URL/);
    expect(() => loadEnv({ ROLE: "web" })).toThrow(/^Invalid configuration: ROLE web needs DATABASE_URL/);
    expect(() => loadEnv({ ...pg, ROLE: "cron" })).toThrow(/^Invalid configuration: ROLE [^\n]*$/);
  });
});

import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import type { AppConfig } from "../config.ts";
import { StartupError } from "../lib/startup-error.ts";

/**
 * @fastify/rate-limit with its counters in Redis when `config.redis` is set, so every instance behind a
 * load balancer draws on one budget; otherwise in this process's memory. Routes create their limiters
 * with app.createRateLimit() and inherit the store.
 */
export async function registerRateLimit(app: FastifyInstance, config: AppConfig) {
  if (!config.redis) {
    await app.register(rateLimit, { global: false });
    return;
  }
  const redis = await connectRedis(app, config.redis.url);
  app.addHook("onClose", () => redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: config.redis.keyPrefix,
    // Redis down or slow: answer from the other limits (and argon2's cost) rather than refuse every
    // sign-in until it is back. The outage is logged.
    skipOnError: true,
  });
}

async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  // Loaded only here: a single instance never pays its start-up cost.
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, {
    lazyConnect: true,
    // Fail a command at once while disconnected, and after 1 s when Redis hangs, instead of queueing
    // sign-ins behind it.
    enableOfflineQueue: false,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
  });
  let lastError: Error | undefined;
  const remember = (err: Error) => {
    lastError = err;
  };
  redis.on("error", remember);
  try {
    await redis.connect();
  } catch (err) {
    redis.disconnect();
    // connect() only says "Connection is closed"; the error event says why.
    throw new StartupError(`REDIS_URL: cannot connect to Redis (${(lastError ?? (err as Error)).message})`);
  }
  redis.off("error", remember);
  let reported = false;
  redis.on("error", (err) => {
    if (reported) return;
    reported = true;
    app.log.error(
      `Redis (rate limits): ${err.message}; rate limits (sign-in, chat, per student) are not enforced until it is back`,
    );
  });
  redis.on("ready", () => {
    if (reported) app.log.info("Redis (rate limits) is back");
    reported = false;
  });
  return redis;
}

import { WorkerPool, WorkerPoolError, type WorkerPoolOptions } from "../../lib/worker-pool.ts";
import { FeedError } from "./feed-errors.ts";
import type { ParsedFeed } from "./parse-feed.ts";
import type { ParseFeedJob, ParseFeedReply } from "./parse-worker.ts";

export type FeedParsePool = WorkerPool<ParseFeedJob, ParseFeedReply>;

/** A feed that takes longer than this to read is refused as too large (a 4.6 MB feed takes about 2 s). */
export const FEED_PARSE_TIMEOUT_MS = 20_000;

/**
 * iCalendar feeds are parsed and their series expanded in a worker thread: ical.js spends about 2 s of
 * CPU on a 4.6 MB feed, which on the event loop would stall every other request. One worker (a core stays
 * with the event loop), one feed per student at a time and two at most running or waiting, taken
 * round-robin across students, so one student's big feeds never hold up another's.
 */
export function createFeedParsePool(options: Partial<Omit<WorkerPoolOptions, "entry">> = {}): FeedParsePool {
  return new WorkerPool<ParseFeedJob, ParseFeedReply>({
    entry: new URL("./calendar-feed-worker.ts", import.meta.url),
    size: 1,
    perKeyRunning: 1,
    perKeyMax: 2,
    timeoutMs: FEED_PARSE_TIMEOUT_MS,
    // Waiting jobs hold their feed text (5 MB at most each) in memory.
    maxQueue: 16,
    maxMemoryMb: 512,
    ...options,
  });
}

let shared: FeedParsePool | undefined;
/** The process-wide pool, started on first use; its idle worker never keeps the process alive. */
export const feedParsePool = (): FeedParsePool => {
  shared ??= createFeedParsePool();
  return shared;
};

const POOL_FAILURES: Record<WorkerPoolError["reason"], FeedError> = {
  timeout: new FeedError("too_large", "The feed is too large to read: it took too long."),
  out_of_memory: new FeedError("too_large", "The feed is too large to read."),
  crashed: new FeedError("invalid", "The feed could not be read: it is not a valid iCalendar file."),
  busy: new FeedError("busy", "Many calendar feeds are being read right now. Please try again in a minute."),
  closed: new FeedError(
    "busy",
    "Many calendar feeds are being read right now. Please try again in a minute.",
  ),
  limit: new FeedError("busy", "Your other calendar feeds are still being read. Try again once they finish."),
};

/**
 * `parseFeed` off the event loop, queued fairly by `key` (the student). Every failure is a FeedError:
 * the feed's own problems as parseFeed reports them, a feed too slow to read as too large, a full queue
 * as busy.
 */
export async function parseFeedInWorker(
  ics: string,
  now: Date,
  { key, pool = feedParsePool(), timeZone }: { key: string; pool?: FeedParsePool; timeZone?: string },
): Promise<ParsedFeed> {
  let reply: ParseFeedReply;
  try {
    reply = await pool.run({ ics, now: now.getTime(), ...(timeZone ? { timeZone } : {}) }, { key });
  } catch (err) {
    if (err instanceof WorkerPoolError) {
      const failure = POOL_FAILURES[err.reason];
      throw new FeedError(failure.kind, failure.message);
    }
    throw err;
  }
  if (!reply.ok) throw new FeedError(reply.kind, reply.message);
  return reply.value;
}

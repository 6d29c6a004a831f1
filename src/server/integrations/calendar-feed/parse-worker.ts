import { FeedError, type FeedErrorKind } from "./feed-errors.ts";
import { type ParsedFeed, parseFeed } from "./parse-feed.ts";

/** One feed to read in a worker: its text and the moment its window is centred on (epoch ms). */
export interface ParseFeedJob {
  ics: string;
  now: number;
  maxEvents?: number;
  /** The student's zone: floating times (no TZID, no Z) are read in it unless the feed names one. */
  timeZone?: string;
}

/** A FeedError crosses the thread as data (an Error's class does not survive structured clone). */
export type ParseFeedReply =
  | { ok: true; value: ParsedFeed }
  | { ok: false; kind: FeedErrorKind; message: string };

export function runParseFeedJob(job: ParseFeedJob): ParseFeedReply {
  try {
    return {
      ok: true,
      value: parseFeed(job.ics, new Date(job.now), { maxEvents: job.maxEvents, timeZone: job.timeZone }),
    };
  } catch (err) {
    if (err instanceof FeedError) return { ok: false, kind: err.kind, message: err.message };
    throw err;
  }
}

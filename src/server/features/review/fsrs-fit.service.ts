import { FSRS_FIT_MIN_REVIEWS, type FsrsStatus } from "#shared/review/browser-contract.ts";
import type { Db } from "../../db/client.ts";
import type { JobQueue } from "../../jobs/queue.ts";
import type { Clock } from "../../lib/clock.ts";
import { conflict } from "../../lib/errors.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import { usableWeights } from "./fsrs.ts";
import { fitParameters } from "./personal-fsrs.ts";
import { fitFsrsJob } from "./review.jobs.ts";
import { fsrsLogRepo, preferencesRepo } from "./review.repo.ts";

export interface FitDeps {
  db: Db;
  clock: Clock;
  jobs: Pick<JobQueue, "enqueue">;
  settings: Pick<SettingsService, "timeZone">;
}

export async function fsrsStatus({ db }: FitDeps, userId: number): Promise<FsrsStatus> {
  const [reviews, prefs] = await Promise.all([
    fsrsLogRepo.count(db, userId),
    preferencesRepo.get(db, userId),
  ]);
  return { reviews, personal: Boolean(prefs?.weights?.length), fit: prefs?.fit ?? null };
}

/** 'Fit now': a background job, once the student has enough reviews. */
export async function requestFit(deps: FitDeps, userId: number) {
  const reviews = await fsrsLogRepo.count(deps.db, userId);
  if (reviews < FSRS_FIT_MIN_REVIEWS)
    throw conflict(`Personal parameters need ${FSRS_FIT_MIN_REVIEWS} reviews; you have ${reviews} so far.`);
  return { queued: Boolean(await deps.jobs.enqueue(fitFsrsJob, { userId })) };
}

/** The job's work: fit from the whole log and store the parameters and their scores. */
export async function fitFsrs({ db, clock, settings }: FitDeps, userId: number) {
  const log = await fsrsLogRepo.log(db, userId);
  if (log.length < FSRS_FIT_MIN_REVIEWS) return { fitted: false, reviews: log.length };
  // Days between reviews are the student's calendar days, as the scheduler counts them.
  const timeZone = (await settings.timeZone(userId)) ?? "UTC";
  const result = await fitParameters(log, clock.now(), timeZone);
  if (!result) return { fitted: false, reviews: log.length };
  // Parameters FSRS cannot use (a NaN from a degenerate log) are not stored: the defaults stay.
  if (result.weights && !usableWeights(result.weights)) return { fitted: false, reviews: log.length };
  // A fit no better than the defaults is shown (its scores) but schedules nothing: the defaults do.
  await preferencesRepo.save(db, userId, { weights: result.weights, fit: result.fit });
  return { fitted: result.weights !== null, ...result.fit };
}

export async function resetFsrs(deps: FitDeps, userId: number) {
  await preferencesRepo.save(deps.db, userId, { weights: null });
  return fsrsStatus(deps, userId);
}

export async function enqueueMonthlyFits(deps: FitDeps) {
  const students = await fsrsLogRepo.studentsWith(deps.db, FSRS_FIT_MIN_REVIEWS);
  let enqueued = 0;
  for (const userId of students) if (await deps.jobs.enqueue(fitFsrsJob, { userId })) enqueued += 1;
  return enqueued;
}

import type { AppConfig } from "./config.ts";
import type { Db, DbKind } from "./db/client.ts";
import { createAuthService } from "./features/auth/auth.service.ts";
import { createCalendarService } from "./features/calendar/calendar.service.ts";
import { createCanvasService } from "./features/canvas/canvas.service.ts";
import { createChatService } from "./features/chat/chat.service.ts";
import { createRetrievalService } from "./features/chat/retrieval.service.ts";
import { createCoursesService } from "./features/courses/courses.service.ts";
import { createFriendsService } from "./features/friends/friends.service.ts";
import { createGroupsService } from "./features/friends/groups.service.ts";
import { createHealthService } from "./features/health/health.service.ts";
import { createMaterialsService } from "./features/materials/materials.service.ts";
import { createProgressService } from "./features/progress/progress.service.ts";
import { createSettingsService } from "./features/settings/settings.service.ts";
import { createExamService } from "./features/study/exam.service.ts";
import { createFlashcardsService } from "./features/study/flashcards.service.ts";
import { createReviewService } from "./features/study/review.service.ts";
import { createStudyService } from "./features/study/study.service.ts";
import { createSummariesService } from "./features/summaries/summaries.service.ts";
import { createTasksService } from "./features/tasks/tasks.service.ts";
import { createTrackingService } from "./features/tracking/tracking.service.ts";
import type { JobQueue } from "./jobs/queue.ts";
import type { Clock } from "./lib/clock.ts";
import { createEventBus } from "./lib/events.ts";

export interface ServiceDeps {
  db: Db;
  dbKind: DbKind;
  config: AppConfig;
  clock: Clock;
  /** Enqueues background jobs (jobs/queue.ts); features/index.ts lists the jobs. */
  jobs: JobQueue;
  /** The origin the server listens on, once it listens (the demo Canvas calls itself there). */
  selfOrigin: () => string | null;
}

/**
 * Every feature's service, created once, in dependency order. A service that needs another feature gets
 * that feature's service here, explicitly: features never reach into each other's repositories.
 */
export function createServices({ db, dbKind, config, clock, jobs, selfOrigin }: ServiceDeps) {
  // Facts change in one feature and are reacted to in another (progress) through this bus.
  const events = createEventBus();
  const health = createHealthService({ dbKind });
  const auth = createAuthService({ db, clock });
  const settings = createSettingsService({ db, config });
  const courses = createCoursesService({ db, clock });
  const tasks = createTasksService({ db, clock, courses, events });
  const calendar = createCalendarService({ db, clock, tasks });
  const tracking = createTrackingService({ db });
  const retrieval = createRetrievalService({ db });
  // Study asks groups whether a set is shared with a student, and groups ask study for set titles: the
  // arrow defers the lookup until both exist.
  const study = createStudyService({
    db,
    clock,
    events,
    retrieval,
    groups: { canReadSet: (u, s) => groups.canReadSet(u, s) },
  });
  const canvas = createCanvasService({ db, config, clock, auth, settings, courses, tasks, jobs, selfOrigin });
  const flashcards = createFlashcardsService({ db, clock, events, study });
  const progress = createProgressService({ db, clock, events });
  const friends = createFriendsService({ db, clock, events, settings, progress });
  const groups = createGroupsService({ db, friends, studySets: study });
  const materials = createMaterialsService({ db, courses, retrieval, study });
  const chat = createChatService({ db, config, clock, courses, tasks, retrieval, settings });
  const exams = createExamService({ db, clock, settings, tasks, calendar });
  const review = createReviewService({ db, clock, settings, study, events, exams });
  const summaries = createSummariesService({ config, study, materials, chat, review });
  return {
    events,
    health,
    auth,
    settings,
    courses,
    tasks,
    calendar,
    tracking,
    study,
    canvas,
    flashcards,
    friends,
    groups,
    retrieval,
    materials,
    chat,
    progress,
    review,
    exams,
    summaries,
  };
}
export type Services = ReturnType<typeof createServices>;

import path from "node:path";
import type { AppConfig } from "./config.ts";
import type { Db, DbKind } from "./db/client.ts";
import { createAchievementsService } from "./features/achievements/achievements.service.ts";
import { createAuthService } from "./features/auth/auth.service.ts";
import { createCalendarService } from "./features/calendar/calendar.service.ts";
import { createCanvasService } from "./features/canvas/canvas.service.ts";
import { createChatService } from "./features/chat/chat.service.ts";
import { createRetrievalService } from "./features/chat/retrieval.service.ts";
import { createCoursesService } from "./features/courses/courses.service.ts";
import { createAnkiPackageService } from "./features/flashcards/anki-package.service.ts";
import { createCardMediaService } from "./features/flashcards/card-media.service.ts";
import { createFlashcardsService } from "./features/flashcards/flashcards.service.ts";
import { fileMediaStore, memoryMediaStore } from "./features/flashcards/media-store.ts";
import { createStudyModesService } from "./features/flashcards/study-modes.service.ts";
import { createFriendsService } from "./features/friends/friends.service.ts";
import { createGroupsService } from "./features/friends/groups.service.ts";
import { createHealthService } from "./features/health/health.service.ts";
import { createMaterialsService } from "./features/materials/materials.service.ts";
import {
  createNotificationsService,
  type ServiceLog,
} from "./features/notifications/notifications.service.ts";
import { isQuiet } from "./features/reminders/reminders.rules.ts";
import { createRemindersService } from "./features/reminders/reminders.service.ts";
import { createExamService } from "./features/review/exam.service.ts";
import { createReviewService } from "./features/review/review.service.ts";
import { createSettingsService } from "./features/settings/settings.service.ts";
import { createStudyService } from "./features/study/study.service.ts";
import { createSummariesService } from "./features/summaries/summaries.service.ts";
import { createTasksService } from "./features/tasks/tasks.service.ts";
import { createMailer } from "./integrations/mail/mailer.ts";
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
  /** The app's logger, for what a service reports without failing its caller (push deliveries). */
  log?: ServiceLog;
}

/**
 * Every feature's service, created once, in dependency order. A service that needs another feature gets
 * that feature's service here, explicitly: features never reach into each other's repositories.
 */
export function createServices({ db, dbKind, config, clock, jobs, selfOrigin, log }: ServiceDeps) {
  // Facts change in one feature and are reacted to in another (achievements) through this bus.
  const events = createEventBus();
  const health = createHealthService({ dbKind });
  const mailer = config.mail ? createMailer(config.mail) : null;
  const auth = createAuthService({
    db,
    clock,
    reset: mailer && config.publicUrl ? { mailer, publicUrl: config.publicUrl, log } : null,
    // Groups are made further down; the arrow defers the lookup until then.
    groups: { leaveAll: (userId, tx) => groups.leaveAll(userId, tx) },
  });
  const settings = createSettingsService({ db, config });
  const courses = createCoursesService({ db, clock });
  const tasks = createTasksService({ db, clock, courses, events, settings });
  const calendar = createCalendarService({
    db,
    clock,
    tasks,
    secretKey: config.secretKey,
    config,
    jobs,
    timeZoneOf: (userId) => settings.timeZone(userId),
  });
  const retrieval = createRetrievalService({ db });
  // Study asks groups whether a set is shared with a student, and groups ask study for set titles: the
  // arrow defers the lookup until both exist.
  const study = createStudyService({
    db,
    clock,
    events,
    retrieval,
    jobs,
    groups: { canReadSet: (u, s, tx) => groups.canReadSet(u, s, tx) },
    links: { tasks: (u, ids) => tasks.owned(u, ids), courses: (u) => courses.list(u) },
  });
  const canvas = createCanvasService({ db, config, clock, auth, settings, courses, tasks, jobs, selfOrigin });
  const flashcards = createFlashcardsService({ db, events, study });
  const studyModes = createStudyModesService({ db, flashcards });
  const achievements = createAchievementsService({ db, clock, events, secretKey: config.secretKey });
  const friends = createFriendsService({ db, clock, events, settings, achievements });
  const groups = createGroupsService({ db, friends, studySets: study });
  const materials = createMaterialsService({ db, courses, retrieval, study, jobs });
  const chat = createChatService({ db, config, clock, courses, tasks, retrieval, settings, study, log });
  const exams = createExamService({ db, clock, settings, tasks, calendar, flashcards });
  const review = createReviewService({ db, clock, settings, study, flashcards, events, exams, jobs });
  const cardMedia = createCardMediaService({
    db,
    flashcards,
    store: config.dataDir ? fileMediaStore(path.resolve(config.dataDir, "media")) : memoryMediaStore(),
  });
  const ankiPackages = createAnkiPackageService({ db, media: cardMedia, review, settings });
  const summaries = createSummariesService({ config, study, materials, chat, log });
  const notifications = createNotificationsService({
    db,
    config,
    clock,
    log,
    jobs,
    // A retried push keeps to the student's switch and quiet hours, as the reminder it carries did.
    mayPush: async (userId) => {
      const profile = (await settings.reminderProfiles([userId])).get(userId);
      return !!profile?.enabled && !isQuiet(clock.now(), profile.timeZone, profile);
    },
  });
  const reminders = createRemindersService({
    db,
    clock,
    jobs,
    events,
    settings,
    tasks,
    review,
    exams,
    notifications,
  });
  return {
    events,
    health,
    auth,
    settings,
    courses,
    tasks,
    calendar,
    study,
    canvas,
    flashcards,
    studyModes,
    cardMedia,
    ankiPackages,
    friends,
    groups,
    retrieval,
    materials,
    chat,
    achievements,
    review,
    exams,
    summaries,
    notifications,
    reminders,
  };
}
export type Services = ReturnType<typeof createServices>;

// A job's handler is given these services (jobs/define.ts): typed here, where they are made.
declare module "./jobs/define.ts" {
  interface JobServices extends Services {}
}

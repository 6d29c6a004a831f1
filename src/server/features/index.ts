import type { FastifyInstance } from "fastify";
import type { JobDefinition } from "../jobs/define.ts";
import { achievementsRoutes } from "./achievements/achievements.routes.ts";
import { trackingRoutes } from "./achievements/tracking.routes.ts";
import { purgeSessionsJob } from "./auth/auth.jobs.ts";
import { authRoutes } from "./auth/auth.routes.ts";
import { refreshSubscriptionJob, refreshSubscriptionsJob } from "./calendar/calendar.jobs.ts";
import { calendarRoutes } from "./calendar/calendar.routes.ts";
import { canvasAutoSyncJob, canvasSyncJob } from "./canvas/canvas.jobs.ts";
import { canvasRoutes } from "./canvas/canvas.routes.ts";
import { chatRoutes } from "./chat/chat.routes.ts";
import { coursesRoutes } from "./courses/courses.routes.ts";
import { flashcardMediaRoutes, flashcardsRoutes } from "./flashcards/flashcards.routes.ts";
import { studyModesRoutes } from "./flashcards/study-modes.routes.ts";
import { friendsRoutes } from "./friends/friends.routes.ts";
import { groupsRoutes } from "./friends/groups.routes.ts";
import { healthRoutes } from "./health/health.routes.ts";
import { readMaterialJob } from "./materials/materials.jobs.ts";
import { materialsRoutes } from "./materials/materials.routes.ts";
import { redeliverPushJob } from "./notifications/notifications.jobs.ts";
import { notificationsRoutes } from "./notifications/notifications.routes.ts";
import { deliverRemindersJob, remindersTickJob } from "./reminders/reminders.jobs.ts";
import { fitFsrsJob, fitFsrsMonthlyJob } from "./review/review.jobs.ts";
import { reviewRoutes } from "./review/review.routes.ts";
import { settingsRoutes } from "./settings/settings.routes.ts";
import { readStudyDocumentJob } from "./study/study.jobs.ts";
import { studyRoutes } from "./study/study.routes.ts";
import { summariesRoutes } from "./summaries/summaries.routes.ts";
import { tasksRoutes } from "./tasks/tasks.routes.ts";

/** Every feature's routes, in one list: a new feature adds one line here. */
export const featureRoutes: Array<(app: FastifyInstance) => Promise<void>> = [
  healthRoutes,
  authRoutes,
  settingsRoutes,
  canvasRoutes,
  coursesRoutes,
  tasksRoutes,
  trackingRoutes,
  calendarRoutes,
  studyRoutes,
  flashcardsRoutes,
  studyModesRoutes,
  flashcardMediaRoutes,
  friendsRoutes,
  groupsRoutes,
  materialsRoutes,
  chatRoutes,
  achievementsRoutes,
  reviewRoutes,
  summariesRoutes,
  notificationsRoutes,
];

/** Every feature's background jobs (`<feature>.jobs.ts`), in one list: a job not listed here never runs. */
export const featureJobs: readonly JobDefinition[] = [
  purgeSessionsJob,
  canvasSyncJob,
  canvasAutoSyncJob,
  remindersTickJob,
  deliverRemindersJob,
  redeliverPushJob,
  readStudyDocumentJob,
  readMaterialJob,
  refreshSubscriptionJob,
  refreshSubscriptionsJob,
  fitFsrsJob,
  fitFsrsMonthlyJob,
];

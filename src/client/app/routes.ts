// Every screen of the app, in one table read by the boot entry (boot.ts), the router (router.tsx and
// signed-in-app.tsx), the navigation (shell.tsx) and the build (vite.config.ts cuts a first-load chunk
// set per signed-in page). Adding a page is one row here plus its page file.
//
// Plain data on purpose: boot.ts runs before the framework has arrived and vite.config.ts reads this file
// in Node, so nothing here imports React, an icon component or a page. A row names its page file
// (relative to this folder) and export; page-modules.ts turns that into the lazy import, and the nav's
// icon name into its component (nav-icons.tsx).
import type { NavIconName } from "./nav-icons.tsx";

/**
 * Who the page is for: `signed-in` pages draw in the shell; the `signed-out` page is what every path
 * shows without a session (SPEC §2.1), and a new account still sees it at its own path; `public` pages
 * draw outside the shell whether signed in or not.
 */
export type Access = "signed-in" | "signed-out" | "public";

export interface AppRoute {
  /** wouter pattern; the URLs of SPEC §7. */
  path: string;
  /** The page's file, relative to src/client/app: `./pages/...` composes features, `../features/...` is one. */
  page: `./pages/${string}-page.tsx` | `../features/${string}/${string}-page.tsx`;
  /** The page component's export name in that file. */
  component: string;
  access: Access;
  /** Shown in the main navigation, in table order. */
  nav?: { label: string; icon: NavIconName };
  /**
   * The GETs the page makes as it first draws, exactly as it asks them (path and query): boot.ts starts
   * them beside the page's code on a first load, so its content does not wait for the code, then the
   * session check, then the request one after the other (api.ts prefetchGet). Only URLs that do not depend
   * on anything the page learns first (no time zone, no ids).
   */
  data?: readonly string[];
}

/** The GETs the signed-in shell makes on every page (the bell, achievements, theme and Canvas status). */
export const SHELL_DATA = [
  "/api/notifications/unread-count",
  "/api/user-achievements",
  "/api/settings",
  "/api/auth/canvas/status",
] as const;

export const ROUTES = [
  {
    path: "/",
    page: "./pages/dashboard-page.tsx",
    component: "DashboardPage",
    access: "signed-in",
    nav: { label: "Home", icon: "house" },
    data: ["/api/events", "/api/courses", "/api/tasks"],
  },
  {
    path: "/tasks",
    page: "./pages/tasks-page.tsx",
    component: "TasksPage",
    access: "signed-in",
    nav: { label: "Tasks", icon: "list-todo" },
    data: ["/api/courses", "/api/tasks"],
  },
  {
    path: "/calendar",
    page: "./pages/calendar-page.tsx",
    component: "CalendarPage",
    access: "signed-in",
    nav: { label: "Calendar", icon: "calendar-days" },
    data: ["/api/events", "/api/tasks"],
  },
  {
    path: "/courses",
    page: "../features/courses/courses-page.tsx",
    component: "CoursesPage",
    access: "signed-in",
    nav: { label: "Courses", icon: "school" },
    data: ["/api/canvas/courses"],
  },
  {
    path: "/courses/:id",
    page: "../features/courses/course-grades-page.tsx",
    component: "CourseGradesPage",
    access: "signed-in",
  },
  {
    path: "/study",
    page: "./pages/study-page.tsx",
    component: "StudyPage",
    access: "signed-in",
    nav: { label: "Study", icon: "book-open" },
    data: ["/api/study/sets", "/api/tasks"],
  },
  {
    path: "/study/review",
    page: "../features/review/review-page.tsx",
    component: "ReviewPage",
    access: "signed-in",
    data: ["/api/review/settings"],
  },
  {
    path: "/study/cards",
    page: "../features/review/card-browser-page.tsx",
    component: "CardBrowserPage",
    access: "signed-in",
  },
  {
    path: "/study/exams",
    page: "../features/review/exams-page.tsx",
    component: "ExamsPage",
    access: "signed-in",
    data: ["/api/review/sets"],
  },
  {
    path: "/friends",
    page: "../features/friends/friends-page.tsx",
    component: "FriendsPage",
    access: "signed-in",
    nav: { label: "Friends", icon: "users" },
    data: [
      "/api/friends/progress",
      "/api/friends",
      "/api/friends/requests",
      "/api/friends/sent",
      "/api/study-groups",
    ],
  },
  {
    path: "/friends/groups/:id",
    page: "./pages/group-page.tsx",
    component: "GroupPage",
    access: "signed-in",
  },
  {
    path: "/friends/groups/:id/sets/:setId",
    page: "./pages/shared-set-page.tsx",
    component: "SharedSetPage",
    access: "signed-in",
  },
  {
    path: "/achievements",
    page: "./pages/achievements-page.tsx",
    component: "AchievementsPage",
    access: "signed-in",
    nav: { label: "Achievements", icon: "trophy" },
    data: ["/api/study-heatmap", "/api/achievements", "/api/study/focus-stats"],
  },
  {
    path: "/gpa",
    page: "./pages/gpa-page.tsx",
    component: "GpaPage",
    access: "signed-in",
    nav: { label: "GPA", icon: "calculator" },
    data: ["/api/gpa", "/api/canvas/courses", "/api/canvas/completed-courses"],
  },
  {
    path: "/materials",
    page: "./pages/materials-page.tsx",
    component: "MaterialsPage",
    access: "signed-in",
    data: ["/api/courses", "/api/course-documents"],
  },
  {
    path: "/summarize",
    page: "../features/summaries/summarize-page.tsx",
    component: "SummarizePage",
    access: "signed-in",
    data: ["/api/summarize/documents"],
  },
  {
    path: "/settings",
    page: "./pages/settings-page.tsx",
    component: "SettingsPage",
    access: "signed-in",
    nav: { label: "Settings", icon: "settings" },
    data: ["/api/chat/provider"],
  },
  {
    path: "/onboarding",
    page: "./pages/onboarding-page.tsx",
    component: "OnboardingPage",
    access: "signed-out",
  },
  {
    path: "/share/:shareCode",
    page: "../features/achievements/share-page.tsx",
    component: "SharePage",
    access: "public",
  },
  {
    path: "/reset-password",
    page: "../features/auth/reset-password-page.tsx",
    component: "ResetPasswordPage",
    access: "public",
  },
  {
    path: "/auth-demo",
    page: "../features/demo/auth-demo-page.tsx",
    component: "AuthDemoPage",
    access: "public",
  },
  {
    path: "/header-demo",
    page: "../features/demo/header-demo-page.tsx",
    component: "HeaderDemoPage",
    access: "public",
  },
] as const satisfies readonly AppRoute[];

export type Route = (typeof ROUTES)[number];

/** The page every path shows without a session. */
export const SIGNED_OUT_ROUTE = ROUTES.find((r) => r.access === "signed-out")!;

/** Whether a path has no parameters: such a page can be fetched from the URL alone, before React runs. */
const isStaticPath = (path: string) => !path.includes(":");

/**
 * The signed-in pages a first load can land on by URL alone: boot.ts starts their code with the shell's,
 * and the build cuts each its own chunk set.
 */
export const FIRST_LOAD_ROUTES = ROUTES.filter(
  (r): r is Extract<Route, { access: "signed-in" }> => r.access === "signed-in" && isStaticPath(r.path),
);

/** The first-load route for this exact pathname, if any. */
export const firstLoadRoute = (pathname: string) => FIRST_LOAD_ROUTES.find((r) => r.path === pathname);

/** The signed-in shell's navigation (SPEC §2.1), in order. */
export const NAV_ROUTES = ROUTES.filter((r): r is Extract<Route, { nav: object }> => "nav" in r);

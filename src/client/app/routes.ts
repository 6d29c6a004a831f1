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
}

export const ROUTES = [
  {
    path: "/",
    page: "./pages/dashboard-page.tsx",
    component: "DashboardPage",
    access: "signed-in",
    nav: { label: "Home", icon: "house" },
  },
  {
    path: "/tasks",
    page: "./pages/tasks-page.tsx",
    component: "TasksPage",
    access: "signed-in",
    nav: { label: "Tasks", icon: "list-todo" },
  },
  {
    path: "/calendar",
    page: "./pages/calendar-page.tsx",
    component: "CalendarPage",
    access: "signed-in",
    nav: { label: "Calendar", icon: "calendar-days" },
  },
  {
    path: "/courses",
    page: "../features/courses/courses-page.tsx",
    component: "CoursesPage",
    access: "signed-in",
    nav: { label: "Courses", icon: "school" },
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
  },
  {
    path: "/study/review",
    page: "../features/review/review-page.tsx",
    component: "ReviewPage",
    access: "signed-in",
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
  },
  {
    path: "/friends",
    page: "../features/friends/friends-page.tsx",
    component: "FriendsPage",
    access: "signed-in",
    nav: { label: "Friends", icon: "users" },
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
  },
  {
    path: "/gpa",
    page: "./pages/gpa-page.tsx",
    component: "GpaPage",
    access: "signed-in",
    nav: { label: "GPA", icon: "calculator" },
  },
  {
    path: "/materials",
    page: "./pages/materials-page.tsx",
    component: "MaterialsPage",
    access: "signed-in",
  },
  {
    path: "/summarize",
    page: "../features/summaries/summarize-page.tsx",
    component: "SummarizePage",
    access: "signed-in",
  },
  {
    path: "/settings",
    page: "./pages/settings-page.tsx",
    component: "SettingsPage",
    access: "signed-in",
    nav: { label: "Settings", icon: "settings" },
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

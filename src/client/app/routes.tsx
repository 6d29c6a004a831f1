import { lazy } from "react";

// Pages that compose several features live in ./pages; single-feature pages in their feature.
// Each screen is its own chunk: the first load carries only the shell and the current page.
const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) =>
  Object.assign(
    lazy(async () => ({ default: (await load())[name] as React.ComponentType })),
    { preload: load },
  );

const loadSignedInApp = () => import("./signed-in-app.tsx");
export const SignedInApp = lazy(async () => ({ default: (await loadSignedInApp()).SignedInApp }));
export const DashboardPage = page(() => import("./pages/dashboard-page.tsx"), "DashboardPage");
export const TasksPage = page(() => import("./pages/tasks-page.tsx"), "TasksPage");
export const CalendarPage = page(() => import("./pages/calendar-page.tsx"), "CalendarPage");
export const CoursesPage = page(() => import("#client/features/courses/courses-page.tsx"), "CoursesPage");
export const StudyPage = page(() => import("./pages/study-page.tsx"), "StudyPage");
export const ReviewPage = page(() => import("#client/features/study/review/review-page.tsx"), "ReviewPage");
export const FriendsPage = page(() => import("#client/features/friends/friends-page.tsx"), "FriendsPage");
export const GroupPage = page(() => import("./pages/group-page.tsx"), "GroupPage");
export const SharedSetPage = page(() => import("./pages/shared-set-page.tsx"), "SharedSetPage");
export const AchievementsPage = page(() => import("./pages/achievements-page.tsx"), "AchievementsPage");
export const SummarizePage = page(
  () => import("#client/features/summaries/summarize-page.tsx"),
  "SummarizePage",
);
export const MaterialsPage = page(() => import("./pages/materials-page.tsx"), "MaterialsPage");
export const GpaPage = page(() => import("./pages/gpa-page.tsx"), "GpaPage");
export const SettingsPage = page(() => import("./pages/settings-page.tsx"), "SettingsPage");
export const SharePage = page(() => import("#client/features/share/share-page.tsx"), "SharePage");
export const OnboardingPage = page(() => import("./pages/onboarding-page.tsx"), "OnboardingPage");
export const AuthDemoPage = page(() => import("#client/features/demo/auth-demo-page.tsx"), "AuthDemoPage");
export const HeaderDemoPage = page(
  () => import("#client/features/demo/header-demo-page.tsx"),
  "HeaderDemoPage",
);

const PAGES: Record<string, { preload: () => Promise<unknown> }> = {
  "/": DashboardPage,
  "/tasks": TasksPage,
  "/calendar": CalendarPage,
  "/courses": CoursesPage,
  "/study": StudyPage,
  "/study/review": ReviewPage,
  "/friends": FriendsPage,
  "/achievements": AchievementsPage,
  "/gpa": GpaPage,
  "/materials": MaterialsPage,
  "/summarize": SummarizePage,
  "/settings": SettingsPage,
};

/**
 * A stored token almost always means a signed-in student: fetch the shell and the page's code while the
 * session is being checked, instead of one after the other once it is.
 */
export function preloadSignedIn(pathname: string) {
  const ignore = () => undefined; // a failed preload is retried, and reported, by React.lazy
  loadSignedInApp().catch(ignore);
  PAGES[pathname]?.preload().catch(ignore);
}

/** The signed-in shell's navigation (SPEC §2.1), in order. */
export const NAV_LINKS = [
  { href: "/", label: "Home" },
  { href: "/tasks", label: "Tasks" },
  { href: "/calendar", label: "Calendar" },
  { href: "/courses", label: "Courses" },
  { href: "/study", label: "Study" },
  { href: "/friends", label: "Friends" },
  { href: "/achievements", label: "Achievements" },
  { href: "/gpa", label: "GPA" },
  { href: "/settings", label: "Settings" },
] as const;

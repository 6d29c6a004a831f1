import { type ComponentType, lazy, useState } from "react";
import { isPagePath, PAGE_CHUNKS } from "./route-chunks.ts";

// Pages that compose several features live in ./pages; single-feature pages in their feature.
// Each screen is its own chunk: the first load carries only the shell and the current page.
// biome-ignore lint/suspicious/noExplicitAny: a page's own props, whatever they are
type Page = ComponentType<any> & { preload: () => Promise<unknown> };
export const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T): Page => {
  let loaded: ComponentType | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = m[name] as ComponentType;
    });
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  // A page whose code is already here draws in this very render: React.lazy suspends once even then, and
  // React holds a boundary's content back until 300 ms after its fallback showed (a blank first load).
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module level, like React.lazy
  function LoadedOrLazy(props: object) {
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(LoadedOrLazy, { preload });
};

export const DashboardPage = page(PAGE_CHUNKS["/"], "DashboardPage");
export const TasksPage = page(PAGE_CHUNKS["/tasks"], "TasksPage");
export const CalendarPage = page(PAGE_CHUNKS["/calendar"], "CalendarPage");
export const CoursesPage = page(PAGE_CHUNKS["/courses"], "CoursesPage");
export const StudyPage = page(PAGE_CHUNKS["/study"], "StudyPage");
export const ReviewPage = page(PAGE_CHUNKS["/study/review"], "ReviewPage");
export const FriendsPage = page(PAGE_CHUNKS["/friends"], "FriendsPage");
export const GroupPage = page(() => import("./pages/group-page.tsx"), "GroupPage");
export const SharedSetPage = page(() => import("./pages/shared-set-page.tsx"), "SharedSetPage");
export const AchievementsPage = page(PAGE_CHUNKS["/achievements"], "AchievementsPage");
export const SummarizePage = page(PAGE_CHUNKS["/summarize"], "SummarizePage");
export const MaterialsPage = page(PAGE_CHUNKS["/materials"], "MaterialsPage");
export const GpaPage = page(PAGE_CHUNKS["/gpa"], "GpaPage");
export const SettingsPage = page(PAGE_CHUNKS["/settings"], "SettingsPage");
export const SharePage = page(() => import("#client/features/achievements/share-page.tsx"), "SharePage");
export const OnboardingPage = page(() => import("./pages/onboarding-page.tsx"), "OnboardingPage");
export const AuthDemoPage = page(() => import("#client/features/demo/auth-demo-page.tsx"), "AuthDemoPage");
export const HeaderDemoPage = page(
  () => import("#client/features/demo/header-demo-page.tsx"),
  "HeaderDemoPage",
);

const PAGES: Record<keyof typeof PAGE_CHUNKS, Page> = {
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

/** This path's page code, if it is one of the signed-in pages (false otherwise). */
export const preloadPage = (pathname: string): Promise<unknown> | false =>
  isPagePath(pathname) && PAGES[pathname].preload();

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

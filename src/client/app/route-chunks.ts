// Where each signed-in screen's code lives, without React: boot.ts starts these downloads before the
// framework has arrived, and routes.tsx builds its lazy pages on the same loaders. The shell's own loader
// is load-signed-in-app.ts: the shell draws these pages, so a loader of it here would close a circle.

export const PAGE_CHUNKS = {
  "/": () => import("./pages/dashboard-page.tsx"),
  "/tasks": () => import("./pages/tasks-page.tsx"),
  "/calendar": () => import("./pages/calendar-page.tsx"),
  "/courses": () => import("#client/features/courses/courses-page.tsx"),
  "/study": () => import("./pages/study-page.tsx"),
  "/study/review": () => import("#client/features/review/review-page.tsx"),
  "/friends": () => import("#client/features/friends/friends-page.tsx"),
  "/achievements": () => import("./pages/achievements-page.tsx"),
  "/gpa": () => import("./pages/gpa-page.tsx"),
  "/materials": () => import("./pages/materials-page.tsx"),
  "/summarize": () => import("#client/features/summaries/summarize-page.tsx"),
  "/settings": () => import("./pages/settings-page.tsx"),
};

export const isPagePath = (pathname: string): pathname is keyof typeof PAGE_CHUNKS =>
  Object.hasOwn(PAGE_CHUNKS, pathname);

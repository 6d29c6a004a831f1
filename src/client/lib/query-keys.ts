/**
 * Every feature's query keys, in one module: a feature can refresh another feature's data (a mutation's
 * `meta.invalidates`) without importing it. Each feature's `all` is the prefix of all its keys.
 */
export const queryKeys = {
  auth: {
    all: ["auth"] as const,
    me: () => [...queryKeys.auth.all, "me"] as const,
  },
  settings: {
    all: ["settings"] as const,
  },
  tasks: {
    all: ["tasks"] as const,
    list: () => [...queryKeys.tasks.all, "list"] as const,
  },
  courses: {
    all: ["courses"] as const,
    list: () => [...queryKeys.courses.all, "list"] as const,
    /** The Canvas courses cached on the server (My Courses), and the completed ones (GPA). */
    canvas: () => [...queryKeys.courses.all, "canvas"] as const,
    completed: () => [...queryKeys.courses.all, "canvas", "completed"] as const,
  },
  canvas: {
    all: ["canvas"] as const,
    status: () => [...queryKeys.canvas.all, "status"] as const,
    sync: () => [...queryKeys.canvas.all, "sync"] as const,
  },
  calendar: {
    all: ["calendar"] as const,
    events: () => [...queryKeys.calendar.all, "events"] as const,
    feed: () => [...queryKeys.calendar.all, "feed"] as const,
    token: () => [...queryKeys.calendar.all, "token"] as const,
  },
  share: {
    all: ["share"] as const,
    detail: (shareCode: string) => [...queryKeys.share.all, shareCode] as const,
  },
};

/**
 * Every feature's query keys, in one module: a feature can refresh another feature's data (a mutation's
 * `meta.invalidates`) without importing it. Each feature's `all` is the prefix of all its keys.
 */
export const queryKeys = {
  auth: {
    all: ["auth"] as const,
    me: () => [...queryKeys.auth.all, "me"] as const,
    passwordReset: () => [...queryKeys.auth.all, "password-reset"] as const,
  },
  settings: {
    all: ["settings"] as const,
    /** Signed-in devices (Settings, Account): apart from the settings themselves. */
    devices: () => ["devices"] as const,
    /** What reminds the student (Settings > General, under 'Enable notifications'). */
    reminders: () => [...queryKeys.settings.all, "reminders"] as const,
  },
  notifications: {
    all: ["notifications"] as const,
    unread: () => [...queryKeys.notifications.all, "unread"] as const,
    list: () => [...queryKeys.notifications.all, "list"] as const,
    publicKey: () => [...queryKeys.notifications.all, "public-key"] as const,
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
    /** A course's What-If grades (groups and the student's scores). */
    grades: (id: number) => [...queryKeys.courses.all, "grades", id] as const,
    /** The GPA page's saved edits and target GPA. */
    gpa: () => [...queryKeys.courses.all, "gpa"] as const,
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
    subscriptions: () => [...queryKeys.calendar.all, "subscriptions"] as const,
    subscriptionEvents: () => [...queryKeys.calendar.all, "subscription-events"] as const,
  },
  flashcards: {
    all: ["flashcards"] as const,
    /** The flashcard sets of one study set (with card counts). */
    sets: (studySetId: number) => [...queryKeys.flashcards.all, "sets", studySetId] as const,
    /** The cards of one flashcard set. */
    cards: (flashcardSetId: number) => [...queryKeys.flashcards.all, "cards", flashcardSetId] as const,
    /** The student's session of one study mode on one set (issue 25 §2). */
    session: (flashcardSetId: number, mode: string) =>
      [...queryKeys.flashcards.all, "session", flashcardSetId, mode] as const,
    /** The student's starred cards of one set. */
    stars: (flashcardSetId: number) => [...queryKeys.flashcards.all, "stars", flashcardSetId] as const,
  },
  friends: {
    all: ["friends"] as const,
    list: () => [...queryKeys.friends.all, "list"] as const,
    progress: () => [...queryKeys.friends.all, "progress"] as const,
    requests: () => [...queryKeys.friends.all, "requests"] as const,
    sent: () => [...queryKeys.friends.all, "sent"] as const,
  },
  groups: {
    all: ["groups"] as const,
    list: () => [...queryKeys.groups.all, "list"] as const,
    detail: (id: number) => [...queryKeys.groups.all, "detail", id] as const,
  },
  review: {
    all: ["review"] as const,
    /** The due queue, across sets (undefined) or of one flashcard set. */
    queue: (setId?: number) => [...queryKeys.review.all, "queue", setId ?? "all"] as const,
    settings: () => [...queryKeys.review.all, "settings"] as const,
  },
  study: {
    all: ["study"] as const,
    sets: () => [...queryKeys.study.all, "sets"] as const,
    set: (id: number) => [...queryKeys.study.sets(), id] as const,
    documents: (setId: number) => [...queryKeys.study.set(setId), "documents"] as const,
    document: (id: number) => [...queryKeys.study.all, "document", id] as const,
    stats: () => [...queryKeys.study.all, "stats"] as const,
    /** Pomodoro focus time per course and per task (issue 26 §6). */
    focusStats: () => [...queryKeys.study.all, "focus-stats"] as const,
  },
  achievements: {
    all: ["achievements"] as const,
    catalogue: () => [...queryKeys.achievements.all, "catalogue"] as const,
    /** What the student has earned: the unlock toasts compare each answer with the one before. */
    earned: () => [...queryKeys.achievements.all, "earned"] as const,
    stats: () => [...queryKeys.achievements.all, "stats"] as const,
    heatmap: () => [...queryKeys.achievements.all, "heatmap"] as const,
  },
  share: {
    all: ["share"] as const,
    detail: (shareCode: string) => [...queryKeys.share.all, shareCode] as const,
  },
  materials: {
    all: ["materials"] as const,
    list: (courseId: number | null) => [...queryKeys.materials.all, "list", courseId] as const,
    text: (source: string, id: number) => [...queryKeys.materials.all, "text", source, id] as const,
  },
  chat: {
    all: ["chat"] as const,
    history: (courseId: number | null) => [...queryKeys.chat.all, "history", courseId] as const,
    provider: () => [...queryKeys.chat.all, "provider"] as const,
  },
  summaries: {
    all: ["summaries"] as const,
    /** The summarizer's one-click list: study documents and materials, newest first. */
    recent: () => [...queryKeys.summaries.all, "recent"] as const,
  },
};

import { foldText } from "#shared/fold-text.ts";
import { assertTimeZone, type DateRange, dateRange } from "./task-dates.ts";
import { escapeRegExp } from "./text.ts";

/**
 * Task questions ('what is due this week?', 'anything overdue in CS 330?', 'when is my next exam?') as a
 * structured filter the caller runs against the tasks table, so the answer is exact rather than a text
 * search. Anything that is not about the student's tasks gives null and goes to retrieval.
 */

export interface TaskCourse {
  id: number;
  name: string;
  code: string;
}

export interface TaskFilter {
  kind: "tasks";
  /** On the due date: from inclusive, to exclusive. */
  range?: DateRange;
  completed?: boolean;
  /** Due before now and not completed. */
  overdue?: boolean;
  courseIds?: number[];
  /** Any of these, case-insensitively, in the title ('exam' or 'midterm' for 'my next exam'). */
  keywords?: string[];
  /** The first n in the task order (open first, earliest due first). */
  limit?: number;
  /**
   * The question asks what an exam covers or how it runs ('what's on the midterm?'): answered from the
   * material, with the exam's task beside it.
   */
  withMaterial?: boolean;
}

export interface TaskQuestionContext {
  now: Date;
  /** IANA zone of the student, e.g. 'America/New_York'. */
  timeZone: string;
  courses?: readonly TaskCourse[];
}

const NEXT_STEPS = 5;

/** Words that make a question about the student's own tasks. 'due to' and 'due process' are not. */
const TASK_CUE =
  /\b(?:due(?!\s+(?:to|process|diligence|course)\b)|deadlines?|assignments?|homework|hw|tasks?|to-?dos?|overdue|exams?|quiz(?:zes)?|midterms?|finals|final exams?|upcoming|coming up)\b/;
const SCHEDULE_CUE =
  /\b(?:what do i have|what have i got|what(?:'s| is) (?:on|coming up|happening|left)|anything|my (?:week|day|schedule|plan)|(?:do )?i (?:still )?(?:need|have) to|get done)\b/;
const NEXT_STEP =
  /\b(?:what should i (?:do|work on|study|start|focus on|tackle)|what(?:'s| is) next|what to do next|where should i start|most urgent|top priorit(?:y|ies))\b/;
const OVERDUE = /\b(?:overdue|past due|late|missed|missing|behind on)\b/;
const OPEN =
  /\b(?:not (?:yet )?(?:done|finished|completed|submitted)|unfinished|incomplete|pending|remaining|left|outstanding|still (?:have|need))\b/;
const COMPLETED =
  /\b(?:completed|finished|done|submitted|turned in|handed in|checked off)\b|\b(?:did|have) i (?:complete|finish|submit)\b/;
const GETTING_DONE = /\b(?:get|got|be|getting|to)\s+(?:done|finished|completed|submitted)\b/;

/** Asking about an exam's content or arrangements rather than its date. */
const EXAM_CONTENT =
  /\b(?:what(?:'s| is| will be| are)? (?:on|in|covered)|cover(?:s|ed)?|topics?|chapters?|units?|material|study for|review for|prepare for|format|room|where|bring|allowed|calculator|how long|how many questions|kinds? of questions)\b/;
const WHEN = /\b(?:when|due|what (?:day|date|time))\b/;

const EXAMS: { pattern: RegExp; keywords: string[] }[] = [
  { pattern: /\bmidterms?\b/, keywords: ["midterm"] },
  { pattern: /\bfinal exams?\b|\bfinals\b|\b(?:next|my) final\b/, keywords: ["final"] },
  { pattern: /\bquiz(?:zes)?\b/, keywords: ["quiz"] },
  { pattern: /\bexams?\b|\btests?\b/, keywords: ["exam", "midterm", "final", "test"] },
];

/**
 * Kinds of work a student names ('my calculus homework', 'labs this week'): any of the keywords in a
 * task's title. Exams and quizzes are EXAMS, above.
 */
const WORK_KINDS: { pattern: RegExp; name: string; keywords: string[] }[] = [
  {
    pattern: /\b(?:homeworks?|hw|problem sets?|psets?|exercises?)\b/,
    name: "homework",
    keywords: ["homework", "hw", "problem set", "pset", "exercise"],
  },
  { pattern: /\blabs?\b/, name: "labs", keywords: ["lab"] },
  { pattern: /\b(?:essays?|papers?)\b/, name: "essays", keywords: ["essay", "paper"] },
  { pattern: /\bprojects?\b/, name: "projects", keywords: ["project"] },
  { pattern: /\breadings?\b/, name: "readings", keywords: ["reading", "read "] },
];
const KIND_WORDS =
  /\b(?:homeworks?|hw|problem sets?|psets?|exercises?|labs?|essays?|papers?|projects?|readings?|assignments?|tasks?|work)\b/g;
/**
 * A kind of work asked about as the student's own ('what labs do I have?', 'which essays are left?',
 * 'labs this week'): TASK_CUE has no kind but homework, since 'what is a lab report?' is about the material.
 */
const KIND_ASKED =
  /\b(?:what|which|any|how many)\s+(?:\S+\s+){0,2}?(?:labs?|essays?|papers?|projects?|readings?|problem sets?|psets?)\s+(?:do i (?:still )?have|have i got|are (?:there|left|coming up|upcoming|open)|(?:do|did) i (?:still )?(?:need|have) to (?:do|finish|submit|write|read))\b|^(?:any |my )?(?:labs|essays|papers|projects|readings|problem sets|psets)(?: (?:this|next) (?:week|weekend|month)| today| tomorrow)?\??$/;

/** Words in course names that say nothing about which course ('Introduction to Biology' -> 'biology'). */
const GENERIC_COURSE_WORDS = new Set(
  "introduction intro principles fundamentals foundations advanced topics seminar course section general applied elementary intermediate basic special studies survey laboratory honors with from into and the for".split(
    " ",
  ),
);

/** 'CS 330' matches 'cs 330', 'CS330' and 'cs-330'. */
function codePattern(code: string): RegExp | undefined {
  const parts = foldText(code).match(/[a-z]+|\d+/g);
  if (!parts || parts.length === 0 || code.trim().length < 2) return undefined;
  return new RegExp(`\\b${parts.map(escapeRegExp).join("[\\s-]?")}\\b`);
}

/**
 * Courses the question names: by code or full name ('exact'), else by a distinctive word of a name
 * ('biology' for 'Introduction to Biology'), which only narrows a question already about tasks.
 */
function matchCourses(
  text: string,
  courses: readonly TaskCourse[],
): { ids: number[]; exact: boolean; words: string[] } {
  const exact = courses.filter((course) => {
    const name = foldText(course.name.trim());
    return (
      (name.length > 2 && new RegExp(`\\b${escapeRegExp(name)}\\b`).test(text)) ||
      codePattern(course.code)?.test(text)
    );
  });
  if (exact.length > 0) return { ids: exact.map((c) => c.id), exact: true, words: [] };
  // A distinctive word of a name, or its start ('calc' for 'Calculus I', 'bio' is too short to say).
  const asked = (text.match(/[a-z0-9]+/g) ?? []).filter((w) => w.length >= 4 && !GENERIC_COURSE_WORDS.has(w));
  const used = new Set<string>();
  const partial = courses.filter((course) => {
    const named = (foldText(course.name).match(/[a-z]+/g) ?? []).filter(
      (w) => w.length >= 4 && !GENERIC_COURSE_WORDS.has(w),
    );
    const hits = asked.filter((a) => named.some((w) => w === a || (/^[a-z]+$/.test(a) && w.startsWith(a))));
    for (const hit of hits) used.add(hit);
    return hits.length > 0;
  });
  return { ids: partial.map((c) => c.id), exact: false, words: [...used] };
}

function completion(text: string): boolean | undefined {
  if (OPEN.test(text)) return false;
  if (COMPLETED.test(text) && !GETTING_DONE.test(text)) return true;
  return undefined;
}

/** 'When is the lab report due?' -> 'lab report': a title to look for. */
function titleFragment(
  text: string,
  courses: readonly TaskCourse[],
  courseWords: readonly string[],
): string | undefined {
  const match =
    /\bwhen (?:is|are|was) (?:the |my |our )?(.+?) due\b/.exec(text) ??
    /\b(?:deadline|due date) (?:for|of) (?:the |my |our )?(.+?)\??$/.exec(text);
  let fragment = match?.[1] ?? "";
  for (const course of courses) {
    const pattern = codePattern(course.code);
    if (pattern) fragment = fragment.replace(pattern, " ");
    fragment = fragment.replace(foldText(course.name), " ");
  }
  for (const word of courseWords)
    fragment = fragment.replace(new RegExp(`\\b${word}\\b(?:\\s+(?:\\d+|i{1,3}|iv))?`), " ");
  // 'calculus homework' is the course and a kind of work (WORK_KINDS), not words of a title.
  if (!fragment.replace(KIND_WORDS, " ").trim()) fragment = "";
  fragment = fragment
    .replace(/\b(?:for|in|of)\s*$/, "")
    .replace(/\s+/g, " ")
    .trim();
  return fragment &&
    !/^(?:it|that|this|everything|anything|something|stuff|what|homework|assignments?|tasks?)$/.test(fragment)
    ? fragment
    : undefined;
}

const normalize = (question: string) => foldText(question).replace(/[’‘]/g, "'").replace(/\s+/g, " ").trim();

function isTaskQuestion(text: string, courseNamed: boolean, completed: boolean | undefined, date: unknown) {
  return (
    TASK_CUE.test(text) ||
    KIND_ASKED.test(text) ||
    NEXT_STEP.test(text) ||
    // 'What did I finish?', and a question that is hardly more than 'done' ('what's done?').
    (completed === true && (/\bi\b/.test(text) || text.split(" ").length <= 3)) ||
    ((SCHEDULE_CUE.test(text) || courseNamed) && date !== undefined) ||
    (courseNamed && text.split(" ").length <= 4)
  );
}

/**
 * Whether the question would be about tasks if it named one of the student's courses: when not, the
 * caller can skip loading the courses (most questions are about the material).
 */
export function mayBeTaskQuestion(question: string, context: Omit<TaskQuestionContext, "courses">): boolean {
  assertTimeZone(context.timeZone);
  const text = normalize(question);
  const completed = completion(text);
  return isTaskQuestion(
    text,
    true,
    completed,
    dateRange(text, context.now, context.timeZone, completed === true),
  );
}

const day = (timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", timeZone });

/**
 * What a task question searched, in words, for an answer that finds nothing: 'open homework in MATH 151
 * due Mon, Mar 10 to Sun, Mar 16'.
 */
export function describeTaskFilter(
  filter: TaskFilter,
  courses: readonly TaskCourse[],
  timeZone: string,
): string {
  const state = filter.overdue ? "overdue" : filter.completed ? "completed" : "open";
  const same = (keywords: string[]) => keywords.join("|") === filter.keywords?.join("|");
  const kind = WORK_KINDS.find((k) => same(k.keywords))?.name;
  const exam = EXAMS.find((e) => same(e.keywords))?.keywords[0];
  const what = exam
    ? `${exam}s`
    : kind
      ? kind
      : filter.keywords?.length
        ? `tasks matching "${filter.keywords.join('" or "')}"`
        : "tasks";
  const named = courses.filter((c) => filter.courseIds?.includes(c.id)).map((c) => c.code || c.name);
  const format = day(timeZone);
  const { from, to } = filter.range ?? {};
  const due =
    from && to
      ? ` due ${format.format(from)} to ${format.format(new Date(to.getTime() - 1))}`
      : from
        ? ` due from ${format.format(from)}`
        : to
          ? ` due before ${format.format(to)}`
          : "";
  return `${state} ${what}${named.length ? ` in ${named.join(" or ")}` : ""}${due}`;
}

export function parseTaskQuestion(question: string, context: TaskQuestionContext): TaskFilter | null {
  assertTimeZone(context.timeZone);
  const courses = context.courses ?? [];
  const text = normalize(question);
  const { ids: courseIds, exact: courseNamed, words: courseWords } = matchCourses(text, courses);
  const completed = completion(text);
  const date = dateRange(text, context.now, context.timeZone, completed === true);
  const nextStep = NEXT_STEP.test(text);
  const exam = EXAMS.find((e) => e.pattern.test(text));
  if (!isTaskQuestion(text, courseNamed, completed, date)) return null;

  const filter: TaskFilter = { kind: "tasks" };
  if (OVERDUE.test(text)) {
    filter.overdue = true;
    filter.completed = false;
  } else {
    filter.completed = completed ?? false;
  }
  if (date) filter.range = date.range;
  if (courseIds.length > 0) filter.courseIds = courseIds;
  const fragment = titleFragment(text, courses, courseWords);
  const work = exam ? undefined : WORK_KINDS.find((k) => k.pattern.test(text));
  if (exam) filter.keywords = exam.keywords;
  else if (fragment) filter.keywords = [fragment];
  else if (work) filter.keywords = work.keywords;
  // 'next' inside a date phrase ('next Tuesday', 'next 3 days') names the date, not the next task.
  const withoutDateNext = text.replace(
    /\bnext (?:week|month|year|weekend|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d+|a|an|one|two|three|four|five|six|seven|ten)\b/g,
    "",
  );
  const asksForNext = /\b(?:next|upcoming|coming up)\b/.test(withoutDateNext) && !date?.period;
  // 'What should I do next?' keeps overdue work in: it comes first in the task order.
  if (!filter.overdue && filter.completed === false && !date && !nextStep && (asksForNext || exam)) {
    filter.range = { from: new Date(context.now.getTime()) };
  }
  if (nextStep) filter.limit = NEXT_STEPS;
  else if (asksForNext && /\bnext\b/.test(withoutDateNext)) filter.limit = 1;
  if (exam && EXAM_CONTENT.test(text) && !WHEN.test(text)) {
    // What is on an exam is in the material (a study guide, the syllabus); the task says when it is.
    filter.withMaterial = true;
    filter.range ??= { from: new Date(context.now.getTime()) };
    filter.limit = 1;
  }
  return filter;
}

/**
 * Canvas data in the shapes Canvas serves, for the demo Canvas ('Try with demo data'), the fake Canvas of
 * the tests and the sync benchmark. Ids are shard-prefixed like Instructure's cloud (> 2^53), so every
 * path that handles them is exercised with ids a JavaScript number would corrupt.
 */

import { TZDate } from "@date-fns/tz";

export interface DatasetScores {
  current_score: number | null;
  final_score: number | null;
  current_grade: string | null;
  final_grade: string | null;
}

export interface DatasetCourse {
  id: string;
  /** null: a date-restricted stub, listed only as {id, access_restricted_by_date: true}. */
  name: string | null;
  course_code: string;
  state: "active" | "completed";
  /** null: the course hides final grades, so the enrollment carries no computed_* fields. */
  scores: DatasetScores | null;
  term: { id: string; name: string; start_at: string | null; end_at: string | null };
  /** Canvas's apply_assignment_group_weights. */
  apply_assignment_group_weights?: boolean;
}

/** An assignment group (Canvas AssignmentGroup) with its drop rules. */
export interface DatasetGroup {
  id: string;
  course_id: string;
  name: string;
  position: number;
  group_weight: number;
  rules: { drop_lowest?: number; drop_highest?: number; never_drop?: string[] };
}

export interface DatasetSubmission {
  workflow_state: "unsubmitted" | "submitted" | "graded";
  submitted_at: string | null;
  score: number | null;
  grade: string | null;
  excused?: boolean;
  missing?: boolean;
  /** Null while a grade is not posted to the student. */
  posted_at?: string | null;
}

export interface DatasetAssignment {
  id: string;
  course_id: string;
  name: string;
  description: string | null;
  due_at: string | null;
  points_possible: number;
  published: boolean;
  assignment_group_id: string;
  omit_from_final_grade?: boolean;
  submission: DatasetSubmission | null;
  updated_at: string;
}

export interface CanvasDataset {
  user: { id: string; name: string; short_name: string; sortable_name: string };
  courses: DatasetCourse[];
  assignments: Record<string, DatasetAssignment[]>;
  /** Assignment groups by course id; a course without an entry has none (Canvas always has one). */
  groups: Record<string, DatasetGroup[]>;
}

const SHARD = 20960000000000000n;
export const canvasId = (n: number) => (SHARD + BigInt(n)).toString();

/** Due at 23:59 in `timeZone`, `days` calendar days after the anchor's day there (as a teacher sets it). */
const dueIn = (anchor: Date, days: number, timeZone: string) => {
  const day = new TZDate(anchor.getTime(), timeZone);
  const due = new TZDate(day.getFullYear(), day.getMonth(), day.getDate() + days, 23, 59, 0, 0, timeZone);
  return new Date(due.getTime()).toISOString();
};

const TERMS = {
  current: { id: "20960000000000345", name: "Fall 2025", start_at: "2025-08-18T04:00:00Z", end_at: null },
  past: {
    id: "20960000000000301",
    name: "Spring 2025",
    start_at: "2025-01-08T05:00:00Z",
    end_at: "2025-05-10T04:00:00Z",
  },
};

const DEMO_USER = {
  id: canvasId(5731),
  name: "Maya Chen",
  short_name: "Maya",
  sortable_name: "Chen, Maya",
};

const score = (
  current: number | null,
  final: number | null,
  currentGrade: string | null,
  finalGrade: string | null,
) => ({
  current_score: current,
  final_score: final,
  current_grade: currentGrade,
  final_grade: finalGrade,
});

const DESCRIPTIONS = {
  problems:
    "<p>Complete problems 1&ndash;12 in the workbook.&nbsp;Show your work &amp; box final answers.</p>\n<ul><li>Upload a single PDF</li><li>Late work loses 10%</li></ul>",
  reading:
    "<p>Read the assigned chapter and write a 300&#8211;500 word response. Quote at least one passage &lsquo;in context&rsquo;.</p>",
  quiz: null,
  lab: '<p>Use the <a href="https://example.edu/template.docx">lab report template</a>. Include &lt;data tables&gt; and a discussion section.</p>',
  discussion: "",
  project:
    "<h3>Milestone</h3><p>Submit your progress update &mdash; include a <strong>timeline</strong>.</p>",
} as const;
type Kind = keyof typeof DESCRIPTIONS;

const TEMPLATES: Array<{ name: string; kind: Kind; points: number }> = [
  { name: "Problem Set {n}: Foundations & Practice", kind: "problems", points: 25 },
  { name: "Reading Response {n}", kind: "reading", points: 10 },
  { name: "Quiz {n}", kind: "quiz", points: 20 },
  { name: "Lab Report {n}", kind: "lab", points: 50 },
  { name: "Discussion Post {n}", kind: "discussion", points: 5 },
  { name: "Project Milestone {n}", kind: "project", points: 40 },
];

/** Every dataset course's groups: homework, quizzes (lowest dropped) and labs & projects. */
const GROUPS: Array<{ name: string; weight: number; kinds: Kind[]; rules: DatasetGroup["rules"] }> = [
  { name: "Homework", weight: 30, kinds: ["problems", "reading", "discussion"], rules: {} },
  { name: "Quizzes", weight: 20, kinds: ["quiz"], rules: { drop_lowest: 1 } },
  { name: "Labs & Projects", weight: 50, kinds: ["lab", "project"], rules: {} },
];

const groupId = (courseId: string, index: number) =>
  (SHARD + 50_000_000n + (BigInt(courseId) - SHARD) * 4n + BigInt(index)).toString();

export function courseGroups(courseId: string): DatasetGroup[] {
  return GROUPS.map((g, i) => ({
    id: groupId(courseId, i),
    course_id: courseId,
    name: g.name,
    position: i + 1,
    group_weight: g.weight,
    rules: g.rules,
  }));
}

const groupOf = (courseId: string, kind: Kind) =>
  groupId(
    courseId,
    GROUPS.findIndex((g) => g.kinds.includes(kind)),
  );

function makeAssignment(
  courseId: string,
  seq: number,
  index: number,
  anchor: Date,
  dueDays: number | null,
  timeZone: string,
  custom?: { name: string; kind: Kind },
) {
  const t = TEMPLATES[index % TEMPLATES.length]!;
  const past = dueDays !== null && dueDays < 0;
  const graded = dueIn(anchor, (dueDays ?? 0) + 1, timeZone);
  return {
    id: canvasId(5_000_000 + seq),
    course_id: courseId,
    name: custom?.name ?? t.name.replace("{n}", String(Math.floor(index / TEMPLATES.length) + 1)),
    description: DESCRIPTIONS[custom?.kind ?? t.kind],
    due_at: dueDays === null ? null : dueIn(anchor, dueDays, timeZone),
    points_possible: t.points,
    published: true,
    assignment_group_id: groupOf(courseId, custom?.kind ?? t.kind),
    submission: past
      ? {
          workflow_state: "graded" as const,
          submitted_at: dueIn(anchor, dueDays - 1, timeZone),
          score: t.points * 0.9,
          grade: String(t.points * 0.9),
          posted_at: graded,
        }
      : {
          workflow_state: "unsubmitted" as const,
          submitted_at: null,
          score: null,
          grade: null,
          posted_at: null,
        },
    updated_at: "2025-09-28T19:11:05Z",
  };
}

/** A large, regular dataset: `active` + `completed` courses with `perCourse` assignments each. */
export function generateDataset(opts: {
  active: number;
  completed: number;
  perCourse: number;
  anchor?: Date;
}): CanvasDataset {
  const anchor = opts.anchor ?? new Date("2025-10-01T00:00:00Z");
  const courses: DatasetCourse[] = [];
  const assignments: Record<string, DatasetAssignment[]> = {};
  const groups: Record<string, DatasetGroup[]> = {};
  let seq = 0;
  for (let i = 0; i < opts.active + opts.completed; i++) {
    const active = i < opts.active;
    const id = canvasId(1_000_000 + i);
    const s = 60 + ((i * 7) % 40);
    courses.push({
      id,
      name: `${active ? "COURSE" : "PAST"} ${100 + i}: Generated Course ${i + 1}`,
      course_code: `GEN-${100 + i}`,
      state: active ? "active" : "completed",
      scores: score(s + 0.25, s, null, null),
      term: active ? TERMS.current : TERMS.past,
      apply_assignment_group_weights: i % 2 === 0,
    });
    groups[id] = courseGroups(id);
    assignments[id] = Array.from({ length: opts.perCourse }, (_, k) =>
      makeAssignment(id, seq++, k, anchor, k % 11 === 10 ? null : ((k * 7) % 30) - 5, "UTC"),
    );
  }
  return { user: DEMO_USER, courses, assignments, groups };
}

type DemoCourse = Omit<DatasetCourse, "id" | "term"> & { work?: Array<[string, number | null, Kind]> };

/** [assignment name, due in days from today (null: no due date), kind of description] */
const DEMO_COURSES: DemoCourse[] = [
  {
    name: "BIO 110: Principles of Biology",
    course_code: "BIO-110-02",
    state: "active",
    scores: score(93.42, 41.8, "A", "F"),
    work: [
      ["Lab 3: Cell Membrane Transport", -4, "lab"],
      ["Reading: Chapter 5, Cellular Respiration", 0, "reading"],
      ["Quiz 4: Photosynthesis", 2, "quiz"],
      ["Problem Set 5: Mendelian Genetics", 6, "problems"],
      ["Midterm Project Proposal", 13, "project"],
    ],
  },
  {
    name: "CHEM 121: General Chemistry I",
    course_code: "CHEM-121-A",
    state: "active",
    scores: score(84.1, 38.9, "B", "F"),
    work: [
      ["Homework 4: Stoichiometry & Limiting Reagents", -2, "problems"],
      ["Lab Report: Acid-Base Titration", 1, "lab"],
      ["Quiz 3: Gas Laws", 4, "quiz"],
      ["Homework 5: Thermochemistry", 9, "problems"],
      ["Periodic Trends Poster", null, "project"],
    ],
  },
  {
    name: "MATH 151: Calculus I",
    course_code: "MATH-151-01",
    state: "active",
    scores: score(76.5, 35.2, null, null),
    work: [
      ["Problem Set 6: Limits and Continuity", -1, "problems"],
      ["Online Homework 7: Derivatives", 3, "problems"],
      ["Quiz 5: The Chain Rule", 5, "quiz"],
      ["Problem Set 8: Related Rates", 12, "problems"],
    ],
  },
  {
    name: "ENGL 102: Academic Writing",
    course_code: "ENGL-102-07",
    state: "active",
    scores: score(null, 0, null, null),
    work: [
      ["Annotated Bibliography", 2, "reading"],
      ["Peer Review: Argument Draft", 8, "discussion"],
      ["Reflective Journal", null, "reading"],
    ],
  },
  { name: null, course_code: "", state: "active", scores: null },
  {
    name: "PSYC 101: General Psychology",
    course_code: "PSYC-101-04",
    state: "completed",
    scores: score(87.42, 87.42, "B+", "B+"),
  },
  {
    name: "HIST 105: World History to 1500",
    course_code: "HIST-105-01",
    state: "completed",
    scores: score(91, 91, "A-", "A-"),
  },
  {
    name: "CS 110: Introduction to Programming",
    course_code: "CS-110-03",
    state: "completed",
    scores: score(97.6, 97.6, null, null),
  },
  {
    name: "ECON 101: Principles of Microeconomics",
    course_code: "ECON-101-02",
    state: "completed",
    scores: score(68.2, 68.2, "D+", "D+"),
  },
  { name: "ART 120: Drawing I", course_code: "ART-120-01", state: "completed", scores: null },
];

/**
 * The curated demo: a student's term in progress plus last year's finished courses for the GPA page.
 * Work is due at 23:59 in `timeZone`, counting days from the anchor's day there.
 */
export function demoDataset(anchor: Date, timeZone = "UTC"): CanvasDataset {
  const courses: DatasetCourse[] = [];
  const assignments: Record<string, DatasetAssignment[]> = {};
  const groups: Record<string, DatasetGroup[]> = {};
  let seq = 0;
  DEMO_COURSES.forEach(({ work, ...course }, i) => {
    const id = canvasId(1_200_000 + i * 17);
    // Calculus sums points; the other courses weight their groups, as most Canvas courses do.
    const weighted = !course.name?.startsWith("MATH");
    const term = course.state === "active" ? TERMS.current : TERMS.past;
    courses.push({ ...course, id, term, apply_assignment_group_weights: weighted });
    groups[id] = courseGroups(id);
    assignments[id] = (work ?? []).map(([name, days, kind], k) =>
      makeAssignment(id, seq++, k, anchor, days, timeZone, { name, kind }),
    );
  });
  return { user: DEMO_USER, courses, assignments, groups };
}

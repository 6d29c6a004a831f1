import type { CanvasDataset, DatasetAssignment, DatasetCourse, DatasetGroup } from "./demo-data.ts";

/**
 * Answers Canvas REST requests from a dataset the way Canvas does (canvas-api.md): bearer auth with
 * Canvas's 401 bodies, numbered pages with a Link header (per_page default 10, max 100, [] past the
 * end), string ids only when asked for, courses with total scores, assignments with submissions.
 * The demo Canvas route and the tests' fake Canvas server both speak through it.
 */
export interface ApiRequest {
  /** Path below the API root, e.g. "/courses/1/assignments". */
  path: string;
  query: URLSearchParams;
  authorization?: string;
  accept?: string;
  /** Absolute API root the client called, e.g. "http://127.0.0.1:5000/demo-canvas/api/v1". */
  apiBase: string;
  /** Absolute web root for html_url, e.g. "http://127.0.0.1:5000/demo-canvas". */
  webBase: string;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const JSON_TYPE = "application/json; charset=utf-8";
const WWW_AUTH = 'Bearer realm="canvas-lms"';

const json = (status: number, value: unknown, headers: Record<string, string> = {}): ApiResponse => ({
  status,
  headers: { "content-type": JSON_TYPE, ...headers },
  body: JSON.stringify(value),
});

const notFound = () => json(404, { errors: [{ message: "The specified resource does not exist." }] });

/** Without the string-ids Accept header Canvas writes ids as bare numbers (which JSON.parse can corrupt). */
function serialize(value: unknown, stringIds: boolean): string {
  const text = JSON.stringify(value);
  return stringIds ? text : text.replace(/"((?:[a-z_]+_)?id)":"(\d+)"/g, '"$1":$2');
}

/** Rails Hash#to_query: keys sorted, arrays as key%5B%5D=v (canvas-api.md §3.2). */
function toQuery(params: URLSearchParams): string {
  const keys = [...new Set(params.keys())].filter((k) => k !== "page" && k !== "per_page").sort();
  return keys
    .flatMap((k) => params.getAll(k).map((v) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`))
    .join("&");
}

function paginate(req: ApiRequest, items: unknown[]): ApiResponse | { page: unknown[]; link: string } {
  const perPage = Math.min(100, Math.max(1, Number.parseInt(req.query.get("per_page") ?? "10", 10) || 1));
  const pageParam = req.query.get("page") ?? "1";
  const page = Number.parseInt(pageParam, 10);
  if (!/^\d+$/.test(pageParam) || page < 1) return notFound();
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const qs = toQuery(req.query);
  const base = `${req.apiBase}${req.path}?${qs ? `${qs}&` : ""}`;
  const url = (p: number) => `<${base}page=${p}&per_page=${perPage}>`;
  const rels: string[] = [`${url(page)}; rel="current"`];
  if (page < last) rels.push(`${url(page + 1)}; rel="next"`);
  if (page > 1) rels.push(`${url(page - 1)}; rel="prev"`);
  rels.push(`${url(1)}; rel="first"`, `${url(last)}; rel="last"`);
  return { page: items.slice((page - 1) * perPage, page * perPage), link: rels.join(",") };
}

function courseJson(c: DatasetCourse, includeScores: boolean, webBase: string, userId: string) {
  if (c.name === null) return { id: c.id, access_restricted_by_date: true };
  const enrollment: Record<string, unknown> = {
    type: "student",
    role: "StudentEnrollment",
    role_id: "3",
    user_id: userId,
    enrollment_state: c.state === "active" ? "active" : "completed",
    limit_privileges_to_course_section: false,
  };
  if (includeScores && c.scores) {
    enrollment.computed_current_score = c.scores.current_score;
    enrollment.computed_final_score = c.scores.final_score;
    enrollment.computed_current_grade = c.scores.current_grade;
    enrollment.computed_final_grade = c.scores.final_grade;
  }
  return {
    id: c.id,
    name: c.name,
    course_code: c.course_code,
    workflow_state: c.state === "active" ? "available" : "completed",
    enrollment_term_id: c.term.id,
    term: c.term,
    hide_final_grades: c.scores === null,
    apply_assignment_group_weights: c.apply_assignment_group_weights ?? false,
    time_zone: "America/New_York",
    calendar: { ics: `${webBase}/feeds/calendars/course_${c.id}.ics` },
    enrollments: [enrollment],
  };
}

function assignmentJson(a: DatasetAssignment, withSubmission: boolean, webBase: string, userId: string) {
  const out: Record<string, unknown> = {
    id: a.id,
    name: a.name,
    description: a.description,
    due_at: a.due_at,
    lock_at: null,
    unlock_at: null,
    points_possible: a.points_possible,
    grading_type: "points",
    course_id: a.course_id,
    assignment_group_id: a.assignment_group_id,
    omit_from_final_grade: a.omit_from_final_grade ?? false,
    published: a.published,
    workflow_state: a.published ? "published" : "unpublished",
    submission_types: ["online_upload"],
    updated_at: a.updated_at,
    html_url: `${webBase}/courses/${a.course_id}/assignments/${a.id}`,
  };
  if (withSubmission && a.submission) {
    out.submission = {
      assignment_id: a.id,
      user_id: userId,
      excused: false,
      missing: false,
      late: false,
      posted_at: null,
      ...a.submission,
    };
  }
  return out;
}

/** An AssignmentGroup; with include[]=assignments its published assignments, in position order. */
function groupJson(
  g: DatasetGroup,
  list: DatasetAssignment[],
  includes: string[],
  webBase: string,
  userId: string,
) {
  const out: Record<string, unknown> = {
    id: g.id,
    name: g.name,
    position: g.position,
    group_weight: g.group_weight,
    sis_source_id: null,
    integration_data: {},
    rules: g.rules,
  };
  if (includes.includes("assignments")) {
    out.assignments = list
      .filter((a) => a.assignment_group_id === g.id)
      .map((a) => assignmentJson(a, includes.includes("submission"), webBase, userId));
  }
  return out;
}

const byDue = (a: DatasetAssignment, b: DatasetAssignment) =>
  a.due_at === b.due_at
    ? a.name.localeCompare(b.name)
    : a.due_at === null
      ? 1
      : b.due_at === null
        ? -1
        : a.due_at < b.due_at
          ? -1
          : 1;

function authError(req: ApiRequest, tokens: readonly string[]): ApiResponse | null {
  const [scheme, token] = (req.authorization ?? "").split(" ");
  if (!token || scheme !== "Bearer") {
    return json(
      401,
      { status: "unauthenticated", errors: [{ message: "user authorization required" }] },
      { "www-authenticate": WWW_AUTH },
    );
  }
  if (!tokens.includes(token)) {
    return json(401, { errors: [{ message: "Invalid access token." }] }, { "www-authenticate": WWW_AUTH });
  }
  return null;
}

export function respondCanvasApi(
  data: CanvasDataset,
  tokens: readonly string[],
  req: ApiRequest,
): ApiResponse {
  const denied = authError(req, tokens);
  if (denied) return denied;
  const stringIds = (req.accept ?? "").includes("canvas-string-ids");
  const includes = req.query.getAll("include[]");
  let items: unknown[];

  if (req.path === "/users/self") {
    return { ...json(200, null), body: serialize(data.user, stringIds) };
  }
  const assignmentsMatch = /^\/courses\/([^/]+)\/assignments$/.exec(req.path);
  const groupsMatch = /^\/courses\/([^/]+)\/assignment_groups$/.exec(req.path);
  if (req.path === "/courses") {
    const state = req.query.get("enrollment_state") === "completed" ? "completed" : "active";
    items = data.courses
      .filter((c) => c.state === state)
      .map((c) => courseJson(c, includes.includes("total_scores"), req.webBase, data.user.id));
  } else if (assignmentsMatch) {
    const course = data.courses.find((c) => c.id === decodeURIComponent(assignmentsMatch[1]!));
    if (!course || course.name === null) return notFound();
    const list = (data.assignments[course.id] ?? []).filter((a) => a.published);
    const ordered = req.query.get("order_by") === "due_at" ? [...list].sort(byDue) : list;
    items = ordered.map((a) => assignmentJson(a, includes.includes("submission"), req.webBase, data.user.id));
  } else if (groupsMatch) {
    const course = data.courses.find((c) => c.id === decodeURIComponent(groupsMatch[1]!));
    if (!course || course.name === null) return notFound();
    const list = (data.assignments[course.id] ?? []).filter((a) => a.published);
    items = [...(data.groups[course.id] ?? [])]
      .sort((a, b) => a.position - b.position)
      .map((g) => groupJson(g, list, includes, req.webBase, data.user.id));
  } else {
    return notFound();
  }

  const paged = paginate(req, items);
  if ("status" in paged) return paged;
  return { ...json(200, null, { link: paged.link }), body: serialize(paged.page, stringIds) };
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import { formatDate } from "#shared/date-format.ts";
import { isTimeZone } from "#shared/time-zone.ts";
import { respondCanvasApi } from "../../integrations/canvas/canvas-api-responder.ts";
import {
  DEMO_CANVAS_PREFIX,
  DEMO_CANVAS_TOKEN,
  demoCanvasBase,
  demoCanvasData,
} from "../../integrations/canvas/demo-canvas.ts";
import { badRequest } from "../../lib/errors.ts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Demo Canvas</title>
<style>body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#0f172a}
.bar{background:#e2e8f0;border-radius:.5rem;padding:.5rem .75rem;font-size:.875rem}a{color:#2563eb}</style></head>
<body><p class="bar">Demo Canvas served by Studyhall. <a href="/tasks">Back to Studyhall</a></p>${body}</body></html>`;
}

const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/** The zone segment of a demo address: the zones a student's settings accept (saved zones must sync). */
function zoneOf(params: { zone?: string }): string {
  const zone = params.zone ?? "UTC";
  if (!isTimeZone(zone)) throw badRequest("The demo Canvas address names no known time zone.");
  return zone;
}

type ZoneParams = { zone?: string };

/**
 * The demo Canvas ('Try with demo data'): the real API shapes under /demo-canvas/z/<zone>/api/v1 (so the
 * same client code runs), plus plain course and assignment pages for the links the task list and My
 * Courses open. Pages stored before the zone was in the address (/demo-canvas/courses/...) show UTC.
 */
export async function canvasDemoRoutes(app: FastifyInstance) {
  app.get<{ Params: ZoneParams }>(`${DEMO_CANVAS_PREFIX}/z/:zone/api/v1/*`, async (req, reply) => {
    const zone = zoneOf(req.params);
    const base = `${origin(req)}${demoCanvasBase(zone)}`;
    const url = new URL(req.url, "http://demo");
    const answer = respondCanvasApi(demoCanvasData(zone), [DEMO_CANVAS_TOKEN], {
      path: url.pathname.slice(url.pathname.indexOf("/api/v1/") + "/api/v1".length),
      query: url.searchParams,
      authorization: req.headers.authorization,
      accept: req.headers.accept,
      apiBase: `${base}/api/v1`,
      webBase: base,
    });
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });

  for (const prefix of [DEMO_CANVAS_PREFIX, `${DEMO_CANVAS_PREFIX}/z/:zone`]) {
    app.get<{ Params: ZoneParams & { courseId: string } }>(
      `${prefix}/courses/:courseId`,
      async (req, reply) => {
        const zone = zoneOf(req.params);
        const data = demoCanvasData(zone);
        const course = data.courses.find((c) => c.id === req.params.courseId && c.name);
        if (!course)
          return reply.code(404).type("text/html").send(page("Not found", "<h1>Course not found</h1>"));
        const base = req.params.zone === undefined ? DEMO_CANVAS_PREFIX : demoCanvasBase(zone);
        const items = (data.assignments[course.id] ?? [])
          .map(
            (a) =>
              `<li><a href="${base}/courses/${course.id}/assignments/${a.id}">${escapeHtml(a.name)}</a></li>`,
          )
          .join("");
        return reply
          .type("text/html")
          .send(
            page(
              course.name!,
              `<h1>${escapeHtml(course.name!)}</h1><p>${escapeHtml(course.course_code)} · ${escapeHtml(course.term.name)}</p><h2>Assignments</h2><ul>${items || "<li>None</li>"}</ul>`,
            ),
          );
      },
    );

    app.get<{ Params: ZoneParams & { courseId: string; assignmentId: string } }>(
      `${prefix}/courses/:courseId/assignments/:assignmentId`,
      async (req, reply) => {
        const zone = zoneOf(req.params);
        const data = demoCanvasData(zone);
        const a = (data.assignments[req.params.courseId] ?? []).find((x) => x.id === req.params.assignmentId);
        if (!a)
          return reply.code(404).type("text/html").send(page("Not found", "<h1>Assignment not found</h1>"));
        const due = a.due_at
          ? `${formatDate(new Date(a.due_at), "EEE, d MMM yyyy, HH:mm", zone)} (${zone})`
          : "No due date";
        // The description is the demo's own static HTML, shown as Canvas would show it.
        return reply
          .type("text/html")
          .send(
            page(
              a.name,
              `<h1>${escapeHtml(a.name)}</h1><p><strong>Due:</strong> ${escapeHtml(due)} · ${a.points_possible} pts</p>${a.description ?? ""}`,
            ),
          );
      },
    );
  }
}

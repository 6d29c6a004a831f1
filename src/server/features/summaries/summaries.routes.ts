import type { FastifyInstance } from "fastify";
import { summarizePdfFieldsSchema, summaryEndpoints } from "#shared/summaries/contract.ts";
import { extractUpload, readUpload } from "../../integrations/documents/upload.ts";
import { badRequest } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { sendEventStream } from "../../lib/sse.ts";
import { checkWorkLimit } from "../../lib/work-limit.ts";

const PDF_ONLY = [".pdf"] as const;

export async function summariesRoutes(app: FastifyInstance) {
  const { summaries } = app.services;
  // Every summary and draft is heavy work: limited per student a minute (lib/work-limit.ts).
  route(app, summaryEndpoints.summarize, async ({ user, body, req, reply }) => {
    await checkWorkLimit(req, "summary", reply);
    return summaries.summarizeText(user.id, body.text, body.type);
  });
  // Server-sent events beside the JSON answer above: `delta` pieces of the model's summary, then `done`
  // with the same {summary, provider, note?}, whose summary replaces the pieces (a fallback differs).
  route(app, summaryEndpoints.summarizeStream, async ({ user, body, req, reply }) => {
    await checkWorkLimit(req, "summary", reply);
    return sendEventStream(reply, (send, signal) =>
      summaries.summarizeText(user.id, body.text, body.type, (text) => send("delta", { text }), signal),
    );
  });
  route(app, summaryEndpoints.summarizePdf, async ({ user, req, reply }) => {
    await checkWorkLimit(req, "summary", reply);
    const { file, fields } = await readUpload(req, { accept: PDF_ONLY });
    const parsed = summarizePdfFieldsSchema.safeParse(fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid upload fields");
    // The summarizer's text mode is where a PDF without text can be pasted instead.
    const document = await extractUpload(req, file, PDF_ONLY, { pasteOffered: true });
    const pages = Array.from({ length: Math.max(...document.pages.map((p) => p.n)) }, () => "");
    for (const p of document.pages) pages[p.n - 1] = p.text;
    return summaries.summarizePages(user.id, pages, parsed.data.type);
  });
  route(app, summaryEndpoints.recent, ({ user }) => summaries.recent(user.id));
  route(app, summaryEndpoints.summarizeDocument, async ({ user, body, req, reply }) => {
    await checkWorkLimit(req, "summary", reply);
    return summaries.summarizeDocument(user.id, body.source, body.id, body.type);
  });
  route(app, summaryEndpoints.storeSummary, async ({ user, params, body, req, reply }) => {
    await checkWorkLimit(req, "summary", reply);
    return summaries.storeSummary(user.id, params.id, body.type);
  });
  route(app, summaryEndpoints.removeSummary, async ({ user, params }) => {
    await summaries.removeSummary(user.id, params.id);
    return { ok: true as const };
  });
  route(app, summaryEndpoints.cardDrafts, async ({ user, params, req, reply }) => {
    await checkWorkLimit(req, "summary", reply);
    return summaries.cardDrafts(user.id, params.id);
  });
  route(app, summaryEndpoints.quizDrafts, async ({ user, params, req, reply }) => {
    await checkWorkLimit(req, "summary", reply);
    return summaries.quizDrafts(user.id, params.id);
  });
  route(app, summaryEndpoints.materialCardDrafts, async ({ user, params, req, reply }) => {
    await checkWorkLimit(req, "summary", reply);
    return summaries.cardDrafts(user.id, params.id, "material");
  });
  route(app, summaryEndpoints.materialQuizDrafts, async ({ user, params, req, reply }) => {
    await checkWorkLimit(req, "summary", reply);
    return summaries.quizDrafts(user.id, params.id, "material");
  });
}

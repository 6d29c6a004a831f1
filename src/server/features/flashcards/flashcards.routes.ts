import type { FastifyInstance } from "fastify";
import { flashcardEndpoints as e } from "#shared/flashcards/contract.ts";
import { route } from "../../lib/route.ts";
import { readImportUpload } from "./import-upload.ts";

const ok = { ok: true as const };

export async function flashcardsRoutes(app: FastifyInstance) {
  const { flashcards } = app.services;
  route(app, e.listSets, ({ user, params }) => flashcards.listSets(user.id, params.id));
  route(app, e.createSet, ({ user, params, body }) => flashcards.createSet(user.id, params.id, body));
  route(app, e.updateSet, ({ user, params, body }) => flashcards.updateSet(user.id, params.id, body));
  route(app, { ...e.updateSet, method: "PUT" }, ({ user, params, body }) =>
    flashcards.updateSet(user.id, params.id, body),
  );
  route(app, e.removeSet, async ({ user, params }) => {
    await flashcards.removeSet(user.id, params.id);
    return ok;
  });
  route(app, e.studySetCards, ({ user, params }) => flashcards.studySetCards(user.id, params.id));
  route(app, e.listCards, ({ user, params }) => flashcards.listCards(user.id, params.id));
  route(app, e.createCard, ({ user, params, body }) => flashcards.createCard(user.id, params.id, body));
  route(app, e.updateCard, ({ user, params, body }) => flashcards.updateCard(user.id, params.id, body));
  route(app, e.removeCard, async ({ user, params }) => {
    await flashcards.removeCard(user.id, params.id);
    return ok;
  });
  route(app, e.saveQuizAttempt, ({ user, params, body }) =>
    flashcards.saveQuizAttempt(user.id, params.id, body.answers),
  );
  route(app, e.importPreview, ({ user, params, body }) =>
    flashcards.importPreview(user.id, params.id, body.text, body.options),
  );
  route(app, e.importCommit, ({ user, params, body }) =>
    flashcards.importCommit(user.id, params.id, body.text, body.options),
  );
  route(app, e.importFilePreview, async ({ user, params, req }) => {
    const { text, fileName, options } = await readImportUpload(req);
    return flashcards.importPreview(user.id, params.id, text, options, fileName);
  });
  route(app, e.importFile, async ({ user, params, req }) => {
    const { text, fileName, options } = await readImportUpload(req);
    return flashcards.importCommit(user.id, params.id, text, options, fileName);
  });
  route(app, e.export, ({ user, params, query }) => flashcards.export(user.id, params.id, query.format));
  route(app, e.acceptCards, ({ user, params, body }) =>
    flashcards.acceptCards(user.id, params.id, body.cards),
  );
}

-- Whether Canvas showed an imported assignment submitted at the last sync (tasks.ts canvasSubmitted):
-- null for typed tasks and for those imported before it was kept.
ALTER TABLE "tasks" ADD COLUMN "canvas_submitted" boolean;

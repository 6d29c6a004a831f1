import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCourse, createUser, type TestUser } from "#tests/factories.ts";
import { createTestApp, type TestApp } from "#tests/test-app.ts";
import { chatRepo } from "./chat.repo.ts";

// insertTurn answers with what it wrote instead of reading the rows back: what a reload then reads
// must be exactly that.
let t: TestApp;
let ada: TestUser;
let course: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  ada = await createUser(t.app);
  course = await createCourse(t.app, ada, { name: "Biology" });
});
afterAll(() => t.close());

describe("chatRepo.insertTurn", () => {
  it("answers the question and the answer as a reload reads them", async () => {
    const db = t.database.db;
    const askedAt = new Date("2026-03-04T12:00:00.123Z");
    const turns = [];
    for (const courseId of [null, course.id]) {
      turns.push(
        ...(await chatRepo.insertTurn(db, ada.user.id, [
          { courseId, studySetId: null, isUser: true, content: "What is ATP?", createdAt: askedAt },
          {
            courseId,
            studySetId: null,
            isUser: false,
            content: "ATP is the cell's energy currency. [1]",
            citations: [{ n: 1, kind: "document", id: 7, title: "cells", page: 2, quote: "ATP is..." }],
            provider: "builtin",
            createdAt: new Date(askedAt.getTime() + 5),
          },
        ])),
      );
    }
    expect(turns.map((m) => m.isUser)).toEqual([true, false, true, false]);
    expect(turns[0]!.id).toBeLessThan(turns[1]!.id);
    expect(turns[1]).toMatchObject({ provider: "builtin", createdAt: "2026-03-04T12:00:00.128Z" });
    expect(turns[0]).not.toHaveProperty("citations");
    expect(await chatRepo.list(db, ada.user.id, { courseId: null, studySetId: null })).toEqual(
      turns.slice(0, 2),
    );
    expect(await chatRepo.list(db, ada.user.id, { courseId: course.id, studySetId: null })).toEqual(
      turns.slice(2),
    );
  });
});

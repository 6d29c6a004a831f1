// The built client served by the real app on an in-memory database, with a signed-in student who has a
// little of everything, for the browser benchmarks (first-load, lighthouse).
import { FIRST_LOAD_ROUTES } from "#client/app/routes.ts";
import { buildApp } from "#server/app.ts";
import { defaultClientDir } from "#server/config.ts";
import { createCourse, createTask, createUser } from "#tests/factories.ts";
import { testConfig } from "#tests/test-app.ts";

/** The signed-in routes of SPEC §2.1's shell, in nav order. */
/** Every signed-in page a URL alone reaches, from the one route table. */
export const SIGNED_IN_ROUTES = FIRST_LOAD_ROUTES.map((r) => r.path);

export async function startBenchApp() {
  const app = await buildApp(testConfig({ clientDir: defaultClientDir }));
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  if ((await fetch(`${base}/`).then((r) => r.text())).includes("No built client")) {
    throw new Error("no built client: run npx vite build first");
  }
  // Each page draws its real content, not its empty state.
  const student = await createUser(app);
  await app.inject({
    method: "POST",
    url: "/api/auth/onboarding",
    headers: student.headers,
    payload: { isOnboarded: true },
  });
  const course = await createCourse(app, student, { name: "Operating Systems", code: "CS 350" });
  for (let i = 0; i < 20; i++) {
    await createTask(app, student, {
      title: `Problem set ${i + 1}`,
      courseId: course.id,
      dueDate: new Date(Date.now() + (i - 5) * 86_400_000).toISOString(),
    });
  }
  return { app, base, token: student.token };
}

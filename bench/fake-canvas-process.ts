// The fake Canvas for the sync benchmark, in its own process: a real Canvas is another machine, so its
// JSON encoding and timers must not share the event loop of the Studyhall server being measured.
import { generateDataset } from "#server/integrations/canvas/demo-data.ts";
import { FakeCanvas } from "#tests/fixtures/fake-canvas.ts";

const shape = JSON.parse(process.env.BENCH_SHAPE!) as {
  active: number;
  completed: number;
  perCourse: number;
};
const latencyMs = Number(process.env.BENCH_LATENCY_MS);
const big = generateDataset(shape);
const empty = { ...big, courses: [], assignments: {} };
const fake = await new FakeCanvas(empty).start();

type Message = { id: number; op: "load" | "unload" | "reset" | "count" | "close" };
process.on("message", async ({ id, op }: Message) => {
  let value: unknown = null;
  if (op === "load") {
    fake.data = big;
    fake.latencyMs = latencyMs;
  } else if (op === "unload") {
    fake.data = empty;
    fake.latencyMs = 0;
  } else if (op === "reset") fake.resetRequests();
  else if (op === "count") value = fake.requestCount;
  else if (op === "close") await fake.close();
  process.send!({ id, value });
  if (op === "close") process.exit(0);
});
process.send!({ ready: fake.host });

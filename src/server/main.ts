import { buildApp } from "./app.ts";
import { configFromEnv } from "./config.ts";
import { loadEnv } from "./env.ts";

let env: ReturnType<typeof loadEnv>;
try {
  env = loadEnv();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const app = await buildApp(configFromEnv(env));
await app.listen({ port: env.PORT, host: env.HOST });
app.log.info(`Studyhall is ready at http://${env.HOST}:${env.PORT} (database: ${app.dbKind})`);

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    // close() stops accepting, waits for in-flight requests, then runs onClose (database).
    await app.close();
    process.exit(0);
  });
}

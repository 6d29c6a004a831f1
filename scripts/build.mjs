// `npm run build`: the client (Vite, to dist/client) and the server (esbuild, to dist/server: one
// plain-JavaScript file plus the migrations it applies at start-up).
// Usage: node scripts/build.mjs [client|server ...] [--if-stale]
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const at = (p) => path.join(root, p);

/** What each part is built from, and the file whose age says when it was last built. */
const parts = {
  client: {
    sources: ["src/client", "src/shared", "vite.config.ts", "scripts/vite-route-chunks.ts"],
    output: "dist/client/sw.js",
  },
  server: {
    sources: ["src/server", "src/shared", "package-lock.json", "scripts/build.mjs"],
    output: "dist/server/main.js",
  },
};

/** Every file under `p` (or `p` itself). */
function* files(p) {
  if (!statSync(p).isDirectory()) return yield p;
  for (const entry of readdirSync(p)) yield* files(path.join(p, entry));
}

function newestMtime(p) {
  let newest = 0;
  for (const file of files(p)) newest = Math.max(newest, statSync(file).mtimeMs);
  return newest;
}

/** Parts whose output is missing or older than one of its sources. */
export function staleParts(names = Object.keys(parts)) {
  return names.filter((name) => {
    const { sources, output } = parts[name];
    if (!existsSync(at(output))) return true;
    const built = statSync(at(output)).mtimeMs;
    return sources.some((s) => existsSync(at(s)) && newestMtime(at(s)) > built);
  });
}

function buildClient() {
  const res = spawnSync(
    process.execPath,
    [at("node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  if (res.status !== 0) throw new Error("vite build failed");
}

/**
 * Packages the server bundle must leave in node_modules because they load files of their own at run time:
 * WASM and data files (PGlite), a native addon (argon2), worker-thread scripts (pino's transports), an
 * optional native driver (pg-native), and ioredis, loaded only when REDIS_URL is set. wink's English
 * model is 3.5 MB of JSON that the built-in engine needs only on first use: bundled, every start parsed it
 * (integrations/ai/builtin/text.ts requires both wink packages then). sql.js reads its .wasm beside itself
 * (integrations/anki/sqlite.ts). tesseract.js starts its own worker thread from a script inside its package,
 * which loads tesseract.js-core's WASM beside itself; the OCR model is read from @tesseract.js-data/eng.
 */
const external = [
  "@electric-sql/pglite",
  "@node-rs/argon2",
  // Loads its native optimizer (a .node file per platform) at run time.
  "@open-spaced-repetition/binding",
  "pino",
  "thread-stream",
  "pg-native",
  "ioredis",
  "wink-nlp",
  "wink-eng-lite-web-model",
  "sql.js",
  "tesseract.js",
  "tesseract.js-core",
  "@tesseract.js-data/eng",
];

/**
 * zod re-exports its ~50 message locales as `z.locales`, which no bundler can drop: ~300 KB that every
 * start parsed. The server speaks English only (zod's default, set by zod itself), so the namespace
 * keeps `en` alone.
 */
const zodEnglishOnly = {
  name: "zod-english-only",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}node_modules${path.sep}zod${path.sep}`)
        ? { path: path.resolve(args.resolveDir, "../locales/en.js"), namespace: "zod-locales" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};`,
      resolveDir: path.dirname(args.path),
    }));
  },
};

/**
 * pg-boss imports rrule-temporal (with a Temporal polyfill: ~190 KB and ~14 MB of memory at every start)
 * for RRULE schedules. Our schedules are cron expressions (jobs/define.ts), so the bundle gets a stand-in
 * that refuses an RRULE with a clear message; the sources and tests keep the real package.
 */
const noRruleSchedules = {
  name: "no-rrule-schedules",
  setup(build) {
    build.onResolve({ filter: /^rrule-temporal$/ }, () => ({
      path: "rrule-temporal",
      namespace: "no-rrule",
    }));
    build.onLoad({ filter: /.*/, namespace: "no-rrule" }, () => ({
      contents: `export class RRuleTemporal {
  constructor() { throw new Error("RRULE schedules are not in this build (scripts/build.mjs): use a cron expression"); }
}`,
    }));
  },
};

async function buildServer() {
  const esbuild = await import("esbuild");
  const outdir = at("dist/server");
  rmSync(outdir, { recursive: true, force: true });
  // The migrations first: main.js is the part's "built" marker, so it is written last.
  cpSync(at("src/server/db/migrations"), path.join(outdir, "migrations"), { recursive: true });
  // Worker-thread entries (`*-worker.ts`) become `<name>.js` beside main.js, where lib/worker-pool.ts
  // looks for them.
  const workers = [...files(at("src/server"))].filter((f) => f.endsWith("-worker.ts"));
  const common = {
    outdir,
    entryNames: "[name]",
    // Dependencies are bundled too: loading ~900 files from node_modules took half the start-up CPU.
    bundle: true,
    external,
    platform: "node",
    format: "esm",
    target: "node20",
    // Bundled CommonJS packages call require() for Node's modules and the external packages.
    banner: {
      js: 'import { createRequire as bannerCreateRequire } from "node:module"; const require = bannerCreateRequire(import.meta.url);',
    },
    // Smaller to parse at start; names are kept so stack traces stay readable (the source map gives
    // src/ lines under node --enable-source-maps).
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: "linked",
    logLevel: "warning",
    plugins: [zodEnglishOnly, noRruleSchedules],
  };
  // Each worker is one self-contained file: it starts in a thread of its own and shares nothing.
  await esbuild.build({ ...common, entryPoints: workers });
  // The server splits: what a module loads with `await import()` (the OpenAI SDK, the calendar feed's
  // iCalendar writer, ...) becomes a chunk beside main.js, read on first use instead of at every start.
  // Chunks stay in this folder, where `import.meta.url` in a chunk resolves like it does in main.js.
  await esbuild.build({
    ...common,
    entryPoints: [at("src/server/main.ts")],
    splitting: true,
  });
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const args = process.argv.slice(2);
  const named = args.filter((a) => a in parts);
  const selected = named.length ? named : Object.keys(parts);
  const todo = args.includes("--if-stale") ? staleParts(selected) : selected;
  for (const name of todo) {
    const started = performance.now();
    if (name === "client") buildClient();
    else await buildServer();
    console.log(`built ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import { gzipAsync as zopfliGzip } from "@gfx/zopfli";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin, type UserConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { routeChunks } from "./scripts/vite-route-chunks.ts";
import { FIRST_LOAD_ROUTES, SIGNED_OUT_ROUTE } from "./src/client/app/routes.ts";

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

/**
 * Writes file.br (brotli, best quality) and file.gz beside every compressible output file, for the
 * server to send as they are (fastify-static `preCompressed`). A copy that saves nothing is not written,
 * so the server falls back to the original. The gzip copy is made by Zopfli (decision 016): a standard
 * gzip stream ~3% smaller than zlib's level 9, paid once at build time.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  return {
    name: "studyhall-precompress",
    apply: "build",
    async writeBundle(options) {
      const dir = options.dir ?? "dist";
      const files = (await readdir(dir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(dir, name);
          const raw = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            zopfliGzip(raw, { numiterations: 15 }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

const client = (file: string) => fileURLToPath(new URL(`src/client/${file}`, import.meta.url));
const BOOT = client("boot.ts");

/**
 * boot.ts is a second entry whose script tag goes before the app's: module scripts run in document
 * order, and boot's has nothing to wait for, so it starts the session check and the screen's code while
 * the framework is still downloading (one entry for both would run it only once the framework had run).
 */
/** zod without its JSON Schema writer in the browser (see src/client/lib/zod-without-json-schema.ts). */
function zodWithoutJsonSchema(): Plugin {
  const stub = client("lib/zod-without-json-schema.ts");
  const real = fileURLToPath(new URL("node_modules/zod/v4/core/json-schema-processors.js", import.meta.url));
  return {
    name: "zod-without-json-schema",
    enforce: "pre",
    resolveId(source, importer) {
      // The stub keeps the real `aggregateChecks`, from a file zod's exports map does not name.
      if (source === "zod-json-schema-processors") return real;
      const fromClassic = importer?.replaceAll("\\", "/").endsWith("zod/v4/classic/schemas.js");
      if (fromClassic && /\/(json-schema-processors|to-json-schema)\.js$/.test(source)) return stub;
      return null;
    },
  };
}

function bootFirst(): Plugin {
  return {
    name: "studyhall-boot-first",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        const boot = Object.values(bundle ?? {}).find((c) => c.type === "chunk" && c.facadeModuleId === BOOT);
        if (!boot) throw new Error("no boot entry in the client bundle");
        const src = `/${boot.fileName}`;
        return [
          { tag: "script", attrs: { type: "module", crossorigin: true, src }, injectTo: "head-prepend" },
        ];
      },
    },
  };
}

// What every page runs, in one file: one request and better compression than ten small ones. Infinite
// queries are the card browser's alone: they go with its page.
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack|wouter|regexparam|use-sync-external-store)[\\/](?!.*(infiniteQueryObserver|useInfiniteQuery))/;

/**
 * The signed-in pages route chunks are cut for (scripts/vite-route-chunks.ts), from the route table, each
 * named by its path's last segment (/ is home).
 */
const pageFile = (route: { page: string }) => client(`app/${route.page}`);
const SIGNED_IN_PAGES = Object.fromEntries(
  FIRST_LOAD_ROUTES.map((r) => [r.path === "/" ? "home" : r.path.split("/").at(-1)!, pageFile(r)]),
);

/**
 * A lazy import's preload list, less the chunks that are already loaded whenever it runs: those the
 * importing chunk imports statically (it could not run without them), and those index.html loads on
 * every page. Vite names them all in every list, and the lists ride in the shell and the page chunks:
 * ~60 bytes of gzip on each signed-in first load, for preloads that could only ever be no-ops.
 */
function trimmedPreloads() {
  const imports = new Map<string, string[]>();
  const plugin: Plugin = {
    name: "studyhall-trimmed-preloads",
    apply: "build",
    generateBundle: {
      order: "pre",
      handler(_options, bundle) {
        imports.clear();
        for (const out of Object.values(bundle))
          if (out.type === "chunk") imports.set(out.fileName, out.imports);
      },
    },
  };
  const loadedWith = (host: string) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const i of imports.get(file) ?? []) visit(i);
    };
    visit(host);
    return seen;
  };
  const resolve = (
    _file: string,
    deps: string[],
    { hostId, hostType }: { hostId: string; hostType: string },
  ) => {
    if (hostType === "html") return deps;
    const loaded = loadedWith(hostId);
    return deps.filter((d) => !loaded.has(d) && !LOADED_BY_HTML.test(d));
  };
  return { plugin, resolve };
}
const preloads = trimmedPreloads();

/** The chunks index.html loads with script tags and modulepreload links on every page. */
const LOADED_BY_HTML = /^assets\/(rolldown-runtime|boot|client)-[\w-]+\.js$/;

/** Everything but where chunks are cut: the route-chunks plugin builds with it once to see what is kept. */
function baseConfig(): UserConfig {
  return {
    root: "src/client",
    publicDir: false,
    plugins: [react(), tailwindcss(), bootFirst(), zodWithoutJsonSchema(), preloads.plugin],
    resolve: {
      // Every "zod" import in the client, shared schemas included, gets the CSP-safe (jitless) zod.
      alias: [
        { find: /^zod$/, replacement: client("lib/zod.ts") },
        // wouter's shim carries a fallback for React before 18 that every first load downloaded and
        // never ran: React 19 has the hook itself.
        { find: /^use-sync-external-store\/shim\/index\.js$/, replacement: "react" },
      ],
    },
    build: {
      outDir: "../../dist/client",
      emptyOutDir: true,
      sourcemap: false,
      chunkSizeWarningLimit: 600,
      // Every browser Studyhall supports has modulepreload; the polyfill would only add bytes.
      modulePreload: { polyfill: false, resolveDependencies: preloads.resolve },
      write: false,
      rolldownOptions: {
        input: { index: client("index.html"), boot: BOOT },
        output: { codeSplitting: { groups: [{ name: "framework", test: FRAMEWORK, priority: 10 }] } },
      },
    },
  };
}

const chunks = routeChunks({
  config: baseConfig,
  routes: [
    { name: "signed-out", starts: [pageFile(SIGNED_OUT_ROUTE)] },
    ...Object.entries(SIGNED_IN_PAGES).map(([name, page]) => ({
      name,
      // The session check's schemas come with every signed-in load too (auth.api.ts imports them lazily).
      withLazyShared: true,
      starts: [
        client("app/signed-in-app.tsx"),
        page,
        fileURLToPath(new URL("src/shared/auth.ts", import.meta.url)),
      ],
    })),
  ],
  entries: [
    { name: "boot", starts: [BOOT] },
    { name: "main", starts: [client("main.tsx")] },
  ],
  shell: Object.keys(SIGNED_IN_PAGES),
  mergeBelow: 2_500,
});

/**
 * Installable and offline (issue 23): the web manifest, and the service worker (src/client/sw.ts) with
 * the list of this build's files injected for it to precache. The page registers it after its first
 * render (lib/service-worker.ts); src/client/public holds the icons (scripts/make-icons.mjs).
 */
function installable() {
  return VitePWA({
    strategies: "injectManifest",
    srcDir: ".",
    filename: "sw.ts",
    injectRegister: false,
    registerType: "prompt",
    manifestFilename: "manifest.webmanifest",
    manifest: {
      name: "Studyhall",
      short_name: "Studyhall",
      description: "Tasks, calendar, grades and study tools in one place.",
      id: "/",
      start_url: "/",
      scope: "/",
      display: "standalone",
      orientation: "any",
      // The light theme's background; index.html's theme-color metas give light and dark their own.
      theme_color: "#f8fafc",
      background_color: "#f8fafc",
      icons: [
        { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
        { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
        { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
        { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
      ],
    },
    injectManifest: {
      // The app's files, not their precompressed copies (the server picks those per request).
      globPatterns: ["**/*.{js,css,html,svg,png,woff2,webmanifest}"],
      globIgnores: ["**/*.br", "**/*.gz", "sw.js"],
      maximumFileSizeToCacheInBytes: 3_000_000,
      // Hashed names change with their content: fetched as they are, no revision query to bust caches.
      dontCacheBustURLsMatching: /^assets\//,
      // The service worker itself: one small file, minified.
      minify: true,
      sourcemap: false,
    },
  });
}

export default defineConfig(() => {
  const base = baseConfig();
  return {
    ...base,
    publicDir: "public",
    plugins: [...(base.plugins ?? []), chunks.plugin, installable(), precompress()],
    build: {
      ...base.build,
      write: true,
      rolldownOptions: {
        ...base.build?.rolldownOptions,
        output: {
          // Route chunks import each other both ways; each module still runs only when first needed.
          strictExecutionOrder: true,
          codeSplitting: {
            groups: [
              // The app's entry runs right after the framework, which it imports: one file for both.
              {
                name: "framework",
                test: (id: string) => FRAMEWORK.test(id) || chunks.groupOf(id) === "main",
                priority: 10,
                includeDependenciesRecursively: false,
              },
              {
                name: "boot",
                test: (id: string) => chunks.groupOf(id) === "boot",
                priority: 9,
                includeDependenciesRecursively: false,
              },
              {
                name: (id: string) => chunks.groupOf(id),
                debugName: "routes",
                test: (id: string) => chunks.groupOf(id) !== null,
                priority: 5,
                // Only the modules named: a module's imports may belong to another route set.
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      // The API server `npm run dev` runs beside Vite (same PORT variable as the server).
      proxy: { "/api": `http://127.0.0.1:${process.env.PORT || 5000}` },
    },
  };
});

// Chunks cut by route for the client build (vite.config.ts): see routeChunks below.
import type { Plugin, Rolldown, UserConfig } from "vite";
import { build } from "vite";

const SHARED = /[\\/]src[\\/]shared[\\/]/;
const CLIENT = /[\\/]src[\\/]client[\\/]/;

/** A route's first load: the modules it runs before it can draw, from these starting modules. */
export interface RouteStart {
  name: string;
  starts: string[];
  /** Shared modules (endpoint tables) its first load imports lazily come with it; see lazyShared. */
  withLazyShared?: boolean;
}

/**
 * The marker that keeps a lazy import out of every first load: `import(/* on-demand *\/ "#shared/x.ts")`.
 * For an endpoint table that no screen calls as it draws but that sits in an api module a first load
 * imports (a table for one dialog's mutation, or for a page a URL with an id reaches): it is fetched by
 * the first call that needs it, a request of its own, instead of riding in every such route's bytes.
 */
export const ON_DEMAND = /import\(\s*\/\*\s*on-demand\s*\*\/\s*["']([^"']+)["']\s*\)/g;

/**
 * Records, in the first build, which module lazily imports which (resolved ids), and which of those
 * imports carry the on-demand marker.
 */
function lazyImportRecorder() {
  const onDemand = new Set<string>();
  const lazyImports = new Map<string, string[]>();
  const plugin: Plugin = {
    name: "studyhall-lazy-import-recorder",
    enforce: "pre",
    async transform(code, id) {
      for (const [, specifier] of code.matchAll(ON_DEMAND)) {
        const resolved = await this.resolve(specifier!, id);
        if (resolved) onDemand.add(`${id}\n${resolved.id}`);
      }
      return null;
    },
    buildEnd() {
      for (const id of this.getModuleIds()) {
        const lazy = this.getModuleInfo(id)?.dynamicallyImportedIds ?? [];
        const kept = lazy.filter((target) => !onDemand.has(`${id}\n${target}`));
        if (kept.length) lazyImports.set(id, kept);
      }
    },
  };
  return { plugin, lazyImports };
}

/**
 * Vite's automatic chunks follow the lazy imports: every set of lazy pages that shares a module gets a
 * chunk of its own, so a signed-in first load fetched ~40 files, most under 1 KB (icons, small helpers),
 * 6 at a time over HTTP/1.1, and the preload helper spent ~30 ms adding a link for each. Here a module
 * goes with the others that the same routes load first: one chunk per set of routes. A set smaller than
 * `mergeBelow` bytes (minified) joins the shell, the set every signed-in route loads, which costs the
 * routes that did not need it those bytes and saves them a request. Modules no first load needs (dialogs,
 * tabs opened later) keep Vite's automatic chunks. What the entries load (every first load has it) is
 * one group per entry, so the page's own script tags fetch a few files, not a dozen.
 *
 * Which modules each route loads first is read from a first, in-memory build with automatic chunks: the
 * static imports between its chunks are exactly what a browser fetches before the route can draw, and
 * only that build knows what tree-shaking kept (lucide-react's barrel imports every icon).
 */
export function routeChunks(options: {
  config: () => UserConfig;
  routes: RouteStart[];
  /** The entries, in the order they run: each gets a group of what it loads that no earlier one does. */
  entries: RouteStart[];
  /** Route names whose shared modules form the shell. */
  shell: string[];
  mergeBelow: number;
}): { plugin: Plugin; groupOf: (id: string) => string | null } {
  const groupOf = new Map<string, string>();
  const plugin: Plugin = {
    name: "studyhall-route-chunks",
    apply: "build",
    async buildStart() {
      const recorder = lazyImportRecorder();
      const config = options.config();
      const built = await build({
        ...config,
        plugins: [...(config.plugins ?? []), recorder.plugin],
        configFile: false,
        logLevel: "silent",
      });
      const chunks = [built]
        .flat()
        .flatMap((b) => ("output" in b ? b.output : []))
        .filter((c): c is Rolldown.OutputChunk => c.type === "chunk");
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // An api module imports its shared endpoint table lazily, so the screen draws before zod and the
      // schemas run; on a route that calls the API as it draws, the table still comes in the route's own
      // chunks (no request of its own) and runs on the first call that needs it. Followed per module of
      // the route's chunks, and not where the import is marked on-demand (ON_DEMAND).
      const lazyShared = (c: Rolldown.OutputChunk) =>
        c.moduleIds.some((id) => SHARED.test(id)) && !c.moduleIds.some((id) => CLIENT.test(id));
      const chunkOfModule = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [id, c] as const)));
      const lazyFrom = (chunk: Rolldown.OutputChunk) =>
        chunk.moduleIds
          .flatMap((id) => recorder.lazyImports.get(id) ?? [])
          .map((target) => chunkOfModule.get(target))
          .filter(
            (c): c is Rolldown.OutputChunk => c !== undefined && chunk.dynamicImports.includes(c.fileName),
          );
      const firstLoad = (starts: string[], withLazyShared = false) => {
        const seen = new Set<Rolldown.OutputChunk>();
        const stack = chunks.filter((c) => starts.some((s) => c.moduleIds.includes(s)));
        while (stack.length) {
          const chunk = stack.pop()!;
          if (seen.has(chunk)) continue;
          seen.add(chunk);
          for (const file of chunk.imports) stack.push(byFile.get(file)!);
          if (!withLazyShared) continue;
          for (const lazy of lazyFrom(chunk)) if (lazyShared(lazy)) stack.push(lazy);
        }
        return seen;
      };
      groupOf.clear();
      const inEntries = new Set<Rolldown.OutputChunk>();
      for (const entry of options.entries) {
        for (const chunk of firstLoad(entry.starts)) {
          if (inEntries.has(chunk) || chunk.name === "framework") continue;
          inEntries.add(chunk);
          for (const id of chunk.moduleIds) groupOf.set(id, entry.name);
        }
      }
      const routesOf = new Map<string, string[]>();
      const chunkOf = new Map<string, Rolldown.OutputChunk>();
      for (const route of options.routes) {
        for (const chunk of firstLoad(route.starts, route.withLazyShared)) {
          // The framework group's chunk, and what the entries load, stay as they are.
          if (inEntries.has(chunk) || chunk.name === "framework") continue;
          for (const id of chunk.moduleIds) {
            routesOf.set(id, [...(routesOf.get(id) ?? []), route.name]);
            chunkOf.set(id, chunk);
          }
        }
      }
      type RouteSet = { ids: string[]; size: number; routes: string[]; chunks: Set<Rolldown.OutputChunk> };
      const sets = new Map<string, RouteSet>();
      const setOf = new Map<string, string>();
      for (const [id, routes] of routesOf) {
        const key = routes.sort().join("-");
        const set = sets.get(key) ?? { ids: [], size: 0, routes, chunks: new Set() };
        const chunk = chunkOf.get(id)!;
        set.ids.push(id);
        set.size += chunk.modules[id]?.renderedLength ?? 0;
        set.chunks.add(chunk);
        sets.set(key, set);
        setOf.set(id, key);
      }
      // A small set joins the shell only when what it imports is in the shell already (or loaded by every
      // page anyway): otherwise every route would fetch those imports too. Imports are read per chunk of
      // the first build, which may name more than the set needs; that only keeps a set out.
      const inShell = new Set([[...options.shell].sort().join("-")]);
      const importsOf = (set: RouteSet) =>
        new Set(
          [...set.chunks]
            .flatMap((c) => c.imports.map((f) => byFile.get(f)!))
            .flatMap((c) => c.moduleIds.map((id) => setOf.get(id)))
            .filter((key): key is string => key !== undefined),
        );
      for (let merged = true; merged; ) {
        merged = false;
        for (const [key, set] of sets) {
          if (inShell.has(key) || set.size >= options.mergeBelow) continue;
          if (!set.routes.every((r) => options.shell.includes(r))) continue;
          if ([...importsOf(set)].every((k) => k === key || inShell.has(k))) {
            inShell.add(key);
            merged = true;
          }
        }
      }
      // A set of several routes was named by them ("achievements-calendar-cards-courses-…"), and every
      // name is in the preload tables of client.js and the shell that each first load downloads: about
      // 600 bytes gzip on /. Such a set is now s0, s1, …; a single route's set keeps its route's name.
      let n = 0;
      for (const [key, set] of sets) {
        const name = inShell.has(key) ? "shell" : set.routes.length > 1 ? `s${n++}` : key;
        for (const id of set.ids) groupOf.set(id, name);
      }
    },
  };
  return { plugin, groupOf: (id) => groupOf.get(id) ?? null };
}

import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { AppConfig } from "../config.ts";

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // Card sounds play from blob: URLs (fetched with the student's token, like card pictures).
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const HSTS = "max-age=31536000";

/**
 * Security headers on every answer, API included. API answers are personal (or errors): never stored by
 * a browser or shared cache unless the route said otherwise (the calendar feed). HSTS only when the
 * students reach us over https: PUBLIC_URL says so, or the proxy does (X-Forwarded-Proto, TRUST_PROXY).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Pick<AppConfig, "publicUrl">) {
  const publicHttps = config.publicUrl?.startsWith("https://") ?? false;
  app.addHook("onSend", async (req, reply) => {
    reply.header("X-Content-Type-Options", "nosniff");
    reply.header("Referrer-Policy", "strict-origin-when-cross-origin");
    reply.header("X-Frame-Options", "DENY");
    reply.header("Content-Security-Policy", CSP);
    if (publicHttps || req.protocol === "https") reply.header("Strict-Transport-Security", HSTS);
    if (req.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
      reply.header("Cache-Control", "no-store");
    }
  });
}

/**
 * Serves the built client: hashed assets cached for a year, index.html (never cached) for every
 * client route so deep links and reloads work. The build writes a .br and a .gz beside every
 * compressible file (vite.config.ts), sent as-is to a browser that accepts them: no compression work
 * per request, and brotli at its best quality, which would be far too slow to do on the fly.
 */
export async function registerStaticClient(app: FastifyInstance, clientDir: string) {
  if (!existsSync(path.join(clientDir, "index.html"))) {
    app.log.warn(`No built client in ${clientDir}; run 'npm run build'. Serving the API only.`);
    return;
  }
  // Only hashed assets live under /assets/ (index.html is the one file at the root), so they are served by
  // one wildcard route: `wildcard: false` globbed every file and registered ~600 routes, 200 ms of each start.
  await app.register(fastifyStatic, {
    root: path.join(clientDir, "assets"),
    prefix: "/assets/",
    index: false,
    preCompressed: true,
    // sendFile("index.html") goes through here too; filePath is the file actually sent (main-abc.js.br).
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });
  // Installable and offline (issue 23): the service worker, the web manifest and the icons, at the root
  // where the service worker's scope and the manifest's icons expect them. Never cached by the browser's
  // HTTP cache (no-cache above): a new build's service worker must be seen on the next visit.
  for (const file of ["sw.js", "manifest.webmanifest"]) {
    if (!existsSync(path.join(clientDir, file))) continue;
    app.get(`/${file}`, { config: { public: true } }, (_req, reply) => reply.sendFile(file, clientDir));
  }
  app.get<{ Params: { name: string } }>("/icons/:name", { config: { public: true } }, (req, reply) => {
    if (!/^[\w-]+\.(png|svg)$/.test(req.params.name))
      return reply.code(404).send({ error: "No such icon", code: "not_found" });
    return reply.sendFile(`icons/${req.params.name}`, clientDir);
  });
  // A pasted /share link previews in chat apps: the same page, with Open Graph tags for that link.
  const indexHtml = await readFile(path.join(clientDir, "index.html"), "utf8");
  app.get<{ Params: { shareCode: string } }>(
    "/share/:shareCode",
    { config: { public: true } },
    async (req, reply) => {
      const og = await app.services.achievements
        .openGraph(req.params.shareCode.slice(0, 200))
        .catch(() => null);
      reply.header("Cache-Control", "no-cache").type("text/html; charset=utf-8");
      if (!og) return indexHtml;
      const tags = [
        `<meta property="og:title" content="${escapeHtml(og.title)}" />`,
        `<meta property="og:description" content="${escapeHtml(og.description)}" />`,
        `<meta property="og:type" content="website" />`,
      ].join("");
      // Spliced, not String.replace: a replacement string expands $` $& $' (from a first name) into
      // copies of the page.
      const at = indexHtml.indexOf("</head>");
      return at < 0 ? indexHtml : `${indexHtml.slice(0, at)}${tags}${indexHtml.slice(at)}`;
    },
  );
  app.get("/*", { config: { public: true } }, (req, reply) => {
    if (req.url.startsWith("/api/")) {
      return reply
        .code(404)
        .send({ error: `No route for ${req.method} ${req.url.split("?")[0]}`, code: "not_found" });
    }
    reply.header("Cache-Control", "no-cache");
    return reply.sendFile("index.html", clientDir);
  });
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
/** Text for an HTML attribute: a first name like `"><script>` stays text. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

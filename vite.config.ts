import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

/**
 * Writes file.br (brotli, best quality) and file.gz (gzip -9) beside every compressible output file,
 * for the server to send as they are (fastify-static `preCompressed`). A copy that saves nothing is
 * not written, so the server falls back to the original.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
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
            gz(raw, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < raw.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

export default defineConfig({
  root: "src/client",
  publicDir: false,
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    // Every "zod" import in the client, shared schemas included, gets the CSP-safe (jitless) zod.
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL("src/client/lib/zod.ts", import.meta.url)) }],
  },
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // Every browser Studyhall supports has modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page runs, in one file: one request and better compression than ten small ones.
            {
              name: "framework",
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack|wouter|use-sync-external-store)[\\/]/,
              priority: 10,
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
});

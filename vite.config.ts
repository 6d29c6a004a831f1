import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "src/client",
  publicDir: false,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "../../dist/client",
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    port: 5173,
    // The API server `npm run dev` runs beside Vite (same PORT variable as the server).
    proxy: { "/api": `http://127.0.0.1:${process.env.PORT || 5000}` },
  },
});

// Builds the browser table into contraband/server/static (served by contraband/server/pages.py).
import { defineConfig } from "vite";

export default defineConfig({
  base: "/",
  esbuild: { jsx: "automatic", jsxImportSource: "preact" },
  build: {
    outDir: "../server/static",
    emptyOutDir: true,
    assetsDir: "assets",
    target: "es2020",
    sourcemap: false,
    chunkSizeWarningLimit: 400,
  },
  server: { proxy: { "/api": { target: "http://127.0.0.1:8000", ws: true } } },
});

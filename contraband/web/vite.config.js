// Builds the browser table into contraband/server/static (served by contraband/server/pages.py).
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const REGISTRY = "virtual:registry";
const DUMP = "import json, contraband; print(json.dumps([g.to_dict() for g in contraband.games()]))";

/**
 * The games this build's server hosts (GET /api/registry), read from the Python package at
 * build time: the lobby draws its cards from it at once instead of waiting for the server (the
 * server's answer still replaces it). Without a Python that imports contraband it is null and
 * the lobby waits, showing that it loads.
 */
function readRegistry(warn) {
  const candidates = [process.env.CONTRABAND_PYTHON, `${ROOT}.venv/bin/python`, "python3"];
  for (const python of candidates) {
    if (!python || (python.includes("/") && !existsSync(python))) continue;
    try {
      const out = execFileSync(python, ["-c", DUMP], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
      return JSON.parse(out);
    } catch (_) {
      // the next candidate
    }
  }
  warn("no Python with contraband found: the lobby will wait for /api/registry");
  return null;
}

function registry() {
  return {
    name: "contraband-registry",
    resolveId: (source) => (source === REGISTRY ? `\0${REGISTRY}` : null),
    load(id) {
      if (id !== `\0${REGISTRY}`) return null;
      return `export default ${JSON.stringify(readRegistry((m) => this.warn(m)))};`;
    },
  };
}

export default defineConfig({
  // index.html asks for /assets/…: under a sub-path (contraband serve --root-path /games) the
  // server rewrites those paths and the page's <meta name="contraband-root"> (pages.py)
  base: "/",
  plugins: [registry()],
  // whatever a script or stylesheet itself refers to (a chunk, a font, an image) is found next
  // to it, whatever path the page was served under; index.html keeps /assets/ (base)
  experimental: {
    renderBuiltUrl: (_filename, { hostType }) => (hostType === "html" ? undefined : { relative: true }),
  },
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

"""Running the web table's own modules under Node: a few words of a game's front end (its
prompt, its end line) checked without a browser or a game that reaches that state.

``run_js`` bundles a small script that imports from ``contraband/web/src`` with the esbuild
that Vite brings (JSX for Preact, stylesheets left out) and prints what the script returns as
JSON. Skipped without Node or the web table's node_modules.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest

WEB = Path(__file__).resolve().parents[2] / "contraband" / "web"
ESBUILD = WEB / "node_modules" / "esbuild"
#: esbuild's own API: JSX for Preact, stylesheets left out, Vite's build-time registry empty
BUILD = """import { build } from "ESBUILD";
const registry = { name: "registry", setup(b) {
  b.onResolve({ filter: /^virtual:registry$/ }, () => ({ path: "registry", namespace: "stub" }));
  b.onLoad({ filter: /.*/, namespace: "stub" }, () => ({ contents: "export default null;" }));
} };
await build({ entryPoints: ["ENTRY"], outfile: "OUT", bundle: true, format: "esm",
  platform: "node", jsx: "automatic", jsxImportSource: "preact", logLevel: "error",
  loader: { ".js": "jsx", ".css": "empty" }, plugins: [registry] });
"""


def run_js(imports: str, body: str) -> Any:
    """Run ``body`` (JavaScript ending in ``return <value>;``) after ``imports`` (import lines
    whose paths start at the web table's ``src``); the value it returns."""
    node = shutil.which("node")
    if node is None or not ESBUILD.exists():
        pytest.skip("Node and the web table's node_modules are needed")
    src = (WEB / "src").as_posix()
    with tempfile.TemporaryDirectory() as tmp:
        entry = Path(tmp) / "entry.jsx"
        entry.write_text(
            imports.replace('from "src/', f'from "{src}/')
            + f"\nconst run = () => {{ {body} }};\nprocess.stdout.write(JSON.stringify(run()));\n"
        )
        out = Path(tmp) / "out.mjs"
        build = Path(tmp) / "build.mjs"
        script = BUILD.replace("ESBUILD", (ESBUILD / "lib" / "main.js").as_posix())
        build.write_text(script.replace("ENTRY", entry.as_posix()).replace("OUT", out.as_posix()))
        subprocess.run([node, str(build)], check=True, cwd=WEB)
        done = subprocess.run([node, str(out)], check=True, capture_output=True, text=True)
        return json.loads(done.stdout)

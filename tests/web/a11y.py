"""axe-core in a Playwright page: the serious and critical accessibility violations, readable.

axe-core is a devDependency of contraband/web, so it is in node_modules whenever the front end
was built on this machine (`make web` runs `npm ci` first, and so does conftest's ensure_built
when node_modules is missing).
"""

from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).resolve().parents[2] / "contraband" / "web" / "node_modules" / "axe-core"
SEVERE = ("serious", "critical")
#: WCAG 2.1 A and AA plus axe's best practices (landmarks, headings, region)
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def axe_script() -> str:
    script = AXE / "axe.min.js"
    if not script.is_file():
        raise RuntimeError(
            f"axe-core is not installed ({script} is missing): run `npm ci --prefix contraband/web`"
            " (or `make web`), which installs the front end's devDependencies"
        )
    return script.read_text(encoding="utf-8")


def violations(page, impacts: tuple[str, ...] = SEVERE) -> list[dict]:
    """axe's violations on the page as it is now, of the given impacts: one dict a rule, with
    its id, impact, help text and the CSS selectors of the elements at fault. The page's
    context must be made with ``bypass_csp=True`` (the site's policy forbids inline scripts)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_script())
    found = page.evaluate(
        """async (tags) => {
          const result = await window.axe.run(document, {runOnly: {type: 'tag', values: tags}});
          return result.violations.map(v => ({
            id: v.id, impact: v.impact, help: v.help,
            targets: v.nodes.map(n => n.target.join(' ')),
          }));
        }""",
        TAGS,
    )
    return [v for v in found if v["impact"] in impacts]


def describe(found: list[dict], limit: int = 6) -> str:
    """The violations, one line a rule, with its first few elements."""
    lines = []
    for v in found:
        shown = ", ".join(v["targets"][:limit])
        more = f" (+{len(v['targets']) - limit} more)" if len(v["targets"]) > limit else ""
        lines.append(f"{v['id']} [{v['impact']}] {v['help']}: {shown}{more}")
    return "\n".join(lines)

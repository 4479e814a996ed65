"""axe-core (from npm, ``js/node_modules/axe-core``) injected into a Playwright page.

``violations(page_or_frame, root=None)`` runs axe on the page (or only under the CSS
selector ``root``) and returns its violations whose impact is serious or critical, each
as ``{"id", "impact", "help", "targets"}``; ``summary(found)`` is one line per violation
for an assertion message. ``counts(page)`` gives every impact's count (for the figures).
"""

from __future__ import annotations

from pathlib import Path

AXE_JS = Path(__file__).resolve().parents[2] / "js" / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")


def _ensure(page) -> None:
    if not AXE_JS.exists():  # never skipped: npm ci installs it (js/package.json)
        raise FileNotFoundError(f"{AXE_JS} is missing: run `cd js && npm ci`")
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=AXE_JS.read_text(encoding="utf-8"))


def run(page, root: str | None = None) -> list[dict]:
    """Every violation axe finds (all impacts), under ``root`` if given."""
    _ensure(page)
    return page.evaluate(
        """async (root) => {
            const ctx = root ? { include: [root] } : document;
            const r = await window.axe.run(ctx, { resultTypes: ["violations"] });
            return r.violations.map((v) => ({
                id: v.id, impact: v.impact, help: v.help,
                targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
            }));
        }""",
        root,
    )


def violations(page, root: str | None = None) -> list[dict]:
    """The serious and critical violations (the ones the project allows none of)."""
    return [v for v in run(page, root) if v["impact"] in SERIOUS]


def counts(found: list[dict]) -> dict[str, int]:
    out: dict[str, int] = {}
    for v in found:
        out[v["impact"] or "unknown"] = out.get(v["impact"] or "unknown", 0) + 1
    return out


def summary(found: list[dict]) -> str:
    return "\n".join(f"{v['impact']}: {v['id']} ({v['help']}) at {v['targets']}" for v in found)

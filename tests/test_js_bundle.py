"""The committed view bundle is what anywidget can load: one self-contained ES
module with ``export default { render }``, and CSS scoped under one root class.
(Freshness against ``js/src`` is checked by ``scripts/test.sh`` with ``npm run build``.)"""

from __future__ import annotations

import re

import pytest

from brady_widgets.engine.registry import game_entry, names
from brady_widgets.widget import STATIC

#: bundle name -> root class of its view: every registered game's (its registry entry's
#: ``root_class``), and the generic view's. That each game's widget loads its registered
#: bundle is checked for every game in tests/test_every_game.py.
ROOTS = {game_entry(n).view: game_entry(n).root_class for n in names() if game_entry(n).view} | {
    "generic": ".bw-generic"
}
BUNDLES = sorted(ROOTS)


def test_every_bundle_is_checked_here():
    built = {p.stem for p in STATIC.glob("*.js")}
    assert built == set(BUNDLES), "a bundle no game uses, or a game whose bundle is missing"


@pytest.mark.parametrize("bundle", BUNDLES)
def test_bundle_is_one_self_contained_es_module_with_a_default_render(bundle):
    js = (STATIC / f"{bundle}.js").read_text(encoding="utf-8")
    assert re.search(r"export\s*\{[^}]*\b\w+\s+as\s+default\b[^}]*\}", js)
    assert "render" in js
    # bundled: no import left for the browser to resolve (no Node, no CDN at run time)
    assert not re.search(r"^\s*import\s", js, re.M)
    assert not re.search(r"\bimport\s*\(", js)
    assert "require(" not in js


@pytest.mark.parametrize("bundle", BUNDLES)
def test_css_is_scoped_under_the_root_class(bundle):
    root = ROOTS[bundle]
    css = (STATIC / f"{bundle}.css").read_text(encoding="utf-8")
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    css = re.sub(r"@media[^{]*\{", "", css)
    selectors = [s.strip() for s in re.findall(r"(?:^|})\s*([^{}@]+)\{", css)]
    assert len(selectors) > 30
    for group in selectors:
        for sel in group.split(","):
            # the game's own root class, or .bw-root (js/src/shared.css: on every game's root)
            assert sel.strip().startswith((root, ".bw-root")), sel
    assert any(s.strip().startswith(root) for g in selectors for s in g.split(","))

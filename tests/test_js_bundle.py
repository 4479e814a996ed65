"""The committed view bundle is what anywidget can load: one self-contained ES
module with ``export default { render }``, and CSS scoped under one root class.
(Freshness against ``js/src`` is checked by ``scripts/test.sh`` with ``npm run build``.)"""

from __future__ import annotations

import re

import pytest

from brady_widgets.brady_bunch import widget as bb_widget
from brady_widgets.costume_party import widget as cp_widget

STATIC = cp_widget._STATIC
#: bundle name -> (widget factory, root class)
BUNDLES = {
    "costume_party": (lambda: cp_widget.CostumePartyWidget(players=2, bot="random", pace=0), ".bw-costume"),
    "brady_bunch": (lambda: bb_widget.BradyBunchWidget(players=3, bot="random", pace=0), ".bw-brady"),
}


@pytest.mark.parametrize("bundle", sorted(BUNDLES))
def test_widget_loads_the_committed_bundle_files(bundle):
    w = BUNDLES[bundle][0]()
    js = (STATIC / f"{bundle}.js").read_text(encoding="utf-8")
    css = (STATIC / f"{bundle}.css").read_text(encoding="utf-8")
    assert w._esm == js and w._css == css
    w.close()


@pytest.mark.parametrize("bundle", sorted(BUNDLES))
def test_bundle_is_one_self_contained_es_module_with_a_default_render(bundle):
    js = (STATIC / f"{bundle}.js").read_text(encoding="utf-8")
    assert re.search(r"export\s*\{[^}]*\b\w+\s+as\s+default\b[^}]*\}", js)
    assert "render" in js
    # bundled: no import left for the browser to resolve (no Node, no CDN at run time)
    assert not re.search(r"^\s*import\s", js, re.M)
    assert not re.search(r"\bimport\s*\(", js)
    assert "require(" not in js


@pytest.mark.parametrize("bundle", sorted(BUNDLES))
def test_css_is_scoped_under_the_root_class(bundle):
    root = BUNDLES[bundle][1]
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

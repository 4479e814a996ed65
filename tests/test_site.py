"""The static site's sources (``scripts/site_build.py``) without a browser: the Pyodide lock is
rewritten to exactly the shipped wheels, the landing page's links run what they say, and the
inputs' key changes with the package. The site itself is tested in chromium by
``tests/e2e/test_site_browser.py``."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import urllib.parse
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _site_build():
    spec = importlib.util.spec_from_file_location("site_build", REPO / "scripts" / "site_build.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


S = _site_build()


def wheel(folder: Path, name: str, version: str, payload: bytes = b"x") -> Path:
    path = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(path, "w") as z:
        z.writestr(f"{name}/__init__.py", payload)
    return path


LOCK = {
    "info": {"abi_version": "2026_0", "python": "3.14.2"},
    "packages": {
        "traitlets": {
            "name": "traitlets",
            "file_name": "traitlets-5.14.3-py3-none-any.whl",
            "sha256": "0" * 64,
            "version": "5.14.3",
            "depends": [],
            "imports": ["traitlets"],
            "install_dir": "site",
        },
        "numpy": {
            "name": "numpy",
            "file_name": "numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
            "sha256": "1" * 64,
            "version": "2.4.6",
            "depends": [],
            "imports": ["numpy"],
            "install_dir": "site",
        },
    },
}


def test_the_lock_lists_exactly_the_shipped_wheels_with_their_sha256(tmp_path):
    shipped = [wheel(tmp_path, "traitlets", "5.14.3", b"new"), wheel(tmp_path, "comm", "0.2.3")]
    lock = S.rewrite_lock(json.loads(json.dumps(LOCK)), shipped)
    assert set(lock["packages"]) == {"traitlets", "comm"}  # numpy's file is not shipped: dropped
    t = lock["packages"]["traitlets"]
    assert t["sha256"] == hashlib.sha256(shipped[0].read_bytes()).hexdigest() != "0" * 64
    assert t["file_name"] == shipped[0].name and t["imports"] == ["traitlets"]
    c = lock["packages"]["comm"]  # added: the lock had no comm
    assert c["imports"] == ["comm"] and c["depends"] == ["traitlets"] and c["version"] == "0.2.3"
    assert lock["info"] == LOCK["info"]


def test_a_wheel_the_lock_cannot_place_or_a_missing_dependency_stops_the_build(tmp_path):
    with pytest.raises(SystemExit, match="no lock entry known"):
        S.rewrite_lock(LOCK, [wheel(tmp_path, "mystery", "1.0")])
    with pytest.raises(SystemExit, match="depends on"):
        S.rewrite_lock(LOCK, [wheel(tmp_path, "comm", "0.2.3")])  # comm needs traitlets


def test_the_landing_page_links_each_game_to_code_that_builds_its_widget():
    from brady_widgets.engine.registry import load_widget, names

    page = S.landing_page(REPO, "https://github.com/someone/brady_widgets")
    widgets = {name: load_widget(name).__name__ for name in names()}
    assert sorted(key for key, *_ in S.GAMES) == sorted(widgets)
    for key, _title, code, _ in S.GAMES:
        href = page.split(f'id="play-{key}" href="')[1].split('"')[0]
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(href.replace("&amp;", "&")).query)
        assert query["code"] == [code] and query["kernel"] == ["python"]
        compile(code, key, "exec")
        assert f"import {widgets[key]}" in code
    for name, _ in S.TUTORIALS:
        assert f"path={name}" in page and (REPO / "notebooks" / name).is_file()
    for name, _ in S.lessons_elsewhere(REPO):
        assert f"<code>{name}</code>" in page
    assert "mybinder.org/v2/gh/someone/brady_widgets/main" in page
    assert 'id="secrets-note"' in page and "developer tools" in page
    assert 'id="jupyter-config-data"' in page  # the JupyterLite pages below read the root's config


def test_the_inputs_key_follows_the_package(tmp_path):
    key = S.input_key(REPO)
    assert key == S.input_key(REPO)
    for name in ("pyproject.toml", "scripts/site.sh", "scripts/site_build.py", "scripts/site_pyc.mjs"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    (tmp_path / "brady_widgets").mkdir()
    (tmp_path / "brady_widgets" / "a.py").write_text("A = 1")
    (tmp_path / "notebooks").mkdir()
    before = S.input_key(tmp_path)
    (tmp_path / "brady_widgets" / "a.py").write_text("A = 2")
    assert S.input_key(tmp_path) != before


def test_compiled_wheels_are_kept_by_their_input_and_only_new_ones_compiled(tmp_path, monkeypatch):
    """``compile_wheels`` runs node once for the wheels it has not compiled yet (a second build
    with the same wheels runs nothing; a changed project wheel is compiled alone), and returns
    the compiled copies, which the lock's sha256 must then describe."""
    runs = []

    def fake_node(cmd, check):
        src, dst = Path(cmd[-2]), Path(cmd[-1])
        runs.append(sorted(p.name for p in src.iterdir()))
        for p in src.iterdir():
            (dst / p.name).write_bytes(p.read_bytes() + b"compiled")

    monkeypatch.setattr(S.subprocess, "run", fake_node)
    a, b = wheel(tmp_path, "comm", "0.2.3"), wheel(tmp_path, "brady_widgets", "0.1.0", b"v1")
    cache = tmp_path / "pyc"
    out = S.compile_wheels([a, b], tmp_path, cache)
    assert runs == [[b.name, a.name]]
    assert [p.name for p in out] == [a.name, b.name] and all(p.read_bytes().endswith(b"compiled") for p in out)
    assert S.compile_wheels([a, b], tmp_path, cache) == out and len(runs) == 1
    b = wheel(tmp_path, "brady_widgets", "0.1.0", b"v2")  # the package changed
    out2 = S.compile_wheels([a, b], tmp_path, cache)
    assert runs[1] == [b.name] and out2[0] == out[0] and out2[1] != out[1]
    lock = S.rewrite_lock(LOCK, [wheel(tmp_path, "traitlets", "5.14.3"), out2[0]])
    assert lock["packages"]["comm"]["sha256"] == hashlib.sha256(out2[0].read_bytes()).hexdigest()


def test_the_kernel_preloads_its_own_packages_and_the_games_from_the_lock(tmp_path):
    """Every name the kernel is told to preload has a lock entry the build can write (Pyodide's or
    one of ours), so that ``loadPyodide`` fetches them all at once; the kernel's own wheels among
    them (it would otherwise install them one by one with piplite)."""
    for name in ("micropip", "piplite", "ipykernel", "comm", "pyodide-kernel", "jedi", "ipython"):
        assert name in S.PRELOAD  # each one the kernel skips installing when it is preloaded
    assert "brady-widgets" in S.PRELOAD
    ours = {"piplite", "pyodide-kernel", "ipykernel", "brady-widgets", "comm"}
    assert ours <= set(S.ADDED)
    shipped = [wheel(tmp_path, n, "1.0") for n in ("piplite", "micropip", "pyodide_kernel", "ipykernel")]
    shipped += [wheel(tmp_path, n, "1.0") for n in ("comm", "traitlets", "ipython")]
    lock = {"info": {}, "packages": {n: {"name": n, "depends": [], "imports": [n]} for n in ("micropip", "ipython")}}
    lock["packages"]["ipython"]["depends"] = ["traitlets"]
    lock["packages"]["traitlets"] = {"name": "traitlets", "depends": [], "imports": ["traitlets"]}
    with pytest.raises(SystemExit, match="ipython depends on"):  # IPython 9's extra needs
        S.rewrite_lock(lock, shipped)
    shipped += [wheel(tmp_path, n, "1.0") for n in ("ipython_pygments_lexers", "pygments", "jedi")]
    lock["packages"]["pygments"] = {"name": "pygments", "depends": [], "imports": ["pygments"]}
    lock["packages"]["jedi"] = {"name": "jedi", "depends": [], "imports": ["jedi"]}
    packages = S.rewrite_lock(lock, shipped)["packages"]
    assert packages["pyodide-kernel"]["depends"] == ["comm", "ipython"]
    assert packages["ipykernel"]["depends"] == ["pyodide-kernel"] and packages["piplite"]["depends"] == ["micropip"]

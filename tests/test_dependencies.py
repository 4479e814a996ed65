"""The play path loads what playing needs, and the extras stay extra (issue 24, item 6).

The core install (``pip install brady_widgets``) is anywidget, traitlets, ipywidgets and
numpy; matplotlib and tqdm come with the ``lessons`` extra, dask with ``scale``. Each step of
play runs here in a fresh interpreter where matplotlib, tqdm and dask cannot be imported (as
in a core install): importing brady_widgets, building each registered game's widget and
playing it with bots (and a person's first moves), and importing the rooms server. None may
load them, and the steps that load numpy are listed exactly: a new numpy import on a play
path fails here until someone decides play needs it (and says why in pyproject.toml).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from brady_widgets.engine import registry

ROOT = Path(__file__).resolve().parents[1]

#: the play steps that load numpy, and why (pyproject.toml says the same):
NUMPY_ON_PLAY_PATH = {
    # the odds panel and the detective bot count the deals (costume_party/knowledge.py)
    "costume_party",
    # Alice's notebook (the odds panel) and Alice's bot run a numpy Monte Carlo (brady_bunch/odds.py)
    "brady_bunch",
}
EXTRAS_ONLY = ("matplotlib", "tqdm", "dask", "distributed")

_STEP = r"""
import importlib.abc, json, sys

BLOCKED = set(sys.argv[2].split(","))


class NotInstalled(importlib.abc.MetaPathFinder):
    # a core install: the extras' packages are not there
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked: not in the core install)", name=name)
        return None


sys.meta_path.insert(0, NotInstalled())
step = sys.argv[1]
import brady_widgets

if step == "rooms":
    import brady_widgets.rooms.cli, brady_widgets.rooms.remote, brady_widgets.rooms.server
elif step != "import":
    from brady_widgets.engine import registry
    from brady_widgets.engine.errors import IllegalAction
    from brady_widgets.widget import expand_legal

    cls = registry.load_widget(step)
    players = 4 if 4 in registry.load_game(step).player_counts else min(registry.load_game(step).player_counts)
    # every seat a bot: a whole game (real time: 10 minutes of game time)
    w = cls(players=players, seed=5, humans=[], pace=0)
    w.run_bots()
    if w.game.realtime:
        w.advance_time(600_000)
    assert w.game.history, step
    w.close()
    # a person on seat 0 against bots: the seat's screen (and its odds panel), a few moves
    w = cls(players=players, seed=5, pace=0)
    w.run_bots()
    for _ in range(4):
        legal = expand_legal(w.legal)
        if w.game.over or not legal:
            if w.game.realtime:
                w.advance_time(500)
                continue
            break
        try:
            w.act(legal[0])
        except IllegalAction:  # real time: a race lost to a bot
            pass
        if w.game.realtime:
            w.advance_time(500)
    w.close()
print(json.dumps(sorted({m.split(".")[0] for m in sys.modules} & (BLOCKED | {"numpy"}))))
"""

STEPS = ["import", *registry.names(), "rooms"]


def _loaded(step: str) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", _STEP, step, ",".join(EXTRAS_ONLY)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert out.returncode == 0, f"step {step!r} failed without the extras:\n{out.stdout}\n{out.stderr[-3000:]}"
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_play_path_needs_no_extra_and_numpy_only_where_listed():
    loaded = {step: _loaded(step) for step in STEPS}
    assert not {s: m for s, m in loaded.items() if set(m) - {"numpy"}}, loaded  # never reached: blocked
    numpy = {s for s, m in loaded.items() if "numpy" in m}
    assert numpy == NUMPY_ON_PLAY_PATH & set(STEPS), (
        f"numpy is loaded on the play path by {sorted(numpy)}; expected exactly {sorted(NUMPY_ON_PLAY_PATH)}. "
        "A play path that newly needs numpy must say why here and in pyproject.toml."
    )


# ------------------------------------------------------- a missing extra is named
def test_a_lesson_chart_without_matplotlib_names_the_lessons_extra(monkeypatch):
    from brady_widgets import explorers

    for name in ("matplotlib", "matplotlib.pyplot"):
        monkeypatch.setitem(sys.modules, name, None)  # as if not installed
    with pytest.raises(ImportError, match=r'pip install "brady_widgets\[lessons\]"'):
        explorers.show_in(None, None)


def test_a_progress_bar_without_tqdm_names_the_lessons_extra_and_simulate_runs_without_one(monkeypatch):
    from brady_widgets import simulate
    from brady_widgets.progress import progress_bar

    for name in ("tqdm", "tqdm.auto"):
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(ImportError, match=r'pip install "brady_widgets\[lessons\]"'):
        progress_bar(10, "games", "game", show=True)
    progress_bar(10, "games", "game", show=False).update()
    with pytest.raises(ImportError, match=r"lessons"):
        simulate("costume_party", 3, games=1, seed=1, executor=False, progress=True)
    # progress=None shows a bar only when tqdm is there: the rows are the same without it
    monkeypatch.setattr("brady_widgets.simulation.PROGRESS_THRESHOLD", 2)
    rows = simulate("costume_party", 3, games=2, seed=1, executor=False)
    assert rows == simulate("costume_party", 3, games=2, seed=1, executor=False, progress=False)


def test_need_names_an_extra_only_for_the_optional_packages(monkeypatch):
    from brady_widgets.optional import have, need

    assert need("json") is json and have("json")
    for name in ("tqdm", "tqdm.auto"):
        monkeypatch.setitem(sys.modules, name, None)
    assert not have("tqdm.auto")
    # not an optional package: the plain error, no extra named
    with pytest.raises(ModuleNotFoundError) as err:
        need("no_such_package_xyz")
    assert "brady_widgets[" not in str(err.value)


# ------------------------------------------------------ pyproject.toml and binder/
def _extras() -> tuple[list[str], dict[str, list[str]]]:
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return project["dependencies"], project["optional-dependencies"]


def _names(reqs: list[str], extras: dict[str, list[str]]) -> set[str]:
    """The distribution names an extra installs, following "brady_widgets[other]"."""
    import re

    out = set()
    for req in reqs:
        inner = re.match(r"brady[-_]widgets\[([^\]]+)\]", req)
        if inner:
            out |= {n for e in inner.group(1).split(",") for n in _names(extras[e.strip()], extras)}
        else:
            out.add(re.match(r"[A-Za-z0-9_.-]+", req).group(0).lower().replace("_", "-"))
    return out


def test_the_core_install_is_what_play_needs_and_play_and_test_take_every_lesson_extra():
    from brady_widgets.optional import EXTRAS

    core, extras = _extras()
    assert _names(core, extras) == {"anywidget", "traitlets", "ipywidgets", "numpy"}
    for package, (extra, _why) in EXTRAS.items():
        wanted = "dask" if package == "distributed" else package  # dask[distributed] brings it
        assert wanted in _names(extras[extra], extras), (package, extra)
    for extra in ("play", "test"):
        assert {"matplotlib", "tqdm", "dask"} <= _names(extras[extra], extras), extra
    assert {"starlette", "uvicorn", "websockets", "segno"} <= _names(extras["test"], extras)


def test_binder_installs_the_lessons_extra():
    post = (ROOT / "binder" / "postBuild").read_text(encoding="utf-8")
    assert 'pip install ".[lessons]"' in post
    pinned = {
        line.split("==")[0].strip().lower()
        for line in (ROOT / "binder" / "requirements.txt").read_text().splitlines()
        if "==" in line and not line.lstrip().startswith("#")
    }
    core, extras = _extras()
    assert (_names(core, extras) | _names(extras["lessons"], extras)) <= pinned, (
        "binder/requirements.txt pins what the notebooks use"
    )

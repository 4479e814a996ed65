"""The play path loads what playing needs, and the extras stay extra (issue 24, item 6; issue 26, item 2).

The core install (``pip install brady_widgets``) is anywidget, traitlets and ipywidgets;
numpy, matplotlib and tqdm come with the ``lessons`` extra, dask with ``scale``. A browser
kernel (JupyterLite's Pyodide) has no numpy build at all, so play must not need it. Each
step of play runs here in a fresh interpreter where numpy, matplotlib, tqdm and dask cannot
be imported (a ``sys.meta_path`` finder raises ``ImportError`` for them): importing
brady_widgets, building each registered game's widget and playing it with bots to the end,
then a person on seat 0 against bots for 150 actions (or to the end), with the odds panel of every
screen (Alice's notebook, Costume Party's deductions, ...), and importing the rooms server.
A step that reaches a blocked package fails with its traceback.
"""

from __future__ import annotations

import json
import subprocess
import sys
import types
from pathlib import Path

import pytest

from brady_widgets.engine import registry

ROOT = Path(__file__).resolve().parents[1]

#: what the core install leaves out; numpy is only for the lessons and the fast simulators
#: (``<game>/lesson.py``, ``fast.py``, ``calibration.py``), never for play
EXTRAS_ONLY = ("numpy", "matplotlib", "tqdm", "dask", "distributed")

_STEP = r"""
import importlib.abc, json, random, sys

BLOCKED = set(sys.argv[2].split(","))


class NotInstalled(importlib.abc.MetaPathFinder):
    # a core install (or a browser kernel): the extras' packages are not there
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r} (blocked: not in the core install)", name=name)
        return None


sys.meta_path.insert(0, NotInstalled())
step = sys.argv[1]
import brady_widgets

out = {"actions": 0, "odds": 0, "over": None, "methods": []}
if step == "rooms":
    import brady_widgets.rooms.cli, brady_widgets.rooms.remote, brady_widgets.rooms.server
elif step == "lessons":
    # the blocker has teeth: the lessons' numpy helpers cannot load
    try:
        import brady_widgets.brady_bunch.fast
    except ImportError as exc:
        out["blocked"] = exc.name
elif step == "tutorials":
    # what the rules tutorials import from the lesson modules (numpy is imported there at
    # its first use), and a game shown by their helpers; a numpy function names the extra
    from brady_widgets import check
    from brady_widgets.big_brother.exercises import check as bb_check
    from brady_widgets.big_brother.lesson import log, moment, show
    from brady_widgets.brady_bunch.lesson import act, quick_round, reveal_snoops, seat_of
    import brady_widgets.brouhaha.exercises
    from brady_widgets.brouhaha.lesson import race, three_moos
    from brady_widgets.big_brother.rules import BigBrother
    from brady_widgets.brouhaha import lesson as brouhaha_lesson

    out["shown"] = len(json.dumps(show(BigBrother(4, seed=1), 0).view))
    # simulate() seeds its games without numpy (SeedSequence in Python), in this process
    from brady_widgets import simulate

    out["simulated"] = [r["winners"] for r in simulate("costume_party", 3, games=3, seed=1, executor=False)]
    try:
        brouhaha_lesson.simulate_first_round(4, games=10)
    except ImportError as exc:
        out["blocked"] = str(exc)
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
    out["odds"] += bool(w.view.get("odds"))
    w.close()
    # a person on seat 0 against bots: the seat's screen and its odds panel, move after move
    w = cls(players=players, seed=5, pace=0)
    w.run_bots()
    rng = random.Random(5)
    for _ in range(600):
        odds = w.view.get("odds")
        out["odds"] += bool(odds)
        if isinstance(odds, dict) and odds.get("method") not in out["methods"]:
            out["methods"].append(odds.get("method"))  # the Brady panel: exact or sampled
        legal = expand_legal(w.legal)
        if w.game.over or out["actions"] >= 150:
            break
        if not legal:
            if w.game.realtime:  # the bots act on the clock
                w.advance_time(2000)
                continue
            w.run_bots()
            if not expand_legal(w.legal):
                break
            continue
        try:
            w.act(rng.choice(legal))
            out["actions"] += 1
        except IllegalAction:  # real time: a race lost to a bot
            pass
        if w.game.realtime:
            w.advance_time(500)
    out["over"] = bool(w.game.over)
    w.close()
out["loaded"] = sorted({m.split(".")[0] for m in sys.modules} & BLOCKED)
print(json.dumps(out))
"""

STEPS = ["import", *registry.names(), "rooms", "lessons", "tutorials"]


def _run(step: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", _STEP, step, ",".join(EXTRAS_ONLY)],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert out.returncode == 0, (
        f"step {step!r} failed without numpy and the extras:\n{out.stdout}\n{out.stderr[-3000:]}"
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_play_path_needs_neither_numpy_nor_an_extra():
    ran = {step: _run(step) for step in STEPS}
    assert not {s: r["loaded"] for s, r in ran.items() if r["loaded"]}, ran  # never reached: blocked
    assert ran["lessons"].get("blocked") == "numpy", ran["lessons"]  # the finder does block numpy
    # the rules tutorials' helpers load and show a game; the lessons' numpy says which extra
    assert ran["tutorials"]["shown"] > 100, ran["tutorials"]
    assert 'pip install "brady_widgets[lessons]"' in ran["tutorials"]["blocked"], ran["tutorials"]
    from brady_widgets import simulate  # the same rows as with numpy here

    want = [r["winners"] for r in simulate("costume_party", 3, games=3, seed=1, executor=False)]
    assert ran["tutorials"]["simulated"] == want
    for game in registry.names():
        r = ran[game]
        # a person played many moves (or the game ended first) and the screens had their odds panel
        assert r["actions"] >= 60 or r["over"], (game, r)
        assert r["odds"] >= r["actions"] // 2, (game, r)
    # Alice's notebook ran its pure-Python sampler (early in a round), not only the exact path
    assert "sampled" in ran["brady_bunch"]["methods"], ran["brady_bunch"]


# ------------------------------------------------------- a missing extra is named
def test_a_lesson_chart_without_matplotlib_names_the_lessons_extra(monkeypatch):
    from brady_widgets import explorers

    for name in ("matplotlib", "matplotlib.pyplot"):
        monkeypatch.setitem(sys.modules, name, None)  # as if not installed
    import ipywidgets

    # a real Output widget and a stand-in figure: show_in checks what it is given first (a wrong
    # kind is refused in words), so the missing extra is what a right call runs into
    figure = types.SimpleNamespace(savefig=lambda *args, **kwargs: None)
    with pytest.raises(ImportError, match=r'pip install "brady_widgets\[lessons\]"'):
        explorers.show_in(ipywidgets.Output(), figure)


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


def test_lazy_imports_at_first_use_and_names_the_extra(monkeypatch):
    from brady_widgets.optional import lazy

    js = lazy("json")
    assert js.dumps([1]) == "[1]" and js.loads is json.loads
    monkeypatch.setitem(sys.modules, "numpy", None)  # as if not installed
    np = lazy("numpy")  # nothing happens yet
    with pytest.raises(ImportError, match=r'pip install "brady_widgets\[lessons\]"'):
        np.zeros(3)


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
    assert _names(core, extras) == {"anywidget", "traitlets", "ipywidgets"}
    # numpy is for the lessons and the fast simulators (and a class-sized run's tables)
    for extra in ("lessons", "scale", "test"):
        assert "numpy" in _names(extras[extra], extras), extra
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


def test_a_test_that_hangs_fails_by_name_and_ci_keeps_its_time(request, tmp_path):
    """pytest-timeout (the test extra) is on, at the limit pyproject.toml sets: a hung test
    fails, named, and CI goes on (its budget is 45 minutes; a run takes ~12)."""
    assert request.config.pluginmanager.hasplugin("timeout")
    assert 60 <= float(request.config.getini("timeout")) <= 900
    hang = tmp_path / "test_hang.py"
    hang.write_text("import time\n\ndef test_waits_for_ever():\n    time.sleep(60)\n", encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-o", "timeout=1", str(hang)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=50,
    )
    assert out.returncode == 1 and "Timeout" in out.stdout and "test_waits_for_ever" in out.stdout, out.stdout

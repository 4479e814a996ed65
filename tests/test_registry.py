"""One game, one folder: the registry, and a toy game added with one register() call.

``tests/toy_game/`` is a complete game that lives outside the package (engine,
bots, invariants, simulation fields, widget). Registering its ``GAME`` entry is
all it takes for the conformance kit, ``simulate`` and the shared widget to
serve it: no shared module is edited, and no shared module names any game.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import pathlib
import pickle
import re
import subprocess
import sys
import types

import pytest

import brady_widgets
from brady_widgets import simulate
from brady_widgets.engine import Game, registry
from brady_widgets.engine.registry import (
    GameEntry,
    game_entry,
    games,
    load_bots,
    load_fields,
    load_game,
    load_invariants,
    load_positions,
    load_widget,
    register,
    unregister,
)
from brady_widgets.testing import check_game, check_leaks, invariants_for

ROOT = pathlib.Path(__file__).resolve().parent.parent
PKG = ROOT / "brady_widgets"
TOY = "toy_swap"


@pytest.fixture
def toy():
    """The toy game registered (one call), and unregistered afterwards."""
    import toy_game

    register(toy_game.GAME)
    try:
        yield toy_game.GAME
    finally:
        unregister(TOY)


# ================================================================ the registry
def test_every_game_package_declares_a_complete_entry():
    from brady_widgets.widget import GameWidget

    assert registry.names() == [p.rpartition(".")[2] for p in registry.GAME_PACKAGES]
    for name in registry.names():
        entry = game_entry(name)
        cls = load_game(name)
        assert issubclass(cls, Game) and cls.name == name and cls.title
        widget = load_widget(name)
        assert issubclass(widget, GameWidget) and widget.game_class is cls
        bots = load_bots(name)
        assert "random" in bots and widget.default_bot in bots
        assert invariants_for(name), f"{name} has no invariants"
        assert isinstance(load_positions(name), types.ModuleType)
        for ext in ("js", "css"):
            assert (PKG / "static" / f"{entry.view}.{ext}").is_file()
    assert set(games()) == set(registry.names())


def test_top_level_exports_come_from_the_registry():
    for name in registry.names():
        for cls in (load_game(name), load_widget(name)):
            assert cls.__name__ in brady_widgets.__all__
            assert getattr(brady_widgets, cls.__name__) is cls
    assert brady_widgets.load_game("costume_party") is brady_widgets.CostumeParty
    with pytest.raises(AttributeError, match="NoSuchWidget"):
        brady_widgets.NoSuchWidget  # noqa: B018 -- the attribute access is what raises


def test_import_brady_widgets_loads_no_engine_widget_or_numpy():
    code = (
        "import sys, brady_widgets\n"
        "heavy = [m for m in sys.modules if m.split('.')[0] in ('numpy', 'anywidget', 'traitlets')"
        " or m.endswith(('.rules', '.widget', '.bots', '.odds'))]\n"
        "assert not heavy, heavy\n"
        "assert 'CostumePartyWidget' in dir(brady_widgets)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)


def test_register_and_unregister(toy):
    assert TOY in registry.names() and game_entry(TOY) is toy
    with pytest.raises(ValueError, match="already registered"):
        register(toy)
    assert register(toy, replace=True) is toy
    # the toy's classes are offered at the top level while it is registered
    assert brady_widgets.SwapGame is load_game(TOY)
    assert "SwapGame" in dir(brady_widgets)
    unregister(TOY)
    assert TOY not in registry.names()
    assert load_bots(TOY) == {} and load_fields(TOY) is None and load_invariants(TOY) == []
    with pytest.raises(AttributeError):
        brady_widgets.SwapGame  # noqa: B018 -- the attribute access is what raises
    with pytest.raises(KeyError, match=TOY):
        load_game(TOY)
    with pytest.raises(KeyError, match=TOY):
        unregister(TOY)
    register(toy)  # for the fixture's unregister


def test_unregister_a_builtin_game_for_a_test_then_restore_it():
    entry = game_entry("brady_bunch")
    order = registry.names()
    unregister("brady_bunch")
    try:
        assert "brady_bunch" not in registry.names()
        with pytest.raises(KeyError, match="costume_party"):
            load_game("brady_bunch")
    finally:
        register(entry)
    assert load_game("brady_bunch").name == "brady_bunch"
    # put back in its place: the order of names() (the answer key's, the start page's) is unchanged
    assert registry.names() == order


_LOAD_A_GAME = """
import sys
from brady_widgets.engine import registry as r
name = sys.argv[1]
r.load_game(name), r.load_widget(name), r.load_bots(name), r.load_fields(name)
r.load_positions(name), r.load_exercises(name)
assert r.load_invariants(name), name
print(sorted(m for m in sys.modules if m == "brady_widgets.testing" or m.startswith("brady_widgets.testing.")))
"""


@pytest.mark.parametrize("name", registry.names())
def test_loading_a_game_loads_no_part_of_the_test_kit(name):
    """A game loads (engine, widget, bots, invariants, positions, fields, exercises: all
    its registry entry names) without the conformance kit: its invariants are a plain
    ``INVARIANTS`` list. A fresh interpreter, so no other test's import can hide one."""
    out = subprocess.run(
        [sys.executable, "-c", _LOAD_A_GAME, name], capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.strip() == "[]", out.stdout + out.stderr


def test_unknown_names():
    with pytest.raises(KeyError, match="chess"):
        game_entry("chess")
    assert load_bots("chess") == {} and load_fields("chess") is None and load_invariants("chess") == []


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        ({"name": "my game"}, ValueError, "identifier"),
        ({"engine": "pkg.rules"}, ValueError, "module:attribute"),
        ({"engine": 3}, TypeError, "engine"),
        ({"bots": "pkg.bots"}, ValueError, "bots"),
        ({"invariants": ["f"]}, TypeError, "invariants"),
        ({"exports": {"not a name": "pkg:x"}}, ValueError, "not a name"),
        ({"package": None}, ValueError, "relative"),
        ({"view_root": "bw-game"}, ValueError, "view_root"),
        ({"secrets": "pkg.text"}, ValueError, "secrets"),
    ],
)
def test_game_entry_checks_its_fields(kwargs, error, words):
    args = {"name": "g", "engine": ".rules:G", "package": "pkg", **kwargs}
    with pytest.raises(error, match=words):
        GameEntry(**args)


def test_game_entry_is_frozen_and_picklable(toy):
    with pytest.raises(AttributeError):
        toy.name = "other"
    copy = pickle.loads(pickle.dumps(toy))
    assert copy == toy and dict(copy.exports) == dict(toy.exports)


def test_a_views_root_class_defaults_from_its_bundle_name():
    assert GameEntry("g", engine="pkg:G", view="my_game").root_class == ".bw-my-game"
    assert GameEntry("g", engine="pkg:G", view="my_game", view_root=".bw-mine").root_class == ".bw-mine"
    assert GameEntry("g", engine="pkg:G").root_class is None


def test_a_wrong_engine_name_is_refused():
    register(GameEntry("toy_misnamed", engine="toy_game.rules:SwapGame"))
    try:
        with pytest.raises(TypeError, match="toy_misnamed"):
            load_game("toy_misnamed")
    finally:
        unregister("toy_misnamed")


# ================================================= the toy game, registered once
def test_toy_parts_come_from_its_entry(toy):
    cls = load_game(TOY)
    assert cls.name == TOY and brady_widgets.games()[TOY] is cls
    assert sorted(load_bots(TOY)) == ["random", "swapper"]
    names = {fn.__name__ for fn in invariants_for(TOY)}
    assert names == {"cards_are_partitioned", "chips_are_kept", "views_hide_other_cards"}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_toy_engine_passes_the_conformance_kit(toy, players):
    report = check_game(
        load_game(TOY), players, seed=players, options={"rounds": 3}, leak_every=2, bots_every=2, fuzz_every=3
    )
    assert report.over and report.leak.changed and report.bot_checks and report.fuzz_cases


def test_the_leak_test_finds_a_toy_leak(toy):
    cls = load_game(TOY)

    class Leaky(cls):
        def _view(self, seat, reveal=False):
            view = super()._view(seat, reveal)
            view["others"] = [c for s, c in enumerate(self.hands) if s != seat]
            return view

    with pytest.raises(AssertionError, match="LEAK"):
        check_leaks(Leaky(3, 1), rng=0, samples=4)


def test_simulate_a_registered_toy(toy):
    rows = simulate(TOY, 3, ["swapper", "random", "random"], games=30, seed=3, executor=False)
    assert [r["game_index"] for r in rows] == list(range(30))
    for r in rows:
        assert {"swaps", "bets", "winning_card", "turns", "winner_bot", "winners", "length"} <= set(r)
        assert r["length"] == 3 * 2 and 1 <= r["winning_card"] <= 8
    assert any(r["swaps"] for r in rows) and any(r["bets"] for r in rows)
    # fresh processes (spawn) know nothing of register(): the entry travels with the work
    ctx = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=ctx) as ex:
        assert simulate(TOY, 3, ["swapper", "random", "random"], games=30, seed=3, executor=ex, chunksize=8) == rows


# ================================================= the toy's widget, by messages
def test_toy_widget_plays_through_the_message_handler(toy):
    cls = load_widget(TOY)
    w = cls(players=2, seed=4, humans=[0], bot=load_bots(TOY)["random"], pace=0)
    try:
        assert w.seat == 0 and w.error == {}
        rev = w.rev
        w._on_view_msg(w, {"type": "act", "action": {"type": "bet", "amount": 2}, "rev": rev}, [])
        assert w.error == {} and w.game.history[0] == {"seat": 0, "action": {"type": "bet", "amount": 2}}
        assert len(w.game.history) == 2 and w.rev != rev  # the bot answered
        # the same click again (stale rev): dropped quietly
        steps = len(w.game.history)
        w._on_view_msg(w, {"type": "act", "action": {"type": "stay"}, "rev": rev}, [])
        assert len(w.game.history) == steps and w.error == {}
        # an illegal action becomes the error trait and changes nothing
        before = w.game.to_json()
        w._on_view_msg(w, {"type": "act", "action": {"type": "bet", "amount": 5}, "rev": w.rev}, [])
        assert w.error.get("code") == "illegal_action" and w.game.to_json() == before
        w._on_view_msg(w, {"type": "clear_error"}, [])
        while not w.game.over:  # the bot answers each action at once (pace=0)
            assert w.seat == 0 and w.game.to_act == [0]
            w._on_view_msg(w, {"type": "act", "action": w.game.legal_actions(0)[0], "rev": w.rev}, [])
            assert w.error == {}
        assert len(w.game.history) == 2 * 2
        assert w.view["over"] and w.view["shown"] == w.game.hands
    finally:
        w.close()


def test_toy_widget_gets_its_bots_from_the_registry(toy):
    """The default Presenter.bot_registry() is the registry's load_bots(game name)."""
    w = load_widget(TOY)(players=3, seed=2, humans=[0], pace=0)
    try:
        assert type(w).presenter_class.bot_registry() == load_bots(TOY)
        while not w.game.over:
            w._on_view_msg(w, {"type": "act", "action": w.game.legal_actions(0)[-1], "rev": w.rev}, [])
            assert w.error == {}
        assert len(w.game.history) == 3 * 2
    finally:
        w.close()


# ==================================================== shared modules name no game
SHARED = [
    *sorted((PKG / "engine").glob("*.py")),
    PKG / "widget.py",
    PKG / "session.py",
    PKG / "table.py",
    PKG / "render.py",
    PKG / "protocol.py",
    PKG / "scheduler.py",
    PKG / "simulation.py",
    PKG / "progress.py",
    PKG / "explorers.py",
    PKG / "optional.py",
    PKG / "testing" / "conformance.py",
    PKG / "testing" / "__init__.py",
    *sorted((PKG / "rooms").glob("*.py")),
    *sorted((PKG / "rooms" / "static").glob("*.js")),
]
GAME_VIEWS = {game_entry(n).view for n in registry.names()}
SHARED_JS = [p for p in sorted((ROOT / "js" / "src").glob("*.js")) if p.stem not in GAME_VIEWS]


def _game_words() -> dict[str, str]:
    """Every spelling of every registered game: name, title, engine and widget class."""
    words = {}
    for name in registry.names():
        cls = load_game(name)
        words[name] = name
        words[cls.title] = name
        words[cls.__name__] = name
        widget = load_widget(name)
        if widget is not None:
            words[widget.__name__] = name
    return words


@pytest.mark.parametrize("path", SHARED + SHARED_JS, ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_modules_name_no_game(path):
    text = path.read_text(encoding="utf-8")
    if path == PKG / "engine" / "registry.py":
        # the one place that lists the game packages, by design: one line per game
        text = re.sub(r"GAME_PACKAGES: .*? = \(.*?\)", "", text, count=1, flags=re.S)
    found = sorted({w for w in _game_words() if re.search(rf"\b{re.escape(w)}\b", text, re.IGNORECASE)})
    assert not found, f"{path.relative_to(ROOT)} names a game: {found}"

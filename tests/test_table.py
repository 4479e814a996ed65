"""The Session split from GameWidget: a plain table (no kernel, no widget) computes each
screen's state exactly as the game's widget syncs it, and validates intents as the widget."""

from __future__ import annotations

import json

import pytest

from brady_widgets.engine.errors import IllegalAction
from brady_widgets.engine.registry import load_widget, names
from brady_widgets.session import Session, WidgetError, session_for
from brady_widgets.widget import GameWidget, expand_legal

GAMES = [g for g in names() if load_widget(g) is not None]
TRAITS = [k for k in GameWidget.GAME_TRAITS if k not in ("error", "page")]


def _widget_state(w) -> dict:
    return {k: json.loads(json.dumps(getattr(w, k))) for k in TRAITS}


def _same(state: dict) -> dict:
    return json.loads(json.dumps({k: state[k] for k in TRAITS}))


@pytest.mark.parametrize("game", GAMES)
def test_plain_table_state_equals_the_widget_traits(game):
    widget_cls = load_widget(game)
    counts = widget_cls.game_class.player_counts
    players = 4 if 4 in counts else counts.start
    w = widget_cls(players=players, seed=3, humans=[0], pace=0)
    t = session_for(game, players=players, seed=3, humans=[0], pace=0)
    assert not isinstance(t, GameWidget)
    assert _same(t.state_for(0)) == _widget_state(w)
    # play the same actions on both while seat 0 has any; the screens stay equal
    for _ in range(6):
        if w.game.over or 0 not in w.game.to_act or w.game.realtime:
            break
        action = expand_legal(w.legal)[0]
        w.act(action)
        assert t.act_for(0, action, rev=t.state_for(0)["rev"])
        assert _same(t.state_for(0)) == _widget_state(w)


def test_the_public_screen_and_another_seat_hold_no_secret_of_seat_zero():
    t = session_for("costume_party", players=4, seed=1, humans=[0, 1], pace=0)
    public = t.state_for(None)
    assert public["seat"] == -1 and public["legal"] == []
    secret = t.game.view(0)["secret"] if "secret" in t.game.view(0) else None
    one = json.dumps(t.state_for(1))
    if secret is not None:
        assert json.dumps(t.state_for(0)["view"]).count(json.dumps(secret)) >= 1
        assert t.state_for(1)["view"].get("secret") != secret or t.game.view(1).get("secret") == secret
    assert t.state_for(0)["seat"] == 0 and '"seat": 1' in one


def test_act_for_refuses_as_the_widget_does_and_changes_nothing():
    t = session_for("costume_party", players=4, seed=2, humans=[0, 1], pace=0)
    before = t.game.to_json()
    other = 1 if t.game.to_act == [0] else 0
    with pytest.raises(IllegalAction):
        t.act_for(other, {"type": "roll"}, rev=t.state_for(other)["rev"])
    with pytest.raises(IllegalAction):
        t.act_for(2, {"type": "roll"})  # a bot's seat is nobody's to play
    with pytest.raises(IllegalAction):
        t.act_for(t.game.to_act[0], {"type": "fly"})
    assert t.game.to_json() == before
    # a stale rev (a double click) is dropped, not applied
    seat = t.game.to_act[0]
    assert t.act_for(seat, {"type": "roll"}, rev=t.state_for(seat)["rev"] + 5) is False
    assert t.game.to_json() == before


def test_screens_do_not_leak_into_each_other_or_into_the_tables_own():
    t = session_for("brady_bunch", players=5, seed=4, humans=[0], pace=0)
    own = (t._shown, t._curtain_for, t._reveal, t._replay_step)
    t.state_for(None, reveal=True)
    t.state_for(3)
    assert (t._shown, t._curtain_for, t._reveal, t._replay_step) == own


def test_seat_bot_hands_a_dropped_seat_to_a_bot_which_plays_on():
    t = session_for("costume_party", players=3, seed=5, humans=[0, 1, 2], pace=0)
    assert not t.game.over
    for s in range(3):
        t.seat_bot(s)
    assert t.game.over and t.humans == ()
    with pytest.raises(WidgetError):
        t.seat_bot(9)


def test_bots_live_in_one_registry_given_per_seat_and_changed_by_seat_bot_and_seat_human():
    from brady_widgets.costume_party.bots import BOTS

    t = session_for("costume_party", players=4, seed=1, humans=[0], bot={2: "random"}, pace=0)
    assert {s: type(b) for s, b in t.bots.items()} == {1: BOTS["detective"], 2: BOTS["random"], 3: BOTS["detective"]}
    assert dict(t.bots) == t._sched.bots  # a read-only view of the scheduler's dict, the one registry
    with pytest.raises(TypeError):
        t.bots[1] = None  # type: ignore[index]
    t.seat_human(1)
    assert set(t.bots) == {2, 3} and 1 in t.humans
    t.seat_bot(1, "random")
    assert type(t.bots[1]) is BOTS["random"] and 1 not in t.humans
    for bad in ({0: "random"}, {7: "random"}, {1: "nobody"}):
        with pytest.raises(ValueError):
            session_for("costume_party", players=4, seed=1, humans=[0], bot=bad, pace=0)


def test_listeners_hear_every_change():
    t = session_for("costume_party", players=3, seed=6, humans=[0, 1, 2], pace=0)
    heard = []
    t.listen(lambda: heard.append(1))
    seat = t.game.to_act[0]
    t.act_for(seat, expand_legal(t.state_for(seat)["legal"])[0])
    assert heard


def test_a_listener_hears_each_change_once_on_a_widget_as_on_a_table():
    widget = load_widget("costume_party")(players=3, seed=6, humans=[0, 1, 2], pace=0)
    table = session_for("costume_party", players=3, seed=6, humans=[0, 1, 2], pace=0)
    for t in (widget, table):
        heard = []
        t.listen(lambda heard=heard: heard.append(1))
        t.act(expand_legal(t.state_for(t.game.to_act[0])["legal"])[0])
        assert len(heard) == 1, type(t).__name__
        t.set_reveal(True)
        assert len(heard) == 2, type(t).__name__


def test_a_presenter_must_be_a_games_presenter():
    with pytest.raises(TypeError):
        Session(presenter=object)
    with pytest.raises(TypeError):
        Session(presenter=load_widget("costume_party"))
    with pytest.raises(TypeError):
        Session()  # no game


# the table and the rooms server are shared: they name no game (as tests/test_registry.py checks
# for the other shared modules)
_PKG = __import__("pathlib").Path(__file__).resolve().parents[1] / "brady_widgets"
_SHARED = [
    _PKG / "session.py",
    _PKG / "table.py",
    _PKG / "render.py",
    *sorted((_PKG / "rooms").rglob("*.py")),
    *sorted((_PKG / "rooms" / "static").glob("*.*")),
]


@pytest.mark.parametrize("path", _SHARED, ids=lambda p: p.name)
def test_the_table_and_the_rooms_server_name_no_game(path):
    import re

    from brady_widgets.engine.registry import load_game

    words = set()
    for name in names():
        cls = load_game(name)
        words |= {name, cls.title, cls.__name__}
        widget = load_widget(name)
        if widget is not None:
            words.add(widget.__name__)
    text = path.read_text(encoding="utf-8")
    found = sorted(w for w in words if w and re.search(rf"\b{re.escape(w)}\b", text, re.IGNORECASE))
    assert not found, f"{path.name} names a game: {found}"


def test_a_table_and_a_widget_share_a_presenter_whose_hooks_extend_the_games():
    from brady_widgets.costume_party.presenter import CostumePartyPresenter
    from brady_widgets.costume_party.widget import CostumePartyWidget

    class Trimmed(CostumePartyPresenter):
        """A game that trims its synced state and dresses its log through a helper."""

        def finish_state(self, state: dict) -> dict:
            state = super().finish_state(state)
            state["view"].pop("faces", None)
            return state

        def describe(self, ev: dict) -> str:
            return self._shout(super().describe(ev))

        def _shout(self, text: str) -> str:
            return text.upper()

    class TrimmedWidget(CostumePartyWidget):
        presenter_class = Trimmed

    w = TrimmedWidget(players=3, seed=2, humans=[0], pace=0)
    t = Session(presenter=Trimmed, players=3, seed=2, humans=[0], pace=0)
    assert type(t) is Session and isinstance(t.presenter, Trimmed) and isinstance(w.presenter, Trimmed)
    state = t.state_for(0)
    assert "faces" not in state["view"] and all(e["text"] == e["text"].upper() for e in state["log_lines"])
    assert _same(state) == _widget_state(w)


def test_presentation_on_a_widget_class_is_refused_it_belongs_to_the_presenter():
    from brady_widgets.costume_party.widget import CostumePartyWidget

    with pytest.raises(TypeError, match="Presenter"):

        class Loud(CostumePartyWidget):
            def describe(self, ev: dict) -> str:
                return "!"


def test_a_lost_race_is_told_to_that_seat_alone():
    """Two people slap one window; the later stamp arrives first and is held, the
    earlier one wins when the race is settled: the refusal goes to the loser's seat
    (a room sends it to that seat's device only), through ``on_refusal``."""
    import toy_realtime
    from brady_widgets.engine.registry import register, unregister

    register(toy_realtime.GAME)
    try:
        from toy_realtime.rules import SnapGame

        deal = {"hands": [[1, 2], [3, 4]], "deck": [5, 5, 1, 2, 3, 4, 6, 6, 1, 2, 3, 4, 6, 5]}
        t = session_for("toy_snap", game=SnapGame(2, 0, deal=deal, window_ms=2000), humans=[0, 1], pace=0)
        heard = []
        t.on_refusal(lambda seat, error: heard.append((seat, error["code"])))
        t.run_bots()  # starts the clock (virtual time: no event loop here)
        for _ in range(1000):
            if t.game.window is not None:
                break
            t.advance_time(10)
        assert t.game.window is not None
        now = t.now
        t.act_for(1, {"type": "slap"}, at=now)  # arrives first, stamped later
        t.act_for(0, {"type": "slap"}, at=now - 100)  # arrives second, stamped earlier
        t.advance_time(1000)
        slaps = [
            h["seat"] for h in t.game.history if isinstance(h.get("action"), dict) and h["action"]["type"] == "slap"
        ]
        assert slaps == [0]
        assert [seat for seat, _ in heard] == [1] and all(isinstance(code, str) and code for _, code in heard)
    finally:
        unregister(toy_realtime.GAME.name)


@pytest.mark.parametrize("game", GAMES)
def test_history_tallies_grow_with_the_game_and_restart_with_a_new_one(game):
    """The replay numbering and each seat's rev are kept as running tallies of the
    history (not recounted per click): they equal a full count at every step, and a
    new game's history (a new list, even of the same length) starts them again."""
    widget_cls = load_widget(game)
    counts = widget_cls.game_class.player_counts
    players = 4 if 4 in counts else counts.start
    t = session_for(game, players=players, seed=5, humans=[0], pace=0)

    def full_count(history):
        before = [0]
        for h in history:
            before.append(before[-1] + (h.get("seat") != "chance"))
        return before

    checked = 0
    for _ in range(12):
        assert t._actions_before() == full_count(t.game.history)
        assert t._rev() == sum(1 for h in t.game.history if h.get("seat") == 0) + (
            t._sched.pending(0) if t.game.realtime else 0
        )
        checked += 1
        legal = expand_legal(t.state_for(0)["legal"])
        if t.game.over or not legal:
            break
        t.act_for(0, legal[0])
    assert checked >= 2 and len(t.game.history) > 0
    # the same game replayed: a new history list with the same entries and length
    old = t.game
    t.game = type(old).replay(old.players, old.seed, old.history, deal=old.deal, **old.options)
    t.game.history.insert(0, {"seat": "chance", "outcome": None})  # differs from the old tally
    assert t._actions_before() == full_count(t.game.history)


_ROOMS_WITHOUT_JUPYTER = r"""
import sys, json
from brady_widgets.engine.registry import names
from brady_widgets.rooms.server import create_app
from brady_widgets.session import expand_legal

app = create_app(sys.argv[1], "teacher-token")
rooms = app.state.rooms
try:
    assert rooms.games()
    for name in [g["name"] for g in rooms.games()]:
        cls_players = [g["players"][0] for g in rooms.games() if g["name"] == name][0]
        room = rooms.create({"game": name, "players": cls_players, "seed": 3, "bots": {"1": "random"}})
        t = room.table
        for _ in range(5):
            seats = [s for s in t.game.to_act if s in t.humans]
            if t.game.over or not seats:
                break
            state = t.state_for(seats[0])
            t.act_for(seats[0], expand_legal(state["legal"])[0], state["rev"])
        t.state_for(None)
        t.state_for(None, reveal=True)
        t.close()
finally:
    rooms.store.close()
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("anywidget", "ipywidgets", "comm", "traitlets"))))
"""


def test_the_rooms_server_run_on_a_table_imports_no_widget_library(tmp_path):
    """A room's table is a Session with its game's Presenter: starting the rooms app, creating a
    table of every game and playing it loads no anywidget, ipywidgets, comm (or traitlets)."""
    import os
    import subprocess
    import sys

    root = __import__("pathlib").Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run(
        [sys.executable, "-c", _ROOMS_WITHOUT_JUPYTER, str(tmp_path / "rooms.sqlite3")],
        capture_output=True,
        text=True,
        env=env,
        cwd=root,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    assert json.loads(out.stdout.strip().splitlines()[-1]) == []


def test_a_screen_is_an_immutable_value_and_render_computes_any_screens_state():
    import dataclasses

    from brady_widgets.render import render
    from brady_widgets.screen import Screen

    t = session_for("brady_bunch", players=5, seed=4, humans=[0, 1], pace=0)
    own = t.screen
    with pytest.raises(dataclasses.FrozenInstanceError):
        own.seat = 1  # type: ignore[misc]
    kid = Screen(seat=1, options=(("trust", 0.2),))
    state = render(t, kid, t.presenter)
    with pytest.raises(ValueError):
        render(t, kid, session_for("brady_bunch", players=5, seed=4, humans=[0], pace=0).presenter)
    assert state["seat"] == 1 and state["settings"]["options"] == {"trust": 0.2}
    assert t.state_for(1, options={"trust": 0.2}) == {k: v for k, v in state.items() if k != "page"}
    assert t.screen is own and t.option("trust") == 0.7  # rendering another screen changes nothing
    t.set_reveal(True)
    assert t.screen is not own and t.screen == dataclasses.replace(own, reveal=True) and own.reveal is False


def test_a_widget_holds_a_session_rather_than_being_one():
    import anywidget

    widget = load_widget("costume_party")(players=3, seed=1, humans=[0], pace=0)
    assert not isinstance(widget, Session) and isinstance(widget, anywidget.AnyWidget)
    assert isinstance(widget.session, Session) and widget.presenter is widget.session.presenter
    assert widget.screen is widget.session.screen and widget.game is widget.session.game
    widget.names = ("Ann", "Bob", "Cy")
    assert widget.session.names == ("Ann", "Bob", "Cy")


def test_the_sessions_former_names_still_import():
    """``brady_widgets.table`` was the session's module: its names import as before."""
    from brady_widgets import session, table

    assert table.Table is session.Session and table.table_for is session.session_for
    assert session.Table is session.Session and session.table_for is session.session_for
    for name in ("MSG", "WidgetError", "expand_legal", "render", "ASK_AFTER_ACT_S", "compact_legal"):
        assert getattr(table, name) is getattr(session, name), name


def test_a_rooms_device_holds_one_screen_value_its_role_may_see():
    from brady_widgets.render import render
    from brady_widgets.rooms.server import Device, Rooms
    from brady_widgets.screen import Screen

    t = session_for("brady_bunch", players=5, seed=4, humans=[0, 1], pace=0)
    d = Device(None)  # type: ignore[arg-type]
    before = d.screen
    d.seat = 1
    assert d.screen is not before and d.screen == Screen(seat=1) and before == Screen()
    d.role = "seat"
    d.screen = Screen(seat=1, reveal=True, replay_step=3)  # a seat sees no reveal; a live game no replay
    assert Rooms._view(d, t) == Screen(seat=1, options=t.screen.options)
    d.role = "teacher"
    assert Rooms._view(d, t) == Screen(seat=None, reveal=True, options=t.screen.options)
    assert render(t, Rooms._view(d, t), t.presenter)["view"] == t.state_for(None, reveal=True)["view"]

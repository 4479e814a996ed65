"""The settings a teacher may choose for a new table (``GameEntry.options``, issue 25 item 5):
each game declares them in its own folder; they match the engine's real keyword options;
the rooms server takes only those, each of its kind and range (``bad_request`` in plain
words, nothing created); the lobby carries them for the teacher's form; the join address
and its QR code; the pages' styles scoped so none reaches a game's view."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from pathlib import Path

import pytest

import rooms_harness as R
from brady_widgets.engine.registry import (
    GAME_PACKAGES,
    GameEntry,
    Option,
    check_options,
    load_game,
    load_options,
    names,
    register,
    unregister,
)
from brady_widgets.rooms.server import PAGES, RoomError, Rooms
from brady_widgets.rooms.store import Store

BUILTIN = [p.rpartition(".")[2] for p in GAME_PACKAGES]


@pytest.fixture
def every_game():
    """The four games and both toys (the toys registered for the test)."""
    import toy_game
    import toy_realtime

    added = [e.name for e in (toy_game.GAME, toy_realtime.GAME) if e.name not in names()]
    for entry in (toy_game.GAME, toy_realtime.GAME):
        if entry.name in added:
            register(entry)
    yield names()
    for name in added:
        unregister(name)


def _values(o: Option, players: int) -> list:
    """Every value the declaration says the setting takes, at its edges."""
    if o.kind == "bool":
        return [True, False]
    if o.kind == "choice":
        return [c[0] for c in o.choices]
    if o.kind == "seat":
        return [0, players - 1]
    return [o.min, o.max] + ([None] if o.none else [])


def test_every_game_declares_its_real_options_and_the_engine_takes_every_declared_value(every_game):
    assert set(BUILTIN) <= set(every_game)
    for name in every_game:
        cls = load_game(name)
        declared = load_options(name)
        assert declared, f"{name} declares no settings for the teacher's form"
        players = cls.player_counts.stop - 1
        for o in declared:
            assert o.name in cls.default_options, (name, o.name)
            assert o.default == cls.default_options[o.name], (name, o.name, o.default)
            for value in _values(o, players):
                assert check_options(name, {o.name: value}, players) == {o.name: value}
                cls(players, 0, **{o.name: value})  # the engine takes it (raises otherwise)


@pytest.mark.parametrize(
    ("game", "options", "words"),
    [
        ("brouhaha", {"slap_ms": 50}, "Slap window is from 0.2 to 10 seconds"),
        ("brouhaha", {"bang": 1}, "Bang variation is yes or no"),
        ("brouhaha", {"cries": "loud"}, "Cries is one of: shared by three animals, one cry per animal"),
        ("brouhaha", {"time_limit_ms": 1.5}, "Game length is a whole number of milliseconds"),
        ("brady_bunch", {"max_questions": -1}, "Questions per round is from 0 to 50"),
        ("brady_bunch", {"kids": ["Greg"]}, "this game has no setting 'kids'"),
        ("big_brother", {"first_seat": 4}, "First player is a seat from 1 to 4"),
        ("big_brother", {"gossip_ms": None}, "Gossip countdown needs a value"),
        ("costume_party", {"deal": {}}, "this game has no setting 'deal'"),
    ],
)
def test_a_value_the_declaration_refuses_is_a_plain_sentence(game, options, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        check_options(game, options, 4)


def test_an_option_spec_and_the_entry_target_are_checked_when_declared():
    with pytest.raises(ValueError, match="kind"):
        Option("x", "float", 1.0, "a number")
    with pytest.raises(ValueError, match="min <= max"):
        Option("x", "int", 1, "a number", min=3, max=2)
    with pytest.raises(ValueError, match="from 1 to 3"):
        Option("x", "int", 5, "a number", min=1, max=3)  # its default must be one it takes
    with pytest.raises(ValueError, match="one line"):
        Option("x", "bool", True, "two\nlines")
    with pytest.raises(ValueError, match="module:attribute"):
        GameEntry("g", engine="m:G", options="m")
    with pytest.raises(TypeError, match="target"):
        GameEntry("g", engine="m:G", options=("not", "a", "target"))  # type: ignore[arg-type]


def test_the_server_creates_a_table_with_declared_settings_only(tmp_path):
    rooms = Rooms(Store(tmp_path / "r.sqlite3"), "teacher-token-0123456789")
    try:
        room = rooms.create(
            {
                "game": "brouhaha",
                "players": 4,
                "options": {"cries": "solo", "time_limit_ms": None, "slap_ms": 800},
                "bots": {"1": "easy", "2": "easy", "3": "easy"},
            }
        )
        o = room.table.game.options
        assert (o["cries"], o["time_limit_ms"], o["slap_ms"]) == ("solo", None, 800)
        for options, words in (
            ({"slap_ms": 50}, "Brouhaha: Slap window is from 0.2 to 10 seconds"),
            ({"hand_size": 3}, "Brouhaha: this game has no setting 'hand_size'"),
            ({"bang": "yes"}, "Brouhaha: Bang variation is yes or no"),
        ):
            with pytest.raises(RoomError) as err:
                rooms.create({"game": "brouhaha", "players": 4, "options": options})
            assert err.value.code == "bad_request" and words in str(err.value), str(err.value)
        # a setting the engine refuses at this table's size: still a sentence, nothing created
        with pytest.raises(RoomError) as err:
            rooms.create({"game": "brady_bunch", "players": 4, "options": {"cousin_oliver": True}})
        assert err.value.code == "bad_request" and "6 to 8 players" in str(err.value)
        assert list(rooms.rooms) == [room.code]
        # the lobby carries each game's settings for the teacher's form
        games = {g["name"]: g for g in rooms.games()}
        assert [o["name"] for o in games["brouhaha"]["options"]] == [o.name for o in load_options("brouhaha")]
        slap = next(o for o in games["brouhaha"]["options"] if o["name"] == "slap_ms")
        assert slap == {
            "name": "slap_ms",
            "kind": "ms",
            "default": 1000,
            "help": slap["help"],
            "label": "Slap window",
            "min": 200,
            "max": 10_000,
            "choices": [],
            "none": None,
        }
        assert games["brouhaha"]["realtime"] and not games["costume_party"]["realtime"]
    finally:
        rooms.store.close()


def _get(url: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.headers.get("content-type", ""), r.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("content-type", ""), exc.read().decode()


def test_the_join_address_and_its_qr_code_are_served_by_the_server(tmp_path):
    server = R.ThreadServer(tmp_path / "r.sqlite3", join_url="http://192.168.1.20:8765").start()
    try:
        status, kind, body = _get(server.url + "/join.json")
        assert (status, body) == (200, '{"url":"http://192.168.1.20:8765/"}')
        status, kind, plain = _get(server.url + "/qr.svg")
        assert status == 200 and kind.startswith("image/svg+xml") and plain.startswith("<svg") and "viewBox" in plain
        status, _, coded = _get(server.url + "/qr.svg?code=abcde")
        assert status == 200 and coded.startswith("<svg") and coded != plain  # the code is in the address
        status, _, bad = _get(server.url + "/qr.svg?code=%3Cscript%3E")
        assert status == 400 and "bad_code" in bad
    finally:
        server.stop()
    other = R.ThreadServer(tmp_path / "s.sqlite3").start()  # no address given: the page's own
    try:
        assert json.loads(_get(other.url + "/join.json")[2]) == {"url": other.url + "/"}
    finally:
        other.stop()


def _selectors(css: str) -> list[str]:
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    return [s.strip() for block in re.findall(r"([^{}]+)\{[^{}]*\}", css) for s in block.split(",")]


def test_every_rule_of_the_rooms_pages_is_scoped_to_the_pages_own_classes():
    """No rule of rooms/static/style.css can reach a game's view: each selector starts at a
    ``rooms-*`` class (the pages' own elements), names no ``bw-`` class and no element the
    view also has outside such a class. The old ``header`` rule painted the view's header."""
    selectors = _selectors((PAGES / "style.css").read_text())
    assert len(selectors) > 30
    for sel in selectors:
        assert re.match(r"\.rooms-[\w-]+", sel), sel
        assert ".bw-" not in sel, sel
        assert "rooms-game" not in sel.split()[0] or " " not in sel, sel  # nothing inside the game's box
    for page in ("student.html", "teacher.html", "watch.html"):
        html = (PAGES / page).read_text()
        assert '<body class="rooms-page">' in html, page
        assert "Options (JSON)" not in html


def test_the_pages_name_no_game_and_the_teacher_page_can_start_a_real_time_table():
    """Shared pages name no game: what is particular to a game comes from its entry."""
    for path in Path(PAGES).iterdir():
        text = path.read_text()
        for game in BUILTIN:
            assert game not in text, (path.name, game)
    assert 'op: "start"' in (PAGES / "teacher.js").read_text()


def test_the_games_and_their_settings_reach_a_teacher_once_per_connection(tmp_path):
    """The settings of every game are a few KB: the first lobby frame carries them, the
    lobby frames of later changes (every action of every table) do not."""
    server = R.ThreadServer(tmp_path / "r.sqlite3", pace=0).start()
    try:
        t = R.teacher(server)
        first = next(f for f in t.frames if f.get("op") == "lobby")
        assert {g["name"] for g in first["games"]} >= set(BUILTIN)
        assert all("options" in g for g in first["games"])
        code = R.create(t, game="costume_party", players=3, bots={"1": "easy", "2": "easy"})
        later = t.until(lambda f: f.get("op") == "lobby" and any(x["code"] == code for x in f["tables"]))
        assert "games" not in later and len(json.dumps(later)) < len(json.dumps(first["games"]))
        t.op({"op": "show", "code": code}, "state")  # looking at a table keeps what was sent
        t.drain(0.4)
        assert not [f for f in t.frames[t.frames.index(later) :] if "games" in f]
        t.close()
        again = R.teacher(server)  # a new connection (a reload) gets them again
        assert "games" in next(f for f in again.frames if f.get("op") == "lobby")
        again.close()
    finally:
        server.stop()

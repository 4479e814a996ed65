"""The class makes the data (issue 27, item 4): what a rooms table keeps beside the engine's
history for the lessons, over real WebSockets: the server wall time of every accepted action
(actions.csv's ``wall_ms``) and the students' own odds forecasts (forecasts.csv, with the
panel's figure and the outcome once known). A forecast is a note, never a move: bad input is
refused in words and changes nothing."""

from __future__ import annotations

import csv
import io
import json
import time
from fractions import Fraction

import pytest

import rooms_harness as R
from brady_widgets.costume_party.odds import identity_odds
from brady_widgets.rooms import cli
from brady_widgets.rooms.export import ACTION_COLUMNS, FORECAST_COLUMNS, export_csv, load, rows_of_rooms
from test_rooms_export import wait_over


def read(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


def opponent_and_best(client: R.Client, game, seat: int) -> tuple[int, int]:
    odds = identity_odds(game.view(seat))
    opp = min(odds)
    return opp, max(odds[opp], key=lambda f: (odds[opp][f], -f))


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """Ada plays Costume Party against two bots, forecasting at her turns, to the end."""
    db = tmp_path_factory.mktemp("classdata") / "rooms.sqlite3"
    server = R.ThreadServer(db, pace=0).start()
    server.rooms.forecast_gap = 0.0
    t = R.teacher(server)
    code = R.create(t, game="costume_party", players=3, seed=11, bots={"1": "random", "2": "random"})
    room = server.rooms.rooms[code]
    ada = R.join(server, code, "Ada")
    t0 = time.time()
    made = []
    while not room.table.game.over:
        ada.drain(0.02)
        if ada.legal() and not ada.state["view"].get("over"):
            if len(made) < 4:
                opp, fig = opponent_and_best(ada, room.table.game, 0)
                pct = [90, 12.5, 50, 0][len(made)]
                got = ada.op({"op": "forecast", "event": {"opponent": opp, "figure": fig}, "percent": pct}, "forecast")
                made.append((opp, fig, pct, len(room.table.game.history), got["kept"]))
            R.play_first(ada)
    elapsed_ms = (time.time() - t0) * 1000 + 1000
    wait_over(server, [code])
    yield server, db, ada, code, made, elapsed_ms
    ada.close()
    t.close()
    server.stop()


def test_every_accepted_action_of_a_person_has_its_wall_time(played):
    server, _, _, code, _, elapsed_ms = played
    room = server.rooms.rooms[code]
    g = room.table.game
    files = export_csv(rows_of_rooms(server.rooms))
    assert list(read(files["actions.csv"])[0]) == list(ACTION_COLUMNS)
    rows = [r for r in read(files["actions.csv"]) if r["code"] == code]
    ada = [r for r in rows if r["seat"] == "0"]
    assert ada and all(r["wall_ms"] != "" for r in ada)
    walls = [int(r["wall_ms"]) for r in rows if r["wall_ms"] != ""]
    assert walls == sorted(walls) and 0 <= walls[0] and walls[-1] <= elapsed_ms
    # only Ada's own steps are stamped: never a bot's answer or the die it set off
    for r in rows:
        assert (r["wall_ms"] != "") == (r["seat"] == "0"), r
        if r["wall_ms"] != "":
            assert room.walls[int(r["step"])] == int(r["wall_ms"])
    assert len(rows) == len(g.history)


def test_a_forecast_is_kept_with_the_panels_figure_and_its_outcome(played, tmp_path):
    server, db, _, code, made, _ = played
    assert len(made) == 4 and [m[4] for m in made] == [1, 2, 3, 4]
    room = server.rooms.rooms[code]
    g = room.table.game
    assert server.rooms.store.flush(10)
    out = tmp_path / "export"
    assert cli.main(["rooms", "export", "--db", str(db), "--out", str(out)]) == 0
    data = load(out)
    rows = data["forecasts"]
    assert list(rows[0]) == list(FORECAST_COLUMNS)
    assert [(json.loads(r["event"]), float(r["percent"]), int(r["step"])) for r in rows] == [
        ({"opponent": o, "figure": f}, float(p), step) for o, f, p, step, _ in made
    ]
    cls = type(g)
    for r in rows:
        ev = json.loads(r["event"])
        # the panel's figure is the seat's own odds at that step, recomputed from the replay
        before = cls.replay(g.players, g.seed, g.history[: int(r["step"])], **g.options)
        stated = identity_odds(before.view(0))[ev["opponent"]].get(ev["figure"], Fraction(0))
        assert float(r["panel"]) == pytest.approx(float(stated), abs=1e-4)
        assert r["outcome"] == str(int(g.secrets[ev["opponent"]] == ev["figure"]))
        assert r["name"] == "Ada" and r["seat"] == "0"


def test_bad_forecasts_are_refused_in_words_and_change_nothing(tmp_path):
    server = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game="costume_party", players=3, seed=3, bots={"1": "random", "2": "random"})
        room = server.rooms.rooms[code]
        ada = R.join(server, code, "Ada")
        watcher = R.Client(server)
        watcher.op({"op": "watch", "code": code}, "joined")
        before = (json.dumps(room.table.game.to_json()), list(room.forecasts))
        good = {"opponent": 1, "figure": 0}
        bad = [
            ({"event": good, "percent": 101}, "bad_forecast", "0 to 100"),
            ({"event": good, "percent": -1}, "bad_forecast", "0 to 100"),
            ({"event": good, "percent": "50"}, "bad_forecast", "0 to 100"),
            ({"event": good, "percent": True}, "bad_forecast", "0 to 100"),
            ({"event": good, "percent": None}, "bad_forecast", "0 to 100"),
            ({"event": good, "percent": 1e400}, "bad_forecast", "0 to 100"),
            ({"event": {"opponent": 0, "figure": 0}, "percent": 5}, "bad_forecast", "opponent still in"),
            ({"event": {"opponent": 1, "figure": 99}, "percent": 5}, "bad_forecast", "no figure with that number"),
            ({"event": {"opponent": 1}, "percent": 5}, "bad_forecast", "names an opponent and a figure"),
            ({"event": {"opponent": "1", "figure": 0}, "percent": 5}, "bad_forecast", "by their numbers"),
            ({"event": [1, 0], "percent": 5}, "bad_forecast", "names an opponent and a figure"),
        ]
        for frame, code_, words in bad:
            err = ada.op({"op": "forecast", **frame})
            assert err["code"] == code_ and words in err["message"], (frame, err)
            assert "{" not in err["message"] and "Traceback" not in err["message"]
        err = watcher.op({"op": "forecast", "event": good, "percent": 5})
        assert err["code"] == "not_joined" and "take a seat" in err["message"]
        assert (json.dumps(room.table.game.to_json()), room.forecasts) == before
        # rate limited: one every forecast_gap seconds (the server's default, 2 s)
        assert ada.op({"op": "forecast", "event": good, "percent": 5}, "forecast")["kept"] == 1
        err = ada.op({"op": "forecast", "event": good, "percent": 6})
        assert err["code"] == "rate_limited" and "wait a moment" in err["message"]
        assert [f["percent"] for f in room.forecasts] == [5.0]
        assert json.dumps(room.table.game.to_json()) == before[0]  # a forecast is never a move
        # kept across a restart: the table's settings carry it
        assert server.rooms.store.flush(10)
        watcher.close()
        ada.close()
        t.close()
    finally:
        server.stop()
    again = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0).start()
    try:
        assert [f["percent"] for f in again.rooms.rooms[code].forecasts] == [5.0]
    finally:
        again.stop()


def test_a_game_without_a_forecast_event_says_so(tmp_path):
    server = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game="brady_bunch", players=3, seed=3, bots={"1": "random", "2": "random"})
        ada = R.join(server, code, "Ada")
        err = ada.op({"op": "forecast", "event": {"x": 1}, "percent": 5})
        assert err["code"] == "bad_forecast" and "no odds to make a forecast about" in err["message"]
        assert server.rooms.rooms[code].forecasts == []
        ada.close()
        t.close()
    finally:
        server.stop()


def test_a_notebook_widget_keeps_its_players_forecast_and_refuses_bad_ones_in_words():
    """The same forecast from a notebook widget's view (``MSG.FORECAST``): kept in ``forecasts``
    with the panel's figure; a bad one shows a sentence in the widget and keeps nothing."""
    from brady_widgets import CostumePartyWidget
    from brady_widgets.testing.widgets import send

    w = CostumePartyWidget(players=3, seed=4, humans=[0], bot="random", pace=0)
    w.session.forecast_gap = 0.0
    before = json.dumps(w.game.to_json())
    for bad, words in [
        ({"event": {"opponent": 1, "figure": 0}, "percent": 150}, "0 to 100"),
        ({"event": {"opponent": 1, "figure": 0}, "percent": "x"}, "0 to 100"),
        ({"event": {"opponent": 0, "figure": 0}, "percent": 10}, "opponent still in"),
        ({"event": "who", "percent": 10}, "names an opponent"),
    ]:
        send(w, {"type": "forecast", **bad})
        assert w.error["code"] == "bad_forecast" and words in w.error["message"], (bad, w.error)
        assert w.error["message"][0].isupper() and w.error["message"].endswith(".")
    send(w, {"type": "forecast", "event": {"opponent": 1, "figure": 0}})  # a key missing
    assert w.error["code"] == "malformed_message"
    assert w.session.forecasts == [] and json.dumps(w.game.to_json()) == before
    send(w, {"type": "forecast", "event": {"opponent": 2, "figure": 3}, "percent": 40})
    odds = identity_odds(w.game.view(0))
    assert w.session.forecasts == [
        {
            "seat": 0,
            "step": 0,
            "percent": 40.0,
            "event": {"opponent": 2, "figure": 3, "panel": round(float(odds[2][3]), 4)},
        }
    ]
    assert json.dumps(w.game.to_json()) == before  # never a move
    w.session.forecast_gap = 60.0
    send(w, {"type": "forecast", "event": {"opponent": 2, "figure": 3}, "percent": 45})
    assert w.error["code"] == "bad_forecast" and "wait a moment" in w.error["message"]
    assert len(w.session.forecasts) == 1


def test_the_views_forecast_message_at_a_rooms_table_is_kept_and_a_bad_one_shows_in_words(tmp_path):
    """The view sends ``{"type": "forecast"}`` as any message (``op: msg``): the same check, the
    refusal in the seat's error banner, in words."""
    server = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game="costume_party", players=3, seed=8, bots={"1": "random", "2": "random"})
        room = server.rooms.rooms[code]
        ada = R.join(server, code, "Ada")
        ada.intent({"type": "forecast", "event": {"opponent": 1, "figure": 2}, "percent": 101})
        ada.wait(lambda: ada.state.get("error", {}).get("code") == "bad_forecast")
        assert "0 to 100" in ada.state["error"]["message"] and room.forecasts == []
        ada.intent({"type": "forecast", "event": {"opponent": 1, "figure": 2}, "percent": 25})
        ada.wait(lambda: len(room.forecasts) == 1)
        assert room.forecasts[0]["percent"] == 25.0 and room.forecasts[0]["event"]["figure"] == 2
        assert room.forecasts[0]["wall_ms"] >= 0
        ada.close()
        t.close()
    finally:
        server.stop()


def test_a_real_time_tables_person_steps_carry_both_the_game_time_and_the_wall_time(tmp_path):
    """Real time (the toy race): a person's stamped play has its game time (``at_ms``, from the
    history) and the server's wall time when it arrived (``wall_ms``); the clock's and the
    server's own steps have no wall time."""
    with R.toy_realtime_game() as name:
        server = R.ThreadServer(tmp_path / "rt.sqlite3", pace=0).start()
        try:
            t = R.teacher(server)
            code = R.create(t, game=name, players=2, seed=1, options={"flip_ms": 200, "window_ms": 600})
            a, b = R.join(server, code, "Ann"), R.join(server, code, "Bob")
            made = time.time()
            for d, view in ((a, "view-a"), (b, "view-b")):
                d.intent({"type": "clock", "id": view})
                d.intent({"type": "start"})
            a.wait(lambda: a.state["clock"].get("running") is True)
            room = server.rooms.rooms[code]
            a.wait(lambda: bool(a.legal()), timeout=10)
            a.intent({"type": "act", "action": a.legal()[0], "rev": a.state["rev"], "at": a.state["clock"]["now"]})
            deadline = time.time() + 10
            while not any(h.get("seat") == 0 for h in room.table.game.history) and time.time() < deadline:
                time.sleep(0.02)
            rows = [r for r in read(export_csv(rows_of_rooms(server.rooms))["actions.csv"]) if r["code"] == code]
            ann = [r for r in rows if r["seat"] == "0"]
            assert ann, rows
            for r in ann:
                assert r["at_ms"] != "" and r["wall_ms"] != ""
                assert 0 <= int(r["wall_ms"]) <= (time.time() - made) * 1000 + 2000
            assert all(r["wall_ms"] == "" for r in rows if r["seat"] in ("clock", "chance"))
            a.close()
            b.close()
            t.close()
        finally:
            server.stop()


def test_a_saved_row_whose_forecasts_are_damaged_is_skipped_not_trusted(tmp_path):
    """A row whose forecasts are not {seat, percent, event} objects is a damaged row: the server
    skips it on a restart (and says why) rather than exporting garbage."""
    from brady_widgets.rooms.server import _check_meta

    good = {"created": 1.0, "locked": False, "forecasts": [{"seat": 0, "percent": 5.0, "event": {}}]}
    _check_meta(good)
    for bad in ([1], [{"seat": "0", "percent": 5, "event": {}}], [{"seat": 0, "percent": 5, "event": [1]}], {}):
        with pytest.raises(ValueError, match="forecasts"):
            _check_meta({**good, "forecasts": bad})
    with pytest.raises(ValueError, match="wall times"):
        _check_meta({**good, "walls": {"x": 1}})


def test_a_forecasts_answer_counts_the_students_own_forecasts_only(tmp_path):
    """The answer to a forecast says how many of this student's forecasts the table keeps: it
    counted every seat's, so a student forecasting now and then watched another student's
    forecasts arrive (how many, and when: a rival studying the odds of a figure)."""
    server = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0).start()
    server.rooms.forecast_gap = 0.0
    try:
        t = R.teacher(server)
        code = R.create(t, game="costume_party", players=3, seed=3, bots={"2": "random"})
        room = server.rooms.rooms[code]
        ada, ben = R.join(server, code, "Ada"), R.join(server, code, "Ben")
        assert (ada.state["seat"], ben.state["seat"]) == (0, 1)
        for n in (1, 2, 3):
            got = ben.op({"op": "forecast", "event": {"opponent": 0, "figure": n}, "percent": 10 * n}, "forecast")
            assert got == {"op": "forecast", "kept": n}
        got = ada.op({"op": "forecast", "event": {"opponent": 1, "figure": 0}, "percent": 50}, "forecast")
        assert got == {"op": "forecast", "kept": 1}
        assert len(room.forecasts) == 4  # the table keeps every one, for the teacher's export
        for d in (ada, ben, t):
            d.close()
    finally:
        server.stop()

"""Real time waits for the class (issue 25 item 1, the split countdown of item 4) and timers
that never schedule in the past (issue 26 item 3), on the session alone (no browser).

* A real-time game's clock starts only with Start (the view's button: ``{"type": "start"}``;
  from Python ``run_bots`` or an ``act``), never with the view's ``clock`` message, which only
  measures the offset: a widget rendered and scrolled past plays nothing.
* A notebook widget pauses when none of its views is on screen (``{"type": "visible"}``):
  game time stands still, no bot acts, and Start (Resume) goes on from the same game time.
* Every field of the new messages is checked; a flood of them neither breaks nor speeds up
  the clock; a view's act before Start is refused in words and changes nothing.
* A room's table starts when the teacher starts it (``{"op": "start", "code"}``) or when
  every person's seat is taken and ready; a watcher cannot start it. A seat that changes
  hands (a bot, a late joiner, another device) loses its "I'm ready"; handing the last
  person not ready to a bot starts the table.
* The teacher's reveal (``teacher_view``) applies to the table the page shows, never to
  another table named by a crafted frame.
* The clock trait carries the game's own countdown (``end``) and the window's, labelled.
* ``Session._schedule`` on a loop with Pyodide's WebLoop rule (no timer in the past).
"""

from __future__ import annotations

import asyncio
import random
import time

import pytest

import rooms_harness as R
from brady_widgets import BrouhahaWidget
from brady_widgets.engine.registry import load_widget
from brady_widgets.protocol import MSG
from brady_widgets.session import VIEWS_KEPT, session_for
from brady_widgets.testing.widgets import send


@pytest.fixture(scope="module")
def toy_snap():
    with R.toy_realtime_game() as name:
        yield name


def snap_session(name: str, **kw):
    opts = {"players": 2, "seed": 3, "humans": [0], "bot": "reflex", "pace": 0, "flip_ms": 60, "window_ms": 80}
    return session_for(name, **{**opts, **kw})


class WebLoopRule(asyncio.SelectorEventLoop):
    """An asyncio loop with the rule of Pyodide's WebLoop: a timer in the past is an error
    (``call_at`` goes through ``call_later``, which refuses a negative delay)."""

    def call_later(self, delay, callback, *args, context=None):
        if delay < 0:
            raise ValueError("Can't schedule in the past")
        return super().call_at(self.time() + delay, callback, *args, context=context)

    def call_at(self, when, callback, *args, context=None):
        return self.call_later(when - self.time(), callback, *args, context=context)


def run(coro_fn, loop_class=asyncio.SelectorEventLoop):
    loop = loop_class()
    try:
        return loop.run_until_complete(coro_fn())
    finally:
        loop.close()


# ----------------------------------------------------------------- waiting for Start
def test_a_rendered_widget_waits_for_start_and_no_bot_acts(toy_snap):
    async def scenario():
        w = load_widget(toy_snap)(players=2, seed=3, humans=[], bot="reflex", flip_ms=60, window_ms=80, lag=20)
        assert w.clock["state"] == "waiting" and w.clock["running"] is False
        send(w, {"type": MSG.CLOCK, "id": "view-1"})  # the view rendered: it measures, nothing starts
        send(w, {"type": MSG.VISIBLE, "id": "view-1", "on": True})  # even on screen: Start is needed
        await asyncio.sleep(0.4)
        assert w.game.history == [] and w.now == 0 and w.clock["state"] == "waiting"
        assert w.clock["sync"] == "view-1" and w.error == {}
        send(w, {"type": MSG.START})
        assert w.clock["state"] == "running" and w.clock["running"] is True
        await asyncio.sleep(0.4)
        assert w.now >= 300 and len(w.game.history) > 3
        w.close()

    run(scenario)


def test_a_view_act_before_start_is_refused_in_words_and_changes_nothing():
    w = BrouhahaWidget(players=4, seed=2, pace=0)
    send(w, {"type": MSG.CLOCK, "id": "v"})
    before = w.game.to_json()
    legal = w.game.legal_actions(0)
    send(w, {"type": MSG.ACT, "action": legal[0], "rev": w.rev, "at": 0})
    assert w.error["code"] == "not_started" and "the Start button" in w.error["message"]
    assert w.game.to_json() == before and w.clock["state"] == "waiting" and w.now == 0


def test_python_still_starts_the_clock_run_bots_and_act():
    w = BrouhahaWidget(players=4, seed=2, pace=0)
    assert "waiting for Start" in w.text()  # the text view (a screen reader, a terminal) says it too
    w.run_bots()  # "let the bots play": the clock runs (virtual time here: no loop)
    assert w.clock["state"] == "running" and "waiting for Start" not in w.text()
    w.advance_time(3000)
    assert w.now == 3000
    w2 = BrouhahaWidget(players=4, seed=2, pace=0)
    w2.act(w2.game.legal_actions(0)[0])  # a lesson's act from Python starts it too
    assert w2.clock["state"] == "running"


def test_a_turn_based_game_is_unaffected():
    from brady_widgets import CostumePartyWidget

    w = CostumePartyWidget(players=4, seed=1, pace=0)
    state = (w.game.to_json(), w.clock, w.settings)
    send(w, {"type": MSG.START})
    send(w, {"type": MSG.VISIBLE, "id": "v", "on": False})
    assert (w.game.to_json(), w.clock, w.settings) == state and w.clock == {"realtime": False} and w.error == {}


# ----------------------------------------------------------------- pause and resume
def test_leaving_the_screen_pauses_and_start_resumes_with_no_jump(toy_snap):
    async def scenario():
        w = load_widget(toy_snap)(players=2, seed=3, humans=[], bot="reflex", flip_ms=60, window_ms=80, lag=20)
        send(w, {"type": MSG.CLOCK, "id": "a"})
        send(w, {"type": MSG.VISIBLE, "id": "a", "on": True})
        send(w, {"type": MSG.START})
        await asyncio.sleep(0.3)
        send(w, {"type": MSG.VISIBLE, "id": "b", "on": True})  # the widget shown a second time
        send(w, {"type": MSG.VISIBLE, "id": "a", "on": False})
        assert w.clock["state"] == "running"  # one view is still on screen
        send(w, {"type": MSG.VISIBLE, "id": "b", "on": False})
        assert w.clock["state"] == "paused" and w.clock["running"] is False
        assert "paused: press Resume" in w.text()
        paused_at, steps = w.now, len(w.game.history)
        assert paused_at >= 200
        await asyncio.sleep(0.4)
        assert w.now == paused_at and len(w.game.history) == steps and w.clock["now"] == round(paused_at, 3)
        send(w, {"type": MSG.VISIBLE, "id": "a", "on": True})  # back on screen: still paused
        await asyncio.sleep(0.1)
        assert w.clock["state"] == "paused" and w.now == paused_at
        before = w.game.to_json()
        send(w, {"type": MSG.ACT, "action": {"type": "slap"}, "rev": w.rev, "at": paused_at})
        assert w.error["code"] == "not_started" and "Resume" in w.error["message"] and w.game.to_json() == before
        send(w, {"type": MSG.START})  # Resume: game time goes on from where it stood
        assert w.clock["state"] == "running" and paused_at <= w.now < paused_at + 50
        await asyncio.sleep(0.3)
        assert paused_at + 200 <= w.now < paused_at + 1000 and len(w.game.history) > steps
        w.close()

    run(scenario)


def test_a_flood_of_visibility_messages_neither_breaks_nor_speeds_the_clock(toy_snap):
    async def scenario():
        w = load_widget(toy_snap)(players=2, seed=3, humans=[], bot="reflex", flip_ms=60, window_ms=80, lag=20)
        send(w, {"type": MSG.START})
        rng = random.Random(1)
        wall0, game0 = time.monotonic(), w.now
        for i in range(2000):
            send(w, {"type": MSG.VISIBLE, "id": f"x{rng.randrange(50)}", "on": bool(i % 2)})
            if i % 100 == 0:
                send(w, {"type": MSG.START})
                await asyncio.sleep(0)
        assert len(w.session._views_seen) <= VIEWS_KEPT
        assert w.now - game0 <= (time.monotonic() - wall0) * 1000 + 1
        assert w.error == {} or w.error["code"] != "internal_error"
        send(w, {"type": MSG.START})
        t0 = w.now
        await asyncio.sleep(0.3)
        assert 200 <= w.now - t0 < 1000  # it still runs, at the wall clock's pace
        w.close()

    run(scenario)


BAD_MESSAGES = [
    {"type": MSG.START, "now": True},
    {"type": MSG.VISIBLE, "id": "v"},
    {"type": MSG.VISIBLE, "on": True},
    {"type": MSG.VISIBLE, "id": "v", "on": "yes"},
    {"type": MSG.VISIBLE, "id": "v", "on": 1},
    {"type": MSG.VISIBLE, "id": 7, "on": True},
    {"type": MSG.VISIBLE, "id": "", "on": True},
    {"type": MSG.VISIBLE, "id": "v" * 65, "on": True},
    {"type": MSG.VISIBLE, "id": "v", "on": False, "extra": 1},
]


@pytest.mark.parametrize("msg", BAD_MESSAGES, ids=lambda m: repr(m)[:40])
def test_bad_start_and_visible_messages_are_typed_errors_and_change_nothing(msg):
    w = BrouhahaWidget(players=4, seed=2, pace=0)
    w.run_bots()
    before = (w.game.to_json(), w.clock["state"], dict(w.session._views_seen))
    send(w, msg)
    assert w.error["code"] == "malformed_message", w.error
    assert (w.game.to_json(), w.clock["state"], dict(w.session._views_seen)) == before


# ----------------------------------------------------------------- countdowns
def test_the_game_countdown_and_the_window_countdown_are_separate_and_labelled():
    w = BrouhahaWidget(players=4, seed=1, pace=0)
    w.run_bots()
    assert w.clock["end"] == 300_000 and w.clock["window"] is None and w.clock["label"] == ""
    labels = set()
    for _ in range(400):
        w.advance_time(250)
        c = w.clock
        if w.game.over:
            break
        assert c["end"] == 300_000  # the game's own time limit never jumps to a window's
        if c["window"] is not None:
            labels.add(c["label"])
            # (a window closes up to `lag` ms late: it waits for stamped slaps on their way)
            assert c["now"] - w.lag <= c["window"] < c["end"] and c["window"] == c["deadline"]
    assert labels & {"Slap", "Pass", "Cards shown", "Hunt"}, labels


def test_a_game_without_a_time_limit_shows_one_unlabelled_countdown(toy_snap):
    s = snap_session(toy_snap)
    s.run_bots()
    c = s._state()["clock"]
    assert c["end"] is None and c["window"] == c["deadline"] and c["label"] == ""


# ----------------------------------------------------------------- timers never in the past
def test_schedule_on_a_loop_that_refuses_the_past(toy_snap):
    async def scenario():
        loop = asyncio.get_running_loop()
        with pytest.raises(ValueError, match="past"):  # the rule holds on this loop
            loop.call_at(loop.time() - 1, lambda: None)
        s = snap_session(toy_snap)
        s.handle({"type": MSG.START})
        # the anchor 10 s back: every wake-up is long due, as on a machine busy for 10 s
        _, wall, at = s._anchor
        s._anchor = (loop, wall - 10.0, at)
        s._schedule(loop)  # call_at would be in the past here
        assert s._pending is not None
        time.sleep(0.2)  # the loop is busy: the timer falls due late
        for _ in range(20):
            await asyncio.sleep(0.02)
        assert len(s.game.history) > 3 and s.error == {}, s.error
        s.close()

    run(scenario, WebLoopRule)


# ----------------------------------------------------------------- rooms
def test_a_room_table_starts_when_everyone_is_ready_or_the_teacher_starts_it(toy_snap, tmp_path):
    server = R.ThreadServer(tmp_path / "rt.sqlite3", pace=0).start()
    try:
        t = R.teacher(server)
        opts = {"flip_ms": 150, "window_ms": 400}
        code = R.create(t, game=toy_snap, players=3, seed=1, bots={"2": "steady"}, options=opts)
        a, b = R.join(server, code, "Ann"), R.join(server, code, "Bob")
        room = server.rooms.rooms[code]
        a.intent({"type": "clock", "id": "view-a"})
        a.wait(lambda: a.state["clock"]["state"] == "table")
        before = room.table.game.to_json()
        a.act({"type": "slap"})
        assert a.until(lambda f: f.get("op") == "error")["code"] == "not_started"
        row = t.until(lambda f: f.get("op") == "lobby" and any(r["code"] == code for r in f["tables"]))
        assert next(r for r in row["tables"] if r["code"] == code)["clock"] == "table"  # the teacher sees it wait
        a.intent({"type": "start"})
        b.wait(lambda: b.state["clock"]["ready"] == [0])
        lobby = t.until(
            lambda f: f.get("op") == "lobby" and any(r["code"] == code and r["ready"] == [0] for r in f["tables"])
        )
        assert next(r for r in lobby["tables"] if r["code"] == code)["clock"] == "table"
        time.sleep(0.3)
        assert room.table.game.to_json() == before and room.table.clock_state == "table"
        w = R.Client(server)  # the projector: it may not start the table
        w.op({"op": "watch", "code": code}, "joined")
        w.intent({"type": "start"})
        assert w.until(lambda f: f.get("op") == "error")["code"] == "teacher_only"
        w.close()
        assert room.table.clock_state == "table" and room.started is False
        b.intent({"type": "start"})  # both people ready: the table starts
        a.wait(lambda: a.state["clock"]["state"] == "running")
        assert room.started is True
        # a second table: the teacher starts it though nobody pressed ready
        code2 = R.create(t, game=toy_snap, players=2, seed=2, bots={"1": "steady"}, options=opts)
        c = R.join(server, code2, "Cy")
        stranger = R.Client(server)
        stranger.op({"op": "join", "code": code2, "name": "Dee"}, "joined")
        err = stranger.op({"op": "start", "code": code2})
        assert err["code"] == "teacher_only"
        assert server.rooms.rooms[code2].table.clock_state == "table"
        bad = t.op({"op": "start", "code": "NOPE!"})
        assert bad["op"] == "error"
        t.send({"op": "start", "code": code2})
        c.wait(lambda: c.state["clock"]["state"] == "running")
        eventually_played = time.time() + 5
        while len(server.rooms.rooms[code2].table.game.history) < 2:
            assert time.time() < eventually_played, "the started table does not play"
            time.sleep(0.02)
        for d in (a, b, c, stranger, t):
            d.close()
    finally:
        server.stop()


# ----------------------------------------------------------------- ready marks change hands
def _lobby_row(t: R.Client, code: str, pred) -> dict:
    """The teacher's newest lobby row of table ``code`` once ``pred(row)`` holds."""
    frame = t.until(lambda f: f.get("op") == "lobby" and any(r["code"] == code and pred(r) for r in f["tables"]))
    return next(r for r in frame["tables"] if r["code"] == code)


def test_handing_the_last_seat_not_ready_to_a_bot_starts_the_table(toy_snap, tmp_path):
    """Ann is ready, Bob is not; the teacher hands Bob's seat to a bot: every person left
    is ready, so the table starts (it used to wait for the teacher)."""
    server = R.ThreadServer(tmp_path / "rt.sqlite3", pace=0).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game=toy_snap, players=3, seed=1, bots={"2": "steady"}, options={"flip_ms": 150})
        a, b = R.join(server, code, "Ann"), R.join(server, code, "Bob")
        room = server.rooms.rooms[code]
        a.intent({"type": "start"})
        a.wait(lambda: a.state["clock"]["ready"] == [0])
        assert room.table.clock_state == "table" and room.started is False
        t.send({"op": "bot", "code": code, "seat": 1})
        a.wait(lambda: a.state["clock"]["state"] == "running")
        assert room.started is True and room.table.ready == frozenset({0})
        assert _lobby_row(t, code, lambda r: r["clock"] == "running")["ready"] == [0]
        for d in (a, b, t):
            d.close()
    finally:
        server.stop()


def test_a_seat_that_changes_hands_loses_its_ready_mark(toy_snap, tmp_path):
    """A mark belongs to the person who pressed it: handed to a bot, to a late joiner, or
    opened on another device, the seat is not ready any more; a table of bots only waits
    for the teacher."""
    server = R.ThreadServer(tmp_path / "rt.sqlite3", pace=0).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game=toy_snap, players=3, seed=1, bots={"2": "steady"}, options={"flip_ms": 150})
        a, b = R.join(server, code, "Ann"), R.join(server, code, "Bob")
        cy = R.join(server, code, "Cy")  # the seats are taken: Cy watches
        room = server.rooms.rooms[code]
        assert list(room.watchers.values()) == ["Cy"]
        # a late joiner seated in Ann's seat: Ann's mark is not Cy's
        a.intent({"type": "start"})
        b.wait(lambda: b.state["clock"]["ready"] == [0])
        wid = _lobby_row(t, code, lambda r: r["watchers"])["watchers"][0]["id"]
        t.send({"op": "seat", "code": code, "watcher": wid, "seat": 0})
        b.wait(lambda: b.state["clock"]["ready"] == [])
        assert room.seat_names[0] == "Cy" and room.table.ready == frozenset()
        b.intent({"type": "start"})  # Bob is ready, Cy is not: the table waits
        b.wait(lambda: b.state["clock"]["ready"] == [1])
        time.sleep(0.2)
        assert room.table.clock_state == "table" and room.started is False
        # Bob's seat opened on another device (a take-over): that device presses it again
        b2 = R.Client(server)
        b2.op({"op": "resume", "token": b.token}, "joined")
        b2.wait(lambda: b2.state.get("clock", {}).get("ready") == [])
        assert room.table.ready == frozenset() and room.moves.get(1) == 1
        # every person handed to a bot: no one is left to be ready, the teacher starts it
        t.send({"op": "bot", "code": code, "seat": 0})
        t.send({"op": "bot", "code": code, "seat": 1})
        _lobby_row(t, code, lambda r: all(s["kind"] == "bot" for s in r["seats"]))
        time.sleep(0.2)
        assert room.table.clock_state == "table" and room.started is False and room.table.game.history == []
        t.send({"op": "start", "code": code})
        _lobby_row(t, code, lambda r: r["clock"] == "running")
        for d in (a, b, b2, cy, t):
            d.close()
    finally:
        server.stop()


def test_the_teachers_reveal_applies_only_to_the_table_the_page_shows(toy_snap, tmp_path):
    """``teacher_view`` checks the code it is given: a crafted frame naming table B while the
    page shows table A is refused and reveals nothing; the reveal goes to the shown table."""
    server = R.ThreadServer(tmp_path / "rt.sqlite3", pace=0).start()
    try:
        t = R.teacher(server)
        code_a = R.create(t, game=toy_snap, players=2, seed=1, bots={"1": "steady"})
        code_b = R.create(t, game=toy_snap, players=2, seed=2, bots={"1": "steady"})
        teacher = next(iter(server.rooms.teachers))
        err = t.op({"op": "teacher_view", "code": code_a, "reveal": True})  # no table shown yet
        assert err["code"] == "bad_request" and teacher.screen.reveal is False
        t.send({"op": "show", "code": code_a})
        t.until(lambda f: f.get("op") == "state")
        err = t.op({"op": "teacher_view", "code": code_b, "reveal": True})
        assert err["code"] == "bad_request" and code_b in err["message"]
        assert teacher.code == code_a and teacher.screen.reveal is False  # neither A nor B revealed
        assert teacher not in server.rooms.rooms[code_b].devices
        t.send({"op": "teacher_view", "code": code_a, "reveal": True})
        t.until(lambda f: f.get("op") == "state" and t.state.get("settings", {}).get("reveal") is True)
        assert teacher.code == code_a and teacher.screen.reveal is True
        t.send({"op": "show", "code": code_b})  # showing B starts unrevealed; B's reveal then goes to B
        t.until(lambda f: f.get("op") == "state" and t.state.get("settings", {}).get("reveal") is False)
        t.send({"op": "teacher_view", "code": code_b, "reveal": True})
        t.until(lambda f: f.get("op") == "state" and t.state.get("settings", {}).get("reveal") is True)
        assert teacher.code == code_b and teacher.screen.reveal is True
        t.close()
    finally:
        server.stop()

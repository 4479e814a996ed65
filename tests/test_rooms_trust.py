"""Class play a teacher can trust (the run state, frame order, one live connection per seat,
bad input): a refused action changes nothing, the clock included, and a restarted real-time
table plays on once a device reconnects; under concurrent acts, pages and replies no device's
screen ever goes back in time or shows buttons its view does not allow; a second device on a
seat's token takes the seat over; binary frames, huge numbers and floods get typed answers and a
flood is closed with a stated reason. Real WebSockets (uvicorn on 127.0.0.1), widgets on the
kernel's kind of loop (asyncio)."""

from __future__ import annotations

import asyncio
import hashlib
import json
import random
import threading
import time

import pytest

import rooms_harness as R
from brady_widgets.engine.errors import IllegalAction
from brady_widgets.engine.registry import game_entry, load_game, names
from brady_widgets.rooms.server import CLOSE_FLOOD, CLOSE_TAKEN_OVER, MAX_STRIKES
from brady_widgets.session import MSG, session_for
from brady_widgets.testing.widgets import send


@pytest.fixture(scope="module")
def toy_snap():
    with R.toy_realtime_game() as name:
        yield name


def realtime_games(extra: str) -> list[str]:
    return [g for g in [*names(), extra] if load_game(g).realtime and game_entry(g).widget is not None]


def eventually(cond, timeout: float = 10.0, what: str = "condition") -> None:
    deadline = time.time() + timeout
    while not cond():
        assert time.time() < deadline, f"{what}: not met in {timeout}s"
        time.sleep(0.02)


def refused_act(t) -> dict:
    """An action no seat may take (an unknown type): the engine refuses it."""
    return {"type": "no_such_action"}


# ------------------------------------------------------------ item 2: run state
def test_a_refused_real_time_act_before_the_clock_starts_changes_nothing_and_the_table_plays_on(toy_snap):
    """The froze-for-good bug: a refused act before the first clock request set the table
    running, so the clock request did not start the clock (and "running" hid the button)."""
    games = realtime_games(toy_snap)
    assert len(games) >= 3  # Brouhaha, Big Brother and the toy race at least

    async def scenario(game: str) -> None:
        cls = load_game(game)
        t = session_for(game, players=cls.player_counts.start, seed=5, humans=[0], pace=0.05)
        before = t.game.to_json()
        with pytest.raises(IllegalAction):
            t.act(refused_act(t), at=0)
        assert t.game.to_json() == before, game
        assert t._state()["clock"]["running"] is False, game  # still waiting for a view
        assert t._state()["settings"]["paused"] is True, game
        t.handle({"type": MSG.CLOCK, "id": "view-1"})
        assert t._state()["clock"]["running"] is False, game  # the clock request only measures
        t.handle({"type": MSG.START})
        assert t._state()["clock"]["running"] is True, game
        t0 = t.now
        await asyncio.sleep(0.3)
        assert t.now - t0 >= 200, f"{game}: the clock does not run ({t0} -> {t.now})"
        waits_for_a_person = any(s in t.humans for s in t.game.to_act)
        assert t._pending is not None or t.game.over or waits_for_a_person, (
            f"{game}: no timer: nothing will ever happen"
        )
        t.close()

    for game in games:
        asyncio.run(scenario(game))


def test_the_toy_race_plays_on_after_a_refused_act(toy_snap):
    async def scenario() -> None:
        t = session_for(toy_snap, players=2, seed=3, humans=[0], bot="reflex", pace=0, flip_ms=60, window_ms=80, lag=20)
        with pytest.raises(IllegalAction):
            t.act({"type": "slap"}, at=0)  # no window is open
        await asyncio.sleep(0.2)
        assert t.game.history == []  # nothing ran: the clock has not started
        t.handle({"type": MSG.CLOCK, "id": "v"})
        t.handle({"type": MSG.START})
        await asyncio.sleep(0.5)
        assert len(t.game.history) > 3
        t.close()

    asyncio.run(scenario())


def test_a_refused_party_slap_changes_nothing_and_the_clock_still_starts():
    """Brouhaha's one-keyboard mode has its own act: the same rule."""
    from brady_widgets import BrouhahaWidget

    async def scenario() -> None:
        w = BrouhahaWidget(players=4, seed=2, party={0: "q", 1: "p"})
        before = w.game.to_json()
        send(w, {"type": MSG.ACT, "action": {"type": "slap", "seat": 0}, "rev": w.rev, "at": 0})
        assert w.error["code"] == "not_started" and w.game.to_json() == before  # before Start: refused
        assert w.clock["running"] is False
        send(w, {"type": MSG.CLOCK, "id": "v"})
        send(w, {"type": MSG.START})
        t0 = w.now
        await asyncio.sleep(0.3)
        assert w.clock["running"] is True and w.now - t0 >= 200
        w.close()

    asyncio.run(scenario())


def test_a_400_digit_stamp_is_a_typed_malformed_action_and_changes_nothing(toy_snap):
    from brady_widgets import BrouhahaWidget

    for w in (BrouhahaWidget(players=4, seed=2, pace=0), session_for(toy_snap, players=2, seed=1, humans=[0], pace=0)):
        w.handle({"type": MSG.CLOCK, "id": "v"}) if not hasattr(w, "comm") else send(w, {"type": MSG.CLOCK, "id": "v"})
        before = w.game.to_json()
        legal = w.game.legal_actions(0)
        for at in (10**400, -(10**400), 1e300):
            msg = {"type": MSG.ACT, "action": legal[0] if legal else {"type": "slap"}, "rev": w._rev(), "at": at}
            if hasattr(w, "comm"):
                send(w, msg)
                assert w.error["code"] == "malformed_action", w.error
            else:
                with pytest.raises(IllegalAction) as info:
                    w.handle(msg)
                assert info.value.code == "malformed_action"
            assert w.game.to_json() == before


def test_after_a_restart_a_real_time_table_plays_on_once_a_device_reconnects(toy_snap, tmp_path):
    db = tmp_path / "rt.sqlite3"
    server = R.ThreadServer(db, pace=0).start()
    try:
        t = R.teacher(server)
        code = R.create(
            t, game=toy_snap, players=2, seed=1, bots={"1": "steady"}, options={"flip_ms": 150, "window_ms": 400}
        )
        a = R.join(server, code, "Ann")
        a.act({"type": "slap"})  # refused: no window (and before any clock request)
        assert a.until(lambda f: f.get("op") == "error")["code"] == "not_started"
        a.intent({"type": "clock", "id": "view-a"})
        a.intent({"type": "start"})  # Ann, the one person at the table, is ready: it starts
        room = server.rooms.rooms[code]
        eventually(lambda: len(room.table.game.history) >= 2, what="the table plays after a refused act")
        token = a.token
        a.close()
    finally:
        server.stop()
    server = R.ThreadServer(db, pace=0, port=server.port).start()
    try:
        room = server.rooms.rooms[code]
        n = len(room.table.game.history)
        time.sleep(0.4)
        assert len(room.table.game.history) == n  # nobody is looking: the clock waits
        a = R.Client(server)
        a.op({"op": "resume", "token": token}, "joined")
        a.intent({"type": "clock", "id": "view-a2"})  # what a page does on every (re)connect
        a.wait(lambda: a.state.get("clock", {}).get("running") is True)
        eventually(
            lambda: len(room.table.game.history) > n or room.table.game.over, what="the table plays on after a restart"
        )
    finally:
        server.stop()


# ------------------------------------------------------------ item 3: frames in order
class Watcher:
    """A device's screen as its page applies frames, checked after every frame: it never
    goes back in time, and its buttons always match its view."""

    def __init__(self, client: R.Client, seat: int):
        self.c, self.seat = client, seat
        self.length = -1
        self.states = 0
        self.problems: list[str] = []

    def check(self) -> None:
        s = self.c.state
        if "replay" not in s or "view" not in s:
            return
        self.states += 1
        length = s["replay"]["length"]
        if length < self.length:
            self.problems.append(f"seat {self.seat}: back in time {self.length} -> {length}")
        self.length = max(self.length, length)
        view, legal = s["view"], self.c.legal()
        if legal and self.seat not in (view.get("to_act") or []):
            self.problems.append(f"seat {self.seat}: buttons {legal[:1]} but to_act {view.get('to_act')}")
        if not legal and self.seat in (view.get("to_act") or []) and not view.get("over") and not s.get("error"):
            self.problems.append(f"seat {self.seat}: its turn ({view.get('to_act')}) but no buttons")


def test_under_concurrent_acts_pages_and_replies_no_screen_goes_back_in_time(tmp_path):
    """Six people act as fast as their frames let them (simultaneous card plays), page the log
    and send refused acts, all at once; every frame each device receives is applied as the page
    would and checked."""
    server = R.ThreadServer(tmp_path / "order.sqlite3", pace=0, msgs_per_second=400, burst=400).start()
    try:
        t = R.teacher(server)
        players = 6
        code = R.create(t, game="brady_bunch", players=players, seed=8)
        devices = [R.join(server, code, f"P{s}") for s in range(players)]
        watchers = [Watcher(d, d.state["seat"]) for d in devices]
        stop = time.time() + 6.0
        errors: list[BaseException] = []

        def play(w: Watcher, rng: random.Random) -> None:
            c = w.c
            try:
                while time.time() < stop and not c.state.get("view", {}).get("over"):
                    f = c.recv(0.01)
                    if f is not None and f.get("op") == "state":
                        w.check()
                    legal = c.legal()
                    r = rng.random()
                    if legal and r < 0.5:
                        c.act(rng.choice(legal))
                    elif r < 0.6:
                        c.intent({"type": "page", "list": "log", "before": rng.randrange(0, 40)})
                    elif r < 0.65:
                        c.act({"type": "no_such_action"})  # refused: an error reply
                while (f := c.recv(0.2)) is not None:
                    if f.get("op") == "state":
                        w.check()
            except BaseException as exc:  # noqa: BLE001 -- kept, and reported by the main thread
                errors.append(exc)

        threads = [threading.Thread(target=play, args=(w, random.Random(i))) for i, w in enumerate(watchers)]
        for th in threads:
            th.start()
        for th in threads:
            th.join(30)
        assert not errors, errors
        room = server.rooms.rooms[code]
        # the last frames may still be on their way on a loaded machine (a device stops reading
        # after 0.2 s of quiet): the devices read on until one shows the table's last action,
        # or 10 s pass
        deadline = time.time() + 10
        while max(w.length for w in watchers) != room.table._n_actions() and time.time() < deadline:
            for w in watchers:
                while (f := w.c.recv(0.05)) is not None:
                    if f.get("op") == "state":
                        w.check()
        problems = [p for w in watchers for p in w.problems]
        assert not problems, problems[:5]
        assert sum(w.states for w in watchers) > 300  # the stress did happen
        assert max(w.length for w in watchers) == room.table._n_actions()
    finally:
        server.stop()


# ------------------------------------------------------------ item 8: one connection per seat
def test_a_second_device_on_a_seat_token_takes_the_seat_over_and_the_first_is_told(tmp_path):
    server = R.ThreadServer(tmp_path / "move.sqlite3", pace=0).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game="costume_party", players=2, seed=4)
        a = R.join(server, code, "Ann")
        R.join(server, code, "Bob")
        phone = R.Client(server)
        phone.op({"op": "resume", "token": a.token}, "joined")
        phone.until(lambda f: f.get("op") == "state")
        moved = a.until(lambda f: f.get("op") == "taken_over")
        assert "another device" in moved["message"] and "{" not in moved["message"]
        a.wait(lambda: a.closed is not None)
        assert a.closed[0] == CLOSE_TAKEN_OVER
        room = server.rooms.rooms[code]
        assert [d for d in room.devices if d.role == "seat" and d.seat == 0] and len(
            [d for d in room.devices if d.seat == 0]
        ) == 1
        # the teacher's page shows the move
        lobby = t.until(
            lambda f: f.get("op") == "lobby" and any(s.get("moves") for tb in f["tables"] for s in tb["seats"])
        )
        seat0 = next(s for tb in lobby["tables"] if tb["code"] == code for s in tb["seats"] if s["seat"] == 0)
        assert seat0["moves"] == 1 and seat0["online"] is True
        # the new device plays the seat
        if phone.state["view"]["to_act"] == [0]:
            n = len(room.table.game.history)
            phone.act(phone.legal()[0])
            eventually(lambda: len(room.table.game.history) > n)
    finally:
        server.stop()


# ------------------------------------------------------------ item 10: bad input
def test_binary_frames_huge_numbers_and_floods_get_typed_answers(tmp_path):
    server = R.ThreadServer(tmp_path / "bad.sqlite3", pace=0, msgs_per_second=200, burst=200).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game="costume_party", players=2, seed=4)
        a = R.join(server, code, "Ann")
        room = server.rooms.rooms[code]
        before = room.table.game.to_json()
        a.ws.send(b"\x00\x01binary")
        frame = a.until(lambda f: f.get("op") == "error")
        assert frame["code"] == "malformed_message" and "binary" in frame["message"]
        huge = 10**400
        a.seq = 10
        cases = [
            {
                "op": "msg",
                "seq": 11,
                "msg": {"type": "act", "action": {"type": "roll"}, "rev": a.state["rev"], "at": huge},
            },
            {"op": "msg", "seq": 12, "msg": {"type": "act", "action": {"type": "roll"}, "rev": huge}},
            {"op": "msg", "seq": 13, "msg": {"type": "replay", "step": huge}},
            {"op": "msg", "seq": 14, "msg": {"type": "page", "list": "log", "before": huge}},
            {
                "op": "msg",
                "seq": 15,
                "msg": {"type": "act", "action": {"type": "move", "figure": huge, "to": "red"}, "rev": a.state["rev"]},
            },
            {"op": "msg", "seq": huge, "msg": {"type": "clear_error"}},
        ]
        a.send(json.dumps(cases[0]))  # the 400-digit stamp: typed, and the view's own error trait says so
        assert a.until(lambda f: f.get("op") == "error")["code"] == "malformed_action"
        a.wait(lambda: (a.state.get("error") or {}).get("code") == "malformed_action")
        for frame in cases[1:]:
            a.send(json.dumps(frame))
            time.sleep(0.02)
        got = a.drain(0.4)
        assert not [f for f in got if f.get("op") == "error" and f["code"] == "internal_error"], got
        assert room.table.game.to_json() == before
        # the teacher's side: huge numbers in a table description, seats and options
        for table in (
            {"game": "costume_party", "players": huge},
            {"game": "costume_party", "players": 3, "seed": huge},
            {"game": "costume_party", "players": 3, "bots": {str(huge): "random"}},
            {"game": "brady_bunch", "players": 5, "options": {"max_questions": huge}},
            {
                "game": "brouhaha",
                "players": 4,
                "options": {name: huge for name in load_game("brouhaha").default_options},
            },
            {
                "game": "big_brother",
                "players": 4,
                "options": {name: -huge for name in load_game("big_brother").default_options},
            },
        ):
            t0 = time.time()
            reply = t.op({"op": "create", "table": table}, "error")
            assert reply["code"] == "bad_request" and time.time() - t0 < 2, (table, reply)
        for frame in (
            {"op": "bot", "code": code, "seat": huge},
            {"op": "seat", "code": code, "seat": -huge, "watcher": "abcdefghij"},
        ):
            assert t.op(frame)["code"] in {"malformed_message", "bad_request"}
        # a flood of frames no page sends: typed errors, then closed with a stated reason
        flood = R.Client(server)
        for _i in range(MAX_STRIKES * 3):
            try:
                flood.send("not json")
            except Exception:  # noqa: BLE001 -- closed under our feet: that is the point
                break
        flood.wait(lambda: flood.closed is not None, timeout=10)
        assert flood.closed[0] == CLOSE_FLOOD and flood.closed[1]
        closing = [f for f in flood.frames if f.get("op") == "error"]
        assert closing[0]["code"] == "malformed_message" and "closed" in closing[-1]["message"]
        assert len(closing) <= MAX_STRIKES + 2  # not one error frame per flooded frame
        # mashing a game key is not a flood: the game's refusals never close a connection
        a.seq = huge  # the last case above moved this device's sequence on
        for _ in range(MAX_STRIKES + 10):
            a.act({"type": "kill", "figure": 0})
        a.drain(0.3)
        assert a.closed is None
        assert room.table.game.to_json() == before
    finally:
        server.stop()


def test_a_remote_seat_whose_seat_moves_stops_and_does_not_take_it_back(tmp_path):
    from brady_widgets.rooms.remote import RemoteSeat

    server = R.ThreadServer(tmp_path / "remote.sqlite3", pace=0).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game="costume_party", players=2, seed=3, bots={"1": "easy"})
        w = RemoteSeat(server.url, code=code, name="Nora")
        try:
            other = R.Client(server)
            other.op({"op": "resume", "token": w.token}, "joined")
            eventually(lambda: w.status == "moved", what="the notebook's seat is told it moved")
            assert w.errors[-1]["code"] == "taken_over" and "another device" in w.errors[-1]["message"]
            time.sleep(1.0)  # it would reconnect within 0.25-0.5 s if it tried
            assert not [f for f in other.drain(0.2) if f.get("op") == "taken_over"] and other.closed is None
        finally:
            w.close()
    finally:
        server.stop()


def test_a_held_replay_key_is_not_a_flood_but_a_flood_of_valid_frames_is_closed(tmp_path):
    """Holding an arrow key on the replay (40 steps a second for 4 s) earns typed refusals
    ("slow down") but never closes the connection; 3,000 valid frames as fast as a script can
    send them are closed, with a few rate_limited error frames, not one per frame."""
    server = R.ThreadServer(tmp_path / "held.sqlite3", pace=0).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game="costume_party", players=2, seed=6, bots={"0": "random", "1": "random"})
        room = server.rooms.rooms[code]
        eventually(lambda: room.table.game.over, what="the bots finish the game")
        w = R.Client(server)
        w.op({"op": "watch", "code": code}, "joined")
        w.wait(lambda: w.state.get("replay", {}).get("active") is True)
        length = w.state["replay"]["length"]
        t0 = time.time()
        for i in range(160):
            w.intent({"type": "replay", "step": i % (length + 1)})
            while time.time() < t0 + (i + 1) / 40:
                w.recv(0.005)
        w.drain(0.3)
        refused = [f for f in w.frames if f.get("op") == "error"]
        assert refused and all(f["code"] == "rate_limited" for f in refused)
        assert w.closed is None, w.closed
        flood = R.Client(server)
        flood.op({"op": "watch", "code": code}, "joined")
        for i in range(3000):
            try:
                flood.send({"op": "msg", "seq": i + 1, "msg": {"type": "clear_error"}})
            except Exception:  # noqa: BLE001 -- closed under our feet
                break
        flood.wait(lambda: flood.closed is not None, timeout=10)
        assert flood.closed[0] == CLOSE_FLOOD
        errors = [f for f in flood.frames if f.get("op") == "error"]
        assert 1 <= len(errors) <= 20, len(errors)
    finally:
        server.stop()


def test_seating_a_watcher_open_on_several_devices_leaves_one_live_connection_on_the_seat(tmp_path):
    """A watcher's token may be open on several devices (watching is harmless); when the
    teacher seats that watcher, the newest connection gets the seat and the others are told
    it moved, as with a second device on a seat's token."""
    server = R.ThreadServer(tmp_path / "seat.sqlite3", pace=0).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game="costume_party", players=2, seed=4)
        a = R.join(server, code, "Ann")
        R.join(server, code, "Bob")
        late = R.join(server, code, "Cy")  # the table is full: Cy watches
        assert late.frames[0]["role"] == "watch"
        twins = []
        for _ in range(2):
            c = R.Client(server)
            c.op({"op": "resume", "token": late.token}, "joined")
            twins.append(c)
        room = server.rooms.rooms[code]
        wid = next(h for h in room.watchers)[:10]
        t.send({"op": "seat", "code": code, "seat": 0, "watcher": wid})
        h = hashlib.sha256(late.token.encode()).hexdigest()
        eventually(lambda: room.seats.get(0) == h, what="the watcher is seated")
        eventually(
            lambda: (
                len([d for d in room.devices if d.role == "seat" and d.seat == 0]) == 1
                and not [d for d in room.devices if d.token_hash == h and d.role != "seat"]
            ),
            what="one live connection on the seat",
        )
        live = next(d for d in room.devices if d.role == "seat" and d.seat == 0)
        holders = [late, *twins]
        for c in holders[:-1]:  # the older connections are told, and closed
            c.until(lambda f: f.get("op") == "taken_over")
            c.wait(lambda c=c: c.closed is not None)
            assert c.closed[0] == CLOSE_TAKEN_OVER
        assert holders[-1].closed is None and live.token_hash == room.seats[0]
        assert room.moves[0] == 2
        a.drain(0.1)
    finally:
        server.stop()


def test_a_device_that_reads_nothing_is_disconnected_with_bounded_memory():
    """Frames wait in a device's queue while its socket is slow; a device that reads none of
    them (MAX_QUEUED waiting) is dropped: what waits is discarded and the close goes next."""
    from brady_widgets.rooms.server import MAX_QUEUED, Device, Rooms

    class Stuck:  # a socket whose every send blocks: nobody reads at the other end
        def __init__(self):
            self.closed_with = None
            self.never = asyncio.Event()

        async def send_text(self, text):
            await self.never.wait()

        async def close(self, code, reason):
            self.closed_with = (code, reason)

    async def scenario():
        rooms = Rooms.__new__(Rooms)  # post() and close() need no store
        ws = Stuck()
        d = Device(ws)
        for i in range(MAX_QUEUED + 50):
            rooms.post(d, {"op": "state", "state": {"n": i}})
        assert d.closing and d.outbox.qsize() == 1  # only the close waits now
        d.writer.cancel()

    asyncio.run(scenario())


def test_a_locked_real_time_table_stands_still_until_it_is_unlocked(tmp_path):
    """The teacher's Lock "pauses a table (no one may act)": on a real-time table the clock ran
    on, the bots played and the windows closed while the students were refused "the teacher has
    paused this table", and a student's Resume restarted the clock. Now a lock pauses the clock
    (nothing is due, no bot acts), a student's Start or clock request does not restart it, and
    Unlock resumes at the very game time the lock stopped."""
    server = R.ThreadServer(tmp_path / "lock.sqlite3", pace=0.05).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game="brouhaha", players=4, seed=3, bots={"1": "easy", "2": "easy", "3": "easy"})
        ana = R.join(server, code, "Ana")
        room = server.rooms.rooms[code]
        table, g = room.table, room.table.game
        t.send({"op": "start", "code": code})
        eventually(lambda: table.clock_state == "running" and table.now > 300, what="the table running")
        t.send({"op": "lock", "code": code, "on": True})
        eventually(lambda: room.locked and table.clock_state == "paused", what="the locked table paused")
        ana.wait(lambda: ana.state["clock"]["state"] == "paused")
        history, clock = len(g.history), g.clock
        ana.intent({"type": "start"})  # the view's Resume
        assert ana.until(lambda f: f.get("op") == "error")["code"] == "table_locked"
        ana.intent({"type": "clock", "id": "view-2"})  # a reconnecting view asks for the time
        time.sleep(1.5)
        assert (len(g.history), g.clock, table.clock_state) == (history, clock, "paused")
        assert not g.over
        t.send({"op": "lock", "code": code, "on": False})
        eventually(lambda: table.clock_state == "running", what="the unlocked table running")
        eventually(lambda: g.clock > clock or len(g.history) > history, what="the game going on")
        ana.close()
        t.close()
    finally:
        server.stop()


def test_a_locked_turn_based_table_stands_still_until_it_is_unlocked(tmp_path):
    """Lock "pauses a table (no one may act)": on a turn-based table the bots played on
    after a Lock, up to a person's turn, while the students were refused. Now a Lock stops
    them where they are (no step while locked, whatever asks them to: a student's "Let the
    bots play" is the teacher's only, and no button offers it), and Unlock lets them go on."""
    server = R.ThreadServer(tmp_path / "lock_tb.sqlite3", pace=0.15).start()
    try:
        t = R.teacher(server)
        bots = {str(s): "easy" for s in range(1, 5)}
        code = R.create(t, game="brady_bunch", players=5, seed=7, bots=bots)
        ana = R.join(server, code, "Ana")
        room = server.rooms.rooms[code]
        g = room.table.game
        for _ in range(100):  # Ana plays until the Lock lands while a bot is to play
            ana.wait(lambda: g.over or (bool(ana.legal()) and 0 in g.to_act) or (bool(g.to_act) and 0 not in g.to_act))
            assert not g.over
            if 0 in g.to_act:
                rev = ana.state["rev"]
                ana.act(ana.legal()[0])
                ana.wait(lambda rev=rev: ana.state["rev"] != rev)
                continue
            t.send({"op": "lock", "code": code, "on": True})
            eventually(lambda: room.locked, what="the lock")
            if g.to_act and 0 not in g.to_act:
                break
            t.send({"op": "lock", "code": code, "on": False})
            eventually(lambda: not room.locked, what="the unlock")
        assert g.to_act and 0 not in g.to_act, "the lock never landed on a bot's turn"
        history = len(g.history)
        time.sleep(1.0)  # six bot paces
        assert len(g.history) == history and not g.over
        ana.wait(lambda: ana.state["settings"]["paused"] is False)  # no "Let the bots play" button
        ana.intent({"type": "run_bots"})
        assert ana.until(lambda f: f.get("op") == "error")["code"] == "teacher_only"
        time.sleep(0.3)
        assert len(g.history) == history
        t.send({"op": "lock", "code": code, "on": False})
        eventually(lambda: len(g.history) > history or g.over, what="the bots playing on")
        ana.close()
        t.close()
    finally:
        server.stop()

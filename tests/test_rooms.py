"""The rooms server over real WebSockets (uvicorn on 127.0.0.1, a free port; no browser):
each device receives only its seat, forged and malformed frames change nothing and get typed
errors, a reconnect gets a full snapshot, a restart resumes every table from SQLite, late
joiners watch until seated, the teacher hands a seat to a bot."""

from __future__ import annotations

import json
import re
import time

import pytest

import rooms_harness as R
from brady_widgets.costume_party.content import ROOMS
from brady_widgets.protocol import MSG
from brady_widgets.rooms.server import CODE_LENGTH, ROOM_ERROR_CODES
from brady_widgets.widget import WIDGET_ERROR_CODES
from rooms_harness import eventually

ENGINE_CODES = {"not_your_turn", "illegal_action", "malformed_action", "game_over", "unknown_action"}


def cp_deal(secrets: list[int]) -> dict:
    """Seat s is figure secrets[s]; figure f stands in room f % 5; the deck is the rest, in order."""
    return {
        "secrets": list(secrets),
        "deck": [f for f in range(20) if f not in secrets],
        "rooms": [ROOMS[f % 5] for f in range(20)],
    }


@pytest.fixture
def server(tmp_path):
    s = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0).start()
    yield s
    s.stop()


def scripted(legal: list[dict]) -> dict:
    """Draw when allowed, else the first legal action: public actions that do not depend on
    the actor's secret until a kill."""
    return next((a for a in legal if a["type"] == "draw"), legal[0])


def play_until_kill(devices: list[R.Client], watcher: R.Client, teacher: R.Client, max_steps: int = 400) -> list:
    """The scripted game on one table, step by step; returns per step what seat 0's device,
    the projector and the teacher's reveal hold (each after every device has the step)."""
    steps = []
    for _ in range(max_steps):
        view = devices[0].state["view"]
        if view.get("over") or view.get("killed"):
            break
        actor = view["to_act"][0]
        dev = devices[actor]
        # the actor's own screen must already show the step every other screen shows
        n = devices[0].state["replay"]["length"]
        dev.wait(lambda: dev.state["replay"]["length"] == n and bool(dev.legal()))
        dev.act(scripted(dev.legal()))
        for d in [*devices, watcher, teacher]:
            d.wait(lambda d=d: d.state.get("replay", {}).get("length") == n + 1)

        def strip(s):
            return json.loads(json.dumps({k: v for k, v in s.items() if k != "code"}))

        steps.append((strip(devices[0].state), strip(watcher.state), strip(teacher.state), len(devices[0].raw)))
    return steps


def test_each_device_receives_only_its_seat_swapped_deal_replay(server):
    """The same scripted game at two tables whose seats 1 and 2 hold swapped secret
    characters: seat 0's device and the projector receive identical frames up to the first
    kill (nothing of another seat's secret reaches them), while the teacher's reveal does
    see the swap (the comparison can fail)."""
    t = R.teacher(server)
    runs = []
    for secrets in ([0, 6, 12, 18], [0, 12, 6, 18]):
        code = R.create(t, game="costume_party", players=4, seed=11, deal=cp_deal(secrets))
        devices = [R.join(server, code, f"P{s}") for s in range(4)]
        assert [d.state["seat"] for d in devices] == [0, 1, 2, 3]
        watcher = R.Client(server)
        watcher.op({"op": "watch", "code": code}, "state")
        t.send({"op": "show", "code": code})
        t.send({"op": "teacher_view", "code": code, "reveal": True})
        t.until(lambda f: f.get("op") == "state" and t.state.get("settings", {}).get("reveal") is True)
        steps = play_until_kill(devices, watcher, t)
        frames0 = [re.sub(r"\"(code|token)\":\"[A-Za-z0-9_-]+\"", "", x) for x in devices[0].raw]
        runs.append((steps, frames0, devices, watcher))
        for c in [*devices, watcher]:
            c.close()
    (a, fa, da, wa), (b, fb, db, wb) = runs
    # up to the first kill (a kill is the first public act that depends on a secret)
    k = next(
        (i for i, (x, y) in enumerate(zip(a, b)) if x[0]["view"]["killed"] or y[0]["view"]["killed"]),
        min(len(a), len(b)),
    )
    assert k >= 10, k
    a, b = a[:k], b[:k]
    for (s0a, wa_, _ta, _), (s0b, wb_, _tb, _) in zip(a, b):
        assert s0a == s0b
        assert wa_ == wb_
    fa, fb = fa[: a[-1][3]], fb[: b[-1][3]]
    assert fa == fb, "seat 0's device received different frames: another seat's secret reached it"
    assert any(x[2] != y[2] for x, y in zip(a, b)), "the reveal saw no difference: the test proves nothing"
    # the public view never names a secret; seat 0's frames never hold another seat's character
    for frame in fa:
        for other in (6, 12, 18):
            assert not re.search(rf'"my_character":{other}(?!\d)', frame)
    t.close()


def _table_json(server, code: str) -> str:
    return server.rooms.rooms[code].table.game.to_json()


def _typed(frame: dict) -> str:
    assert frame["op"] == "error", frame
    code = frame["code"]
    assert code in set(ROOM_ERROR_CODES) | set(WIDGET_ERROR_CODES) | ENGINE_CODES | {"internal_error"} or code, frame
    assert code != "internal_error", frame
    assert isinstance(frame["message"], str) and len(frame["message"]) <= 500
    return code


def test_forged_and_malformed_frames_change_nothing_and_get_typed_errors(tmp_path):
    server = R.ThreadServer(
        tmp_path / "fuzz.sqlite3", pace=0, joins_per_minute=30, msgs_per_second=20, burst=80
    ).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game="costume_party", players=3, seed=3)
        a, b = R.join(server, code, "Ann"), R.join(server, code, "Bob")
        before = _table_json(server, code)
        other = b if a.state["view"]["to_act"] == [0] else a
        bad = [
            ("not json", "malformed_message"),
            ("[1, 2]", "malformed_message"),
            (json.dumps({"op": 5}), "malformed_message"),
            (json.dumps({"op": "__init__"}), "unknown_message"),
            (json.dumps({"op": "drop_tables"}), "unknown_message"),
            ("x" * 5000, "malformed_message"),
            (json.dumps({"op": "msg", "seq": "1", "msg": {}}), "malformed_message"),
            (json.dumps({"op": "msg", "seq": 10**6, "msg": "act"}), "malformed_message"),
            (
                json.dumps({"op": "msg", "seq": 10**6 + 1, "msg": {"type": "act", "action": {"type": "roll"}}}),
                "malformed_message",
            ),
            (
                json.dumps(
                    {
                        "op": "msg",
                        "seq": 10**6 + 2,
                        "msg": {"type": "act", "action": {"type": "roll"}, "rev": 0, "seat": 0},
                    }
                ),
                "malformed_message",
            ),
            (json.dumps({"op": "msg", "seq": 10**6 + 3, "msg": {"type": "reveal", "on": True}}), "teacher_only"),
            (json.dumps({"op": "msg", "seq": 10**6 + 4, "msg": {"type": "run_bots"}}), "teacher_only"),
            (json.dumps({"op": "msg", "seq": 10**6 + 5, "msg": {"type": "replay", "step": 0}}), "replay_unavailable"),
            (
                json.dumps({"op": "msg", "seq": 10**6 + 6, "msg": {"type": "page", "list": "secrets", "before": 3}}),
                "malformed_message",
            ),
            (json.dumps({"op": "msg", "seq": 10**6 + 7, "msg": {"type": "nope"}}), "unknown_message"),
            (json.dumps({"op": "msg", "seq": 5, "msg": {"type": "clear_error"}}), "stale_sequence"),
            (json.dumps({"op": "create", "table": {"game": "costume_party", "players": 3}}), "teacher_only"),
            (json.dumps({"op": "lock", "code": code, "on": True}), "teacher_only"),
            (json.dumps({"op": "bot", "code": code, "seat": 0}), "teacher_only"),
            (json.dumps({"op": "seat", "code": code, "seat": 0, "watcher": "x" * 10}), "teacher_only"),
            (json.dumps({"op": "teacher_view", "code": code, "reveal": True}), "teacher_only"),
            (json.dumps({"op": "show", "code": code}), "teacher_only"),
            (json.dumps({"op": "teacher", "token": "guess" * 4}), "teacher_only"),
            (json.dumps({"op": "resume", "token": "forged-token-of-another-seat"}), "bad_token"),
            (json.dumps({"op": "resume", "token": 7}), "bad_token"),
        ]
        for text, want in bad:
            other.send(text)
            frame = other.until(lambda f: f.get("op") == "error")
            assert _typed(frame) == want, (text[:80], frame)
        # another seat's turn: acting out of turn is the engine's refusal, typed, and the view's error trait
        other.seq = 10**7
        other.act({"type": "roll"})
        frame = other.until(lambda f: f.get("op") == "error")
        assert _typed(frame) == "not_your_turn"
        assert other.state["error"]["code"] == "not_your_turn"
        # a frame with another seat's rev and a forged action is still only this seat's
        other.intent({"type": "act", "action": {"type": "move", "figure": 99, "to": "nowhere"}, "rev": 0})
        assert _typed(other.until(lambda f: f.get("op") == "error")) in {
            "not_your_turn",
            "illegal_action",
            "malformed_action",
        }
        # a seat's connection cannot take a second seat
        assert _typed(other.op({"op": "join", "code": code, "name": "Twice"})) == "bad_request"
        # a stranger with bad codes, then a join flood
        s = R.Client(server)
        for bad_code in ["", "ZZZZZ", 7, "A" * 40, None]:
            assert _typed(s.op({"op": "join", "code": bad_code, "name": "Eve"})) in {"bad_code", "rate_limited"}
        for _ in range(30):
            s.send({"op": "join", "code": "QQQQQ", "name": "Eve"})
        codes = {f["code"] for f in s.drain(0.3) if f.get("op") == "error"}
        assert "rate_limited" in codes
        # a message flood from a seat is cut off, typed
        flood = R.Client(server)
        flood.op({"op": "resume", "token": a.token}, "joined")
        for i in range(600):
            flood.send({"op": "msg", "seq": i + 1, "msg": {"type": "clear_error"}})
        codes = {f.get("code") for f in flood.drain(0.5) if f.get("op") == "error"}
        assert "rate_limited" in codes
        assert _table_json(server, code) == before
        for c in (a, b, s, flood, t):
            c.close()
    finally:
        server.stop()


def test_a_stale_intent_is_refused_by_its_sequence_number(server):
    t = R.teacher(server)
    code = R.create(t, game="costume_party", players=2, seed=5)
    a, b = R.join(server, code, "Ann"), R.join(server, code, "Bob")
    me = a if a.state["view"]["to_act"] == [0] else b
    me.seq = 3
    me.act(me.legal()[0])
    me.until(lambda f: f.get("op") == "state" and "rev" in f["state"])
    before = _table_json(server, code)
    me.send(
        {
            "op": "msg",
            "seq": 3,
            "msg": {"type": "act", "action": me.legal()[0] if me.legal() else {"type": "roll"}, "rev": me.state["rev"]},
        }
    )
    assert _typed(me.until(lambda f: f.get("op") == "error")) == "stale_sequence"
    assert _table_json(server, code) == before


def test_reconnect_gets_the_same_seat_and_a_full_snapshot(server):
    t = R.teacher(server)
    code = R.create(t, game="costume_party", players=3, seed=8, bots={"2": "easy"})
    a, _bob = R.join(server, code, "Ann"), R.join(server, code, "Bob")
    a.drain(0.2)
    token, state = a.token, dict(a.state)
    a.close()
    again = R.Client(server)
    joined = again.op({"op": "resume", "token": token}, "joined")
    assert joined["seat"] == 0 and "token" not in joined
    snap = again.until(lambda f: f.get("op") == "state")
    assert set(snap["state"]) >= {
        "seat",
        "view",
        "legal",
        "log_lines",
        "settings",
        "content",
        "replay",
        "rev",
        "clock",
        "error",
    }
    assert snap["state"]["view"] == state["view"] and snap["state"]["seat"] == 0


def test_late_joiners_watch_until_the_teacher_seats_them_and_a_dropped_seat_goes_to_a_bot(server):
    t = R.teacher(server)
    code = R.create(t, game="costume_party", players=2, seed=9)
    a, b = R.join(server, code, "Ann"), R.join(server, code, "Bob")
    late = R.Client(server)
    joined = late.op({"op": "join", "code": code, "name": "Cleo"}, "joined")
    assert joined["role"] == "watch"
    late.until(lambda f: f.get("op") == "state")
    assert late.state["seat"] == -1 and late.state["legal"] == []
    # watching sends no action
    late.intent({"type": "act", "action": {"type": "roll"}, "rev": 0})
    assert _typed(late.until(lambda f: f.get("op") == "error")) == "not_your_turn"
    # Bob's device drops: the teacher hands seat 1 to a bot, and the game goes on without him
    b.close()
    t.send({"op": "bot", "code": code, "seat": 1, "level": "easy"})
    room = server.rooms.rooms[code]
    eventually(lambda: 1 not in room.table.humans)
    # Ann plays; the bot answers at once (pace 0) until the game is over or Ann must act
    for _ in range(200):
        if room.table.game.over:
            break
        a.wait(lambda: bool(a.legal()) or a.state["view"].get("over"), timeout=5)
        if a.state["view"].get("over"):
            break
        a.act(a.legal()[0])
        a.until(lambda f: f.get("op") == "state" and "rev" in f["state"])
    assert any(h.get("seat") == 1 for h in room.table.game.history), "the bot never played seat 1"
    # the teacher seats the late joiner in seat 1
    lobby = t.op({"op": "lobby_please"}, "error")  # unknown op: typed
    assert lobby["code"] == "unknown_message"
    wid = next(w["id"] for w in server.rooms.overview()[0]["watchers"] if w["name"] == "Cleo")
    t.send({"op": "seat", "code": code, "watcher": wid, "seat": 1})
    late.until(lambda f: f.get("op") == "state" and late.state.get("seat") == 1)
    assert 1 in room.table.humans and room.seat_names[1] == "Cleo"
    assert late.state["legal"] or late.state["view"].get("over") or late.state["view"]["to_act"] != [1]


def test_a_ping_is_answered_by_a_pong_and_changes_nothing(server):
    """The pages' heartbeat (js/src/rooms.js pings a quiet connection and replaces one that
    does not answer): every connection, bound or not, gets one pong per ping and nothing else."""
    t = R.teacher(server)
    code = R.create(t, game="costume_party", players=3, seed=3)
    a = R.join(server, code, "Ann")
    stranger = R.Client(server)
    before = _table_json(server, code)
    for c in (stranger, a, t):
        c.drain()
        c.send({"op": "ping", "anything": ["ignored"] * 3})
        got = c.drain(quiet=0.3)
        assert got == [{"op": "pong"}], got
    assert _table_json(server, code) == before
    # the seat's own numbering of intents is untouched: its next intent is taken as before
    a.intent({"type": MSG.CLEAR_ERROR})
    assert not any(f.get("op") == "error" for f in a.drain(quiet=0.3))
    for c in (stranger, a, t):
        c.close()


def test_a_locked_table_refuses_actions(server):
    t = R.teacher(server)
    code = R.create(t, game="costume_party", players=2, seed=2)
    a, b = R.join(server, code, "Ann"), R.join(server, code, "Bob")
    t.send({"op": "lock", "code": code, "on": True})
    me = a if a.state["view"]["to_act"] == [0] else b
    t.until(lambda f: f.get("op") == "lobby" and any(x["locked"] for x in f["tables"]))
    before = _table_json(server, code)
    me.act(me.legal()[0])
    assert _typed(me.until(lambda f: f.get("op") == "error")) == "table_locked"
    assert _table_json(server, code) == before
    late = R.Client(server)
    assert late.op({"op": "join", "code": code, "name": "Dee"}, "joined")["role"] == "watch"


def test_codes_expire(tmp_path):
    server = R.ThreadServer(tmp_path / "x.sqlite3", pace=0, code_ttl=0.3).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game="costume_party", players=2, seed=2)
        time.sleep(0.5)
        c = R.Client(server)
        assert _typed(c.op({"op": "join", "code": code, "name": "Al"})) == "code_expired"
    finally:
        server.stop()


def test_a_restart_resumes_every_table_from_sqlite(tmp_path):
    db = tmp_path / "restart.sqlite3"
    s1 = R.ThreadServer(db, pace=0).start()
    t = R.teacher(s1)
    codes = [
        R.create(t, game="costume_party", players=3, seed=4, bots={"2": "easy"}),
        R.create(t, game="brady_bunch", players=5, seed=4, bots={str(s): "easy" for s in (1, 2, 3, 4)}),
    ]
    a = R.join(s1, codes[0], "Ann")
    b = R.join(s1, codes[0], "Bob")
    room = s1.rooms.rooms[codes[0]]
    for _ in range(8):  # whoever is to act plays (the bot answers at once)
        seat = room.table.game.to_act[0]
        dev = (a, b)[seat]
        n, k = len(room.table.game.history), room.table._n_actions()
        dev.wait(lambda: dev.state["replay"]["length"] == k and bool(dev.legal()))
        dev.act(dev.legal()[0])
        eventually(lambda: len(room.table.game.history) > n)
    a.drain(0.2)
    saved = {c: s1.rooms.rooms[c].table.game.to_json() for c in codes}
    token = a.token
    a.close()
    b.close()
    t.close()
    s1.stop()
    s2 = R.ThreadServer(db, pace=0).start()
    try:
        assert set(s2.rooms.rooms) == set(codes)
        for c in codes:
            assert s2.rooms.rooms[c].table.game.to_json() == saved[c]
        again = R.Client(s2)
        assert again.op({"op": "resume", "token": token}, "joined")["seat"] == 0
        again.until(lambda f: f.get("op") == "state")
        assert again.state["view"]["viewer"] == 0
        bob = R.Client(s2)
        assert bob.op({"op": "resume", "token": b.token}, "joined")["seat"] == 1
        bob.until(lambda f: f.get("op") == "state")
        # and the game goes on where it stood
        room = s2.rooms.rooms[codes[0]]
        n, k = len(room.table.game.history), room.table._n_actions()
        dev = (again, bob)[room.table.game.to_act[0]]
        dev.wait(lambda: dev.state["replay"]["length"] == k and bool(dev.legal()))
        dev.act(dev.legal()[0])
        eventually(lambda: len(room.table.game.history) > n)
    finally:
        s2.stop()


def test_cli_prints_the_url_a_qr_code_and_the_teachers_link(tmp_path):
    log = tmp_path / "server.log"
    p = R.ProcessServer(tmp_path / "cli.sqlite3", log=log).start()
    try:
        deadline = time.time() + 10
        while f"#t={R.TEACHER}" not in log.read_text() and time.time() < deadline:
            time.sleep(0.1)
        text = log.read_text()
    finally:
        p.stop()
    # what goes on a slide comes first: the students' URL, then its QR code (text blocks)
    url_at = text.index(f"students open http://127.0.0.1:{p.port}/")
    qr_at = min(i for i in (text.find("▀"), text.find("█")) if i >= 0)
    # then, apart and marked private, the teacher's link on a line of its own
    private_at = text.index("Teacher's link -- private: do not project this")
    link = f"http://127.0.0.1:{p.port}/teacher#t={R.TEACHER}"
    assert url_at < qr_at < private_at < text.index(link), text
    assert f"  {link}\n" in text and text.count(f"#t={R.TEACHER}") == 1
    assert text.rindex("█") < private_at  # no part of the QR code after the private mark


def test_codes_carry_the_servers_prefix_when_rooms_shard(tmp_path):
    server = R.ThreadServer(tmp_path / "s.sqlite3", pace=0, code_prefix="B").start()
    try:
        t = R.teacher(server)
        codes = [R.create(t, game="costume_party", players=2, seed=s) for s in range(3)]
        # the prefix takes none of the code's random letters: 29**5 codes per server, as alone
        assert all(c.startswith("B") and len(c) == 1 + CODE_LENGTH == 6 for c in codes)
    finally:
        server.stop()
    with pytest.raises(ValueError):
        R.ThreadServer(tmp_path / "t.sqlite3", code_prefix="0O")


def test_after_the_game_each_device_replays_its_own_seat_and_only_the_teacher_reveals(server):
    t = R.teacher(server)
    code = R.create(t, game="costume_party", players=2, seed=6, bots={"1": "easy"})
    a = R.join(server, code, "Ann")
    room = server.rooms.rooms[code]
    for _ in range(400):
        if room.table.game.over:
            break
        # the device shows the table as it is now (read at each check: a bot may act
        # between Ann's act and this line, so a length read once could be passed by)
        a.wait(
            lambda: (
                a.state["replay"]["length"] == room.table._n_actions() and (bool(a.legal()) or a.state["view"]["over"])
            )
        )
        k = room.table._n_actions()
        if a.state["view"]["over"]:
            break
        a.act(a.legal()[0])
        eventually(lambda: room.table._n_actions() > k or room.table.game.over)
    assert room.table.game.over
    a.wait(lambda: a.state["replay"]["active"])
    length = a.state["replay"]["length"]
    a.intent({"type": "replay", "step": 0})
    a.wait(lambda: a.state["replay"]["step"] == 0)
    assert a.state["view"]["over"] is False and a.state["seat"] == 0
    assert a.state["view"]["my_character"] == room.table.game.view(0)["my_character"]
    a.intent({"type": "reveal", "on": True})
    assert _typed(a.until(lambda f: f.get("op") == "error")) == "teacher_only"
    # the teacher's screen of the table: the view's reveal toggle sends {"type": "reveal"}
    t.send({"op": "show", "code": code})
    t.wait(lambda: t.state.get("settings", {}).get("teacher") is True)
    t.seq = 0
    t.intent({"type": "reveal", "on": True})
    t.wait(lambda: t.state["settings"]["reveal"] is True)
    assert t.state["view"]["secrets"] == room.table.game.full_view()["secrets"]
    assert not any("secrets" in json.dumps(f.get("state", {}).get("view", {})) for f in a.frames)
    t.intent({"type": "replay", "step": length - 1})
    t.wait(lambda: t.state["replay"]["step"] == length - 1)


@pytest.fixture
def toy_snap():
    with R.toy_realtime_game() as name:
        yield name


def test_a_real_time_table_runs_on_the_servers_clock_and_each_view_gets_its_own_clock_answer(toy_snap, tmp_path):
    server = R.ThreadServer(tmp_path / "rt.sqlite3", pace=0).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game=toy_snap, players=2, seed=1, options={"flip_ms": 200, "window_ms": 600})
        a, b = R.join(server, code, "Ann"), R.join(server, code, "Bob")
        assert a.state["clock"]["realtime"] is True and a.state["clock"]["running"] is False
        a.intent({"type": "clock", "id": "view-a"})
        b.intent({"type": "clock", "id": "view-b"})
        a.wait(lambda: a.state["clock"].get("sync") == "view-a" and a.state["clock"]["state"] == "table")
        a.intent({"type": "start"})  # Ann is ready: the table waits for Bob
        a.wait(lambda: a.state["clock"]["ready"] == [0] and a.state["clock"]["running"] is False)
        b.intent({"type": "start"})  # everyone is ready: the table starts
        a.wait(lambda: a.state["clock"].get("sync") == "view-a" and a.state["clock"]["running"])
        b.wait(lambda: b.state["clock"].get("sync") == "view-b")
        room = server.rooms.rooms[code]
        # the server's clock flips cards by itself; a person's stamped play is judged on it
        eventually(
            lambda: (
                any(h["action"]["type"] == "flip" for h in room.table.game.history if isinstance(h.get("action"), dict))
                or len(room.table.game.history) > 2
            )
        )
        a.wait(lambda: bool(a.legal()), timeout=10)
        n = len(room.table.game.history)
        a.send(
            {
                "op": "msg",
                "seq": 99,
                "msg": {"type": "act", "action": a.legal()[0], "rev": a.state["rev"], "at": a.state["clock"]["now"]},
            }
        )
        eventually(
            lambda: any(h.get("seat") == 0 for h in room.table.game.history[n - 1 :]) or room.table.game.over,
            timeout=10,
        )
    finally:
        server.stop()

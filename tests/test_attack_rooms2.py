"""A student with developer tools, and a stranger on the class network, against the rooms server:
frames no page sends, tables filled with watchers, the multi-server front's export. Each is
refused in plain words, changes nothing and leaves the server up. Most tests drive the
transport-free server (``Rooms.handle`` with a socket that keeps its frames)."""

from __future__ import annotations

import asyncio
import json
import logging
import sys

import pytest

from brady_widgets.rooms import web
from brady_widgets.rooms.cli import MIN_TEACHER_TOKEN
from brady_widgets.rooms.server import CODE_ALPHABET, MAX_FRAME, MAX_WATCHERS, Device, Rooms
from brady_widgets.rooms.store import Store
from rooms_harness import FakeSocket

TEACHER = "teacher-token-for-attack-0123456789"


async def _settle() -> None:
    for _ in range(12):  # the update callback, then each device's writer
        await asyncio.sleep(0)


class _Class:
    """A transport-free server on the running loop, and its devices by name."""

    def __init__(self, rooms: Rooms) -> None:
        self.rooms = rooms
        rooms.loop = asyncio.get_running_loop()
        self.devices: dict[str, Device] = {}

    async def send(self, name: str, frame, addr: str = "10.0.0.7") -> list[dict]:
        """``frame`` (an object, or text as sent) from device ``name``; the frames it got back."""
        device = self.devices.setdefault(name, Device(FakeSocket()))
        before = len(device.ws.frames)
        await self.rooms.handle(device, frame if isinstance(frame, str) else json.dumps(frame), addr)
        await _settle()
        return device.ws.frames[before:]

    async def table(self, **spec) -> str:
        await self.send("teacher", {"op": "teacher", "token": TEACHER})
        got = await self.send("teacher", {"op": "create", "table": spec})
        return next(f["code"] for f in got if f.get("op") == "created")


def _run(tmp_path, play, **kwargs):
    rooms = Rooms(Store(tmp_path / "rooms.sqlite3"), TEACHER, pace=0, **kwargs)

    async def main():
        return await play(_Class(rooms))

    try:
        return asyncio.run(main())
    finally:
        rooms.store.close()


def _errors(frames: list[dict]) -> list[dict]:
    return [f for f in frames if f.get("op") == "error"]


# ------------------------------------------------------------------ frames no page sends
def test_deeply_nested_json_is_a_malformed_frame_in_words_not_an_internal_error(tmp_path, caplog):
    """``[[[[...`` 3000 deep fits in a frame's 4 KB, and Python's JSON reader gives up on it with
    a RecursionError, not a ValueError: the server answered ``internal_error`` ("Something went
    wrong") and logged a traceback as for a bug of its own. It is a frame that is not JSON."""

    async def play(c: _Class):
        code = await c.table(game="costume_party", players=3, seed=1)
        await c.send("ana", {"op": "join", "code": code, "name": "Ana"})
        room = c.rooms.rooms[code]
        before = (room.table.game.to_json(), json.dumps(room.meta()))
        got = []
        for text in (
            "[" * 3000,
            "[" * 1200 + "]" * 1200,
            '{"op": "msg", "seq": 1, "msg": ' + "[" * 1500 + "]" * 1500 + "}",
        ):
            got += _errors(await c.send("ana", text))
        assert (room.table.game.to_json(), json.dumps(room.meta())) == before
        # still seated, and heard: a valid frame after them is answered
        assert c.devices["ana"].role == "seat" and not c.devices["ana"].closing
        return got

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)  # Python's default, a server's (a test module imported before may raise it)
    try:
        with caplog.at_level(logging.INFO):
            errors = _run(tmp_path, play)
    finally:
        sys.setrecursionlimit(limit)
    assert [e["code"] for e in errors] == ["malformed_message"] * 3, errors
    assert all(e["message"] == "a frame must be JSON" for e in errors), errors
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING or r.exc_info]


def test_a_frame_is_held_to_its_size_in_bytes_not_in_characters(tmp_path):
    """The server's bound on a frame is 4096 bytes (``MAX_FRAME``, and its refusal says bytes),
    but it measured characters: 4000 emoji, 16 KB of UTF-8, were read and parsed."""

    async def play(c: _Class):
        code = await c.table(game="costume_party", players=3, seed=1)
        await c.send("ana", {"op": "join", "code": code, "name": "Ana"})
        seats = dict(c.rooms.rooms[code].seats)
        wide = json.dumps({"op": "join", "code": code, "name": "🦁" * 1300}, ensure_ascii=False)
        assert len(wide) < MAX_FRAME < len(wide.encode())
        got = _errors(await c.send("bo", wide))
        # a frame of nearly 4 KB of ASCII is still read (a key the server does not read is ignored)
        ascii_ok = await c.send("cy", {"op": "join", "code": code, "name": "Cy", "pad": "x" * 4000})
        assert c.rooms.rooms[code].seat_names[1] == "Cy"
        assert c.rooms.rooms[code].seats.keys() == {*seats, 1}
        return got, ascii_ok

    got, ascii_ok = _run(tmp_path, play)
    assert [e["code"] for e in got] == ["malformed_message"]
    assert got[0]["message"] == f"a frame is JSON text of at most {MAX_FRAME} bytes"
    assert not _errors(ascii_ok)


# ------------------------------------------------------------------ a table filled with watchers
def test_a_script_joining_again_and_again_is_refused_past_a_classes_worth_of_watchers(tmp_path):
    """Each join at a full table keeps a late joiner (a token, a name in the teacher's lobby and in
    every save of the table); a script opening a connection per join (``--joins-per-minute`` raised
    for a class behind one proxy address) made 3000 of them: a 250 KB lobby frame at every change
    and a 330 KB save per move. Past ``MAX_WATCHERS`` a join is refused in words, changes nothing,
    and the teacher's lobby stays under 8 KB."""

    async def play(c: _Class):
        code = await c.table(game="costume_party", players=2, seed=1)
        room = c.rooms.rooms[code]
        for name in ("Ana", "Bo"):
            await c.send(name, {"op": "join", "code": code, "name": name})
        for i in range(MAX_WATCHERS):
            got = await c.send(f"w{i}", {"op": "join", "code": code, "name": f"{i:02d}" + "W" * 38})
            assert not _errors(got) and c.devices[f"w{i}"].role == "watch"
        before = (dict(room.watchers), dict(c.rooms.tokens), json.dumps(room.meta()))
        refused = []
        for i in range(5):
            refused += _errors(await c.send(f"late{i}", {"op": "join", "code": code, "name": "Late"}))
            assert c.devices[f"late{i}"].role == "none" and c.devices[f"late{i}"] not in room.devices
        assert (dict(room.watchers), dict(c.rooms.tokens), json.dumps(room.meta())) == before
        # the projector's watch (no token, nothing kept) still works, and so does a watcher's resume
        assert not _errors(await c.send("projector", {"op": "watch", "code": code}))
        lobby = json.dumps({"op": "lobby", "tables": c.rooms.overview(), "saving": c.rooms.saving()})
        return refused, len(lobby.encode())

    refused, lobby = _run(tmp_path, play, joins_per_minute=1000)
    assert [e["code"] for e in refused] == ["bad_request"] * 5
    assert refused[0]["message"] == (
        f"{MAX_WATCHERS} people are waiting for a seat at this table already: "
        "ask the teacher for a seat or for a new table"
    )
    assert lobby < 8192, lobby


# ------------------------------------------------------------------ the front of several servers
def _request(
    app, method: str, path: str, headers: dict, client: str = "10.0.0.7", query: str = ""
) -> tuple[int, dict, bytes]:
    """One HTTP request straight to an ASGI app (no lifespan: no worker, no public port)."""
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query.encode(),
        "root_path": "",
        "headers": [(k.lower().encode(), v.encode()) for k, v in headers.items()],
        "client": (client, 50000),
        "server": ("127.0.0.1", 8765),
    }
    out: dict = {"body": b""}
    asked: list = []

    async def receive():
        if not asked:
            asked.append(1)
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.sleep(3600)  # no disconnect while the answer is written

    async def send(message):
        if message["type"] == "http.response.start":
            out["status"] = message["status"]
            out["headers"] = {k.decode(): v.decode() for k, v in message["headers"]}
        elif message["type"] == "http.response.body":
            out["body"] += message.get("body", b"")

    asyncio.run(app(scope, receive, send))
    return out["status"], out["headers"], out["body"]


def _post(app, path: str, headers: dict, client: str = "10.0.0.7") -> tuple[int, dict, bytes]:
    return _request(app, "POST", path, headers, client)


def test_guessing_the_teachers_token_at_the_fronts_export_is_rate_limited_as_at_a_lone_server():
    """``brady-widgets rooms --workers N``: a lone server counts a wrong token at ``POST /export``
    toward the address's join rate (429 past it), but the front's export let an address guess
    without limit. Now the same: ``--joins-per-minute`` wrong tries a minute from one address, then
    refused in words; another address and the teacher's own token are not refused for them."""
    from brady_widgets.rooms.front import create_front
    from brady_widgets.rooms.server import _hash

    app = create_front([], _hash(TEACHER), joins_per_minute=3)
    origin = "http://127.0.0.1:8765"

    def export(token: str, client: str = "10.0.0.7"):
        headers = {"Host": "127.0.0.1:8765", "Origin": origin, "Authorization": f"Bearer {token}"}
        return _post(app, "/export", headers, client)

    answers = [export(f"guess-{i}-0123456789") for i in range(5)]
    assert [a[0] for a in answers] == [403, 403, 403, 429, 429]
    assert json.loads(answers[3][2]) == {
        "code": "rate_limited",
        "message": "too many wrong teacher's tokens from this address: wait a minute",
    }
    assert all(b"Traceback" not in a[2] for a in answers)
    assert export("guess-x-0123456789", client="10.0.0.8")[0] == 403  # another device: its own count
    status, headers, body = export(TEACHER)
    assert status == 200 and headers["content-type"] == "application/zip" and body[:2] == b"PK"


# ------------------------------------------------------------------ a teacher's token a class can guess
@pytest.mark.parametrize("how", ["flag", "environment"])
def test_a_teachers_token_too_short_to_resist_guessing_is_refused_at_start(tmp_path, capsys, monkeypatch, how):
    """The guide lets the teacher choose the token (``--teacher-token`` or the environment). The
    server counts wrong tokens per address, but a right one is let in whatever the count (a class
    behind one school address must not lock its teacher out), so only the token's length stops a
    script trying tokens from many connections: ``mrsmith`` or a 4-digit PIN fell in seconds. A
    token of fewer than MIN_TEACHER_TOKEN characters is refused in one line, before the database
    is touched; the drawn ones (32 characters) and the tests' are far longer."""
    import uvicorn

    from brady_widgets.rooms import cli

    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)  # a token let through never serves here
    db = tmp_path / "never.sqlite3"
    monkeypatch.delenv("BRADY_ROOMS_TEACHER_TOKEN", raising=False)
    for short in ("mrsmith", "1234", "x" * (MIN_TEACHER_TOKEN - 1)):
        if how == "flag":
            assert cli.main(["rooms", "--db", str(db), "--teacher-token", short]) == 2
        else:
            monkeypatch.setenv("BRADY_ROOMS_TEACHER_TOKEN", short)
            assert cli.main(["rooms", "--db", str(db)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 3 and all(
        line == f"brady-widgets rooms: a teacher's token is at least {MIN_TEACHER_TOKEN} characters "
        "(a shorter one can be guessed): leave it out and a long one is drawn"
        for line in err
    ), err
    assert not db.exists()
    assert len(TEACHER) >= MIN_TEACHER_TOKEN


def test_deeply_nested_json_through_the_front_is_answered_in_words_and_the_teachers_page_stays(tmp_path):
    """The front reads a device's first frame, and every frame of the teacher's page, for the
    table it names. ``[[[[...`` 3000 deep (3 KB) made Python's reader raise RecursionError, which
    the front did not catch: a device's connection was dropped with no answer and a traceback in
    the front's log, and the teacher's page was cut from every table's server and told 'a table
    server restarted'. Now such a frame goes on like any frame that is not JSON: the worker
    refuses it in words, and the connections stay."""
    import rooms_harness as R

    log = tmp_path / "front.log"
    p = R.ProcessServer(tmp_path / "class.sqlite3", log=log, args=("--workers", "2")).start()
    try:
        device = R.Client(p)
        device.send("[" * 3000)
        first = device.recv(10)
        assert first == {"op": "error", "code": "malformed_message", "message": "a frame must be JSON"}, (
            first,
            device.closed,
        )
        teacher = R.teacher(p)
        teacher.send("[" * 3000)
        assert teacher.until(lambda f: f.get("op") == "error")["message"] == "a frame must be JSON"
        code = R.create(teacher, game="costume_party", players=2)  # the teacher's page still drives the tables
        assert code[0] in "AB" and teacher.closed is None
        device.close()
        teacher.close()
    finally:
        p.stop()
    assert "Traceback" not in log.read_text(), log.read_text()


def test_the_front_holds_at_most_its_limit_of_silent_sockets_from_one_address():
    """The front answers a device's WebSocket handshake itself, then waits for its first frame
    (the student page sends its join when the student has typed the code) to know which server
    to join it to. No worker sees such a socket yet, so no --connections-per-address counted it:
    a stranger opening sockets and sending nothing held the front's connections without limit,
    until it could open no more and the class could not connect. Now at most that many wait from
    one address; past it a socket is told why in words and closed (1008), as a worker does, and a
    socket closed frees its place."""
    import base64
    import os

    from brady_widgets.rooms import front as front_module
    from brady_widgets.rooms.web import WebGuard

    async def main():
        splice = front_module.Splice([], app_port=9, guard=WebGuard(None), connections_per_address=2)
        server = await asyncio.start_server(splice.handle, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]

        async def silent():
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            key = base64.b64encode(os.urandom(16)).decode()
            writer.write(
                f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
            )
            assert (await reader.readuntil(b"\r\n\r\n")).startswith(b"HTTP/1.1 101")
            return reader, writer

        async def answer(reader) -> bytes:
            try:
                return await asyncio.wait_for(reader.read(), 1.0)  # until the front closes the socket
            except asyncio.TimeoutError:
                return b"(still open)"

        held = [await silent(), await silent()]
        extra = await silent()
        refused = await answer(extra[0])
        assert splice.waiting == {"127.0.0.1": 2}
        held[0][1].close()  # a page closed: its place is free
        for _ in range(100):
            if splice.waiting == {"127.0.0.1": 1}:
                break
            await asyncio.sleep(0.01)
        again = await silent()
        kept = await answer(again[0])
        for _, writer in (*held, extra, again):
            writer.close()
        server.close()
        await server.wait_closed()
        return refused, kept

    refused, kept = asyncio.run(main())
    assert refused[:1] == b"\x81", refused  # a text frame: the reason in words
    size = refused[1]
    error = json.loads(refused[2 : 2 + size])
    assert error == {
        "op": "error",
        "code": "rate_limited",
        "message": "too many pages open from this address: close some and try again",
    }
    close = refused[2 + size :]
    assert close[:1] == b"\x88" and int.from_bytes(close[2:4], "big") == 1008
    assert kept == b"(still open)"


# ------------------------------------------------------------------ pages anyone on the network may ask for
def test_qr_codes_and_the_games_list_cost_the_servers_loop_a_bounded_time_per_address(tmp_path, monkeypatch):
    """``/qr.svg`` drew a QR code (4 ms of the loop every table shares) and ``/games.json`` listed
    every game's settings (1-2 ms) at each GET, with no token and no limit: a script asking for
    ``/qr.svg?code=`` with a new code each time (300 a second) stalled every table. Now a QR code
    asked for again is the one drawn before, an address may have at most QR_DRAWS_PER_MINUTE new
    ones drawn a minute (then 429, in words), and the games list is made once."""
    from brady_widgets.rooms import server as rooms_server

    drawn, listed = [], []
    real_qr, real_games = rooms_server.qr_svg_text, Rooms.games

    def counted_qr(url):
        drawn.append(url)
        return real_qr(url)

    def counted_games():
        listed.append(1)
        return real_games()

    monkeypatch.setattr(rooms_server, "qr_svg_text", counted_qr)
    monkeypatch.setattr(Rooms, "games", staticmethod(counted_games))
    app = rooms_server.create_app(tmp_path / "rooms.sqlite3", TEACHER)
    try:
        host = {"Host": "127.0.0.1:8765"}

        def get(path: str, query: str = "", client: str = "10.0.0.7"):
            return _request(app, "GET", path, host, client, query)

        limit = rooms_server.QR_DRAWS_PER_MINUTE
        codes = ["".join(CODE_ALPHABET[i // 29**k % 29] for k in range(5)) for i in range(limit + 5)]
        answers = [get("/qr.svg", f"code={code}") for code in codes]
        assert [a[0] for a in answers] == [200] * limit + [429] * 5
        assert json.loads(answers[-1][2]) == {
            "code": "rate_limited",
            "message": "too many QR codes asked for from this address: wait a minute",
        }
        assert len(drawn) == limit
        # the projector's and the teacher's codes, asked for again and again: drawn once, never refused
        same = [get("/qr.svg", "code=ABCDE", client="10.0.0.9") for _ in range(30)]
        same += [get("/qr.svg", client="10.0.0.9") for _ in range(30)]
        assert {a[0] for a in same} == {200} and len(drawn) == limit + 2
        assert same[0][2] == same[29][2] and b"<svg" in same[0][2]
        # a code asked for again stays kept while others are drawn: the oldest asked for goes first
        monkeypatch.setattr(rooms_server, "QR_KEPT", 3)
        a, b, c, d = (
            get("/qr.svg", f"code={code}", client="10.0.1.1") for code in ("AAAAA", "BBBBB", "CCCCC", "DDDDD")
        )
        assert get("/qr.svg", "code=BBBBB", client="10.0.1.1")[2] == b[2]  # kept: C, D, B
        get("/qr.svg", "code=EEEEE", client="10.0.1.1")  # D, B, E
        before = len(drawn)
        assert get("/qr.svg", "code=BBBBB", client="10.0.1.1")[2] == b[2] and len(drawn) == before
        get("/qr.svg", "code=CCCCC", client="10.0.1.1")
        assert len(drawn) == before + 1  # C went first, not B
        games = [get("/games.json") for _ in range(20)]
        assert {a[0] for a in games} == {200} and len(listed) == 1
        assert json.loads(games[0][2]) == json.loads(games[19][2]) == real_games()
    finally:
        app.state.rooms.store.close()


# ------------------------------------------------------------------ what each device's screen holds
class _RoomScreen:
    """The state a rooms device at ``seat`` (None: a watcher, the projector) is sent for ``game``:
    the server's own screen path (``Rooms.screen``) on a table made from that engine, as a widget
    for the leak-test kit (``get_state``)."""

    made = 0

    def __init__(self, rooms: Rooms, game, seat) -> None:
        from brady_widgets.rooms.server import Room
        from brady_widgets.session import session_for

        name = type(game).name
        names = [f"P{s}" for s in range(game.players)]
        table = session_for(name, game=game, humans=list(range(game.players)), names=names, pace=0)
        _RoomScreen.made += 1
        code = "".join(CODE_ALPHABET[_RoomScreen.made // 29**k % 29] for k in range(5))
        room = Room(code, name, table, 0.0, names, {})
        rooms._add(room)
        device = Device(ws=None)
        rooms._bind(device, room, "watch" if seat is None else "seat", None if seat is None else "h" * 64, seat)
        try:
            self.state = json.loads(json.dumps(rooms.screen(device)))
        finally:
            room.devices.clear()
            del rooms.rooms[code]
            table.close()

    def get_state(self) -> dict:
        return self.state


GAMES = [
    ("costume_party", 4),
    ("brady_bunch", 4),
    ("big_brother", 4),
    ("brouhaha", 4),
    ("total_black", 6),
]


@pytest.mark.parametrize("game,players", GAMES, ids=[g for g, _ in GAMES])
def test_no_device_screen_depends_on_a_secret_it_may_not_see(tmp_path, game, players):
    """The leak test of the project's kit (``check_game``, worlds redrawn by ``game.resample``) on
    the screens the rooms server sends: for every seat, its device's screen must be the same in
    every world that seat cannot tell apart (another seat's hand, the deck), at the set-up, along
    a random game and at its end; and the projector's screen in every world the public cannot."""
    from brady_widgets.engine.registry import load_game
    from brady_widgets.testing import check_game, check_leaks

    rooms = Rooms(Store(":memory:"), TEACHER, pace=0)
    try:
        cls = load_game(game)
        report = check_game(
            cls,
            players,
            seed=7,
            widget_factory=lambda g, seat: _RoomScreen(rooms, g, seat),
            widget_every=1,
            leak_every=12,
            leak_samples=1,
            round_trip_every=0,
            future_every=0,
            bots_every=0,
            fuzz_every=0,
        )
        assert report.leak.widget_compares >= 2 * players and report.leak.changed > 0
        # the projector (and every watcher): the public view's screen, at the set-up
        start = cls(players, 7)
        public = check_leaks(
            start,
            3,
            seats=[None],
            samples=2,
            widget_factory=lambda g, seat: _RoomScreen(rooms, g, seat),
            widget_seats=[None],
            widget_samples=2,
        )
        assert public.widget_compares == 2 and public.changed > 0
        assert rooms.rooms == {}
    finally:
        rooms.store.close()


def test_the_per_address_counts_forget_addresses_quiet_for_a_minute(monkeypatch):
    """A rooms server on the open internet hears from many addresses (an IPv6 block gives a
    script 2**64): the join, export and QR counts keep only the addresses heard from this
    last minute, not every address ever seen, and still count those."""
    now = [1000.0]
    monkeypatch.setattr(web.time, "monotonic", lambda: now[0])
    counts = web.PerMinute()
    for i in range(5000):
        assert counts.allow(f"2001:db8::{i:x}", 3)
    assert len(counts.times) == 5000
    for _ in range(2):
        assert counts.allow("10.0.0.7", 3)
    now[0] += 30
    assert counts.allow("10.0.0.7", 3) and not counts.allow("10.0.0.7", 3)  # 3 this minute: the 4th waits
    now[0] += 31  # the first 5,001 addresses' tries are past a minute; 10.0.0.7's last is not
    assert counts.allow("2001:db8::1", 3)
    assert set(counts.times) == {"10.0.0.7", "2001:db8::1"}
    assert counts.allow("10.0.0.7", 3) and counts.allow("10.0.0.7", 3)
    assert not counts.allow("10.0.0.7", 3)  # its try of 31 s ago still counts: 3 this minute

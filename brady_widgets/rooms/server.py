"""The rooms server: one process holds every table; each device receives only its seat.

Why Starlette under uvicorn: both are small, typed, actively maintained ASGI
projects (Encode), Starlette's WebSocket class is all a room needs (no extra
protocol such as Socket.IO's to version on both ends), and uvicorn speaks
WebSockets through the well-kept ``websockets`` package. The page outside
Jupyter loads the SAME view bundles as the widget (``brady_widgets/static``)
behind a small model shim (``/assets/rooms.js``: ``get``, ``on``, ``off``,
``send``; its source is ``js/src/rooms.js``, bundled by ``js/build.mjs`` into
``brady_widgets/static/rooms/rooms.js``), so a view is written once.

Who gets what (secrets by construction)
    * a device that joins with a table's code and a name is bound to a random
      *seat token* (kept in that browser's storage, never in a URL); it receives
      the state of its seat alone;
    * a watcher (a late joiner, the projector ``/watch/CODE``) receives the
      public view and sends nothing that changes the game;
    * only the teacher's connection, bound to the teacher token (printed once
      at start; the teacher page moves it from the link's ``#fragment`` into
      session storage and removes it from the address bar), may create tables,
      lock them, seat devices, hand a seat to a bot, and reveal.

Each device holds one :class:`~brady_widgets.screen.Screen` (``device.screen``: its seat, the
teacher's reveal, a finished game's replay step, its view options), a value replaced on each
change; its state is ``render(session, screen, session.presenter)`` of the screen its role may
see (:func:`brady_widgets.render.render`, shared by devices that see the same screen).

Every frame a device sends is ``{"op": ..., ...}``; a view's intent travels as
``{"op": "msg", "seq": n, "msg": {...}}`` and is validated exactly as the widget
validates it (the same :meth:`Session._dispatch` rules, the same ``rev``); ``seq``
must grow (a replayed or reordered frame is refused ``stale_sequence``). Every
refusal is a typed error frame ``{"op": "error", "code", "message"}`` (and, for a
view intent, the ``error`` trait, so the view unlocks), with nothing changed.

Frames from the server are ``{"op": "state", "state": {trait: value}}``: the
first after a (re)connect holds every trait (a full snapshot), later ones only
the traits that changed for that device. A device's frames leave in the order
they were computed (each is computed and queued in one step; one writer task per
connection). A seat has one live connection: a ``resume`` with a seat's token
from a second device takes the seat over, and the first gets ``{"op":
"taken_over", "message"}`` and is closed with code 4001 (its page does not
reconnect). A connection that keeps sending frames no page sends is closed with
code 1008 and the reason.

``{"op": "ping"}`` is answered ``{"op": "pong"}`` and changes nothing: a page that
has heard nothing for a while asks, so that a connection that died without a close
(a phone changed Wi-Fi, a laptop slept) is noticed and replaced by the page instead
of a screen that says "online" and is not.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import secrets
import time
import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..engine.errors import IllegalAction
from ..engine.registry import check_options, game_entry, load_game, load_options, load_presenter, names
from ..frames import ROOM_ERROR_CODES, STATIC, WidgetError, _error_dict, bounded, frame_json, short, to_json
from ..protocol import MSG
from ..render import PRIVATE_REPLAY, render
from ..screen import Screen
from ..session import NAME_BYTES, NAME_CHARS, Session, session_for
from .lobby import LobbyView, fit_watchers
from .store import Store
from .web import PerMinute, WebGuard

__all__ = ["ROOM_ERROR_CODES", "Rooms", "create_app"]


#: the letters of a table code: no 0/O, 1/I/L, U/V pairs to misread on a projector
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ"
#: the random letters of a table code (29**5, 20.5 million codes), after the server's prefix
#: when tables shard (``--workers``: a code is then 6 characters): a prefix takes none of them,
#: or one address trying 20 codes a minute would find one of 30 tables in 707,281 within hours
CODE_LENGTH = 5
#: what a malformed code is told (a code is 5 letters, or 6 behind the front of several servers)
BAD_CODE = "a table code is the letters and digits on the teacher's screen"
#: the most bytes one frame from a device may take
MAX_FRAME = 4096
#: frames waiting to go out to one device, at most: a device that reads none of them (a
#: stalled page, a script that only sends) is disconnected; it reconnects to a full snapshot
MAX_QUEUED = 256
#: a connection's refused frames that no page sends (bad JSON, binary, unknown ops, forged
#: tokens, over the rate...) count one strike each and decay by one a second; past this many
#: the connection is closed with a stated reason. The game's own refusals (a slap with no
#: match, a click out of turn) never count: a student mashing keys is not a flood.
MAX_STRIKES = 60
#: a device over the message rate gets one rate_limited error frame per this many seconds
RATE_ERROR_EVERY = 0.5
STRIKE_CODES = frozenset(
    {
        "malformed_message",
        "unknown_message",
        "rate_limited",
        "bad_code",
        "bad_token",
        "teacher_only",
        "stale_sequence",
        "internal_error",
    }
)
#: WebSocket close codes the pages read: 1008 (policy: a flood), 4001 (the seat was opened
#: on another device: the page must not reconnect and take it back)
CLOSE_FLOOD = 1008
CLOSE_TAKEN_OVER = 4001
#: benchmarks only (``BRADY_ROOMS_STAMP=1``): state frames carry ``changed``, the server's
#: ``time.time()`` when the table changed, so a client on the same machine measures latency
STAMP = os.environ.get("BRADY_ROOMS_STAMP") == "1"
PAGES = Path(__file__).resolve().parent / "static"
#: the pages' model shim, served as /assets/rooms.js: bundled from js/src/rooms.js (with
#: its unit tests) by js/build.mjs, beside the views' bundles so one freshness check covers both
ROOMS_JS = STATIC / "rooms" / "rooms.js"
#: the key of the teacher token's hash in the store's settings table
TEACHER_HASH_KEY = "teacher_token_sha256"
#: at shutdown, the longest wait (s) for pending saves (a locked file must not hang the stop)
SAVE_ON_STOP_SECONDS = 5.0


#: the largest number a table's options may hold (either sign): no game setting is larger,
#: and a 400-digit one would only overflow somewhere in the engine
MAX_OPTION_NUMBER = 10**9


def _check_numbers(value: Any, where: str, depth: int = 0) -> None:
    """Refuse (``bad_request``) a number no game setting could be, anywhere in ``value``."""
    if depth > 8:
        raise RoomError("bad_request", f"{where} is nested too deeply")
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return
    if isinstance(value, (int, float)):
        if value != value or not -MAX_OPTION_NUMBER <= value <= MAX_OPTION_NUMBER:
            raise RoomError("bad_request", f"{where}: {short(value)} is not a number any game setting takes")
        return
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        _check_numbers(item, f"{where}[{short(key)}]", depth + 1)


def _check_meta(meta: dict) -> None:
    """A saved row's settings hold what a table is built from, of the right kinds (raises
    ValueError): anything else is a damaged row, skipped before any of it is used."""
    hashes = [*meta.get("seats", {}).values(), *meta.get("watchers", {})]
    if not all(isinstance(h, str) and 8 <= len(h) <= 128 for h in hashes):
        raise ValueError("its seat or watcher tokens are not token hashes")
    for key in ("seats", "seat_names", "watchers", "bot_levels"):
        if not isinstance(meta.get(key, {}), dict):
            raise ValueError(f"its {key} are not an object")
    if not all(isinstance(v, str) for v in (*meta.get("seat_names", {}).values(), *meta.get("watchers", {}).values())):
        raise ValueError("its names are not text")
    if isinstance(meta.get("created"), bool) or not isinstance(meta.get("created"), (int, float)):
        raise ValueError("its creation time is not a number")
    if not isinstance(meta.get("locked"), bool):
        raise ValueError("its lock is not true or false")
    if not isinstance(meta.get("started", False), bool):
        raise ValueError("its started flag is not true or false")
    walls = meta.get("walls", {})
    if not (
        isinstance(walls, dict)
        and all(k.isdigit() and isinstance(v, int) and not isinstance(v, bool) for k, v in walls.items())
    ):
        raise ValueError("its wall times are not step -> ms")
    forecasts = meta.get("forecasts", [])
    if not (
        isinstance(forecasts, list)
        and all(
            isinstance(f, dict)
            and isinstance(f.get("seat"), int)
            and isinstance(f.get("percent"), (int, float))
            and isinstance(f.get("event"), dict)
            for f in forecasts
        )
    ):
        raise ValueError("its forecasts are not a list of {seat, percent, event} objects")


#: a screen's view options as its cache key's text (``json.dumps(options, sort_keys=True)``,
#: the encoder kept: ``dumps`` with an argument builds one at every call, for every device)
_OPTIONS_KEY = json.JSONEncoder(sort_keys=True).encode


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class RoomError(Exception):
    """A refusal of the server's own. ``strike=False``: a refusal a page's normal use can earn
    (a held replay key), which never counts toward closing the connection (see ``refuse``)."""

    def __init__(self, code: str, message: str, *, strike: bool | None = None):
        assert code in ROOM_ERROR_CODES, code
        self.code = code
        self.strike = strike
        super().__init__(bounded(message))


#: what a name never keeps: control, format (zero-width, bidi overrides that write a name
#: backwards on the teacher's page), private-use, unassigned and line-breaking characters
_HIDDEN = frozenset(("Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"))


def clean_name(name: Any) -> str:
    """A name typed at join, as the tables show it: without hidden characters (:data:`_HIDDEN`),
    each run of spaces made one, NFC; refused in words (``malformed_message``) when that leaves
    nothing or more than :data:`NAME_CHARS` characters or :data:`NAME_BYTES` bytes."""
    if not isinstance(name, str) or len(name) > 400:
        raise RoomError("malformed_message", f"a name is 1 to {NAME_CHARS} characters")
    name = unicodedata.normalize("NFC", name)
    name = " ".join("".join(c for c in name if unicodedata.category(c) not in _HIDDEN).split())
    if not 1 <= len(name) <= NAME_CHARS:
        raise RoomError("malformed_message", f"a name is 1 to {NAME_CHARS} characters")
    if len(json.dumps(name, ensure_ascii=False).encode()) - 2 > NAME_BYTES:
        raise RoomError("malformed_message", "that name is too long: use fewer emoji or symbols")
    return name


#: replay steps one device may ask for: a token bucket of this many a second, and a burst of
#: this many (a person clicking back and forward stays under it; a script stepping faster is
#: refused ``rate_limited``, with nothing changed), so the server's one loop spends a bounded
#: time on each device's replay, whatever the device sends
REPLAY_STEPS_PER_SECOND = 10.0
#: a seat's own odds forecasts (class data): at most one every this many seconds, and this many a table
FORECAST_GAP = 2.0
MAX_FORECASTS = 200
REPLAY_BURST = 10.0
#: view option changes one device may make, a token bucket as for replay steps: a new value
#: recomputes the device's odds panel (at a Brady Bunch table a Monte Carlo run of tens of ms),
#: and a script sending new values at the message rate held the loop of every table (a slider
#: let go, or a few arrow keys, stay under it)
OPTION_CHANGES_PER_SECOND = 2.0
OPTION_BURST = 10.0
#: late joiners one table keeps (each a token, a name in the teacher's lobby and in every save
#: of the table): a class's worth. Past it a join is refused in words; a script joining again
#: and again made the lobby frame 250 KB and each save of the table 330 KB at 3000 of them
MAX_WATCHERS = 50


@dataclass(eq=False)
class Device:
    """One connection: a seat's device, a watcher (projector, late joiner) or the teacher."""

    ws: WebSocket
    role: str = "none"  # "seat" | "watch" | "teacher" | "none"
    code: str | None = None
    #: what this device sees, one immutable value replaced on each change: its seat (a seat
    #: device's; None: the public view), the teacher's reveal, the replay step, its view
    #: options (none chosen: the table's)
    screen: Screen = field(default_factory=Screen)
    token_hash: str | None = None
    name: str = ""
    seq: int = -1
    sent: dict = field(default_factory=dict)
    sync_id: str = ""  # real time: the id of this view's clock request (its answer carries it)
    #: real time: ((running, state, sync_id, replay step), the game time sent with them): see
    #: Rooms._personal
    clock_sent: tuple = ((), None)
    error: dict = field(default_factory=dict)
    errors: int = 0
    bucket: float = 0.0
    bucket_at: float = 0.0
    #: frames to send, in the order they were computed (one writer task per connection)
    outbox: asyncio.Queue | None = None
    writer: asyncio.Task | None = None
    closing: bool = False
    strikes: float = 0.0
    strikes_at: float = 0.0
    rate_error_at: float = -1e9  # time.monotonic() of the last rate_limited error frame sent
    bound_at: float = 0.0  # time.monotonic() when it took its seat or began to watch
    #: message type -> (tokens left, time.monotonic() of the last request): the screen changes
    #: this device may still ask for now (replay steps, option changes: see Rooms._spend)
    buckets: dict = field(default_factory=dict)

    @property
    def seat(self) -> int | None:
        """The seat this device holds (its screen's seat), or None."""
        return self.screen.seat

    @seat.setter
    def seat(self, seat: int | None) -> None:
        self.screen = replace(self.screen, seat=seat)


@dataclass(eq=False)
class Room:
    """One table served to many devices, with its code and who sits where."""

    code: str
    game: str
    table: Session
    created: float
    names: list[str]
    bot_levels: dict[int, str]
    locked: bool = False
    #: real time: the table's clock was started (by the teacher, or by every seated person
    #: ready); a restarted server resumes such a table when a seated device asks for the time
    started: bool = False
    #: seat -> token hash of the device bound to it; watcher token hashes -> their name
    seats: dict[int, str] = field(default_factory=dict)
    seat_names: dict[int, str] = field(default_factory=dict)
    watchers: dict[str, str] = field(default_factory=dict)
    devices: set = field(default_factory=set)
    #: seat -> how often, and when last, its token was opened on another device (a takeover)
    moves: dict[int, int] = field(default_factory=dict)
    moved_at: dict[int, float] = field(default_factory=dict)
    saved_len: int = -1  # the history length of the newest snapshot handed to the store
    #: the store's ticket of that snapshot, and of the newest one committed: saved when equal
    version: int = 0
    saved_version: int = 0
    dirty: bool = False
    changed_at: float = 0.0
    #: history step -> server wall time when a person's action was accepted, in ms since the
    #: table was created (the export's ``wall_ms``; class data)
    walls: dict[int, int] = field(default_factory=dict)
    #: the students' own forecasts (non-game notes, never changing the game; the export's
    #: forecasts.csv), each a dict the game's presenter built (``Presenter.forecast``)
    forecasts: list[dict] = field(default_factory=list)

    forecast_at: dict[int, float] = field(default_factory=dict)  # seat -> time.monotonic() of its last

    def stamp(self, since: int, seat: int | None) -> None:
        """Record the wall time of ``seat``'s steps from history step ``since`` on (its action,
        just accepted; the bots' answers and the chance or clock steps it set off have none)."""
        ms = max(0, round((time.time() - self.created) * 1000))
        history = self.table.game.history
        for i in range(since, len(history)):
            if history[i].get("seat") == seat:
                self.walls.setdefault(i, ms)

    def meta(self) -> dict:
        t = self.table
        return {
            "game": self.game,
            "created": self.created,
            "names": list(t.names),  # the names shown now (set at join, seat and hand-to-bot)
            "bot_levels": {str(k): v for k, v in self.bot_levels.items()},
            "locked": self.locked,
            "started": self.started,
            "seats": {str(k): v for k, v in self.seats.items()},
            "seat_names": {str(k): v for k, v in self.seat_names.items()},
            "watchers": self.watchers,
            "humans": list(t.humans),
            "pace": t.pace,
            "walls": {str(k): v for k, v in self.walls.items()},
            "forecasts": self.forecasts,
        }


class Rooms:
    """Every room of one server, their persistence, and the protocol (transport-free)."""

    #: an action's own device gets its frame from the table's update, with every other device
    #: (False: at once, its screen computed apart, as before issue 28; the tests' reference)
    act_frame_in_update: bool = True

    def __init__(
        self,
        store: Store,
        teacher_token: str | None = None,
        *,
        teacher_hash: str | None = None,
        pace: float = 0.8,
        code_ttl: float = 4 * 3600,
        joins_per_minute: int = 20,
        connections_per_address: int = 200,
        msgs_per_second: float = 20.0,
        burst: float = 40.0,
        code_prefix: str = "",
    ):
        if not (
            isinstance(code_prefix, str) and len(code_prefix) <= 2 and all(c in CODE_ALPHABET for c in code_prefix)
        ):
            raise ValueError(
                f"a code prefix is at most 2 of {CODE_ALPHABET!r} (one per server when rooms shard by code)"
            )
        self.code_prefix = code_prefix
        if teacher_token is None and teacher_hash is None:
            raise ValueError("Rooms needs the teacher's token or its stored hash")
        self.store = store
        self.teacher_hash = _hash(teacher_token) if teacher_token is not None else teacher_hash
        #: tables whose saved row could not be read: code -> why (their rows stay as they are)
        self.skipped: dict[str, str] = {}
        store.on_saved = self._saved_threadsafe
        store.on_status = lambda: self._threadsafe(self.lobby_soon)
        self.pace = pace
        self.code_ttl = code_ttl
        self.joins_per_minute = joins_per_minute
        #: live connections one address may hold (a class behind one school address holds a
        #: device each, a teacher's page and a projector: far fewer); each costs the server a
        #: frame at every change of what it watches, so a script opening thousands is refused
        self.connections_per_address = connections_per_address
        self.connections: dict[str, int] = {}  # client address -> live connections
        self.msgs_per_second = msgs_per_second
        self.burst = burst
        self.rooms: dict[str, Room] = {}
        self.tokens: dict[str, tuple[str, str]] = {}  # token hash -> (code, "seat" | "watch")
        self.joins = PerMinute()  # client address -> recent join attempts
        self.teachers: set[Device] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.resume_seconds = 0.0
        self.forecast_gap = FORECAST_GAP  # seconds between one seat's forecasts (tests lower it)
        self._lobby_pending = False
        self._games: list[dict] | None = None

    # ----------------------------------------------------------- persistence
    def resume(self) -> int:
        """Rebuild every table from the store (a restart); bots play on."""
        t0 = time.perf_counter()
        n = 0
        for code, meta, engine in self.store.rows():
            try:  # everything of one row, its meta's JSON included: a bad row is skipped alone
                if not (isinstance(code, str) and 1 <= len(code) <= 12 and all(c in CODE_ALPHABET for c in code)):
                    raise ValueError(f"its code {short(code)} is not a table code")
                meta = json.loads(meta)
                if not isinstance(meta, dict):
                    raise ValueError(f"its settings are a JSON {type(meta).__name__}, not an object")
                _check_meta(meta)
                game = load_game(meta["game"]).from_json(engine)
                humans = [int(s) for s in meta["humans"]]
                levels = {int(k): v for k, v in meta["bot_levels"].items()}
                table = session_for(
                    meta["game"],
                    game=game,
                    humans=humans,
                    names=meta["names"],
                    pace=meta.get("pace", self.pace),
                    bot={seat: level for seat, level in levels.items() if seat not in humans},
                )
                room = Room(code, meta["game"], table, meta["created"], meta["names"], levels, meta["locked"])
                table.lock(room.locked)  # a table locked before the restart stays still
                room.started = meta.get("started", False)
                room.seats = {int(k): v for k, v in meta["seats"].items()}
                room.seat_names = {int(k): v for k, v in meta.get("seat_names", {}).items()}
                room.watchers = dict(meta.get("watchers", {}))
                room.walls = {int(k): v for k, v in meta.get("walls", {}).items()}
                room.forecasts = list(meta.get("forecasts", []))
                room.saved_len = len(game.history)
            except Exception as exc:  # noqa: BLE001 -- one broken row must not stop the others
                why = bounded(" ".join(f"{type(exc).__name__}: {exc}".split()), 160)
                self.skipped[str(code)] = why
                self.store.protect(str(code))  # never overwritten: new_code() avoids it too
                print(
                    f"rooms: table {bounded(str(code), 20)} not resumed ({why}); its saved row is left as it is",
                    flush=True,
                )
                continue
            self._add(room)
            n += 1
        for room in self.rooms.values():
            self._start(room)
        self.resume_seconds = time.perf_counter() - t0
        return n

    def _add(self, room: Room) -> None:
        # a real-time table waits for its teacher or its players (see _op_start, _ready)
        room.table.table_start = True
        if room.started:
            room.table._started = True  # it ran before the restart: paused until a device is back
        self.rooms[room.code] = room
        for h in room.seats.values():
            self.tokens[h] = (room.code, "seat")
        for h in room.watchers:
            self.tokens[h] = (room.code, "watch")
        room.table.listen(lambda room=room: self._changed(room))
        room.table.on_refusal(lambda seat, error, room=room: self._refused(room, seat, error))

    def _start(self, room: Room) -> None:
        t = room.table
        if not t.game.over and not t.game.realtime:
            try:
                t.run_bots()
            except Exception:  # noqa: BLE001 -- a bot failure shows as the table's error
                pass

    def save(self, room: Room) -> None:
        """Hand the table's newest snapshot to the store's writer thread (never blocks: the
        JSON is taken here, on the loop, as the engine is not thread-safe; only the SQL write
        runs in the thread). The table shows unsaved until the store reports it committed."""
        meta = json.dumps(room.meta(), separators=(",", ":"))
        engine = room.table.game.to_json()
        try:
            room.version = self.store.save(room.code, meta, engine)
        except (RuntimeError, ValueError) as exc:  # a closed store (stopping) or a protected row
            print(f"rooms: table {room.code} not saved: {exc}", flush=True)
            return
        room.saved_len = len(room.table.game.history)
        self.lobby_soon()

    def _threadsafe(self, fn, *args) -> None:
        """Run ``fn(*args)`` on the server's loop (the store calls from its writer thread)."""
        loop = self.loop
        if loop is not None and loop.is_running():
            with contextlib.suppress(RuntimeError):  # a loop closing meanwhile
                loop.call_soon_threadsafe(fn, *args)
        else:
            fn(*args)

    def _saved_threadsafe(self, code: str, ticket: int) -> None:
        self._threadsafe(self._saved, code, ticket)

    def _saved(self, code: str, ticket: int) -> None:
        room = self.rooms.get(code)
        if room is not None and ticket > room.saved_version:
            room.saved_version = ticket
            if room.saved_version >= room.version:
                self.lobby_soon()

    def saving(self) -> dict:
        """The store's state for the teacher's lobby: ``ok``, the last ``error`` and ``since``
        (time.time()) while writes fail, and how many tables are not saved yet."""
        status = self.store.status()
        unsaved = sum(1 for r in self.rooms.values() if r.saved_version < r.version)
        return {
            "ok": status["ok"],
            "error": status["error"],
            "since": status["since"],
            "unsaved": unsaved,
            "skipped": sorted(self.skipped),
        }

    # ----------------------------------------------------------------- codes
    def new_code(self) -> str:
        while True:
            code = self.code_prefix + "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.rooms and code not in self.skipped:  # a skipped row is never overwritten
                return code

    def new_token(self) -> str:
        """A device's seat or watcher token: 32 random characters, after ``PREFIX-`` when
        codes have a prefix, so the front of several servers (``front.py``) sends a
        ``resume`` to the server that holds the token's table."""
        token = secrets.token_urlsafe(24)
        return f"{self.code_prefix}-{token}" if self.code_prefix else token

    def _room(self, code: Any, *, joining: bool = False) -> Room:
        if not isinstance(code, str) or not 1 <= len(code) <= 12:
            raise RoomError("bad_code", BAD_CODE)
        room = self.rooms.get(code.strip().upper())
        if room is None:
            raise RoomError("bad_code", f"no table has the code {short(code)}")
        if joining and time.time() - room.created > self.code_ttl:
            raise RoomError("code_expired", "this table's code has expired: ask the teacher for a new table")
        return room

    def _rate_join(self, addr: str) -> None:
        if not self.joins.allow(addr, self.joins_per_minute):
            raise RoomError("rate_limited", "too many tries with table codes: wait a minute")

    # ------------------------------------------------------------ the tables
    def create(self, spec: Any) -> Room:
        """A teacher's new table: ``{"game", "players", "seed"?, "options"?, "bots"?: {seat: level},
        "deal"?}``; every seat without a bot is a person's. ``options`` holds only settings the
        game declares (``GameEntry.options``: the teacher page's form is built from them), each
        checked for its kind and range before anything is built (``bad_request`` in plain words,
        nothing created)."""
        if not isinstance(spec, dict):
            raise RoomError("bad_request", "create takes a table description")
        game = spec.get("game")
        if not isinstance(game, str) or game not in names() or game_entry(game).widget is None:
            raise RoomError(
                "bad_request", f"unknown game {short(game)}; games: {[g for g in names() if game_entry(g).widget]}"
            )
        players = spec.get("players")
        counts = load_game(game).player_counts
        if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
            raise RoomError(
                "bad_request", f"players must be an int from {counts.start} to {counts.stop - 1}, got {short(players)}"
            )
        from ..engine.rng import new_seed, seed_refusal  # 128 bits from `secrets`: no one can guess a table's seed

        seed = spec["seed"] if spec.get("seed") is not None else new_seed()
        if seed_refusal(seed):  # a teacher's own seed: a non-negative int of at most 256 bits
            raise RoomError("bad_request", f"{seed_refusal(seed)}, got {short(seed)}")
        options = spec.get("options") or {}
        bots = spec.get("bots") or {}
        if not isinstance(options, dict) or not isinstance(bots, dict):
            raise RoomError("bad_request", "options and bots must be objects")
        _check_numbers(options, "options")
        try:  # only the settings the game declares (GameEntry.options), each of its kind and range
            options = check_options(game, options, players)
        except ValueError as exc:
            raise RoomError("bad_request", f"{load_game(game).title or game}: {exc}") from None
        deal = spec.get("deal")  # a fixed deal (tests, lessons), never from the page's form
        if deal is not None:
            _check_numbers(deal, "deal")
            options["deal"] = deal
        try:
            bot_levels = {int(k): v for k, v in bots.items()}
            humans = [s for s in range(players) if s not in bot_levels] if isinstance(players, int) else []
            table = session_for(
                game, players=players, seed=seed, humans=humans, pace=self.pace, bot=bot_levels, **options
            )
        except (TypeError, ValueError, KeyError, ArithmeticError, WidgetError) as exc:  # huge numbers: OverflowError
            raise RoomError("bad_request", f"{type(exc).__name__}: {exc}") from None
        seat_names = [
            f"Seat {s + 1}" if s in table.humans else f"Bot {s + 1} ({bot_levels[s]})" for s in range(players)
        ]
        table.names = tuple(seat_names)
        room = Room(self.new_code(), game, table, time.time(), seat_names, bot_levels)
        self._add(room)
        self._start(room)
        self.save(room)
        return room

    def _refused(self, room: Room, seat: int, error: dict) -> None:
        """A seat's queued real-time action was refused when applied (a race lost): the
        error goes to the devices holding that seat, and to no other."""
        for device in room.devices:
            if device.role == "seat" and device.seat == seat:
                device.errors += 1
                device.error = {**error, "n": device.errors}
        self._changed(room)

    def _changed(self, room: Room) -> None:
        """The table changed (an action, a bot's step): send it and save it, soon and once."""
        if room.dirty:
            return
        room.dirty = True
        room.changed_at = time.time()
        loop = self.loop
        if loop is None or not loop.is_running():
            self._flush(room)
        else:
            # the update runs in the loop's next turn, as a plain callback (no task to create
            # and start one more turn later): every change of this turn goes out in one update
            loop.call_soon(self._update, room)

    def _flush(self, room: Room) -> None:
        room.dirty = False
        if len(room.table.game.history) != room.saved_len:
            self.save(room)

    def _update(self, room: Room) -> None:
        """Bring every device of ``room`` up to date, then save the table: the frames are
        queued first (the snapshot's JSON is not on the devices' latency path; both happen
        in this one step, before any frame leaves, so nothing shown can be lost to a kill)."""
        room.dirty = False
        try:
            cache: dict = {}  # screens several devices share (the watchers') are computed once
            # the JSON the renders made of their screens' parts, sent as it is (frame_json): a
            # part is encoded once per update, not again for each frame that carries it
            texts: dict = {}
            stamp = room.changed_at
            for d in list(room.devices):  # each frame computed and queued in one step: see post()
                frame = self.state_frame(d, cache=cache, stamp=stamp, texts=texts)
                if frame is not None:
                    self.post(d, frame, texts)
        finally:
            self._flush(room)
            self.lobby_soon()

    async def flush(self, room: Room) -> None:
        self._update(room)

    def lobby_soon(self, delay: float = 0.25) -> None:
        """The teachers' lobby (tables, seats, who is online), at most every ``delay`` s."""
        if self._lobby_pending or not self.teachers:
            return
        loop = self.loop
        if loop is None or not loop.is_running():
            return
        self._lobby_pending = True

        def fire() -> None:
            self._lobby_pending = False
            for teacher in list(self.teachers):
                asyncio.ensure_future(self.send_teacher(teacher))

        loop.call_later(delay, fire)

    # -------------------------------------------------------------- screens
    def screen(self, device: Device, cache: dict | None = None, texts: dict | None = None) -> dict:
        room = self.rooms.get(device.code or "")
        if room is None:
            return {}
        t = room.table
        view = self._view(device, t)
        # one screen per distinct view in an update (``cache``): each seat's, the public one
        # (the projector, every watcher and the teacher's page without the reveal), the reveal
        key = (view.seat, view.reveal, view.replay_step, _OPTIONS_KEY(view.options))
        state = None if cache is None else cache.get(key)
        if state is None:
            state = render(t, view, t.presenter, texts)
            state.pop("page", None)  # a device's page answer is its own frame
            if cache is not None:
                cache[key] = state
        state = {**state}  # the shared screen is never changed: what differs is set on a copy
        if device.role == "teacher":
            state["settings"] = {**state["settings"], "teacher": True}  # the view draws the reveal toggle
        return self._personal(state, device)

    @staticmethod
    def _view(device: Device, t: Session) -> Screen:
        """The screen ``t`` renders for ``device``: its own, as its role may see it (a seat
        device its seat, the teacher the reveal, anyone a finished game's replay step), with
        the table's view options when it chose none."""
        own = device.screen
        return Screen(
            seat=own.seat if device.role == "seat" else None,
            reveal=own.reveal if device.role == "teacher" else False,
            replay_step=own.replay_step if t.game.over else None,
            options=own.options or t.screen.options,
        )

    @staticmethod
    def _personal(state: dict, device: Device) -> dict:
        """What differs between devices that share a screen: the error, and in real time the
        id of the device's own clock request (its view measures its offset from that answer).

        The clock's ``now`` is sent anew only with a change of the device's clock request,
        of running, of the clock's state or of the replay step shown (a replay shows the
        game time of its step): the view reads it only then (to measure its
        offset once per run), and a ``now`` made at every change of the table sent every
        device a frame at each step, a secret one too (a Hold in the dark: the moment
        someone acted)."""
        state["error"] = device.error
        clock = state.get("clock") or {}
        if clock.get("realtime"):
            key = (clock.get("running"), clock.get("state"), device.sync_id, device.screen.replay_step)
            if device.clock_sent[0] != key:
                device.clock_sent = (key, clock.get("now"))
            state["clock"] = {**clock, "sync": device.sync_id, "now": device.clock_sent[1]}
        return state

    async def send(self, device: Device, frame: dict) -> None:
        self.post(device, frame)

    def post(self, device: Device, frame: dict, texts: dict | None = None) -> None:
        """Queue ``frame`` for ``device``. Frames leave in the order they were computed: a
        frame is computed and queued in one step (no ``await`` between), and one writer task
        per connection sends the queue in order, so no device ever receives an older moment
        of its screen after a newer one. ``texts``: the JSON of the state's parts, made by
        their render (:func:`~brady_widgets.frames.frame_json`)."""
        if device.closing:
            return
        text = frame_json(frame, texts) if texts else to_json(frame)
        outbox = self._outbox(device)
        if outbox.qsize() >= MAX_QUEUED:  # what waits is dropped: a reconnect brings a snapshot
            while not outbox.empty():
                outbox.get_nowait()
            self.close(device, CLOSE_FLOOD, "this device reads no frames: reconnect")
            return
        outbox.put_nowait(text)

    def close(self, device: Device, code: int, reason: str) -> None:
        """Close ``device``'s connection once the frames queued before are sent."""
        if device.closing:
            return
        device.closing = True
        self._outbox(device).put_nowait((code, reason[:120]))

    def _outbox(self, device: Device) -> asyncio.Queue:
        """The device's queue of frames to send, and its writer task, made on first use."""
        if device.outbox is None:
            device.outbox = asyncio.Queue()
            device.writer = asyncio.ensure_future(self._writer(device))
        return device.outbox

    @staticmethod
    async def _writer(device: Device) -> None:
        queue = device.outbox
        while True:
            item = await queue.get()
            try:
                if isinstance(item, tuple):
                    await device.ws.close(code=item[0], reason=item[1])
                    return
                await device.ws.send_text(item)
            except Exception:  # noqa: BLE001 -- a closed socket: its handler cleans up
                return

    def state_frame(
        self,
        device: Device,
        *,
        full: bool = False,
        cache: dict | None = None,
        stamp: float | None = None,
        texts: dict | None = None,
    ) -> dict | None:
        """The frame that brings ``device`` up to date (the traits that changed for it), or None."""
        state = self.screen(device, cache, texts)
        if not state:
            return None
        if full:
            device.sent = {k: v for k, v in device.sent.items() if k.startswith("__")}
        diff = {k: v for k, v in state.items() if device.sent.get(k) != v}
        if not diff:
            return None
        device.sent.update(diff)
        frame = {"op": "state", "state": diff, "role": device.role, "code": device.code}
        if STAMP and stamp:
            frame["changed"] = stamp
            frame["computed"] = time.time()  # the part of the latency spent before the frame was queued
        return frame

    async def send_state(
        self, device: Device, *, full: bool = False, cache: dict | None = None, stamp: float | None = None
    ) -> None:
        frame = self.state_frame(device, full=full, cache=cache, stamp=stamp)
        if frame is not None:
            await self.send(device, frame)

    def overview(self) -> list[dict]:
        """What the teacher's page lists: each table, its seats and who is connected."""
        out = []
        for room in self.rooms.values():
            t = room.table
            online = {d.seat for d in room.devices if d.role == "seat"}
            seats = []
            for s in range(t.game.players):
                kind = "person" if s in t.humans else "bot"
                seats.append(
                    {
                        "seat": s,
                        "kind": kind,
                        "name": room.seat_names.get(s) or t.names[s],
                        "taken": s in room.seats,
                        "online": s in online,
                        "moves": room.moves.get(s, 0),
                        # whole seconds: the page shows the hour and minute (fewer bytes a seat)
                        "moved_at": round(room.moved_at[s]) if s in room.moved_at else None,
                    }
                )
                if kind == "bot":  # a person's seat has no level: not sent 42 times as null
                    seats[-1]["level"] = room.bot_levels.get(s)
            watchers = [
                {"id": h[:10], "name": n, "online": any(d.token_hash == h for d in room.devices)}
                for h, n in room.watchers.items()
            ]
            out.append(
                fit_watchers(
                    {
                        "code": room.code,
                        "game": room.game,
                        "players": t.game.players,
                        "locked": room.locked,
                        # real time: "table" (waiting for the teacher's start or everyone ready), "running",
                        # "paused" (ran before a restart), "over"; None for a turn-based table
                        "clock": t.clock_state if t.game.realtime else None,
                        "ready": sorted(t.ready),
                        "over": t.game.over,
                        "actions": t._n_actions(),
                        "seats": seats,
                        "watchers": watchers,
                        "to_act": list(t.game.to_act) if not t.game.over else [],
                        "expires_in": max(0, int(self.code_ttl - (time.time() - room.created))),
                        "saved": room.saved_version >= room.version,  # its newest snapshot is on disk
                    }
                )  # a table's entry fits one lobby frame: the watchers past it are counted
            )
        return out

    async def send_teacher(self, device: Device) -> None:
        if self._games is None:
            self._games = self.games()
        # what changed since this connection's last lobby frame (the first: every table), in
        # frames under 8 KB (lobby.py); the games and their settings (a few KB) go once
        view = device.sent.setdefault("__lobby", LobbyView())
        extra = None
        if device.sent.get("__games") is not self._games:
            extra = {"games": self._games}
            device.sent["__games"] = self._games
        for frame in view.frames(self.overview(), self.saving(), extra):
            await self.send(device, frame)
        if device.code in self.rooms:
            await self.send_state(device)

    @staticmethod
    def games() -> list[dict]:
        out = []
        for g in names():
            if game_entry(g).widget is None:
                continue
            presenter = load_presenter(g)
            cls = presenter.game_class
            out.append(
                {
                    "name": g,
                    "title": cls.title or g,
                    "players": [cls.player_counts.start, cls.player_counts.stop - 1],
                    "bots": sorted(presenter.bot_registry()),
                    "default_bot": presenter.default_bot,
                    "view": game_entry(g).view or "generic",
                    "realtime": bool(cls.realtime),
                    "options": [o.to_json() for o in load_options(g)],
                }
            )
        return out

    # ------------------------------------------------------------ protocol
    def _limit(self, device: Device) -> None:
        now = time.monotonic()
        device.bucket = (
            min(self.burst, device.bucket + (now - device.bucket_at) * self.msgs_per_second)
            if device.bucket_at
            else self.burst
        )
        device.bucket_at = now
        if device.bucket < 1:
            raise RoomError("rate_limited", "too many messages: slow down")
        device.bucket -= 1

    async def handle(self, device: Device, text: Any, addr: str) -> None:
        """One frame from a device. Never raises: refusals become error frames."""
        try:
            self._limit(device)
            # bytes, not characters (4096 emoji are 16 KB): the UTF-8 is measured only past a quarter
            if (
                not isinstance(text, str)
                or len(text) > MAX_FRAME
                or (len(text) > MAX_FRAME // 4 and len(text.encode("utf-8", "surrogatepass")) > MAX_FRAME)
            ):
                raise RoomError("malformed_message", f"a frame is JSON text of at most {MAX_FRAME} bytes")
            try:
                frame = json.loads(text)
            except (ValueError, RecursionError):  # [[[[... nested past the reader's depth is not JSON it takes
                raise RoomError("malformed_message", "a frame must be JSON") from None
            if not isinstance(frame, dict) or not isinstance(frame.get("op"), str):
                raise RoomError("malformed_message", "a frame is an object with an 'op'")
            op = frame["op"]
            handler = getattr(self, f"_op_{op}", None) if op.isidentifier() else None
            if handler is None:
                raise RoomError("unknown_message", f"unknown op {short(op)}")
            await handler(device, frame, addr)
        except (RoomError, WidgetError, IllegalAction) as exc:
            error = {"code": exc.code, "message": bounded(str(exc))}
            room = self.rooms.get(device.code or "")
            if room is not None and isinstance(exc, (WidgetError, IllegalAction)):
                error = _error_dict(exc, room.table.presenter, device.seat)  # in the game's words
            self.refuse(device, error, strike=getattr(exc, "strike", None))
        except Exception as exc:  # noqa: BLE001 -- the connection stays up
            self.refuse(device, _error_dict(exc))

    def refuse(self, device: Device, error: dict, *, strike: bool | None = None) -> None:
        """A typed error frame for a refused frame; a connection that keeps sending frames
        the server refuses (a flood, a broken script) is closed with a stated reason.

        A frame no page sends is one strike; a frame over the message rate a tenth of one
        (a held key can pass the rate for a while: only a flood, far past it, adds up), and
        its error frames go out at most every RATE_ERROR_EVERY s (a flood got one per frame)."""
        now = time.monotonic()
        code = error.get("code")
        weight = 0.0 if strike is False else 0.1 if code == "rate_limited" else 1.0 if code in STRIKE_CODES else 0.0
        if weight:
            device.strikes = (
                max(0.0, device.strikes - (now - device.strikes_at)) if device.strikes_at else 0.0
            ) + weight
            device.strikes_at = now
        if device.strikes > MAX_STRIKES:
            message = f"this connection sent more than {MAX_STRIKES} frames the server refused: it is closed (reload the page)"
            self.post(device, {"op": "error", "code": "rate_limited", "message": message})
            self.close(device, CLOSE_FLOOD, "too many refused frames")
            return
        if code == "rate_limited" and strike is not False:
            if now - device.rate_error_at < RATE_ERROR_EVERY:
                return
            device.rate_error_at = now
        self.post(device, {"op": "error", **error})

    def _bind(self, device: Device, room: Room, role: str, token_hash: str | None, seat: int | None = None) -> None:
        self._unbind(device)
        device.role, device.code, device.token_hash = role, room.code, token_hash
        device.screen = replace(device.screen, seat=seat, replay_step=None, reveal=False)
        device.sent, device.error, device.seq = {}, {}, -1
        device.bound_at = time.monotonic()
        room.devices.add(device)

    def _take_over(self, room: Room, seat: int, token_hash: str, device: Device) -> None:
        """One live connection per seat: a second device on the seat's token takes the seat
        over; the first is told so in plain words and closed (its page does not reconnect),
        and the teacher's page shows the move."""
        for old in [d for d in room.devices if d.role == "seat" and d.token_hash == token_hash and d is not device]:
            self._unbind(old)
            old.role, old.code, old.seat = "none", None, None
            message = (
                f"Your seat at table {room.code} was opened on another device, which plays it now. "
                "Reload this page to take the seat back here."
            )
            self.post(old, {"op": "taken_over", "code": "taken_over", "message": message})
            self.close(old, CLOSE_TAKEN_OVER, "seat opened on another device")
            room.table.clear_ready(seat)  # the new device's person presses "I'm ready" again
            room.moves[seat] = room.moves.get(seat, 0) + 1
            room.moved_at[seat] = time.time()

    def _unbind(self, device: Device) -> None:
        room = self.rooms.get(device.code or "")
        if room is not None:
            room.devices.discard(device)

    async def _op_ping(self, device: Device, frame: dict, addr: str) -> None:
        """``{"op": "ping"}``: ``{"op": "pong"}`` back, nothing else (see the module's docstring)."""
        self.post(device, {"op": "pong"})

    async def _op_join(self, device: Device, frame: dict, addr: str) -> None:
        """``{"op": "join", "code", "name"}``: a free person's seat, else watch (late joiner)."""
        self._rate_join(addr)
        if device.role in ("seat", "teacher"):
            raise RoomError("bad_request", "this connection already holds a seat (one device, one seat)")
        room = self._room(frame.get("code"), joining=True)
        name = clean_name(frame.get("name"))
        token = self.new_token()
        h = _hash(token)
        t = room.table
        free = [s for s in t.humans if s not in room.seats]
        if free and not room.locked:
            seat = free[0]
            room.seats[seat] = h
            room.seat_names[seat] = name
            self.tokens[h] = (room.code, "seat")
            t.names = tuple(name if s == seat else n for s, n in enumerate(t.names))
            self._bind(device, room, "seat", h, seat)
        else:
            if len(room.watchers) >= MAX_WATCHERS:
                raise RoomError(
                    "bad_request",
                    f"{MAX_WATCHERS} people are waiting for a seat at this table already: "
                    "ask the teacher for a seat or for a new table",
                )
            room.watchers[h] = name
            self.tokens[h] = (room.code, "watch")
            self._bind(device, room, "watch", h)
        self.save(room)
        await self.send(
            device, {"op": "joined", "token": token, "code": room.code, "role": device.role, "seat": device.seat}
        )
        self._changed(room)
        await self.send_state(device, full=True)

    async def _op_resume(self, device: Device, frame: dict, addr: str) -> None:
        """``{"op": "resume", "token"}``: a reload or a dropped connection takes its seat back."""
        token = frame.get("token")
        if not isinstance(token, str) or not 10 <= len(token) <= 100:
            raise RoomError("bad_token", "a token is the string the server gave at join")
        h = _hash(token)
        where = self.tokens.get(h)
        if where is None or where[0] not in self.rooms:
            self._rate_join(addr)
            raise RoomError("bad_token", "this token holds no seat here (join again with the code)")
        room = self.rooms[where[0]]
        seat = next((s for s, x in room.seats.items() if x == h), None)
        if seat is not None:
            self._take_over(room, seat, h, device)
            self._bind(device, room, "seat", h, seat)
        else:
            self._bind(device, room, "watch", h)
        await self.send(device, {"op": "joined", "code": room.code, "role": device.role, "seat": device.seat})
        self.lobby_soon()
        await self.send_state(device, full=True)

    async def _op_watch(self, device: Device, frame: dict, addr: str) -> None:
        """``{"op": "watch", "code"}``: the projector (the public view; no token)."""
        self._rate_join(addr)
        room = self._room(frame.get("code"))
        self._bind(device, room, "watch", None)
        await self.send(device, {"op": "joined", "code": room.code, "role": "watch", "seat": None})
        await self.send_state(device, full=True)

    async def _op_msg(self, device: Device, frame: dict, addr: str) -> None:
        """``{"op": "msg", "seq", "msg"}``: a view's intent, for this device's screen."""
        room = self.rooms.get(device.code or "")
        if room is None or device.role == "none":
            raise RoomError("not_joined", "join a table first")
        seq = frame.get("seq")
        if isinstance(seq, bool) or not isinstance(seq, int):
            raise RoomError("malformed_message", "a 'msg' frame carries an int 'seq'")
        if seq <= device.seq:
            raise RoomError("stale_sequence", f"seq {seq} is not after {device.seq}: an old or replayed frame")
        device.seq = seq
        msg = frame.get("msg")
        before = len(room.table.game.history)
        try:
            self._intent(room, device, msg)
        except Exception as exc:
            device.errors += 1
            device.error = {**_error_dict(exc, room.table.presenter, device.seat), "n": device.errors}
            await self.send_state(device)
            raise
        changed = len(room.table.game.history) != before
        if changed:
            room.stamp(before, device.seat)  # the class's data: when each accepted action arrived
        if changed and room.dirty and self.act_frame_in_update:
            # the table's update (queued by _changed, not yet run) brings this device its frame
            # with every other device's, from the screens computed once for all of them
            return
        await self.send_state(device, stamp=room.changed_at if changed else None)

    def _intent(self, room: Room, device: Device, msg: Any) -> None:
        t = room.table
        t.check_message(msg)  # the widget's own validation of the message's shape
        kind = msg["type"]
        # before anything changes: a refused step or option leaves the screen (and its error) as it was
        if kind == MSG.REPLAY:
            self._spend(device, kind, REPLAY_STEPS_PER_SECOND, REPLAY_BURST, "replay steps")
        elif kind == MSG.OPTION:
            self._spend(device, kind, OPTION_CHANGES_PER_SECOND, OPTION_BURST, "changes of the odds' settings")
        device.error = {}
        if kind == MSG.ACT:
            if device.role != "seat":
                raise IllegalAction("not_your_turn", "a watcher's screen has no seat to play", None, msg.get("action"))
            if room.locked:
                raise RoomError("table_locked", "the teacher has paused this table")
            if t.game.realtime and not t.game.over and t.clock_state != "running":
                raise t.not_started_error()
            t.act_for(device.seat, msg["action"], rev=msg["rev"], at=msg.get("at"))
        elif kind == MSG.REPLAY:
            step = msg["step"]
            length = t._n_actions()
            if not t.game.over:
                raise WidgetError("replay_unavailable", "the replay opens when the game is over")
            if t._hides_steps(self._view(device, t)):  # a student's screen of a game with private steps
                raise WidgetError("replay_unavailable", PRIVATE_REPLAY)
            if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step <= length:
                raise WidgetError("malformed_message", f"replay step must be an int 0..{length}, got {short(step)}")
            device.screen = replace(device.screen, replay_step=None if step == length else step)
        elif kind == MSG.REVEAL:
            if device.role != "teacher":
                raise WidgetError("teacher_only", "only the teacher reveals secrets")
            if not isinstance(msg["on"], bool):
                raise WidgetError("malformed_message", "reveal takes true or false")
            device.screen = replace(device.screen, reveal=msg["on"])
        elif kind == MSG.OPTION:
            name, value = msg["name"], msg["value"]
            if not isinstance(name, str) or name not in t.presenter.view_options:
                raise WidgetError("malformed_message", f"unknown option {short(name)}")
            chosen = device.screen.option_dict() or t.screen.option_dict()
            device.screen = device.screen.with_options({**chosen, name: t.presenter.check_option(name, value)})
        elif kind == MSG.PAGE:
            view = self._view(device, t)
            answer = t.page_for(
                view.seat,
                msg["list"],
                msg["before"],
                reveal=view.reveal,  # the role-checked screen's: only a teacher's page reveals
                replay_step=view.replay_step,
                options=view.option_dict(),
            )
            device.sent.pop("page", None)
            self.post(device, {"op": "state", "state": {"page": answer}})
        elif kind == MSG.RUN_BOTS:
            if device.role != "teacher":
                raise WidgetError("teacher_only", "only the teacher starts paused bots")
            t.run_bots()
        elif kind == MSG.CLOCK:
            t._clock_sync(msg["id"])  # validates the id; it starts nothing...
            device.sync_id = msg["id"]
            if device.role == "seat" and room.started and not room.locked:
                t.start()  # ...but a table that ran before a restart plays on when a seat is back
        elif kind == MSG.START:
            self._ready(room, device)
        elif kind == MSG.FORECAST:
            self._forecast(room, device, msg["event"], msg["percent"])
        elif kind == MSG.VISIBLE:
            Session.check_visible(msg["id"], msg["on"])  # a room's table never pauses for one screen
        # LIFT_CURTAIN, CLEAR_ERROR: a room has no curtain; the error is cleared above

    @staticmethod
    def _spend(device: Device, kind: str, per_second: float, burst: float, what: str) -> None:
        """One of ``device``'s screen changes of type ``kind``, from a token bucket of ``burst``
        refilled at ``per_second``: past it, refused ``rate_limited`` in words with nothing
        changed, and never a strike (a held key or a slider is not a flood), so the server's
        one loop spends a bounded time on each device's changes, whatever the device sends."""
        now = time.monotonic()
        tokens, at = device.buckets.get(kind, (burst, now))
        tokens = min(burst, tokens + (now - at) * per_second)
        if tokens < 1:
            device.buckets[kind] = (tokens, now)
            raise RoomError("rate_limited", f"too many {what}: slow down", strike=False)
        device.buckets[kind] = (tokens - 1, now)

    def _ready(self, room: Room, device: Device) -> None:
        """A device pressed Start. A seated person is ready; the table starts when every
        person's seat is taken and ready (or when the teacher starts it: ``_op_start``).
        A table that ran already (a restart, a bot's failure) resumes at once, unless the teacher
        locked it (refused ``table_locked``: Unlock resumes it). The teacher's page, looking at the
        table, starts it; a watcher's Start is refused."""
        t = room.table
        if not t.game.realtime or t.game.over:
            return
        if device.role == "teacher":
            self._start_table(room)
            return
        if device.role != "seat" or device.seat is None:
            raise WidgetError("teacher_only", "only the teacher or the seated players start the table")
        if room.locked:
            raise RoomError("table_locked", "the teacher has paused this table")
        if room.started:
            self._start_table(room)
            return
        t.mark_ready(device.seat)
        self._start_if_all_ready(room)

    def _start_if_all_ready(self, room: Room) -> None:
        """Before the teacher's start: the table starts once every person's seat is taken
        and its person ready (checked at each "I'm ready" and whenever a seat changes hands:
        the last person who was not ready handed to a bot starts it). A table of bots only
        waits for the teacher."""
        t = room.table
        if room.started or not t.game.realtime or t.game.over or not t.humans:
            return
        ready = t.ready
        if all(s in room.seats and s in ready for s in t.humans):
            self._start_table(room)

    def _start_table(self, room: Room) -> None:
        t = room.table
        if not t.game.realtime or t.game.over:
            return
        room.started = True
        if not room.locked:  # a locked table's clock stands still: Unlock starts it
            t.start()
        self.save(room)

    async def _op_forecast(self, device: Device, frame: dict, addr: str) -> None:
        """``{"op": "forecast", "event": {...}, "percent": 0-100}``: a seated student's own
        forecast of an event its odds panel gives (the game's presenter says which events,
        ``Presenter.forecast_event``). A note kept with the table for the class's data
        (forecasts.csv of the export), never a move: the game does not change. Refused in
        words, nothing kept: a non-number or one outside 0-100, an event the seat's panel does
        not give, a finished game, more than one forecast every FORECAST_GAP seconds or more
        than MAX_FORECASTS from a seat."""
        room = self.rooms.get(device.code or "")
        if room is None:
            raise RoomError("not_joined", "take a seat at a table to make a forecast")
        self._forecast(room, device, frame.get("event"), frame.get("percent"))
        # how many of this seat's own forecasts the table keeps: never the other seats' (a count
        # of everyone's told a student when another student made one)
        kept = sum(1 for f in room.forecasts if f["seat"] == device.seat)
        await self.send(device, {"op": "forecast", "kept": kept})

    def _forecast(self, room: Room, device: Device, event: Any, percent: Any) -> None:
        """Keep a seated device's forecast (``_op_forecast``, or its view's ``forecast`` message)."""
        if device.role != "seat" or device.seat is None:
            raise RoomError("not_joined", "take a seat at a table to make a forecast")
        t, seat = room.table, device.seat
        now = time.monotonic()
        last = room.forecast_at.get(seat)
        if last is not None and now - last < self.forecast_gap:
            raise RoomError(
                "rate_limited", f"one forecast every {self.forecast_gap:g} seconds: wait a moment", strike=False
            )
        if sum(1 for f in room.forecasts if f["seat"] == seat) >= MAX_FORECASTS:
            raise RoomError("rate_limited", f"you made {MAX_FORECASTS} forecasts at this table: the most kept")
        try:
            kept = t.presenter.make_forecast(t.game, seat, event, percent)
        except ValueError as exc:
            raise WidgetError("bad_forecast", str(exc)) from None
        room.forecast_at[seat] = now
        kept["wall_ms"] = max(0, round((time.time() - room.created) * 1000))
        room.forecasts.append(kept)
        self.save(room)  # no move was made: saved now, not on the next step

    # -------------------------------------------------------------- teacher
    async def _op_start(self, device: Device, frame: dict, addr: str) -> None:
        """``{"op": "start", "code"}``: the teacher starts a real-time table's clock (or resumes
        it); a turn-based or finished table is left as it is."""
        room = self._teacher_room(device, frame)
        self._start_table(room)
        await self.flush(room)

    async def _op_teacher(self, device: Device, frame: dict, addr: str) -> None:
        """``{"op": "teacher", "token"}``: this connection is the teacher's."""
        token = frame.get("token")
        if not isinstance(token, str) or not secrets.compare_digest(_hash(token), self.teacher_hash):
            self._rate_join(addr)
            raise RoomError("teacher_only", "that is not the teacher's token")
        self._unbind(device)
        device.role, device.code, device.seat, device.sent = "teacher", None, None, {}
        self.teachers.add(device)
        await self.send(device, {"op": "joined", "role": "teacher"})
        await self.send_teacher(device)

    def _teacher_room(self, device: Device, frame: dict) -> Room:
        if device.role != "teacher" or device not in self.teachers:
            raise RoomError("teacher_only", "only the teacher's page may do that")
        return self._room(frame.get("code"))

    async def _op_create(self, device: Device, frame: dict, addr: str) -> None:
        if device.role != "teacher":
            raise RoomError("teacher_only", "only the teacher's page creates tables")
        room = self.create(frame.get("table"))
        await self.send(device, {"op": "created", "code": room.code})
        for teacher in list(self.teachers):
            await self.send_teacher(teacher)

    async def _op_show(self, device: Device, frame: dict, addr: str) -> None:
        """The teacher looks at one table (public view; reveal and replay on request)."""
        room = self._teacher_room(device, frame)
        self._unbind(device)
        room.devices.add(device)
        device.code, device.sent = room.code, {k: v for k, v in device.sent.items() if k in ("__lobby", "__games")}
        device.screen = replace(device.screen, reveal=False, replay_step=None)
        await self.send_state(device, full=False)

    async def _op_lock(self, device: Device, frame: dict, addr: str) -> None:
        """``{"op": "lock", "code", "on"}``: the teacher pauses a table (no one may act; a real-time
        table's clock stands still) or lets it go on."""
        room = self._teacher_room(device, frame)
        if not isinstance(frame.get("on"), bool):
            raise RoomError("malformed_message", "lock takes on: true or false")
        room.locked = frame["on"]
        # no bot acts (a turn-based table's stop where they are) and a real-time table's clock
        # stands still: nothing falls due
        room.table.lock(room.locked)
        if not room.locked and room.started:  # and goes on from the game time where it stopped
            self._start_table(room)
        self.save(room)
        await self.flush(room)

    async def _op_bot(self, device: Device, frame: dict, addr: str) -> None:
        """Hand a seat to a bot (a dropped device): ``{"code", "seat", "level"?}``."""
        room = self._teacher_room(device, frame)
        seat, level = frame.get("seat"), frame.get("level")
        t = room.table
        t._check_seat(seat)
        level = level or t.presenter.default_bot
        if not isinstance(level, str) or level not in t.presenter.bot_registry():
            raise RoomError("bad_request", f"unknown bot level {short(level)}")
        room.bot_levels[seat] = level
        h = room.seats.pop(seat, None)
        if h is not None:  # that device now watches
            room.watchers[h] = room.seat_names.get(seat, "")
            self.tokens[h] = (room.code, "watch")
            for d in list(room.devices):
                if d.token_hash == h:
                    d.role, d.seat, d.sent = "watch", None, {}
        room.seat_names.pop(seat, None)
        t.names = tuple(f"Bot {seat + 1} ({level})" if s == seat else n for s, n in enumerate(t.names))
        t.clear_ready(seat)  # a bot needs no "I'm ready"; a person seated here later presses it again
        t.seat_bot(seat, level)
        self._start_if_all_ready(room)  # the one person not ready may have been this seat's
        self.save(room)
        await self.flush(room)

    async def _op_seat(self, device: Device, frame: dict, addr: str) -> None:
        """Seat a watcher (a late joiner) in a seat: ``{"code", "watcher": id, "seat"}``."""
        room = self._teacher_room(device, frame)
        t = room.table
        seat, wid = frame.get("seat"), frame.get("watcher")
        t._check_seat(seat)
        match = [h for h in room.watchers if isinstance(wid, str) and len(wid) >= 8 and h.startswith(wid)]
        if len(match) != 1:
            raise RoomError("bad_request", "no such watcher at this table")
        h = match[0]
        name = room.watchers.pop(h)
        old = room.seats.get(seat)
        if old is not None:  # the seat's old device watches from now on
            room.watchers[old] = room.seat_names.get(seat, "")
            self.tokens[old] = (room.code, "watch")
            for d in list(room.devices):
                if d.token_hash == old:
                    d.role, d.seat, d.sent = "watch", None, {}
        room.seats[seat] = h
        room.seat_names[seat] = name
        self.tokens[h] = (room.code, "seat")
        room.bot_levels.pop(seat, None)
        t.clear_ready(seat)  # the old holder's "I'm ready" is not the new person's
        t.names = tuple(name if s == seat else n for s, n in enumerate(t.names))
        t.seat_human(seat)
        holders = [d for d in room.devices if d.token_hash == h]  # a watcher's token may be open on several devices
        for d in holders:
            d.role, d.seat, d.sent = "seat", seat, {}
        if holders:  # one live connection per seat: the newest keeps it, the others are told
            self._take_over(room, seat, h, max(holders, key=lambda d: d.bound_at))
        self.save(room)
        await self.flush(room)

    async def _op_teacher_view(self, device: Device, frame: dict, addr: str) -> None:
        """The teacher's screen of one table: ``{"code", "reveal"?: bool, "replay"?: step}``.
        It applies to the table the teacher's page shows: a code that names another table
        (a crafted frame) is refused and changes nothing."""
        room = self._teacher_room(device, frame)  # refuses a device that is not the teacher, and an unknown code
        if device.code != room.code or device not in room.devices:
            raise RoomError("bad_request", f"table {room.code} is not the one shown on this page: show it first")
        reveal = frame.get("reveal", device.screen.reveal)
        if not isinstance(reveal, bool):
            raise RoomError("malformed_message", "reveal takes true or false")
        device.screen = replace(device.screen, reveal=reveal)
        await self.send_state(device)

    # ----------------------------------------------------------- connection
    async def serve(self, ws: WebSocket) -> None:
        await ws.accept()
        device = Device(ws)
        addr = ws.client.host if ws.client else "?"
        live = self.connections[addr] = self.connections.get(addr, 0) + 1
        if live > self.connections_per_address:  # told why in words, then closed (the loop below ends)
            why = "too many pages open from this address: close some and try again"
            self.post(device, {"op": "error", "code": "rate_limited", "message": why})
            self.close(device, CLOSE_FLOOD, "too many pages open from this address")
        try:
            while not device.closing:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:  # a binary frame: refused like any frame that is not JSON text
                    self.refuse(
                        device, {"code": "malformed_message", "message": "a frame is JSON text, not binary data"}
                    )
                    continue
                await self.handle(device, text, addr)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            left = self.connections.pop(addr, 1) - 1
            if left > 0:
                self.connections[addr] = left
            self._unbind(device)
            self.teachers.discard(device)
            self.lobby_soon()
            if device.writer is not None:
                if device.closing:  # let the stated reason go out
                    with contextlib.suppress(Exception):
                        await asyncio.wait_for(asyncio.shield(device.writer), 2)
                device.writer.cancel()


def qr_svg_text(url: str) -> str:
    """``url`` as a QR code in SVG (black on white, a quiet zone of 4 modules): scanned from
    a phone across a classroom off a projector."""
    import io

    import segno

    out = io.BytesIO()
    segno.make(url, error="m").save(
        out,
        kind="svg",
        scale=10,
        border=4,
        dark="#000",
        light="#fff",
        xmldecl=False,
        title="Join the class",
        omitsize=True,
    )
    return out.getvalue().decode()


#: QR codes one address may have drawn a minute (one is 4 ms of the loop every table shares); a
#: code asked for again (the projector's, the teacher page's) is the one drawn before, never refused
QR_DRAWS_PER_MINUTE = 60
#: QR codes kept, the one asked for longest ago first out (a code asked for again moves to the end,
#: so the projector's and the teacher page's stay while others are drawn)
QR_KEPT = 64


def _page(name: str) -> HTMLResponse:
    return HTMLResponse(
        (PAGES / name).read_text(), headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
    )


#: ``POST /export``'s refusal past an address's tries (a lone server's and the front's)
TOKEN_TRIES = "too many wrong teacher's tokens from this address: wait a minute"


def page_routes(join_url: str | None, games_of: Any, export: Any, ws: Any) -> list:
    """The routes of a rooms address: the pages, the games (``games_of()``), the students'
    address and QR code, the view bundles, ``POST /export`` and ``/ws`` (the two handlers
    given): one server's (:func:`create_app`), or the front of several (``front.py``)."""

    async def student(request: Request) -> Response:
        return _page("student.html")

    async def watch(request: Request) -> Response:
        return _page("watch.html")

    async def teacher(request: Request) -> Response:
        return _page("teacher.html")

    listed: dict = {}  # the registered games' names -> the list made for them (made once)

    async def games(request: Request) -> Response:
        key = tuple(names())
        if key not in listed:
            listed.clear()
            listed[key] = games_of()
        return JSONResponse(listed[key])

    def students_url(request: Request) -> str:
        return (join_url or str(request.base_url)).rstrip("/") + "/"

    async def join_info(request: Request) -> Response:
        """``{"url"}``: where students go (the teacher's and the projector's pages show it)."""
        return JSONResponse({"url": students_url(request)}, headers={"Cache-Control": "no-store"})

    drawn: dict[str, str] = {}  # url -> its QR code (QR_KEPT, the one asked for longest ago first)
    draws = PerMinute()  # address -> when it had QR codes drawn, this last minute

    async def qr_svg(request: Request) -> Response:
        """The students' address as a QR code (SVG, drawn here by segno: no CDN); with
        ``?code=ABCDE`` the address fills in that table's code on the student's page."""
        url = students_url(request)
        code = request.query_params.get("code", "").upper()
        if code:
            if not (1 <= len(code) <= 12 and all(c in CODE_ALPHABET for c in code)):
                return JSONResponse(
                    {"code": "bad_code", "message": BAD_CODE},
                    400,
                )
            url += f"?code={code}"
        svg = drawn.pop(url, None)
        if svg is not None:
            drawn[url] = svg  # asked for again: the last to go
        else:
            addr = request.client.host if request.client else "?"
            if not draws.allow(addr, QR_DRAWS_PER_MINUTE):
                return JSONResponse(
                    {"code": "rate_limited", "message": "too many QR codes asked for from this address: wait a minute"},
                    429,
                )
            try:
                svg = qr_svg_text(url)
            except ImportError:  # segno is in the rooms extra; without it the pages show the address alone
                return JSONResponse({"code": "no_qr", "message": "no QR code: install brady-widgets[rooms]"}, 404)
            drawn[url] = svg
            while len(drawn) > QR_KEPT:
                drawn.pop(next(iter(drawn)))
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    async def rooms_js(request: Request) -> Response:
        return FileResponse(ROOMS_JS)

    return [
        Route("/", student),
        Route("/watch/{code}", watch),
        Route("/teacher", teacher),
        Route("/games.json", games),
        Route("/export", export, methods=["POST"]),
        Route("/join.json", join_info),
        Route("/qr.svg", qr_svg),
        Route("/assets/rooms.js", rooms_js),  # before /assets: the bundle lives with the views'
        WebSocketRoute("/ws", ws),
        Mount("/views", StaticFiles(directory=STATIC)),
        Mount("/assets", StaticFiles(directory=PAGES)),
    ]


def zip_response(data: bytes) -> Response:
    """The teacher's export (a zip of CSV files) as a download named for the minute it was made,
    never cached (a lone server's and the front's ``POST /export``)."""
    stamp = time.strftime("%Y%m%d-%H%M", time.gmtime())
    return Response(
        data,
        media_type="application/zip",
        headers={
            "Content-Disposition": f'attachment; filename="class-data-{stamp}.zip"',
            "Cache-Control": "no-store",
        },
    )


def create_app(
    db: str | Path = "rooms.sqlite3",
    teacher_token: str | None = None,
    *,
    allowed_origins: tuple[str, ...] = (),
    allowed_hosts: tuple[str, ...] = (),
    join_url: str | None = None,
    **kwargs: Any,
) -> Starlette:
    """The ASGI app: pages, the view bundles, ``/ws``; ``app.state.rooms`` is the :class:`Rooms`.

    Wrapped in :class:`~brady_widgets.rooms.web.WebGuard`: ``allowed_hosts`` are served names
    besides this machine's own, ``allowed_origins`` origins accepted on ``/ws`` besides its own.
    ``join_url`` is the students' address the teacher's and the projector's pages show with
    its QR code (``/join.json``, ``/qr.svg``): the one ``brady-widgets rooms`` prints (the LAN
    address or ``--public-url``); without it, the address the page was loaded from."""
    store = Store(db)  # StoreError (one line naming the file) for a file that is not a rooms database
    try:
        # The teacher's token is kept hashed in the file, so the teacher's open page and link
        # survive a restart: a given token replaces the stored hash; none given reuses it
        # (the server then does not know the token: app.state.teacher_token is None); a new
        # random token only on the very first start.
        teacher_token = teacher_token or None
        stored = store.setting(TEACHER_HASH_KEY)
        if teacher_token is None and stored is None:
            teacher_token = secrets.token_urlsafe(18)
        teacher_hash = _hash(teacher_token) if teacher_token is not None else stored
        if teacher_hash != stored:
            store.put_setting(TEACHER_HASH_KEY, teacher_hash)
            store.flush(2.0)  # at start: on disk before the link is printed (if the file is free)
        rooms = Rooms(store, teacher_hash=teacher_hash, **kwargs)
    except BaseException:
        store.close()
        raise

    async def export(request: Request) -> Response:
        """``POST /export`` with ``Authorization: Bearer <teacher token>``: every table as CSV
        in a zip (``export.py``), the teacher's full record. Only a POST (WebGuard refuses one
        without this server's Origin) and only the teacher's token (a wrong one counts toward
        the address's join rate, as on the socket); never cached."""
        addr = request.client.host if request.client else "?"
        auth = request.headers.get("authorization", "")
        token = auth[7:] if auth[:7].lower() == "bearer " else ""
        if not (token and secrets.compare_digest(_hash(token), rooms.teacher_hash)):
            try:
                rooms._rate_join(addr)
            except RoomError as exc:  # the join rate's count, in the export's words
                return JSONResponse({"code": exc.code, "message": TOKEN_TRIES}, status_code=429)
            return JSONResponse(
                {"code": "teacher_only", "message": "only the teacher's token exports the tables"}, status_code=403
            )
        from .export import export_zip, rows_of_rooms

        data = export_zip(rows_of_rooms(rooms))  # on the loop: the engines are not thread-safe
        return zip_response(data)

    async def ws(websocket: WebSocket) -> None:
        await rooms.serve(websocket)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        rooms.loop = asyncio.get_running_loop()
        n = rooms.resume()
        print(f"rooms: resumed {n} tables in {rooms.resume_seconds * 1000:.0f} ms", flush=True)
        yield
        for room in rooms.rooms.values():
            room.table.close()
            if len(room.table.game.history) != room.saved_len:
                rooms.save(room)
        # every pending save is written (a bounded wait: a locked file must not hang the stop)
        await asyncio.to_thread(rooms.store.close, SAVE_ON_STOP_SECONDS)

    app = Starlette(
        routes=page_routes(join_url, rooms.games, export, ws),
        lifespan=lifespan,
        middleware=[Middleware(WebGuard, hosts=allowed_hosts, origins=allowed_origins)],
    )
    WebGuard(
        None, allowed_hosts, allowed_origins, defaults=False
    )  # a bad name or origin fails here, not at the first request
    app.state.rooms = rooms
    app.state.teacher_token = teacher_token  # None: the stored hash was reused (the link printed before still works)
    return app

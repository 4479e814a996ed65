"""``brady-widgets rooms --workers N``: N rooms servers behind one address.

One process serves every table of a class until its core is full (30 tables of 6 devices
use about a third of one); a school's worth of tables takes several. Tables stay in
their process (a table's engine, bots and devices live in one event loop), so the
design is sharding by table code, the simplest one that keeps that:

* **workers**: N ordinary rooms servers (``python -m brady_widgets.rooms``), each on a
  private port of 127.0.0.1, with its own code prefix (worker 1's codes start with
  ``A``, worker 2's with ``B``...) and its own SQLite file beside ``--db``
  (``rooms.sqlite3`` -> ``rooms.A.sqlite3``, ``rooms.B.sqlite3``...). Each resumes its
  own tables on a restart. A device's token starts with its server's prefix (``A-...``).
* **the front** (this module): the one public address, one process, two layers.
  :class:`Splice` owns the public port: it reads a request's head and, for a device's
  WebSocket, answers the handshake itself and reads the first frame, then joins the
  connection byte for byte to the worker that frame names (a ``join`` or ``watch`` by the
  code's first letter, a ``resume`` by the token's prefix; anything else goes to worker 1,
  which refuses it as a lone server would). From then on the front never parses that
  connection: relaying a frame costs it about a quarter of what the worker spends on it.
  Everything else (the pages, ``POST /export``, the teacher's connection) is joined the
  same way to the front's own small app on a private port (:func:`create_front`). The
  worker sees the device's own address and scheme (``X-Forwarded-For``/``-Proto``, set by
  the front and believed from 127.0.0.1 only), so join rates stay per device, and it
  makes the same Host and Origin checks as a lone server (the front makes them first,
  answering HTTP 403 before the handshake). Frames through the front are not compressed
  (the front cannot know what a worker would negotiate before the first frame names the
  worker; frames stay under 8 KB). The teacher's connection is relayed to every worker
  at once, message by message: its lobby is the workers' lobbies merged (every table, the
  saving state of all; the front keeps each worker's tables from its delta frames and sends
  the page the same deltas, lobby.py), a new table goes to the worker with the fewest tables, and every
  frame that names a table (show, lock, hand to a bot, seat, start, reveal) goes to that
  table's worker; a view's message goes to the worker of the table shown. ``POST
  /export`` (the teacher's token) zips the tables of every worker's file (what is saved:
  a move made in the last moment may not be in it yet).
* **supervision**: a worker that exits is started again (its tables resume from its
  file) and the front prints a line saying so; the front stops them all when it stops.

The teacher's token is the same for every worker (given once, through the environment,
never on a command line); a later start without one keeps the one whose hash the files
keep, as a lone server does.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import json
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket, WebSocketDisconnect

from .lobby import LobbyCopy, LobbyView
from .server import CODE_ALPHABET, TEACHER_HASH_KEY, TOKEN_TRIES, Rooms, _hash, page_routes, zip_response
from .web import PerMinute, WebGuard

__all__ = ["Worker", "create_front", "worker_dbs", "worker_prefix"]

#: the most workers (one code letter each)
MAX_WORKERS = 16
#: seconds a worker has to open its port, and the pause before starting a dead one again
START_SECONDS = 60.0
RESTART_PAUSE = 1.0
#: frames of the teacher's page that name a table by its code: sent to that table's worker
TABLE_OPS = frozenset({"show", "lock", "bot", "seat", "start", "teacher_view"})


def worker_prefix(i: int) -> str:
    """Worker ``i``'s (0-based) code prefix: A, B, C... (letters of CODE_ALPHABET)."""
    letters = [c for c in CODE_ALPHABET if c.isalpha()]
    return letters[i]


def worker_dbs(db: str | Path, n: int) -> list[Path]:
    """The SQLite file of each of ``n`` workers: ``rooms.sqlite3`` -> ``rooms.A.sqlite3``..."""
    p = Path(db)
    return [p.with_name(f"{p.stem}.{worker_prefix(i)}{p.suffix or '.sqlite3'}") for i in range(n)]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass(eq=False)
class Worker:
    """One rooms server behind the front, and its process."""

    index: int
    db: Path
    args: list[str]  # the rooms CLI flags it shares with the others (pace, code-ttl...)
    port: int = 0
    proc: subprocess.Popen | None = None
    starts: int = 0
    stopping: bool = False
    env: dict = field(default_factory=dict)

    @property
    def prefix(self) -> str:
        return worker_prefix(self.index)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> None:
        """Start the process and wait until its port answers (raises RuntimeError)."""
        self.port = _free_port()
        cmd = [
            sys.executable,
            "-m",
            "brady_widgets.rooms",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--db",
            str(self.db),
            "--code-prefix",
            self.prefix,
            "--behind-proxy",
            "127.0.0.1",  # the front's X-Forwarded-For: each device's own address
            "--worker",
            *self.args,
        ]
        # its own session: a Ctrl+C at the terminal stops the front, which stops its workers
        # (each saving its tables), rather than every worker at once behind its back
        self.proc = subprocess.Popen(cmd, env=self.env, start_new_session=True)
        self.starts += 1
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"rooms worker {self.prefix} ({self.db}) did not start") from None
                time.sleep(0.05)

    def stop(self, timeout: float = 20.0) -> None:
        self.stopping = True
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)  # uvicorn's shutdown: every table saved
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def prepare_workers(dbs: list[Path], token: str | None) -> str | None:
    """The teacher's token for every worker: ``token`` if given; else None when the files
    keep a hash (copied into a new worker's file, so every worker takes the same token);
    else a new token (the very first start)."""
    from .store import Store

    if token is not None:
        return token
    stores = [Store(db, log=lambda line: None) for db in dbs]
    try:
        hashes = [s.setting(TEACHER_HASH_KEY) for s in stores]
        known = next((h for h in hashes if h), None)
        if known is None:
            return secrets.token_urlsafe(18)
        for store, h in zip(stores, hashes):
            if h != known:
                store.put_setting(TEACHER_HASH_KEY, known)
                store.flush(2.0)
        return None
    finally:
        for s in stores:
            s.close()


def _pick(workers: list[Worker], frame: Any) -> Worker:
    """The worker a device's first frame belongs to (worker 1 refuses what names none)."""
    by_prefix = {w.prefix: w for w in workers}
    if isinstance(frame, dict):
        op = frame.get("op")
        key = frame.get("code") if op in ("join", "watch") else frame.get("token") if op == "resume" else None
        if isinstance(key, str):
            key = key.strip().upper() if op != "resume" else key
            if op == "resume":
                head = key.split("-", 1)[0] if "-" in key[:3] else ""
            else:
                head = key[:1]
            if head in by_prefix:
                return by_prefix[head]
    return workers[0]


def _worker_of_code(workers: list[Worker], code: Any) -> Worker | None:
    if not isinstance(code, str) or not code.strip():
        return None
    return {w.prefix: w for w in workers}.get(code.strip().upper()[:1])


class Front:
    """The front's own app behind :class:`Splice`: the teacher's connection to every worker
    (transport only: every rule stays in the workers), the export; and, for a device that
    reaches it directly, a message relay to its worker (the splice never sends one here)."""

    def __init__(self, workers: list[Worker], teacher_hash: str, joins_per_minute: int = 20):
        self.workers = workers
        self.teacher_hash = teacher_hash
        #: wrong tokens at POST /export, per address: at most joins_per_minute a minute, as a lone
        #: server counts them (its join rate); the workers count the socket's tries themselves
        self.joins_per_minute = joins_per_minute
        self.tries = PerMinute()
        #: tables per worker, from the lobbies the teachers' connections saw (new tables
        #: go to the worker with fewest); unknown: 0
        self.tables: dict[int, int] = {}
        self.turn = 0

    async def _connect(self, worker: Worker, ws: WebSocket):
        import websockets

        addr = ws.client.host if ws.client else "127.0.0.1"
        return await websockets.connect(
            worker.url,
            additional_headers={"X-Forwarded-For": addr},
            max_size=2**22,
            compression=None,  # on loopback: no deflate to pay twice
            open_timeout=10,
        )

    async def serve(self, ws: WebSocket) -> None:
        await ws.accept()
        try:
            first = await ws.receive_text()
        except (WebSocketDisconnect, RuntimeError, KeyError):
            return
        try:
            frame = json.loads(first)
        except (ValueError, RecursionError):  # not JSON, or nested past the reader's depth
            frame = None
        try:
            if isinstance(frame, dict) and frame.get("op") == "teacher":
                await self._teacher(ws, first)
            else:
                await self._device(ws, first, _pick(self.workers, frame))
        except (WebSocketDisconnect, RuntimeError, OSError):
            pass

    async def _device(self, ws: WebSocket, first: str, worker: Worker) -> None:
        """One device's connection, relayed to one worker both ways."""
        import websockets

        try:
            up = await self._connect(worker, ws)
        except (OSError, websockets.WebSocketException, asyncio.TimeoutError):
            await _close(ws, 1013, "this table's server is restarting: reload in a moment")
            return
        await up.send(first)

        async def down() -> None:
            try:
                async for message in up:
                    if isinstance(message, str):
                        await ws.send_text(message)
            except websockets.ConnectionClosed:
                pass
            rcvd = up.close_rcvd
            code, reason = (rcvd.code, rcvd.reason) if rcvd is not None else (1012, "the server restarted: reload")
            await _close(ws, code if code not in (1005, 1006) else 1012, reason)

        async def upward() -> None:
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    return
                data = message.get("text")
                await up.send(data if data is not None else message.get("bytes") or b"")

        await _either(down(), upward())
        await up.close()

    async def _teacher(self, ws: WebSocket, first: str) -> None:
        """The teacher's page: one connection to every worker, the lobbies merged."""
        import websockets

        ups: list[Any] = []
        for worker in self.workers:
            try:
                ups.append(await self._connect(worker, ws))
            except (OSError, websockets.WebSocketException, asyncio.TimeoutError):
                ups.append(None)
        # each worker's lobby as its delta frames build it up, and what this page was sent
        # (lobby.py: the same deltas a lone server sends, the workers' tables merged in order)
        lobbies: dict[int, LobbyCopy] = {}
        view = LobbyView()
        emit_lock = asyncio.Lock()
        games: list = []
        state = {"shown": None, "joined": False, "games_sent": False}

        async def emit_lobby() -> None:
            # one batch at a time: a batch's parts sent while another worker's batch was
            # computed would interleave, and the page would close a full set before its end
            async with emit_lock:
                await _emit_lobby()

        async def _emit_lobby() -> None:
            live = [i for i, up in enumerate(ups) if up is not None]
            if view.tables is None and not all(i in lobbies and lobbies[i].complete for i in live):
                return  # the page's first set holds every worker's tables
            tables = [t for i in sorted(lobbies) for t in lobbies[i].ordered()]
            savings = [lobbies[i].saving or {} for i in sorted(lobbies)]
            errors = [s for s in savings if not s.get("ok", True)]
            saving = {
                "ok": not errors,
                "error": errors[0].get("error") if errors else None,
                "since": min((s["since"] for s in errors if s.get("since")), default=None),
                "unsaved": sum(s.get("unsaved", 0) for s in savings),
                "skipped": sorted(x for s in savings for x in s.get("skipped", [])),
            }
            extra = None
            if games and not state["games_sent"]:
                extra = {"games": games[0]}
                state["games_sent"] = True
            for frame in view.frames(tables, saving, extra):
                await ws.send_text(json.dumps(frame, separators=(",", ":"), ensure_ascii=False))

        async def down(i: int, up: Any) -> None:
            try:
                async for message in up:
                    if not isinstance(message, str):
                        continue
                    try:
                        frame = json.loads(message)
                    except (ValueError, RecursionError):
                        continue
                    op = frame.get("op")
                    if op == "lobby":
                        if "games" in frame and not games:
                            games.append(frame["games"])
                        copy = lobbies.setdefault(i, LobbyCopy())
                        if copy.apply(frame):  # a batch split in parts is merged once whole
                            self.tables[i] = len(copy.tables)
                            await emit_lobby()
                    elif op == "joined":
                        if not state["joined"]:
                            state["joined"] = True
                            await ws.send_text(message)
                    elif op == "state":
                        if state["shown"] == i:  # a table another worker showed before: not on screen
                            await ws.send_text(message)
                    elif op == "error" and not state["joined"] and i != 0:
                        continue  # the teacher frame's refusal is said once (worker 1's)
                    else:
                        await ws.send_text(message)
            except websockets.ConnectionClosed:
                pass
            # the worker's tables leave the page (as gone) before the page is told to reconnect
            if lobbies.pop(i, None) is not None:
                with contextlib.suppress(Exception):
                    await emit_lobby()

        async def upward() -> None:
            for up in ups:
                if up is not None:
                    await up.send(first)
            while True:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    return
                text = message.get("text")
                try:
                    frame = json.loads(text) if text is not None else None
                except (ValueError, RecursionError):  # the worker refuses it in words
                    frame = None
                op = frame.get("op") if isinstance(frame, dict) else None
                target: int | None
                if op == "create":
                    live = [w.index for w in self.workers if ups[w.index] is not None]
                    self.turn += 1
                    target = min(live, key=lambda i: (self.tables.get(i, 0), (i - self.turn) % len(self.workers)))
                    self.tables[target] = self.tables.get(target, 0) + 1
                elif op in TABLE_OPS:
                    worker = _worker_of_code(self.workers, frame.get("code"))
                    target = worker.index if worker is not None else 0
                    if op == "show":
                        state["shown"] = target
                elif op == "msg" and state["shown"] is not None:
                    target = state["shown"]
                else:
                    target = 0
                up = ups[target]
                if up is None:
                    err = {"op": "error", "code": "internal_error", "message": "that table's server is restarting"}
                    await ws.send_text(json.dumps(err))
                    continue
                await up.send(text if text is not None else message.get("bytes") or b"")

        async def back(worker: Worker) -> None:
            """A worker that could not be reached: wait until it can."""
            while True:
                await asyncio.sleep(1.0)
                try:
                    probe = await self._connect(worker, ws)
                except (OSError, websockets.WebSocketException, asyncio.TimeoutError):
                    continue
                await probe.close()
                return

        tasks = [down(i, up) if up is not None else back(self.workers[i]) for i, up in enumerate(ups)]
        await _either(upward(), *tasks)
        for up in ups:
            if up is not None:
                await up.close()
        # a worker stopped or came back: the page reconnects (as after any drop) to every worker
        await _close(ws, 1012, "a table server restarted: reconnecting")

    async def export(self, request: Request) -> Response:
        """``POST /export`` (the teacher's token): every worker's tables, as a lone server's."""
        auth = request.headers.get("authorization", "")
        token = auth[7:] if auth[:7].lower() == "bearer " else ""
        if not (token and secrets.compare_digest(_hash(token), self.teacher_hash)):
            addr = request.client.host if request.client else "?"
            if not self.tries.allow(addr, self.joins_per_minute):
                return JSONResponse(
                    {"code": "rate_limited", "message": TOKEN_TRIES},
                    status_code=429,
                )
            return JSONResponse(
                {"code": "teacher_only", "message": "only the teacher's token exports the tables"}, status_code=403
            )
        from .export import export_zip, read_db

        def collect() -> bytes:
            tables = [t for w in self.workers if w.db.is_file() for t in read_db(w.db)]
            return export_zip(sorted(tables, key=lambda t: t[1].get("created", 0)))

        data = await asyncio.to_thread(collect)
        return zip_response(data)


async def _either(*coros: Any) -> None:
    """Run ``coros`` until the first one ends; cancel the others."""
    tasks = [asyncio.ensure_future(c) for c in coros]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


async def _close(ws: WebSocket, code: int, reason: str) -> None:
    with contextlib.suppress(Exception):
        await ws.close(code=code, reason=reason[:120])


# ------------------------------------------------------------------ the public port: a splice
#: the longest request head the front reads (a browser's is under 2 KB)
MAX_HEAD = 16 * 1024
#: a first frame longer than this is not read for its code (the worker refuses it: MAX_FRAME)
MAX_FIRST = 4096
WS_GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
#: request headers the front sets itself (a device's own would be believed by the workers)
HOP_HEADERS = frozenset({"x-forwarded-for", "x-forwarded-proto", "sec-websocket-extensions"})


def _ws_text_frame(text: str) -> bytes:
    """A server's (unmasked) text frame."""
    data = text.encode()
    size = bytes([len(data)]) if len(data) < 126 else bytes([126]) + len(data).to_bytes(2, "big")
    return b"\x81" + size + data


def _ws_close_frame(code: int, reason: str) -> bytes:
    """A server's (unmasked) close frame."""
    body = code.to_bytes(2, "big") + reason.encode()[:120]
    return bytes([0x88, len(body)]) + body


async def _first_frame(reader: asyncio.StreamReader) -> tuple[bytes, str | None]:
    """The bytes of a device's first WebSocket frame, and its text when it is one whole,
    masked, uncompressed text frame of at most MAX_FIRST bytes (else None: the rest of the
    frame stays in ``reader`` and is relayed as it comes)."""
    raw = bytearray()

    async def need(n: int) -> bytes:
        data = await reader.readexactly(n)
        raw.extend(data)
        return data

    b0, b1 = await need(2)
    n = b1 & 0x7F
    if n == 126:
        n = int.from_bytes(await need(2), "big")
    elif n == 127:
        n = int.from_bytes(await need(8), "big")
    if b0 != 0x81 or not b1 & 0x80 or n > MAX_FIRST:  # FIN + text, no RSV bits; masked; short
        return bytes(raw), None
    key = await need(4)
    payload = await need(n)
    mask = (key * (n // 4 + 1))[:n]
    text = (int.from_bytes(payload, "big") ^ int.from_bytes(mask, "big")).to_bytes(n, "big") if n else b""
    return bytes(raw), text.decode("utf-8", "replace")


class Splice:
    """The public port. It reads a request's head and, for a device's WebSocket, its first
    frame, then joins the connection byte for byte to the process that serves it: the
    worker the frame names (a device: what it sends and receives is never parsed again),
    or the front's own app on a private port (the pages, the export, the teacher's
    connection). The front answers the WebSocket handshake itself, after the same Host
    and Origin checks as a lone server's, without permessage-deflate (the worker must
    speak what the device was told; frames go uncompressed, under 8 KB each), and gives
    the worker the device's address (``X-Forwarded-For``) and scheme
    (``X-Forwarded-Proto``), which the workers believe from 127.0.0.1 only."""

    def __init__(
        self,
        workers: list[Worker],
        app_port: int,
        guard: WebGuard,
        *,
        tls: bool = False,
        trusted: tuple[str, ...] = (),
        connections_per_address: int = 200,
    ):
        self.workers, self.app_port, self.guard, self.tls = workers, app_port, guard, tls
        self.trusted = trusted  # --behind-proxy: a proxy in front of the front, whose headers are kept
        self.writers: set[asyncio.StreamWriter] = set()
        #: a device address -> its sockets the front holds waiting for their first frame (no worker
        #: sees them yet, so no worker's --connections-per-address counts them): at most that many
        self.connections_per_address = connections_per_address
        self.waiting: dict[str, int] = {}

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.writers.add(writer)
        up: asyncio.StreamWriter | None = None
        try:
            try:
                head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 30)
            except (asyncio.LimitOverrunError, asyncio.IncompleteReadError, asyncio.TimeoutError, OSError):
                return
            lines = head.decode("latin-1").split("\r\n")
            parts = lines[0].split(" ")
            if len(parts) != 3:
                return
            method, target, _ = parts
            headers = [(k.strip(), v.strip()) for k, _, v in (x.partition(":") for x in lines[1:] if x)]
            low = {k.lower(): v for k, v in headers}
            path = target.split("?", 1)[0]
            websocket = low.get("upgrade", "").lower() == "websocket" and "sec-websocket-key" in low
            peer = (writer.get_extra_info("peername") or ("?",))[0]
            forwarded = self._forwarded(lines[0], headers, low, peer, websocket)
            if websocket and path == "/ws":
                refusal = self._refusal(low, self._scheme(low, peer))
                if refusal:
                    writer.write(refusal)
                    return
                accept = base64.b64encode(hashlib.sha1(low["sec-websocket-key"].encode() + WS_GUID).digest())
                writer.write(
                    b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    b"Sec-WebSocket-Accept: " + accept + b"\r\n\r\n"
                )
                addr = self._address(low, peer)
                if self.waiting.get(addr, 0) >= self.connections_per_address:  # told why, as a worker would
                    why = "too many pages open from this address: close some and try again"
                    writer.write(_ws_text_frame(json.dumps({"op": "error", "code": "rate_limited", "message": why})))
                    writer.write(_ws_close_frame(1008, "too many pages open from this address"))
                    return
                self.waiting[addr] = self.waiting.get(addr, 0) + 1
                try:
                    first, text = await _first_frame(reader)
                except (asyncio.IncompleteReadError, OSError):
                    return
                finally:
                    left = self.waiting.pop(addr, 1) - 1
                    if left > 0:
                        self.waiting[addr] = left
                try:
                    frame = json.loads(text) if text is not None else None
                except (ValueError, RecursionError):  # the worker refuses it in words
                    frame = None
                teacher = isinstance(frame, dict) and frame.get("op") == "teacher"
                port = self.app_port if teacher else _pick(self.workers, frame).port
                up_reader, up = await self._open(port)
                if up is None:
                    writer.write(_ws_close_frame(1013, "this table's server is restarting: reload in a moment"))
                    return
                up.write(forwarded)
                try:
                    answer = await asyncio.wait_for(up_reader.readuntil(b"\r\n\r\n"), 30)
                except (asyncio.LimitOverrunError, asyncio.IncompleteReadError, asyncio.TimeoutError, OSError):
                    answer = b""
                if not answer.startswith(b"HTTP/1.1 101"):
                    writer.write(_ws_close_frame(1011, "the table's server refused the connection"))
                    return
                up.write(first)
            else:
                up_reader, up = await self._open(self.app_port)
                if up is None:
                    writer.write(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                    return
                up.write(forwarded)
            joined = _join(reader, writer, up_reader, up)
            if joined is not None:  # the relay has both ends: each closes the other when it closes
                await joined
            else:
                await _either(_pump(reader, up), _pump(up_reader, writer))
        finally:
            self.writers.discard(writer)
            for w in (up, writer):
                if w is not None:
                    with contextlib.suppress(Exception):
                        w.close()

    def _trusts(self, peer: str) -> bool:
        """Whether ``peer`` is a proxy whose X-Forwarded-For/-Proto are believed (--behind-proxy)."""
        return peer in self.trusted or "*" in self.trusted

    def _address(self, low: dict, peer: str) -> str:
        """The device's address: the peer's, or the one a trusted proxy says it saw."""
        if self._trusts(peer):
            said = (low.get("x-forwarded-for") or "").split(",")[-1].strip()
            return said or peer
        return peer

    def _scheme(self, low: dict, peer: str) -> str:
        """``http`` or ``https``: the front's own, or a trusted proxy's (``X-Forwarded-Proto``)."""
        trusted = self._trusts(peer)
        proto = (low.get("x-forwarded-proto") or "").split(",")[0].strip().lower() if trusted else ""
        if proto in ("http", "https", "ws", "wss"):
            return {"ws": "http", "wss": "https"}.get(proto, proto)
        return "https" if self.tls else "http"

    def _refusal(self, low: dict, scheme: str) -> bytes | None:
        """A lone server's answer to a WebSocket it refuses (WebGuard: Host, Origin), or None."""
        host = self.guard.host_ok(low.get("host"))
        origin = low.get("origin")
        if host is None:
            self.guard.report("Host", low.get("host", ""))
        elif origin is not None and not self.guard.origin_ok(origin, scheme, host):
            self.guard.report("Origin", origin)
        else:
            return None
        return b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"

    def _forwarded(self, request_line: str, headers: list, low: dict, peer: str, websocket: bool) -> bytes:
        """The request head for the process behind: the device's address and scheme set by
        the front (kept from a trusted proxy in front of it), no extension offer, and one
        request per connection for plain HTTP (each is checked with its own headers)."""
        trusted = self._trusts(peer)
        chain = low.get("x-forwarded-for") if trusted else None
        proto = self._scheme(low, peer)
        out = [(k, v) for k, v in headers if k.lower() not in HOP_HEADERS]
        if not websocket:
            out = [(k, v) for k, v in out if k.lower() not in ("connection", "keep-alive")]
            out.append(("Connection", "close"))
        out.append(("X-Forwarded-For", f"{chain}, {peer}" if chain else peer))
        out.append(("X-Forwarded-Proto", proto))
        return "\r\n".join([request_line, *(f"{k}: {v}" for k, v in out), "", ""]).encode("latin-1")

    async def _open(self, port: int) -> tuple[Any, asyncio.StreamWriter | None]:
        try:
            return await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 10)
        except (OSError, asyncio.TimeoutError):
            return None, None


class _Relay(asyncio.Protocol):
    """One direction of a joined connection: what arrives is written to the other end at
    once (no task, no copy beyond the kernel's), with the other end's flow control."""

    def __init__(self, peer: asyncio.BaseTransport, done: asyncio.Future):
        self.peer, self.done = peer, done

    def data_received(self, data: bytes) -> None:
        self.peer.write(data)  # type: ignore[attr-defined]

    def eof_received(self) -> bool:
        self.peer.close()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self.peer.close()
        if not self.done.done():
            self.done.set_result(None)

    def pause_writing(self) -> None:  # this end cannot take more: stop reading the other
        with contextlib.suppress(Exception):
            self.peer.pause_reading()  # type: ignore[attr-defined]

    def resume_writing(self) -> None:
        with contextlib.suppress(Exception):
            self.peer.resume_reading()  # type: ignore[attr-defined]


def _join(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, up_reader: Any, up: asyncio.StreamWriter) -> bool:
    """Hand both connections to two :class:`_Relay` protocols (what the readers hold already
    goes first); False when the streams do not allow it (then the caller pumps)."""
    a, b = writer.transport, up.transport
    buffers = [getattr(r, "_buffer", None) for r in (reader, up_reader)]
    if any(x is None for x in buffers) or not all(hasattr(t, "set_protocol") for t in (a, b)):
        return None
    done = asyncio.get_running_loop().create_future()
    pending_a, pending_b = bytes(buffers[0]), bytes(buffers[1])
    buffers[0].clear()
    buffers[1].clear()
    a.set_protocol(_Relay(b, done))
    b.set_protocol(_Relay(a, done))
    if pending_a:
        b.write(pending_a)
    if pending_b:
        a.write(pending_b)
    for t in (a, b):
        with contextlib.suppress(Exception):
            t.resume_reading()  # a StreamReader may have paused it
    return done


async def _pump(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Copy ``reader`` to ``writer`` until either side closes."""
    with contextlib.suppress(OSError, asyncio.IncompleteReadError, ConnectionError):
        while True:
            data = await reader.read(65536)
            if not data:
                break
            writer.write(data)
            await writer.drain()


async def supervise(workers: list[Worker], log: Any = print) -> None:
    """Start again a worker that exited (its tables resume from its file), saying so."""
    while True:
        await asyncio.sleep(0.5)
        for w in workers:
            if w.stopping or w.proc is None or w.proc.poll() is None:
                continue
            log(
                f"rooms: worker {w.prefix} ({w.db}) exited with code {w.proc.returncode}; starting it again",
                flush=True,
            )
            await asyncio.sleep(RESTART_PAUSE)
            try:
                await asyncio.to_thread(w.start)
                log(f"rooms: worker {w.prefix} is back on its tables (pid {w.proc.pid})", flush=True)
            except RuntimeError as exc:
                log(f"rooms: {exc}; trying again", flush=True)


def create_front(
    workers: list[Worker],
    teacher_hash: str,
    *,
    allowed_origins: tuple[str, ...] = (),
    allowed_hosts: tuple[str, ...] = (),
    join_url: str | None = None,
    public: tuple[str, int, Any] | None = None,
    app_port: int = 0,
    trusted: tuple[str, ...] = (),
    joins_per_minute: int = 20,
    connections_per_address: int = 200,
) -> Starlette:
    """The front's ASGI app (the same pages and web checks as a lone server's), served on
    ``app_port``; with ``public`` (host, port, ssl context or None) its lifespan also opens
    the public port, a :class:`Splice` to the workers and to this app."""
    front = Front(workers, teacher_hash, joins_per_minute)

    async def ws(websocket: WebSocket) -> None:
        await front.serve(websocket)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        watch = asyncio.ensure_future(supervise(workers))
        server = splice = None
        if public is not None:
            host, port, ctx = public
            guard = WebGuard(None, allowed_hosts, allowed_origins)
            splice = Splice(
                workers,
                app_port,
                guard,
                tls=ctx is not None,
                trusted=trusted,
                connections_per_address=connections_per_address,
            )
            server = await asyncio.start_server(splice.handle, host, port, ssl=ctx, limit=MAX_HEAD)
        yield
        if server is not None and splice is not None:
            server.close()
            for w in list(splice.writers):
                w.close()
        watch.cancel()
        await asyncio.gather(watch, return_exceptions=True)

    app = Starlette(
        routes=page_routes(join_url, Rooms.games, front.export, ws),
        lifespan=lifespan,
        middleware=[Middleware(WebGuard, hosts=allowed_hosts, origins=allowed_origins)],
    )
    app.state.front = front
    return app


def run(
    args: Any,
    hosts: list[str],
    origins: list[str],
    url: str,
    token: str | None,
    announce: Any = None,
) -> int:
    """``brady-widgets rooms --workers N``: start the workers, then the front on the public port
    (``announce(token)`` prints the students' address and the teacher's link once)."""
    import uvicorn

    n = args.workers
    dbs = worker_dbs(args.db, n)
    token = prepare_workers(dbs, token)
    teacher_hash = _hash(token) if token is not None else None
    if teacher_hash is None:
        from .store import Store

        store = Store(dbs[0], log=lambda line: None)
        try:
            teacher_hash = store.setting(TEACHER_HASH_KEY)
        finally:
            store.close()
    shared = [
        *(f"--allow-host={h}" for h in hosts),  # the workers see the devices' own Host and Origin
        *(f"--allow-origin={o}" for o in origins),
        "--pace",
        str(args.pace),
        "--code-ttl",
        str(args.code_ttl),
        "--joins-per-minute",
        str(args.joins_per_minute),
        "--connections-per-address",
        str(args.connections_per_address),
    ]
    env = {k: v for k, v in os.environ.items() if k != "BRADY_ROOMS_TEACHER_TOKEN"}
    if token is not None:
        env["BRADY_ROOMS_TEACHER_TOKEN"] = token  # never on a command line (ps shows those)
    workers = [Worker(i, db, shared, env=dict(env)) for i, db in enumerate(dbs)]
    for w in workers:  # benchmarks: each worker's own CPU profile, FILE.A, FILE.B...
        if env.get("BRADY_ROOMS_PROFILE"):
            w.env["BRADY_ROOMS_PROFILE"] = f"{env['BRADY_ROOMS_PROFILE']}.{w.prefix}"
    try:
        for w in workers:
            w.start()
        if announce is not None:
            announce(token)
        print(f"rooms: {n} workers behind {url}", flush=True)
        for w in workers:
            print(
                f"rooms: worker {w.prefix} (pid {w.proc.pid}): codes {w.prefix}..., saved in {w.db.resolve()}",
                flush=True,
            )
        ctx = None
        if args.certfile:
            import ssl

            ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            ctx.load_cert_chain(args.certfile, args.keyfile)
        trusted = tuple(x.strip() for x in (args.behind_proxy or "").split(",") if x.strip())
        app_port = _free_port()
        app = create_front(
            workers,
            teacher_hash or "",
            allowed_origins=tuple(origins),
            allowed_hosts=tuple(hosts),
            join_url=url,
            public=(args.host, args.port, ctx),
            app_port=app_port,
            trusted=trusted,
            joins_per_minute=args.joins_per_minute,
            connections_per_address=args.connections_per_address,
        )
        from .cli import gc_for_server, run_profiled

        gc_for_server()
        # SIGTERM (uvicorn raises it again once it has stopped) ends here, through the
        # finally below that stops the workers, rather than killing this process at once
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        serve = lambda: uvicorn.run(  # noqa: E731
            app,
            host="127.0.0.1",
            port=app_port,
            log_level="warning",
            ws_max_size=64 * 1024,
            proxy_headers=True,
            forwarded_allow_ips="127.0.0.1",  # the splice's X-Forwarded-For and -Proto
        )
        profile = env.get("BRADY_ROOMS_PROFILE")  # benchmarks only: the front's own CPU profile, FILE.front
        run_profiled(serve, f"{profile}.front" if profile else None)
    finally:
        for w in workers:
            w.stop()
    return 0

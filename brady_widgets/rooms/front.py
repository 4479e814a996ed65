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
* **the front** (this module): the one public address. It serves the pages itself and
  relays each WebSocket, message by message, to the worker its first message names: a
  ``join`` or ``watch`` by the code's first letter, a ``resume`` by the token's prefix
  (anything else goes to worker 1, which refuses it as a lone server would). The
  worker sees the device's own address (``X-Forwarded-For``, believed from the front
  only), so join rates stay per device. The teacher's connection is relayed to every
  worker at once: its lobby is the workers' lobbies merged (every table, the saving
  state of all), a new table goes to the worker with the fewest tables, and every
  frame that names a table (show, lock, hand to a bot, seat, start, reveal) goes to
  that table's worker; a view's message goes to the worker of the table shown.
  ``POST /export`` (the teacher's token) zips the tables of every worker's file.
* **supervision**: a worker that exits is started again (its tables resume from its
  file) and the front prints a line saying so; the front stops them all when it stops.

The teacher's token is the same for every worker (given once, through the environment,
never on a command line); a later start without one keeps the one whose hash the files
keep, as a lone server does.
"""

from __future__ import annotations

import asyncio
import contextlib
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

from .server import CODE_ALPHABET, TEACHER_HASH_KEY, Rooms, _hash, page_routes
from .web import WebGuard

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
    """The relay (transport only: every rule stays in the workers)."""

    def __init__(self, workers: list[Worker], teacher_hash: str):
        self.workers = workers
        self.teacher_hash = teacher_hash
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
        except ValueError:
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
        lobbies: dict[int, dict] = {}
        games: list = []
        state = {"shown": None, "joined": False, "games_sent": False}

        async def emit_lobby() -> None:
            tables = [t for i in sorted(lobbies) for t in lobbies[i].get("tables", [])]
            savings = [lobbies[i].get("saving") or {} for i in sorted(lobbies)]
            errors = [s for s in savings if not s.get("ok", True)]
            saving = {
                "ok": not errors,
                "error": errors[0].get("error") if errors else None,
                "since": min((s["since"] for s in errors if s.get("since")), default=None),
                "unsaved": sum(s.get("unsaved", 0) for s in savings),
                "skipped": sorted(x for s in savings for x in s.get("skipped", [])),
            }
            frame: dict = {"op": "lobby", "tables": tables, "saving": saving}
            if games and not state["games_sent"]:
                frame["games"] = games[0]
                state["games_sent"] = True
            await ws.send_text(json.dumps(frame, separators=(",", ":"), ensure_ascii=False))

        async def down(i: int, up: Any) -> None:
            try:
                async for message in up:
                    if not isinstance(message, str):
                        continue
                    try:
                        frame = json.loads(message)
                    except ValueError:
                        continue
                    op = frame.get("op")
                    if op == "lobby":
                        if "games" in frame and not games:
                            games.append(frame["games"])
                        lobbies[i] = frame
                        self.tables[i] = len(frame.get("tables", []))
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
            lobbies.pop(i, None)

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
                except ValueError:
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

        tasks = [down(i, up) for i, up in enumerate(ups) if up is not None]
        await _either(upward(), *tasks)
        for up in ups:
            if up is not None:
                await up.close()

    async def export(self, request: Request) -> Response:
        """``POST /export`` (the teacher's token): every worker's tables, as a lone server's."""
        auth = request.headers.get("authorization", "")
        token = auth[7:] if auth[:7].lower() == "bearer " else ""
        if not (token and secrets.compare_digest(_hash(token), self.teacher_hash)):
            return JSONResponse(
                {"code": "teacher_only", "message": "only the teacher's token exports the tables"}, status_code=403
            )
        from .export import export_zip, read_db

        def collect() -> bytes:
            tables = [t for w in self.workers if w.db.is_file() for t in read_db(w.db)]
            return export_zip(sorted(tables, key=lambda t: t[1].get("created", 0)))

        data = await asyncio.to_thread(collect)
        stamp = time.strftime("%Y%m%d-%H%M", time.gmtime())
        return Response(
            data,
            media_type="application/zip",
            headers={
                "Content-Disposition": f'attachment; filename="class-data-{stamp}.zip"',
                "Cache-Control": "no-store",
            },
        )


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
) -> Starlette:
    """The front's ASGI app (the same pages and web checks as a lone server's)."""
    front = Front(workers, teacher_hash)

    async def ws(websocket: WebSocket) -> None:
        await front.serve(websocket)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        watch = asyncio.ensure_future(supervise(workers))
        yield
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
    uvicorn_kwargs: dict,
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
        "--pace",
        str(args.pace),
        "--code-ttl",
        str(args.code_ttl),
        "--joins-per-minute",
        str(args.joins_per_minute),
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
        app = create_front(
            workers,
            teacher_hash or "",
            allowed_origins=tuple(origins),
            allowed_hosts=tuple(hosts),
            join_url=url,
        )
        from .cli import gc_for_server

        gc_for_server()
        serve = lambda: uvicorn.run(  # noqa: E731
            app, host=args.host, port=args.port, log_level="warning", ws_max_size=64 * 1024, **uvicorn_kwargs
        )
        profile = env.get("BRADY_ROOMS_PROFILE")
        if profile:  # benchmarks only: the front's own CPU profile, FILE.front
            import cProfile

            profiler = cProfile.Profile(time.process_time)
            profiler.enable()
            try:
                serve()
            finally:
                profiler.disable()
                profiler.dump_stats(f"{profile}.front")
        else:
            serve()
    finally:
        for w in workers:
            w.stop()
    return 0

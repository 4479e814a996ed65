"""A rooms server for tests: uvicorn in a thread (or a subprocess) on 127.0.0.1 and a free
port, and WebSocket clients that read frames with a timeout. Names no game."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from brady_widgets.rooms.server import create_app
from brady_widgets.widget import expand_legal

REPO = Path(__file__).resolve().parents[1]
TEACHER = "teacher-token-for-tests-0123456789"


def eventually(cond, timeout: float = 10.0) -> None:
    """Wait until ``cond()`` holds (the server's loop runs in its own thread or process)."""
    deadline = time.time() + timeout
    while not cond():
        assert time.time() < deadline, "condition not met in time"
        time.sleep(0.02)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ThreadServer:
    """The rooms app under uvicorn in a thread: ``.rooms`` is the server's :class:`Rooms`."""

    def __init__(self, db: str | Path, port: int | None = None, teacher_token: str | None = TEACHER, **kwargs: Any):
        self.port = port or free_port()
        self.app = create_app(str(db), teacher_token, **kwargs)  # None: the token stored in db
        self.rooms = self.app.state.rooms
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> ThreadServer:
        self.thread.start()
        deadline = time.time() + 20
        while not self.server.started:
            if time.time() > deadline or not self.thread.is_alive():
                raise RuntimeError("the rooms server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)


class ProcessServer:
    """``python -m brady_widgets.rooms`` as a subprocess (a real restart kills it)."""

    def __init__(
        self,
        db: str | Path,
        port: int | None = None,
        pace: float = 0.05,
        log: Path | None = None,
        teacher_token: str | None = TEACHER,
        args: tuple[str, ...] = (),
        scheme: str = "http",
    ):
        self.db, self.port, self.pace, self.log = str(db), port or free_port(), pace, log
        self.teacher_token = teacher_token  # None: no --teacher-token (the server reuses the stored one)
        self.args, self.scheme = tuple(args), scheme  # more CLI flags; "https" with --certfile/--keyfile
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"{self.scheme}://127.0.0.1:{self.port}"

    def start(self) -> ProcessServer:
        env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
        # the server writes its log through its own copy of the file: ours is closed at once
        with open(self.log, "ab") if self.log else contextlib.nullcontext(subprocess.DEVNULL) as out:
            self.proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "brady_widgets.rooms",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                    "--db",
                    self.db,
                    "--pace",
                    str(self.pace),
                    *(["--teacher-token", self.teacher_token] if self.teacher_token else []),
                    *self.args,
                ],
                cwd=str(REPO),
                env={k: v for k, v in env.items() if k != "BRADY_ROOMS_TEACHER_TOKEN"},
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        deadline = time.time() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                    return self
            except OSError:
                if time.time() > deadline or self.proc.poll() is not None:
                    raise RuntimeError("the rooms server did not start") from None
                time.sleep(0.1)

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


class Client:
    """One device's WebSocket: frames sent as JSON, every frame received kept in ``frames``."""

    def __init__(self, server, origin: str | None = None, headers: dict | None = None, ssl: Any = None):
        # no Origin header unless given (a script, as RemoteSeat); a browser always sends one.
        # The connection is entered as a context manager (websockets deprecates a bare
        # connect()) on an ExitStack the client owns; close() leaves it.
        self._owner = contextlib.ExitStack()
        self.ws = self._owner.enter_context(
            connect(
                server.url.replace("http", "ws", 1) + "/ws",
                max_size=2**20,
                origin=origin,
                additional_headers=headers,
                ssl=ssl,
            )
        )
        self.frames: list[dict] = []
        self.raw: list[str] = []
        self.state: dict = {}
        self.seq = 0
        self.token: str | None = None
        self.closed: tuple | None = None  # (close code, reason) once the server closed the socket
        #: a teacher's lobby as its delta frames build it up: code -> table, in the lobby's order
        self.lobby: dict[str, dict] = {}
        self._fresh: set | None = None
        self.saving: dict | None = None  # the lobby's saving state, as last sent

    def send(self, frame: Any) -> None:
        self.ws.send(frame if isinstance(frame, str) else json.dumps(frame))

    def recv(self, timeout: float = 5.0) -> dict | None:
        try:
            text = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return None
        except ConnectionClosed as exc:  # the server closed it: its code and reason are kept
            self.closed = (exc.rcvd.code, exc.rcvd.reason) if exc.rcvd else (None, "")
            return None
        self.raw.append(text)
        frame = json.loads(text)
        self.frames.append(frame)
        if frame.get("op") == "state":
            self.state.update(frame["state"])
        if frame.get("token"):
            self.token = frame["token"]
        if frame.get("op") == "lobby":
            self._lobby(frame)
        return frame

    def _lobby(self, frame: dict) -> None:
        """Apply one lobby frame (written apart from the server's code: a test's reading)."""
        if frame.get("full"):
            self._fresh = set()
        if "saving" in frame:
            self.saving = frame["saving"]
        for code in frame.get("gone", []):
            self.lobby.pop(code, None)
        for t in frame.get("tables", []):
            order = [c for c in self.lobby if c != t["code"]]
            at = order.index(t.get("after")) + 1 if t.get("after") in order else 0
            order.insert(at, t["code"])
            entry = {k: v for k, v in t.items() if k != "after"}
            self.lobby = {c: entry if c == t["code"] else self.lobby[c] for c in order}
            if self._fresh is not None:
                self._fresh.add(t["code"])
        if self._fresh is not None and not frame.get("part"):
            self.lobby = {c: t for c, t in self.lobby.items() if c in self._fresh}
            self._fresh = None

    def drain(self, quiet: float = 0.15) -> list[dict]:
        """Every frame until none comes for ``quiet`` seconds."""
        got = []
        while (f := self.recv(quiet)) is not None:
            got.append(f)
        return got

    def until(self, pred, timeout: float = 10.0) -> dict:
        deadline = time.time() + timeout
        while time.time() < deadline:
            f = self.recv(max(0.01, deadline - time.time()))
            if f is not None and pred(f):
                return f
        raise AssertionError(f"no frame matched in {timeout}s; last frames: {self.frames[-3:]}")

    def wait(self, cond, timeout: float = 10.0) -> None:
        """Until ``cond()`` holds (checked now, then after every frame)."""
        deadline = time.time() + timeout
        while not cond():
            if time.time() > deadline:
                raise AssertionError(f"condition not met in {timeout}s; last frames: {self.frames[-2:]}")
            self.recv(max(0.01, deadline - time.time()))

    def op(self, frame: dict, want: str = "error", timeout: float = 5.0) -> dict:
        self.send(frame)
        return self.until(lambda f: f.get("op") == want, timeout)

    def intent(self, msg: dict) -> None:
        self.seq += 1
        self.send({"op": "msg", "seq": self.seq, "msg": msg})

    def act(self, action: dict) -> None:
        self.intent({"type": "act", "action": action, "rev": self.state["rev"]})

    def legal(self) -> list[dict]:
        return expand_legal(self.state.get("legal") or [])

    def close(self) -> None:
        self._owner.close()


def teacher(server) -> Client:
    t = Client(server)
    t.op({"op": "teacher", "token": TEACHER}, "lobby")
    return t


def create(t: Client, **table: Any) -> str:
    return t.op({"op": "create", "table": table}, "created")["code"]


def join(server, code: str, name: str) -> Client:
    c = Client(server)
    c.op({"op": "join", "code": code, "name": name}, "joined")
    c.until(lambda f: f.get("op") == "state")
    return c


@contextlib.contextmanager
def toy_realtime_game():
    """The toy real-time race (tests/toy_realtime) registered for the block: its name."""
    import toy_realtime
    from brady_widgets.engine.registry import register, unregister

    register(toy_realtime.GAME)
    try:
        yield toy_realtime.GAME.name
    finally:
        unregister(toy_realtime.GAME.name)


def play_first(device: Client, timeout: float = 5.0) -> float:
    """``device`` plays its first legal action; seconds until its own screen shows it."""
    n = device.state["replay"]["length"]
    t0 = time.perf_counter()
    device.act(device.legal()[0])
    device.wait(lambda: device.state["replay"]["length"] > n, timeout)
    return time.perf_counter() - t0


def ready_to_act(devices: list[Client], quiet: float = 0.01) -> Client | None:
    """The device of ``devices`` that may act now on the newest screen any of them holds
    (after reading what has arrived), or None."""
    for d in devices:
        d.drain(quiet)
    n = max(d.state["replay"]["length"] for d in devices)
    for d in devices:
        if d.state["replay"]["length"] == n and d.legal() and not d.state["view"].get("over"):
            return d
    return None


class FakeSocket:
    """A device's WebSocket for a :class:`~brady_widgets.rooms.server.Device` driven without a
    network: keeps every frame the server sends it (parsed, and as sent) and its closing."""

    def __init__(self) -> None:
        self.frames: list[dict] = []
        self.raw: list[str] = []

    async def send_text(self, text: str) -> None:
        self.raw.append(text)
        self.frames.append(json.loads(text))

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.frames.append({"op": "closed", "code": code, "reason": reason})

"""Rooms server load on loopback, bounded in time.

    python benchmarks/rooms_load.py            # about 60 s
    python benchmarks/rooms_load.py --seconds 10

The server runs as its own process (``python -m brady_widgets.rooms``, with
``BRADY_ROOMS_STAMP=1`` so each state frame carries the server's time of the change);
the clients are asyncio WebSockets in this process.

A. 5 tables x 6 devices, bots acting every 50 ms: Costume Party tables of 6 bot seats
   (pace 0.05 s), 6 watching devices each (the projector's public view); a table that
   ends is replaced by a new one.
B. 30 tables x 6 simulated clients: Costume Party tables of 6 people, each client
   playing its seat (the first legal action, after 100-300 ms of "thinking").

Reported: update latency (the table's change -> the frame parsed by a client) median
and p95, the server's CPU (% of one core) and memory (RSS), bytes per frame, and the
time to resume every table after a restart (the server's own figure and the time until
every client's seat answers again).

    python benchmarks/rooms_load.py --only B --seconds 20                     # one scenario
    python benchmarks/rooms_load.py --only B --server-profile /tmp/rooms.prof # its top costs:
    python -c "import pstats; pstats.Stats('/tmp/rooms.prof').sort_stats('cumulative').print_stats(30)"

(the profile is the server's CPU time, by ``BRADY_ROOMS_PROFILE``; on a shared machine compare
``server_cpu_ms_per_update``, which the load changes least, and note ``load_average_1min``;
``in_server_ms_*`` is the part of the latency from the table's change to its frame computed
and queued in the server)

    python benchmarks/rooms_load.py --workers 2 --tables 100 --seconds 30   # about 45 s

B over ``brady-widgets rooms --workers 2``: 100 tables of 6 clients through the front's one
address, the CPU of each process (``cpu_percent_front``, ``cpu_percent_worker_A``...) besides
the total; ``--server-profile FILE`` writes FILE.front, FILE.A, FILE.B. In B the measure starts
once every table is seated (the joins of 600 clients take seconds).

    python benchmarks/rooms_load.py --in-process 30 [--frames FILE] [--steps K]

B's tables without a server process or a network, for counting (issue 28): N Costume Party
tables of 6 seat devices in this process, each seat playing its first legal action in turn,
every device's frame made and encoded as the server makes it (a fake socket keeps the texts).
Prints updates and CPU ms per update; ``--frames FILE`` writes every device's frame texts
(``cmp`` two trees' files: the frames must be byte-identical). Instructions per update, one
tree (PYTHONPATH) against another: callgrind's count of ``--in-process 6`` minus that of
``--in-process 6 --steps 0``, over the updates printed.

    python benchmarks/rooms_load.py --replay-watchers 3    # about 50 s; only this scenario

R. Replays (issue 23 item 4): a finished 8-player Brady Bunch table (bots only), N watcher
   connections stepping through its replay as fast as the rate limit lets them (8 steps a
   second each, and every 8 s a burst of 15 requests past the limit), while another table
   (Costume Party, 2 people, each acting at once on its turn) is played. Three phases: the
   other table alone (the baseline), the watchers stepping together (a class following the
   teacher's replay: the same steps), and the watchers stepping apart (each its own place
   in the game: no state shared). The server runs with a profiler of its own
   (``--profiled-server``: ``Rooms.handle`` timed with ``time.thread_time`` for every replay
   frame: parse, rate limit, the screen's state, its diff and JSON; not the socket write);
   reported per phase: the server CPU per replay step taken (ms: mean, median, p95, max) and
   per step refused, the steps taken and refused, and the other table's round trip (a
   person's act -> their own frame showing it) median and p95. With ``--replay-live`` the
   game is first played with Alice (seat 0) a device and a projector watching, as in a
   class, so its screens (the odds panels above all) were computed live and are kept.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import websockets

REPO = Path(__file__).resolve().parents[1]
#: the tree the server runs from (``--server-tree``: a past commit's checkout, for compare_past.py)
SERVER_TREE = REPO
TEACHER = "bench-teacher-token-0123456789"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def proc_cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _has_connection_cap() -> bool:
    """Whether the server tree's rooms take ``--connections-per-address``."""
    cli = SERVER_TREE / "brady_widgets" / "rooms" / "cli.py"
    return cli.exists() and "--connections-per-address" in cli.read_text()


class Server:
    def __init__(
        self,
        db: Path,
        port: int,
        pace: float,
        profile: Path | None = None,
        cprofile: Path | None = None,
        workers: int = 1,
    ):
        self.db, self.port, self.pace, self.profile, self.cprofile = db, port, pace, profile, cprofile
        self.workers = workers  # > 1: brady-widgets rooms --workers N (a front and N server processes)
        self.proc: subprocess.Popen | None = None
        self.resume_line = ""
        self.pids: dict[str, int] = {}  # name -> pid of every process of the server ("front", "worker A"...)

    def start(self) -> float:
        t0 = time.perf_counter()
        env = {**os.environ, "BRADY_ROOMS_STAMP": "1", "PYTHONPATH": str(SERVER_TREE)}
        cli = [
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--db",
            str(self.db),
            "--pace",
            str(self.pace),
            "--teacher-token",
            TEACHER,
            "--joins-per-minute",
            "100000",
            # every client of the load run connects from 127.0.0.1 (a server tree from before
            # the cap has no such option)
            *(["--connections-per-address", "100000"] if _has_connection_cap() else []),
            *(["--workers", str(self.workers)] if self.workers > 1 else []),
        ]
        if self.cprofile is not None:  # the whole server under cProfile, in CPU time (written when it stops)
            env["BRADY_ROOMS_PROFILE"] = str(self.cprofile)
        if self.profile is None:
            cmd = [sys.executable, "-m", "brady_widgets.rooms", *cli]
        else:  # the same server, with its replay frames timed (see profiled_server)
            cmd = [sys.executable, str(Path(__file__).resolve()), "--profiled-server", str(self.profile), "--", *cli]
        self.proc = subprocess.Popen(
            cmd,
            cwd=str(SERVER_TREE),
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.pids = {"server" if self.workers == 1 else "front": self.proc.pid}
        resumed = []
        for line in self.proc.stdout:
            if line.startswith("rooms: resumed"):
                resumed.append(line.strip())
                self.resume_line = "; ".join(resumed)
                if self.workers == 1:
                    break
            elif line.startswith("rooms: worker") and "(pid " in line:  # the front names its workers
                name, pid = line.split(" (pid ")
                self.pids[name.removeprefix("rooms: ")] = int(pid.split(")")[0])
                if len(self.pids) == self.workers + 1:
                    break
        # whatever the server prints later is read (a full pipe would stop it)
        threading.Thread(target=lambda: [None for _ in self.proc.stdout], daemon=True).start()
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return time.perf_counter() - t0
            except OSError:
                time.sleep(0.02)

    def stop(self) -> None:
        if self.cprofile is not None:  # uvicorn re-raises SIGTERM after its shutdown (no stats); SIGINT unwinds
            self.proc.send_signal(__import__("signal").SIGINT)
            self.proc.wait(timeout=60)
            return
        self.proc.terminate()
        self.proc.wait(timeout=20)


class Stats:
    """Frames and latencies, after a warm-up (the first seconds: tables created, devices joining)."""

    def __init__(self, warmup: float = 2.0):
        #: B: the tables whose 6 clients joined (the measure starts when all have: with 100
        #: tables the joins take seconds, and their frames and CPU are not the steady play)
        self.seated = 0
        self.marks: dict = {}  # the CPU times and clock when the measure started
        self.latency: list[float] = []
        self.in_server: list[float] = []  # the table's change -> its frame computed and queued
        self.sizes: list[int] = []
        self.after = time.time() + warmup

    tables = 0
    server: Server | None = None

    def start(self) -> None:
        """Start the measure now (frames before it are not counted; CPU from here)."""
        self.after = time.time()
        if self.server is not None:
            self.marks = {
                "cpu": {name: proc_cpu_seconds(pid) for name, pid in self.server.pids.items()},
                "t": time.perf_counter(),
                "own": time.process_time(),
            }

    def frame(self, text: str) -> dict:
        now = time.time()
        f = json.loads(text)
        if now < self.after:
            return f
        self.sizes.append(len(text.encode()))
        if f.get("op") == "state" and f.get("changed"):
            self.latency.append((now - f["changed"]) * 1000)
            if f.get("computed"):
                self.in_server.append((f["computed"] - f["changed"]) * 1000)
        return f

    def report(self) -> dict:
        lat = sorted(self.latency)
        queued = sorted(self.in_server)
        return {
            "updates": len(lat),
            "latency_ms_median": round(statistics.median(lat), 2) if lat else None,
            "latency_ms_p95": round(lat[int(0.95 * (len(lat) - 1))], 2) if lat else None,
            # of which: the change -> the frame computed and queued in the server (the rest is
            # the send, the network and the clients' own loop; on a loaded machine, waiting for a core)
            "in_server_ms_median": round(statistics.median(queued), 2) if queued else None,
            "in_server_ms_p95": round(queued[int(0.95 * (len(queued) - 1))], 2) if queued else None,
            "bytes_per_frame_mean": round(statistics.mean(self.sizes)) if self.sizes else None,
            "bytes_per_frame_max": max(self.sizes) if self.sizes else None,
            "frames": len(self.sizes),
        }


async def teacher(url: str):
    ws = await websockets.connect(url, max_size=2**22)
    await ws.send(json.dumps({"op": "teacher", "token": TEACHER}))
    return ws


async def create(ws, lock: asyncio.Lock, table: dict) -> str:
    async with lock:
        await ws.send(json.dumps({"op": "create", "table": table}))
        while True:
            f = json.loads(await ws.recv())
            if f.get("op") == "created":
                return f["code"]
            if f.get("op") == "error":
                raise RuntimeError(f)


async def watchers_table(url, tws, lock, stats: Stats, until: float, n: int, seed: int) -> int:
    """A: a table of 6 bots, watched by n devices; replaced when over. Returns games played."""
    games = 0
    while time.time() < until:
        code = await create(
            tws,
            lock,
            {"game": "costume_party", "players": 6, "seed": seed + games, "bots": {str(s): "easy" for s in range(6)}},
        )
        socks = [await websockets.connect(url, max_size=2**22) for _ in range(n)]
        for ws in socks:
            await ws.send(json.dumps({"op": "watch", "code": code}))

        async def read(ws):
            while time.time() < until:
                try:
                    f = stats.frame(await asyncio.wait_for(ws.recv(), timeout=max(0.05, until - time.time())))
                except (asyncio.TimeoutError, websockets.ConnectionClosed):
                    return
                if f.get("op") == "state" and (f["state"].get("view") or {}).get("over"):
                    return

        await asyncio.gather(*(read(ws) for ws in socks))
        for ws in socks:
            await ws.close()
        games += 1
    return games


async def players_table(url, tws, lock, stats: Stats, until: float, seed: int, tokens: list) -> int:
    """B: a table of 6 people, each a client playing its seat after 100-300 ms."""
    games = 0
    rng = random.Random(seed)
    while time.time() < until:
        code = await create(tws, lock, {"game": "costume_party", "players": 6, "seed": seed + games})
        socks = []
        for s in range(6):
            ws = await websockets.connect(url, max_size=2**22)
            await ws.send(json.dumps({"op": "join", "code": code, "name": f"P{s}"}))
            socks.append(ws)
        if games == 0:
            stats.seated += 1
            if stats.seated == stats.tables:  # every table is seated: the measure starts now
                stats.start()

        async def play(ws):
            state, seq, acted = {}, 0, None
            while time.time() < until:
                try:
                    f = stats.frame(await asyncio.wait_for(ws.recv(), timeout=max(0.05, until - time.time())))
                except (asyncio.TimeoutError, websockets.ConnectionClosed):
                    return
                if f.get("token"):
                    tokens.append(f["token"])
                if f.get("op") != "state":
                    continue
                state.update(f["state"])
                if (state.get("view") or {}).get("over"):
                    return
                legal = state.get("legal") or []
                if legal and (state["rev"], state["replay"]["length"]) != acted:
                    acted = (state["rev"], state["replay"]["length"])
                    g = legal[0]
                    action = {"type": g["type"]}
                    rows = g["rows"]
                    for i, k in enumerate(g["keys"]):
                        if i == len(g["keys"]) - 1:
                            action[k] = rows[0]
                        else:
                            action[k], rows = rows[0][0], rows[0][1]
                    seq += 1
                    frame = json.dumps(
                        {"op": "msg", "seq": seq, "msg": {"type": "act", "action": action, "rev": state["rev"]}}
                    )

                    # the pause is drawn here, once per frame, as the default is evaluated
                    async def later(frame=frame, pause=rng.uniform(0.1, 0.3)):  # noqa: B008
                        # the client "thinks" while it keeps reading (a stale rev is dropped by the server)
                        await asyncio.sleep(pause)
                        try:
                            await ws.send(frame)
                        except websockets.ConnectionClosed:
                            pass

                    asyncio.ensure_future(later())

        await asyncio.gather(*(play(ws) for ws in socks))
        for ws in socks:
            await ws.close()
        games += 1
    return games


async def scenario(server: Server, kind: str, tables: int, seconds: float) -> dict:
    url = f"ws://127.0.0.1:{server.port}/ws"
    tws = await teacher(url)
    lock = asyncio.Lock()
    stats = Stats()
    if kind == "B":  # the measure starts once every table is seated (see players_table)
        stats.after, stats.tables, stats.server = float("inf"), tables, server
    tokens: list = []
    drain = asyncio.create_task(_drain(tws, lock))
    cpu0 = {name: proc_cpu_seconds(pid) for name, pid in server.pids.items()}
    t0, own0 = time.perf_counter(), time.process_time()
    until = time.time() + seconds
    if kind == "A":
        games = await asyncio.gather(*(watchers_table(url, tws, lock, stats, until, 6, 100 * i) for i in range(tables)))
    else:
        games = await asyncio.gather(
            *(players_table(url, tws, lock, stats, until, 100 * i, tokens) for i in range(tables))
        )
    if stats.marks:
        cpu0, t0, own0 = stats.marks["cpu"], stats.marks["t"], stats.marks["own"]
    wall = time.perf_counter() - t0
    cpus = {name: proc_cpu_seconds(pid) - cpu0[name] for name, pid in server.pids.items()}
    cpu = sum(cpus.values())
    own = time.process_time() - own0
    drain.cancel()
    await tws.close()
    out = stats.report()
    out.update(
        {
            "tables": tables,
            "games": sum(games),
            "seconds": round(wall, 1),
            "server_cpu_percent_of_one_core": round(100 * cpu / wall, 1),
            **(
                {f"cpu_percent_{name.replace(' ', '_')}": round(100 * c / wall, 1) for name, c in cpus.items()}
                if len(cpus) > 1
                else {}
            ),
            "server_rss_mb": round(sum(proc_rss_mb(pid) for pid in server.pids.values()), 1),
            # the clients (this process) parse every frame: near 100% they, not the server, add latency
            "clients_cpu_percent_of_one_core": round(100 * own / wall, 1),
            # what the server spends per frame it sends, whatever the machine's load
            "server_cpu_ms_per_update": round(1000 * cpu / max(1, len(stats.latency)), 3),
            "load_average_1min": round(os.getloadavg()[0], 2),
        }
    )
    out["_tokens"] = tokens
    return out


async def _drain(ws, lock):
    """The teacher's lobby frames, read whenever nobody waits for 'created'."""
    try:
        while True:
            async with lock:
                try:
                    await asyncio.wait_for(ws.recv(), timeout=0.05)
                except asyncio.TimeoutError:
                    pass
            await asyncio.sleep(0.05)
    except (asyncio.CancelledError, websockets.ConnectionClosed):
        pass


async def resume_check(port: int, tokens: list) -> float:
    """Seconds until every token's seat answers with a full snapshot."""
    t0 = time.perf_counter()
    url = f"ws://127.0.0.1:{port}/ws"

    async def one(token):
        async with websockets.connect(url) as ws:
            await ws.send(json.dumps({"op": "resume", "token": token}))
            while True:
                f = json.loads(await ws.recv())
                if f.get("op") == "state" or f.get("op") == "error":
                    return f.get("op")

    sem = asyncio.Semaphore(50)

    async def limited(token):
        async with sem:
            return await one(token)

    results = await asyncio.gather(*(limited(t) for t in tokens))
    assert all(r == "state" for r in results), results[:5]
    return time.perf_counter() - t0


# ------------------------------------------------------------------ R: replays
REPLAY_RATE = 8.0  # steps a second each watcher asks for (the server takes 10 a second, burst 10)
REPLAY_BURST_EVERY = 8.0  # s between two bursts past the limit
REPLAY_BURST = 15  # requests in a burst
OTHER_THINK = 0.1  # s a person of the other table waits before acting


def compact_action(group: dict, pick) -> dict:
    """One action of a compact legal group (the ``legal`` trait: ``{"type", "keys", "rows"}``,
    rows nested one level per key, ``[value, sub-rows]`` above the last), each value taken
    with ``pick(rows)`` (the first: ``lambda rows: rows[0]``; a random one: ``rng.choice``)."""
    action, rows = {"type": group["type"]}, group["rows"]
    for i, k in enumerate(group["keys"]):
        if i == len(group["keys"]) - 1:
            action[k] = pick(rows)
        else:
            action[k], rows = pick(rows)
    return action


def profiled_server(stats: str, argv: list[str]) -> int:
    """Run the rooms server (``brady_widgets.rooms`` with ``argv``), timing each replay frame
    it handles with the loop thread's CPU clock; each sample is a line of ``stats`` (JSON),
    written as it is taken (uvicorn ends the process by its signal: no exit hook runs)."""
    from brady_widgets.rooms import server as S
    from brady_widgets.rooms.cli import main as cli_main

    out = open(stats, "w", buffering=1)  # no `with`: it stays open while the server runs
    refusal: list = [None]
    handle, refuse = S.Rooms.handle, S.Rooms.refuse

    def refuse_noted(self, device, error, **kw):
        refusal[0] = error.get("code")
        return refuse(self, device, error, **kw)

    async def handle_timed(self, device, text, addr):
        if not (isinstance(text, str) and '"replay"' in text):
            return await handle(self, device, text, addr)
        refusal[0] = None
        t0 = time.thread_time()
        await handle(self, device, text, addr)  # a replay frame never waits: timed whole
        ms = (time.thread_time() - t0) * 1000
        out.write(json.dumps([time.time(), ms, refusal[0]]) + "\n")  # [wall time, cpu ms, refusal code or None]

    S.Rooms.handle, S.Rooms.refuse = handle_timed, refuse_noted
    return cli_main(["rooms", *argv])


def pct(values: list[float], q: float) -> float | None:
    v = sorted(values)
    return round(v[int(q * (len(v) - 1))], 2) if v else None


async def costume_pair(url, tws, lock, until: float, seed: int, trips: list, refusals: list) -> None:
    """The other table: Costume Party, 2 people acting OTHER_THINK s after their turn comes;
    each act's round trip (sent -> the actor's own frame with its rev counted) is kept in
    ``trips`` as (wall time, ms), refusals in ``refusals``. A finished game is replaced."""
    games = 0
    while time.time() < until:
        code = await create(tws, lock, {"game": "costume_party", "players": 2, "seed": seed + games})
        socks = []
        for s in range(2):
            ws = await websockets.connect(url, max_size=2**22)
            await ws.send(json.dumps({"op": "join", "code": code, "name": f"P{s}"}))
            socks.append(ws)

        async def play(ws):
            state, seq, sent = {}, 0, None
            while time.time() < until:
                try:
                    f = json.loads(await asyncio.wait_for(ws.recv(), timeout=max(0.05, until - time.time())))
                except (asyncio.TimeoutError, websockets.ConnectionClosed):
                    return
                if f.get("op") == "error":  # refused (none expected): act again from the next frame
                    refusals.append(f.get("code"))
                    sent = None
                if f.get("op") != "state":
                    continue
                state.update(f["state"])
                if sent is not None and state["rev"] > sent[1]:
                    trips.append((time.time(), (time.perf_counter() - sent[0]) * 1000))
                    sent = None
                if (state.get("view") or {}).get("over"):
                    return
                legal = state.get("legal") or []
                if legal and sent is None:
                    action = compact_action(legal[0], lambda rows: rows[0])
                    seq += 1
                    await asyncio.sleep(OTHER_THINK)  # under the server's 20 messages a second
                    sent = (time.perf_counter(), state["rev"])
                    await ws.send(
                        json.dumps(
                            {"op": "msg", "seq": seq, "msg": {"type": "act", "action": action, "rev": state["rev"]}}
                        )
                    )

        await asyncio.gather(*(play(ws) for ws in socks))
        for ws in socks:
            await ws.close()
        games += 1


async def replay_watcher(ws, steps, until: float, seq0: int, counts: dict) -> int:
    """Step through the replay at REPLAY_RATE, with a burst past the limit every
    REPLAY_BURST_EVERY s; frames read meanwhile (refusals counted). Returns the last seq."""
    seq, next_burst = seq0, time.time() + REPLAY_BURST_EVERY / 2

    async def read():
        while True:
            try:
                f = json.loads(await ws.recv())
            except (websockets.ConnectionClosed, asyncio.CancelledError):
                counts["closed"] += isinstance(ws.close_code, int)
                return
            if f.get("op") == "error":
                counts[f["code"]] = counts.get(f["code"], 0) + 1

    reader = asyncio.ensure_future(read())
    try:
        while time.time() < until and not reader.done():
            seq += 1
            await ws.send(json.dumps({"op": "msg", "seq": seq, "msg": {"type": "replay", "step": next(steps)}}))
            if time.time() >= next_burst:
                next_burst += REPLAY_BURST_EVERY
                for _ in range(REPLAY_BURST):
                    seq += 1
                    await ws.send(json.dumps({"op": "msg", "seq": seq, "msg": {"type": "replay", "step": next(steps)}}))
            await asyncio.sleep(1 / REPLAY_RATE)
    finally:
        reader.cancel()
        await asyncio.gather(reader, return_exceptions=True)
    return seq


async def play_alice_watched(url: str, code: str) -> None:
    """Seat 0 (Alice) played by a device that takes the first legal action at once, while a
    projector watches: the game's screens are computed live, as in a class."""
    alice = await websockets.connect(url, max_size=2**22)
    projector = await websockets.connect(url, max_size=2**22)
    await projector.send(json.dumps({"op": "watch", "code": code}))
    await alice.send(json.dumps({"op": "join", "code": code, "name": "Alice"}))
    state, seq, acted = {}, 0, None
    rng = random.Random(2023)

    async def drain_projector():
        with contextlib.suppress(websockets.ConnectionClosed, asyncio.CancelledError):
            while True:
                await projector.recv()

    reading = asyncio.ensure_future(drain_projector())
    while not (state.get("view") or {}).get("over"):
        f = json.loads(await asyncio.wait_for(alice.recv(), timeout=30))
        if f.get("op") == "error":
            acted = None
        if f.get("op") != "state":
            continue
        state.update(f["state"])
        legal = state.get("legal") or []
        if legal and acted != state["rev"]:
            # seeded random play (the first action would ask questions for ever)
            action = compact_action(rng.choice(legal), rng.choice)
            seq += 1
            acted = state["rev"]
            await asyncio.sleep(OTHER_THINK)  # a person's pace, under the server's 20 messages a second
            await alice.send(
                json.dumps({"op": "msg", "seq": seq, "msg": {"type": "act", "action": action, "rev": state["rev"]}})
            )
    reading.cancel()
    await asyncio.gather(reading, return_exceptions=True)
    await alice.close()
    await projector.close()


async def replay_scenario(server: Server, watchers: int, seconds: float, live: bool = False) -> tuple[list, dict]:
    """R: returns the phases ((name, start, end) wall times) and the watchers' refusal counts.
    ``live``: the game was played with Alice a device and a projector watching (its screens
    computed live, as in a class), else by bots alone with no screen (nothing computed)."""
    url = f"ws://127.0.0.1:{server.port}/ws"
    tws = await teacher(url)
    lock = asyncio.Lock()
    drain = asyncio.create_task(_drain(tws, lock))
    first = 1 if live else 0
    code = await create(
        tws,
        lock,
        {"game": "brady_bunch", "players": 8, "seed": 2023, "bots": {str(s): "easy" for s in range(first, 8)}},
    )
    if live:
        await play_alice_watched(url, code)
    socks, length = [], None
    for _ in range(watchers):
        ws = await websockets.connect(url, max_size=2**22)
        await ws.send(json.dumps({"op": "watch", "code": code}))
        while True:  # the server's pace is 0: the bots finished the game at once
            f = json.loads(await ws.recv())
            replay = (f.get("state") or {}).get("replay") if f.get("op") == "state" else None
            if replay and replay["active"]:
                length = replay["length"]
                break
        socks.append(ws)
    trips: list = []
    refusals: list = []
    counts: dict = {"closed": 0}
    phases = []
    t_end = time.time() + 3 * seconds + 1
    other = asyncio.ensure_future(costume_pair(url, tws, lock, t_end, 500, trips, refusals))
    await asyncio.sleep(1.0)  # the other table starts
    t0 = time.time()
    await asyncio.sleep(seconds)
    phases.append(("other table alone", t0, time.time()))

    def cycle(start: int):
        k = start
        while True:
            yield k % (length + 1)
            k += 1

    seqs = [0] * watchers
    for name, offsets in (
        ("watchers in step", [0] * watchers),
        ("watchers apart", [i * (length + 1) // watchers for i in range(watchers)]),
    ):
        t0 = time.time()
        until = t0 + seconds
        seqs = await asyncio.gather(
            *(replay_watcher(ws, cycle(off), until, seqs[i], counts) for i, (ws, off) in enumerate(zip(socks, offsets)))
        )
        phases.append((name, t0, time.time()))
        await asyncio.sleep(0.3)  # the last frames
    other.cancel()
    await asyncio.gather(other, return_exceptions=True)
    for ws in socks:
        await ws.close()
    drain.cancel()
    await tws.close()
    counts["length"] = length
    counts["other_table_refusals"] = len(refusals)
    return phases, trips, counts


def replay_report(phases: list, trips: list, samples: list, counts: dict, watchers: int, live: bool = False) -> None:
    played = "played with Alice a device and the projector watching" if live else "played by bots alone, no screen"
    print(
        f"R: a finished 8-player Brady Bunch table ({counts['length']} actions, {played}), {watchers} watchers stepping its "
        f"replay ({REPLAY_RATE:g}/s each, a burst of {REPLAY_BURST} every {REPLAY_BURST_EVERY:g} s), another table played:"
    )
    for name, t0, t1 in phases:
        rt = [ms for t, ms in trips if t0 <= t < t1]
        taken = [ms for t, ms, code in samples if t0 <= t < t1 and code is None]
        refused = [ms for t, ms, code in samples if t0 <= t < t1 and code == "rate_limited"]
        other = [code for t, ms, code in samples if t0 <= t < t1 and code not in (None, "rate_limited")]
        out = {
            "steps_taken": len(taken),
            "steps_refused_rate_limited": len(refused),
            "other_refusals": sorted(set(other)),
            "server_cpu_ms_per_step_taken": {
                "mean": round(statistics.mean(taken), 2) if taken else None,
                "median": pct(taken, 0.5),
                "p95": pct(taken, 0.95),
                "max": round(max(taken), 2) if taken else None,
            },
            "server_cpu_ms_per_step_refused_mean": round(statistics.mean(refused), 3) if refused else None,
            "server_cpu_ms_replay_per_second": round((sum(taken) + sum(refused)) / (t1 - t0), 1),
            "other_table_round_trips": len(rt),
            "other_table_round_trip_ms_median": pct(rt, 0.5),
            "other_table_round_trip_ms_p95": pct(rt, 0.95),
        }
        print(f"  {name}: {json.dumps(out)}")
    print(
        f"  watchers: {json.dumps({k: v for k, v in counts.items() if k != 'length'})} (closed: connections the server closed)"
    )


def in_process(tables: int, frames: Path | None, steps: int) -> dict:
    """B's tables played in this process (see the module docstring): the rooms' own update,
    screens and frame encoding, no socket, no store thread."""
    from brady_widgets.rooms.server import Device, Rooms, _hash

    class Store:  # the snapshots are taken (JSON) as the server takes them; nothing is written
        on_saved = on_status = None
        n = 0

        def save(self, code: str, meta: str, engine: str) -> int:
            self.n += 1
            return self.n

    class Outbox:  # a device's queue: keeps the frames' texts
        def __init__(self) -> None:
            self.texts: list[str] = []

        def qsize(self) -> int:
            return 0

        def put_nowait(self, text: str) -> None:
            self.texts.append(text)

    rooms = Rooms(Store(), TEACHER)  # type: ignore[arg-type]
    codes = iter(range(10**6))
    rooms.new_code = lambda: f"T{next(codes):04d}"  # the same codes in every run: frames compared
    played = []
    for i in range(tables):
        room = rooms.create({"game": "costume_party", "players": 6, "seed": 100 * i})
        devices = []
        for seat in range(6):
            device = Device(ws=None)  # type: ignore[arg-type]
            device.outbox = Outbox()  # type: ignore[assignment]
            room.seats[seat] = h = _hash(f"table-{i}-seat-{seat}-token")
            rooms._bind(device, room, "seat", h, seat)
            devices.append(device)
        rooms._update(room)
        played.append((room, devices))
    updates, t0 = 0, time.process_time()
    for _ in range(steps):
        live = [(room, devices) for room, devices in played if not room.table.game.over]
        if not live:
            break
        for room, _devices in live:
            t = room.table
            seat = next(s for s in range(6) if t.game.legal_actions(s))
            t.act_for(seat, dict(t.game.legal_actions(seat)[0]), rev=t._rev(t.screen_for(seat)))
            rooms._update(room)
            updates += 1
    cpu = time.process_time() - t0
    if frames is not None:
        with frames.open("w") as out:
            for i, (_room, devices) in enumerate(played):
                for seat, device in enumerate(devices):
                    out.writelines(f"{i} {seat} {text}\n" for text in device.outbox.texts)  # type: ignore[union-attr]
    return {"tables": tables, "updates": updates, "cpu_ms_per_update": round(1000 * cpu / max(1, updates), 3)}


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--profiled-server":  # the server side of scenario R
        rest = sys.argv[3:]
        sys.exit(profiled_server(sys.argv[2], rest[1:] if rest[:1] == ["--"] else rest))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each scenario")
    parser.add_argument(
        "--replay-watchers",
        type=int,
        default=0,
        metavar="N",
        help="run scenario R only: N watchers stepping a finished replay (each phase --seconds, default 15)",
    )
    parser.add_argument(
        "--replay-live",
        action="store_true",
        help="scenario R on a game played with Alice a device and a projector watching (screens computed live)",
    )
    parser.add_argument("--only", choices=("A", "B"), help="run this scenario only (no restart check)")
    parser.add_argument(
        "--tables", type=int, default=None, metavar="N", help="with --only: N tables (default: A 5, B 30)"
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="serve with brady-widgets rooms --workers N (a front and N processes; default --only B --tables 100 "
        "when no scenario is given): latency through the front, the CPU of each process",
    )
    parser.add_argument(
        "--server-profile",
        type=Path,
        metavar="FILE",
        help="run the server under cProfile in CPU time (BRADY_ROOMS_PROFILE), its stats written to FILE when it "
        "stops (read: python -m pstats FILE)",
    )
    parser.add_argument(
        "--server-tree",
        type=Path,
        metavar="DIR",
        help="run the server from this checkout (PYTHONPATH and working directory; default this one): "
        "benchmarks/compare_past.py measures a past commit's server with this tree's clients",
    )
    parser.add_argument("--json", type=Path, metavar="FILE", help="with --only: also write the figures to FILE")
    parser.add_argument(
        "--in-process",
        type=int,
        metavar="N",
        help="B's frames without a server: N tables played in this process (for callgrind; see above)",
    )
    parser.add_argument("--frames", type=Path, metavar="FILE", help="with --in-process: every frame's text to FILE")
    parser.add_argument(
        "--steps", type=int, default=10**6, metavar="K", help="with --in-process: K actions per table at most"
    )
    args = parser.parse_args()
    if args.in_process:
        print(json.dumps(in_process(args.in_process, args.frames, args.steps)))
        return
    if args.server_tree is not None:
        global SERVER_TREE
        SERVER_TREE = args.server_tree.resolve()
    # the clients (one process for every simulated device) collect garbage as the server does
    # (cli.gc_for_server): the default collector paused this process for tens of ms, which
    # showed as the server's latency
    from brady_widgets.rooms.cli import gc_for_server

    gc_for_server()
    if args.workers > 1 and not args.only:
        args.only, args.tables = "B", args.tables or 100
    if args.only:
        with tempfile.TemporaryDirectory() as tmp:
            server = Server(
                Path(tmp) / "bench.sqlite3",
                free_port(),
                pace=0.05,
                cprofile=args.server_profile,
                workers=args.workers,
            )
            server.start()
            try:
                tables = args.tables or (5 if args.only == "A" else 30)
                what = (
                    f"{tables} tables x 6 devices, bots every 50 ms"
                    if args.only == "A"
                    else f"{tables} tables x 6 simulated clients"
                )
                if args.workers > 1:
                    what += f", {args.workers} workers behind one front"
                out = asyncio.run(scenario(server, args.only, tables, args.seconds))
                out.pop("_tokens")
                print(f"{args.only}: {what}:", json.dumps(out))
                if args.json is not None:
                    args.json.write_text(json.dumps(out))
            finally:
                server.stop()
        return
    if args.replay_watchers > 0:
        seconds = args.seconds if "--seconds" in sys.argv else 15.0
        with tempfile.TemporaryDirectory() as tmp:
            stats = Path(tmp) / "replay_stats.json"
            server = Server(Path(tmp) / "bench.sqlite3", free_port(), pace=0, profile=stats)
            server.start()
            try:
                phases, trips, counts = asyncio.run(
                    replay_scenario(server, args.replay_watchers, seconds, args.replay_live)
                )
            finally:
                server.stop()
            samples = [json.loads(line) for line in stats.read_text().splitlines() if line.strip()]
            replay_report(phases, trips, samples, counts, args.replay_watchers, args.replay_live)
        return
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        port = free_port()
        server = Server(db, port, pace=0.05)
        server.start()
        try:
            a = asyncio.run(scenario(server, "A", 5, args.seconds))
            a.pop("_tokens")
            print("A: 5 tables x 6 devices, bots every 50 ms:", json.dumps(a))
            b = asyncio.run(scenario(server, "B", 30, args.seconds))
            tokens = b.pop("_tokens")
            print("B: 30 tables x 6 simulated clients:", json.dumps(b))
        finally:
            server.stop()
        with __import__("sqlite3").connect(db) as con:
            rows = con.execute("SELECT COUNT(*) FROM tables").fetchone()[0]
        server = Server(db, port, pace=0.05)
        ready = server.start()
        try:
            sample = tokens[-180:]
            back = asyncio.run(resume_check(port, sample))
            print(
                f"restart: {rows} tables in the SQLite file; {server.resume_line}; "
                f"server ready in {ready:.2f} s; {len(sample)} seats answered again in {back:.2f} s"
            )
        finally:
            server.stop()


if __name__ == "__main__":
    main()

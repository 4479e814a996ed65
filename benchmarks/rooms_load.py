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
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import websockets

REPO = Path(__file__).resolve().parents[1]
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


class Server:
    def __init__(self, db: Path, port: int, pace: float):
        self.db, self.port, self.pace = db, port, pace
        self.proc: subprocess.Popen | None = None
        self.resume_line = ""

    def start(self) -> float:
        t0 = time.perf_counter()
        env = {**os.environ, "BRADY_ROOMS_STAMP": "1", "PYTHONPATH": str(REPO)}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "brady_widgets.rooms", "--host", "127.0.0.1", "--port", str(self.port), "--db",
             str(self.db), "--pace", str(self.pace), "--teacher-token", TEACHER, "--joins-per-minute", "100000"],
            cwd=str(REPO), env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        for line in self.proc.stdout:
            if line.startswith("rooms: resumed"):
                self.resume_line = line.strip()
                break
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return time.perf_counter() - t0
            except OSError:
                time.sleep(0.02)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=20)


class Stats:
    """Frames and latencies, after a warm-up (the first seconds: tables created, devices joining)."""

    def __init__(self, warmup: float = 2.0):
        self.latency: list[float] = []
        self.sizes: list[int] = []
        self.after = time.time() + warmup

    def frame(self, text: str) -> dict:
        now = time.time()
        f = json.loads(text)
        if now < self.after:
            return f
        self.sizes.append(len(text.encode()))
        if f.get("op") == "state" and f.get("changed"):
            self.latency.append((now - f["changed"]) * 1000)
        return f

    def report(self) -> dict:
        lat = sorted(self.latency)
        return {
            "updates": len(lat),
            "latency_ms_median": round(statistics.median(lat), 2) if lat else None,
            "latency_ms_p95": round(lat[int(0.95 * (len(lat) - 1))], 2) if lat else None,
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
        code = await create(tws, lock, {"game": "costume_party", "players": 6, "seed": seed + games,
                                        "bots": {str(s): "easy" for s in range(6)}})
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
                    frame = json.dumps({"op": "msg", "seq": seq, "msg": {"type": "act", "action": action, "rev": state["rev"]}})

                    async def later(frame=frame, pause=rng.uniform(0.1, 0.3)):
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
    tokens: list = []
    drain = asyncio.create_task(_drain(tws, lock))
    cpu0, t0 = proc_cpu_seconds(server.proc.pid), time.perf_counter()
    until = time.time() + seconds
    if kind == "A":
        games = await asyncio.gather(*(watchers_table(url, tws, lock, stats, until, 6, 100 * i) for i in range(tables)))
    else:
        games = await asyncio.gather(*(players_table(url, tws, lock, stats, until, 100 * i, tokens) for i in range(tables)))
    wall = time.perf_counter() - t0
    cpu = proc_cpu_seconds(server.proc.pid) - cpu0
    drain.cancel()
    await tws.close()
    out = stats.report()
    out.update({"tables": tables, "games": sum(games), "seconds": round(wall, 1),
                "server_cpu_percent_of_one_core": round(100 * cpu / wall, 1), "server_rss_mb": round(proc_rss_mb(server.proc.pid), 1)})
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each scenario")
    args = parser.parse_args()
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
            print(f"restart: {rows} tables in the SQLite file; {server.resume_line}; "
                  f"server ready in {ready:.2f} s; {len(sample)} seats answered again in {back:.2f} s")
        finally:
            server.stop()


if __name__ == "__main__":
    main()

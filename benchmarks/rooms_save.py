"""Saving while another program holds a write lock on the rooms database (issue 23, item 5).

    python benchmarks/rooms_save.py                  # a 5 s lock, about 20 s in all
    python benchmarks/rooms_save.py --lock 10 --tables 6

The server runs as its own process (``python -m brady_widgets.rooms``). Devices play
Costume Party tables of four people (the first legal action, as fast as the server
answers). After a warm-up, another connection takes the database's write lock
(``BEGIN EXCLUSIVE``, as a database browser with an open change does) and holds it for
``--lock`` seconds while the devices keep playing; then it lets go.

Reported: the other tables' round trip (a device's act -> its own screen showing it),
median and p95, before and during the lock; the time from the release until the teacher's
lobby says every table is saved; and, after a ``kill -9`` of the server and a restart on
the same file, how many of the actions the devices were shown are missing (0 is the
promise). Before the writer thread, each save blocked the server's loop for sqlite's 5 s
timeout while the lock was held (other tables: ~4.8 s round trips).
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests"))

import rooms_harness as R  # found through the sys.path entry above


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    v = sorted(values)
    return round(v[int(q * (len(v) - 1))], 1)


def lobby_saved(teacher: R.Client) -> bool:
    """The lobby says every table is saved (built up from its delta frames by the harness)."""
    return (teacher.saving or {}).get("ok", True) and all(x.get("saved", True) for x in teacher.lobby.values())


def run(lock_s: float, n_tables: int, warmup_s: float) -> dict:
    tmp = Path(tempfile.mkdtemp(prefix="rooms-save-"))
    db = tmp / "rooms.sqlite3"
    server = R.ProcessServer(db, pace=0, log=tmp / "server.log").start()
    try:
        teacher = R.teacher(server)
        tables = []
        for i in range(n_tables):
            code = R.create(teacher, game="costume_party", players=4, seed=100 + i)
            tables.append([R.join(server, code, f"P{i}-{s}") for s in range(4)])
        teacher.wait(lambda: lobby_saved(teacher), 10)

        def round_of(trips: list[float]) -> int:
            acted = 0
            for devices in tables:
                dev = R.ready_to_act(devices, 0.005)
                if dev is not None:
                    trips.append(R.play_first(dev, 10.0) * 1000)
                    acted += 1
            return acted

        before: list[float] = []
        t0 = time.time()
        while time.time() - t0 < warmup_s:
            round_of(before)
        lock = sqlite3.connect(db, isolation_level=None)
        lock.execute("BEGIN EXCLUSIVE")
        during: list[float] = []
        acted = 0
        t0 = time.time()
        failing = None
        while time.time() - t0 < lock_s:
            acted += round_of(during)
            for f in teacher.drain(0.001):
                if f.get("op") == "lobby" and not f.get("saving", {}).get("ok", True):
                    failing = f["saving"]
        lock.execute("COMMIT")
        lock.close()
        released = time.perf_counter()
        teacher.wait(lambda: lobby_saved(teacher), 30)
        saved_after = time.perf_counter() - released
        shown = {}  # every device's token -> the actions its screen showed
        for devices in tables:
            for d in devices:
                d.drain(0.02)
                shown[d.token] = d.state["replay"]["length"]
        actions = sum(max(shown[d.token] for d in devices) for devices in tables)
        server.proc.kill()  # kill -9: no shutdown, no last save
        server.proc.wait()
    finally:
        server.stop()
    server = R.ProcessServer(db, pace=0, log=tmp / "server.log").start()
    try:
        missing = {}  # token -> actions its screen showed that the restarted server lacks
        for token, length in shown.items():
            c = R.Client(server)
            c.op({"op": "resume", "token": token}, "joined")
            c.until(lambda f: f.get("op") == "state")
            missing[token] = max(0, length - c.state["replay"]["length"])
            c.close()
    finally:
        server.stop()
    lost = sum(max(missing[d.token] for d in devices) for devices in tables)
    return {
        "lock_s": lock_s,
        "tables": n_tables,
        "actions_during_lock": acted,
        "round_trip_ms_before_median": pct(before, 0.5),
        "round_trip_ms_before_p95": pct(before, 0.95),
        "round_trip_ms_during_lock_median": round(statistics.median(during), 1) if during else None,
        "round_trip_ms_during_lock_p95": pct(during, 0.95),
        "round_trip_ms_during_lock_max": round(max(during), 1) if during else None,
        "lobby_said": f"failing: {failing['error']} ({failing['unsaved']} unsaved)" if failing else "never failing",
        "all_saved_s_after_release": round(saved_after, 2),
        "actions_lost_after_kill_9": lost,
        "actions_shown": actions,  # over every table (each device's screen is checked)
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lock", type=float, default=5.0, help="seconds the write lock is held")
    ap.add_argument("--tables", type=int, default=4, help="tables of four devices playing")
    ap.add_argument("--warmup", type=float, default=2.0, help="seconds of play before the lock")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    args = ap.parse_args(argv)
    if not 1 <= args.tables <= 5:  # 4 joins a table; the server takes 20 a minute from one address
        ap.error("--tables is 1 to 5 (the server's join limit is 20 a minute from one address)")
    out = run(args.lock, args.tables, args.warmup)
    width = max(len(k) for k in out)
    for k, v in out.items():
        print(f"{k:<{width}}  {v}")
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()

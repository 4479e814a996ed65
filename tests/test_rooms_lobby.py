"""The teacher's lobby at class scale: every frame under 8 KB. A lobby frame carries only the
tables whose card changed since the connection's last frame (``tables``), the ones no longer
there (``gone``); a connection's first frames are the full set, split so each fits. The same
through the front of two servers. The harness builds the lobby up from the frames
(``Client.lobby``), written apart from the server's code."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time

import pytest

import rooms_harness as R
from brady_widgets.rooms.server import MAX_WATCHERS, Device, Rooms
from brady_widgets.rooms.store import Store
from rooms_harness import FakeSocket

pytest.importorskip("uvicorn")

BOTS = {"game": "brady_bunch", "players": 6, "bots": {str(s): "random" for s in range(6)}}
PEOPLE = {"game": "costume_party", "players": 2}
LIMIT = 8192


def size(value) -> int:
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def _lobby_frames(c: R.Client) -> list[tuple[dict, int]]:
    return [(f, len(raw.encode())) for f, raw in zip(c.frames, c.raw) if f.get("op") == "lobby"]


def _plain(tables) -> dict:
    """code -> entry without what ticks (expires_in) and the order's link (after)."""
    return {t["code"]: {k: v for k, v in t.items() if k not in ("expires_in", "after")} for t in tables}


def _class(server, t: R.Client, n: int) -> tuple[list[str], str, list[R.Client]]:
    """``n`` tables of six bots playing, and one table of two students."""
    codes = [R.create(t, seed=s, **BOTS) for s in range(n)]
    people = R.create(t, seed=99, **PEOPLE)
    students = [R.join(server, people, name) for name in ("Ann", "Bob")]
    return codes, people, students


def _quiet(codes: list[str], t: R.Client) -> None:
    """Lock every bot table (play stops), until the teacher's lobby says so and nothing comes."""
    for code in codes:
        t.send({"op": "lock", "code": code, "on": True})
        time.sleep(0.06)  # under the teacher's message rate
    t.wait(lambda: all(t.lobby.get(c, {}).get("locked") for c in codes), 20)
    t.wait(lambda: all(x["saved"] for x in t.lobby.values()), 20)
    t.drain(1.0)


def _move(students: list[R.Client]) -> None:
    d = None
    deadline = time.time() + 10
    while d is None:
        assert time.time() < deadline
        d = R.ready_to_act(students, 0.05)
    R.play_first(d)


def test_thirty_tables_of_bots_every_lobby_frame_under_8_kb_and_a_move_sends_one_table(tmp_path):
    """30 tables of 6 bots playing made a lobby frame of ~25 KB, four times a second, each
    table's entry new at every frame (its seconds left). Now each frame is under 8 KB, the
    first set comes in parts, and one move at one table sends that table alone."""
    server = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0.05).start()
    server.rooms.joins_per_minute = 1000
    try:
        t = R.teacher(server)
        codes, people, students = _class(server, t, 30)
        time.sleep(1.5)  # the bots play
        t.drain(0.3)
        # a second page opens now: its first frames are the full set, in parts under the budget
        t2 = R.teacher(server)
        t2.wait(lambda: set(codes) | {people} <= set(t2.lobby))
        assert max(n for _, n in _lobby_frames(t2)) < LIMIT
        first = [f for f, _ in _lobby_frames(t2)]
        assert first[0].get("full") and "games" in first[0] and "saving" in first[0]
        whole = next(i for i, f in enumerate(first) if not f.get("part"))
        assert whole >= 2  # 31 tables do not fit one frame
        assert not any(f.get("full") for f in first[1:])
        _quiet(codes, t)
        t2.drain(0.3)
        for c in (t, t2):
            sizes = [n for _, n in _lobby_frames(c)]
            assert len(sizes) > 5 and max(sizes) < LIMIT, max(sizes)
            # the set built up from the deltas is the server's own overview, in its order
            assert list(c.lobby) == [x["code"] for x in server.rooms.overview()]
            assert _plain(c.lobby.values()) == _plain(server.rooms.overview())
        # one move at one table: the next lobby frame carries that table alone
        n = len(t.frames)
        _move(students)
        frame = t.until(lambda f: f.get("op") == "lobby" and (f["tables"] or f["gone"]))
        assert [x["code"] for x in frame["tables"]] == [people] and frame["gone"] == []
        assert not frame.get("full")
        t.drain(0.5)
        assert all(x["code"] == people for f in t.frames[n:] if f.get("op") == "lobby" for x in f["tables"])
        assert t.lobby[people]["actions"] == server.rooms.overview()[-1]["actions"] >= 1
        for d in (*students, t, t2):
            d.close()
    finally:
        server.stop()


def test_the_seconds_left_alone_send_nothing_and_go_with_the_entry_when_it_is_sent(tmp_path):
    async def main():
        rooms = Rooms(Store(tmp_path / "rooms.sqlite3"), R.TEACHER, pace=0)
        rooms.loop = asyncio.get_running_loop()
        teacher = Device(FakeSocket())
        await rooms.handle(teacher, json.dumps({"op": "teacher", "token": R.TEACHER}), "10.0.0.7")
        await rooms.handle(teacher, json.dumps({"op": "create", "table": PEOPLE}), "10.0.0.7")
        await _settle()
        code = next(iter(rooms.rooms))
        await rooms.send_teacher(teacher)
        await _settle()
        n = len(teacher.ws.frames)
        rooms.rooms[code].created -= 120  # two minutes pass
        await rooms.send_teacher(teacher)
        await _settle()
        assert teacher.ws.frames[n:] == []  # only the seconds left changed: no frame
        rooms.rooms[code].locked = True
        await rooms.send_teacher(teacher)
        await _settle()
        (frame,) = teacher.ws.frames[n:]
        (entry,) = frame["tables"]
        assert entry["locked"] and entry["expires_in"] == pytest.approx(rooms.code_ttl - 120, abs=3)
        rooms.store.close()

    asyncio.run(main())


async def _settle() -> None:
    for _ in range(12):
        await asyncio.sleep(0)


def test_a_table_no_longer_there_arrives_as_gone(tmp_path):
    async def main():
        rooms = Rooms(Store(tmp_path / "rooms.sqlite3"), R.TEACHER, pace=0)
        rooms.loop = asyncio.get_running_loop()
        teacher = Device(FakeSocket())
        await rooms.handle(teacher, json.dumps({"op": "teacher", "token": R.TEACHER}), "10.0.0.7")
        for _ in range(3):
            await rooms.handle(teacher, json.dumps({"op": "create", "table": PEOPLE}), "10.0.0.7")
        await _settle()
        await rooms.send_teacher(teacher)
        await _settle()
        a, b, c = list(rooms.rooms)
        n = len(teacher.ws.frames)
        del rooms.rooms[b]
        await rooms.send_teacher(teacher)
        await _settle()
        (frame,) = teacher.ws.frames[n:]
        assert frame["gone"] == [b]
        # the table after it now follows the first: sent again with its new place
        assert [(x["code"], x["after"]) for x in frame["tables"]] == [(c, a)]
        rooms.store.close()

    asyncio.run(main())


def test_the_largest_table_entry_fits_one_frame_and_counts_the_watchers_left_out(tmp_path):
    """42 seats with the longest names a join takes, each moved to another device, and the 50
    watchers a table keeps: the entry was 11.5 KB. It is cut to the watchers that fit; the
    rest are counted (the page says how many more wait)."""
    names = ["🦁" * 12, '"' * 24, "д" * 24, "x" * 40]

    async def main():
        rooms = Rooms(Store(tmp_path / "rooms.sqlite3"), R.TEACHER, pace=0, joins_per_minute=10**6)
        rooms.loop = asyncio.get_running_loop()
        devices: dict[str, Device] = {}

        async def send(name: str, frame: dict) -> list[dict]:
            d = devices.setdefault(name, Device(FakeSocket()))
            n = len(d.ws.frames)
            await rooms.handle(d, json.dumps(frame), "10.0.0.7")
            await _settle()
            return d.ws.frames[n:]

        await send("teacher", {"op": "teacher", "token": R.TEACHER})
        got = await send("teacher", {"op": "create", "table": {"game": "total_black", "players": 42}})
        code = next(f["code"] for f in got if f.get("op") == "created")
        for i in range(42 + MAX_WATCHERS):
            got = await send(f"d{i}", {"op": "join", "code": code, "name": names[i % 4]})
            assert not [f for f in got if f.get("op") == "error"], got
        room = rooms.rooms[code]
        for s in range(42):
            room.moves[s], room.moved_at[s] = 12, time.time()
        (entry,) = rooms.overview()
        assert size(entry) < LIMIT - 1024  # room left for the frame around it
        assert len(entry["seats"]) == 42 and [x["name"] for x in entry["seats"][:4]] == names
        assert entry["watchers"] and len(entry["watchers"]) + entry["watchers_more"] == MAX_WATCHERS
        assert [w["id"] for w in entry["watchers"]] == [h[:10] for h in list(room.watchers)[: len(entry["watchers"])]]
        # a new teacher's page: every frame under 8 KB, the games list in its own
        t = Device(FakeSocket())
        await rooms.handle(t, json.dumps({"op": "teacher", "token": R.TEACHER}), "10.0.0.7")
        await _settle()
        sizes = [len(x.encode()) for x in t.ws.raw]
        assert max(sizes) < LIMIT, sizes
        lobby = [f for f in t.ws.frames if f.get("op") == "lobby"]
        assert [x["code"] for f in lobby for x in f["tables"]] == [code] and lobby[-1].get("part") is None
        rooms.store.close()

    asyncio.run(main())


def test_two_workers_the_fronts_lobby_is_deltas_under_8_kb_and_a_lost_worker_s_tables_are_gone(tmp_path):
    p = R.ProcessServer(tmp_path / "class.sqlite3", log=tmp_path / "front.log", args=("--workers", "2")).start()
    try:
        t = R.teacher(p)
        codes, people, students = _class(p, t, 30)
        assert {c[0] for c in codes} == {"A", "B"}
        time.sleep(1.5)  # the bots play on both workers
        t2 = R.teacher(p)
        t2.wait(lambda: set(codes) | {people} <= set(t2.lobby))
        assert max(n for _, n in _lobby_frames(t2)) < LIMIT
        first = [f for f, _ in _lobby_frames(t2)]
        assert first[0].get("full") and "games" in first[0] and len(first) >= 3
        _quiet(codes, t)
        t2.drain(0.5)
        for c in (t, t2):
            sizes = [n for _, n in _lobby_frames(c)]
            assert len(sizes) > 5 and max(sizes) < LIMIT, max(sizes)
        # both pages hold the same set, in the same order: the workers' tables, A's then B's
        assert list(t.lobby) == list(t2.lobby)
        assert _plain(t.lobby.values()) == _plain(t2.lobby.values())
        order = list(t.lobby)
        assert order == sorted(order, key=lambda c: c[0])
        # a third page opened now: its full set is the same again
        t3 = R.teacher(p)
        t3.wait(lambda: set(t.lobby) <= set(t3.lobby))
        t3.drain(0.3)
        assert _plain(t3.lobby.values()) == _plain(t.lobby.values()) and list(t3.lobby) == order
        # one move at one table: the front's next frame carries that table alone
        n = len(t.frames)
        _move(students)
        frame = t.until(lambda f: f.get("op") == "lobby" and (f["tables"] or f["gone"]))
        assert [x["code"] for x in frame["tables"]] == [people] and frame["gone"] == []
        t.drain(0.5)
        assert all(x["code"] == people for f in t.frames[n:] if f.get("op") == "lobby" for x in f["tables"])
        # a worker lost: its tables arrive as gone, then the page is told to reconnect
        lost = people[0]
        out = (tmp_path / "front.log").read_text()
        pids = [
            int(x.split("pid ")[1].split(")")[0]) for x in out.splitlines() if "pid " in x and f"worker {lost}" in x
        ]
        assert pids, out
        os.kill(pids[-1], signal.SIGKILL)
        t.wait(lambda: t.closed is not None, 15)
        assert t.closed[0] == 1012
        gone = [c for f in t.frames[n:] if f.get("op") == "lobby" for c in f["gone"]]
        assert sorted(gone) == sorted(c for c in order if c[0] == lost)
        assert list(t.lobby) == [c for c in order if c[0] != lost]
        for d in (*students, t, t2, t3):
            d.close()
    finally:
        p.stop()


def test_deltas_rebuild_any_change_of_the_set_in_order_under_the_budget():
    """The front's case: a worker's new table goes between the tables of two workers, some go,
    some change, the order is kept; a copy built from the frames alone (the front's of a
    worker's lobby) equals the set each time, and every frame fits."""
    import random

    from brady_widgets.rooms.lobby import BUDGET, LobbyCopy, LobbyView

    rng = random.Random(20261205)
    view, copy = LobbyView(), LobbyCopy()
    tables: list[dict] = []
    n = 0
    for step in range(60):
        for _ in range(rng.randrange(4)):  # new tables, anywhere in the order
            n += 1
            entry = {"code": f"T{n:03d}", "note": "x" * rng.randrange(10, 3000), "expires_in": 100}
            tables.insert(rng.randrange(len(tables) + 1), entry)
        for _ in range(rng.randrange(3)):  # some go
            if tables:
                tables.pop(rng.randrange(len(tables)))
        for t in tables:  # some change, every one's seconds tick
            t["expires_in"] -= 1
            if rng.random() < 0.2:
                t["note"] = "y" * rng.randrange(10, 3000)
        frames = view.frames([dict(t) for t in tables], {"ok": True, "step": step // 10})
        assert all(size(f) <= BUDGET for f in frames)
        assert [bool(f.get("part")) for f in frames] == [True] * (len(frames) - 1) + [False] if frames else True
        done = [copy.apply(f) for f in frames]
        assert done == [False] * (len(frames) - 1) + [True] if frames else True
        assert [t["code"] for t in copy.ordered()] == [t["code"] for t in tables]
        assert [t["note"] for t in copy.ordered()] == [t["note"] for t in tables]
        assert copy.saving == {"ok": True, "step": step // 10}
    # the seconds left alone send nothing
    for t in tables:
        t["expires_in"] -= 1
    assert view.frames([dict(t) for t in tables], {"ok": True, "step": 5}) == []

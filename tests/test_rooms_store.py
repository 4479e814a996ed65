"""The rooms' SQLite file (issue 23, items 5-7): saving never blocks the server and never
loses an action (a write lock held by another program, then kill -9), damage is contained
(a bad row is skipped and left as it is; a file that is not a database is refused, untouched),
the files are 0600, and a restart is invisible to the class (names, bot-handed seats, the
lock, watchers and the teacher's token survive it). Real WebSockets on 127.0.0.1."""

from __future__ import annotations

import json
import os
import sqlite3
import stat
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

import rooms_harness as R
from brady_widgets.rooms import server as server_module
from brady_widgets.rooms.server import Rooms
from brady_widgets.rooms.store import Store, StoreError
from rooms_harness import eventually


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def row(db, code: str):
    with sqlite3.connect(db) as c:
        return c.execute("SELECT meta, engine FROM tables WHERE code = ?", (code,)).fetchone()


class Lock:
    """Another program's write lock on the file (a database browser with a change open)."""

    def __init__(self, db):
        self.conn = sqlite3.connect(db, isolation_level=None)
        self.conn.execute("BEGIN EXCLUSIVE")

    def release(self) -> None:
        self.conn.execute("COMMIT")
        self.conn.close()


# ------------------------------------------------------------------ the store
def test_a_locked_write_is_retried_until_it_lands_and_the_status_says_failing_meanwhile(
    tmp_path,
):
    db = tmp_path / "s.sqlite3"
    store = Store(db, busy_ms=100)
    saved, changes = [], []
    store.on_saved = lambda code, ticket: saved.append((code, ticket))
    store.on_status = lambda: changes.append(store.status()["ok"])
    try:
        lock = Lock(db)
        t0 = time.perf_counter()
        tickets = [store.save("K7PQ2", {"v": v}, f"engine {v}") for v in range(3)]
        # a save that waited for the lock would take the busy timeout (0.1 s) each, 0.3 s for three;
        # 0.2 s leaves room for a loaded machine (xdist beside other work) without hiding that
        assert time.perf_counter() - t0 < 0.2, "save() waited for the lock"
        eventually(lambda: not store.status()["ok"], 3)
        status = store.status()
        assert "locked" in status["error"] and status["since"] <= time.time() and status["pending"] == 1
        time.sleep(0.6)  # several tries, all refused
        assert store.status()["failures"] >= 2 and saved == [] and row(db, "K7PQ2") is None
        lock.release()
        assert store.flush(3)
        # only the newest snapshot matters (coalesced): it is the one written and reported
        assert row(db, "K7PQ2") == ('{"v":2}', "engine 2")
        assert saved == [("K7PQ2", tickets[-1])]
        assert store.status() == {
            **store.status(),
            "ok": True,
            "error": None,
            "since": None,
            "pending": 0,
        }
        assert changes == [False, True]
    finally:
        assert store.close(2)


def test_close_writes_what_is_pending_within_a_bounded_wait(tmp_path):
    db = tmp_path / "c.sqlite3"
    store = Store(db, busy_ms=50, log=lambda line: logged.append(line))
    logged: list[str] = []
    lock = Lock(db)
    store.save("AAAAA", {"v": 1}, "e")
    t0 = time.perf_counter()
    assert store.close(0.5) is False  # still locked: it gives up, says so, and stops its thread
    assert time.perf_counter() - t0 < 2 and not store._thread.is_alive()
    assert any("1 table(s) could not be saved" in line for line in logged)
    lock.release()
    store = Store(db)
    store.save("AAAAA", {"v": 2}, "e2")
    assert store.close(2) and row(db, "AAAAA") == ('{"v":2}', "e2")


def test_the_files_are_created_0600_and_an_existing_readable_file_is_left_with_a_warning(
    tmp_path,
):
    db = tmp_path / "new.sqlite3"
    store = Store(db)
    store.save("AAAAA", {}, "e")
    assert store.flush(3)
    try:
        for path in (db, f"{db}-wal", f"{db}-shm"):
            assert os.path.exists(path) and mode(path) == 0o600, (path, oct(mode(path)))
    finally:
        store.close()
    old = tmp_path / "old.sqlite3"
    sqlite3.connect(old).close()
    os.chmod(old, 0o644)
    logged: list[str] = []
    Store(old, log=logged.append).close()
    assert mode(old) == 0o644  # an existing file's mode is the owner's choice
    assert len(logged) == 1 and str(old) in logged[0] and "chmod 600" in logged[0]


def damaged_database(path) -> bytes:
    """A real rooms file with one page overwritten (a disk fault, a bad copy)."""
    store = Store(path)
    for i in range(200):
        store.save(f"C{i:04d}", {"pad": "x" * 300}, "y" * 300)
    store.close()
    data = bytearray(path.read_bytes())
    data[4096 * 3 : 4096 * 3 + 100] = b"\xff" * 100
    path.write_bytes(bytes(data))
    return bytes(data)


def test_a_file_that_is_not_a_database_or_is_damaged_is_refused_and_never_written(
    tmp_path,
):
    notes = tmp_path / "notes.txt"
    notes.write_text("my lesson plan, not a database\n" * 20)
    bad = tmp_path / "bad.sqlite3"
    cases = [(notes, notes.read_bytes()), (bad, damaged_database(bad))]
    for path, before in cases:
        with pytest.raises(StoreError) as err:
            Store(path)
        assert str(path) in str(err.value) and "\n" not in str(err.value)
        with pytest.raises(StoreError):
            server_module.create_app(path, R.TEACHER)
        assert path.read_bytes() == before
        assert not os.path.exists(f"{path}-wal")


def test_the_cli_refuses_a_file_that_is_not_a_database_in_one_line_with_a_non_zero_exit(
    tmp_path,
):
    notes = tmp_path / "notes.sqlite3"
    notes.write_bytes(b"\x00\x01 not sqlite " * 100)
    before = notes.read_bytes()
    env = {
        **os.environ,
        "PYTHONPATH": str(R.REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""),
    }
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "brady_widgets.rooms",
            "--host",
            "127.0.0.1",
            "--port",
            str(R.free_port()),
            "--db",
            str(notes),
        ],
        cwd=str(R.REPO),
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode != 0
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and str(notes) in lines[0] and "not a rooms database" in lines[0], proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    assert notes.read_bytes() == before


# ----------------------------------------------------------- a damaged row
def test_a_row_that_cannot_be_read_is_skipped_named_and_never_overwritten(tmp_path, capsys, monkeypatch):
    db = tmp_path / "rows.sqlite3"
    s1 = R.ThreadServer(db, pace=0).start()
    try:
        t = R.teacher(s1)
        good, bad, worse = (R.create(t, game="costume_party", players=2, seed=s) for s in (1, 2, 3))
        eventually(lambda: all(r.saved_version >= r.version > 0 for r in s1.rooms.rooms.values()))
        t.close()
    finally:
        s1.stop()
    with sqlite3.connect(db) as c:
        c.execute("UPDATE tables SET meta = ? WHERE code = ?", ("{not json", bad))
        c.execute("UPDATE tables SET meta = ? WHERE code = ?", ("[1, 2]", worse))
    damaged = {bad: row(db, bad), worse: row(db, worse)}
    capsys.readouterr()
    s2 = R.ThreadServer(db, pace=0).start()
    try:
        assert set(s2.rooms.rooms) == {good} and set(s2.rooms.skipped) == {bad, worse}
        out = capsys.readouterr().out
        for code in (bad, worse):
            lines = [x for x in out.splitlines() if code in x]
            assert len(lines) == 1 and "not resumed" in lines[0], out
        # the good table plays on and is saved; the damaged rows are not touched
        a, b = R.join(s2, good, "Ann"), R.join(s2, good, "Bob")
        me = a if a.state["view"]["to_act"] == [0] else b
        me.act(me.legal()[0])
        eventually(lambda: len(s2.rooms.rooms[good].table.game.history) > 0)
        # a new table never takes a skipped row's code, even when the code is drawn again
        letters = iter(bad + worse + "23456")
        monkeypatch.setattr(server_module.secrets, "choice", lambda seq: next(letters))
        assert s2.rooms.new_code() == "23456"
        monkeypatch.undo()
        with pytest.raises(ValueError):
            s2.rooms.store.save(bad, {}, "overwrite")
        lobby = R.Client(s2).op({"op": "teacher", "token": R.TEACHER}, "lobby")
        assert lobby["saving"]["skipped"] == sorted([bad, worse])
    finally:
        s2.stop()
    assert {bad: row(db, bad), worse: row(db, worse)} == damaged


def test_rows_with_a_code_or_settings_of_the_wrong_kind_are_skipped_and_the_teacher_page_still_works(tmp_path):
    """A code stored as bytes or as a number, seat tokens that are not hashes, names that are
    not text: each such row is skipped like unreadable JSON (a bytes code used to resume and then
    break every teacher's lobby: 'Object of type bytes is not JSON serializable')."""
    db = tmp_path / "kinds.sqlite3"
    s1 = R.ThreadServer(db, pace=0).start()
    try:
        t = R.teacher(s1)
        codes = [R.create(t, game="costume_party", players=2, seed=s) for s in range(5)]
        eventually(lambda: all(r.saved_version >= r.version > 0 for r in s1.rooms.rooms.values()))
        t.close()
    finally:
        s1.stop()
    good = codes[0]
    with sqlite3.connect(db) as c:
        meta = json.loads(c.execute("SELECT meta FROM tables WHERE code = ?", (codes[1],)).fetchone()[0])
        c.execute("UPDATE tables SET code = X'00ff' WHERE code = ?", (codes[1],))
        c.execute("UPDATE tables SET code = 12345 WHERE code = ?", (codes[2],))
        c.execute("UPDATE tables SET meta = ? WHERE code = ?", (json.dumps({**meta, "seats": {"0": [1, 2]}}), codes[3]))
        c.execute(
            "UPDATE tables SET meta = ? WHERE code = ?", (json.dumps({**meta, "watchers": {"a" * 64: 7}}), codes[4])
        )
        before = sorted(map(repr, c.execute("SELECT code, meta, engine FROM tables").fetchall()))
    s2 = R.ThreadServer(db, pace=0).start()
    try:
        assert set(s2.rooms.rooms) == {good}
        assert len(s2.rooms.skipped) == 4
        lobby = R.Client(s2).op({"op": "teacher", "token": R.TEACHER}, "lobby")
        assert [tb["code"] for tb in lobby["tables"]] == [good] and len(lobby["saving"]["skipped"]) == 4
    finally:
        s2.stop()
    with sqlite3.connect(db) as c:
        assert sorted(map(repr, c.execute("SELECT code, meta, engine FROM tables").fetchall())) == before


# ------------------------------------------------------- a locked database
def test_a_held_write_lock_blocks_no_table_and_loses_no_action_even_after_kill_9(
    tmp_path,
):
    db = tmp_path / "locked.sqlite3"
    p = R.ProcessServer(db, pace=0, log=tmp_path / "server.log").start()
    try:
        t = R.teacher(p)
        a_code = R.create(t, game="costume_party", players=2, seed=5)
        b_code = R.create(t, game="costume_party", players=2, seed=6)
        a = [R.join(p, a_code, "Ann"), R.join(p, a_code, "Al")]
        b = [R.join(p, b_code, "Bea"), R.join(p, b_code, "Ben")]
        t.wait(lambda: len(t.lobby) == 2 and all(x["saved"] for x in t.lobby.values()))
        lock = Lock(db)
        trips, acted, t0 = [], 0, time.time()
        try:
            while time.time() - t0 < 2.5:  # devices act on table A; table B answers meanwhile
                dev = R.ready_to_act(a)
                if dev is not None:
                    R.play_first(dev)
                    acted += 1
                dev = R.ready_to_act(b)
                if dev is not None:
                    trips.append(R.play_first(dev))
            t.wait(lambda: not t.saving["ok"])
            assert "locked" in t.saving["error"] and t.saving["unsaved"] >= 1
            assert not t.lobby[a_code]["saved"]
        finally:
            lock.release()
        released = time.time()
        assert acted >= 5 and len(trips) >= 5
        assert max(trips) < 1.0 and statistics.median(trips) < 0.2, trips  # was ~4.8 s a save
        for d in a + b:
            d.drain(0.05)
        shown = {d.token: (d.state["replay"]["length"], d.state["view"]) for d in a + b}
        t.wait(lambda: t.saving["ok"] and all(x["saved"] for x in t.lobby.values()), 5)
        assert time.time() - released < 2
        p.proc.kill()  # kill -9: no shutdown, no last save
        p.proc.wait()
    finally:
        p.stop()
    p2 = R.ProcessServer(db, pace=0, log=tmp_path / "server.log").start()
    try:
        for token, (length, view) in shown.items():
            again = R.Client(p2)
            again.op({"op": "resume", "token": token}, "joined")
            again.until(lambda f: f.get("op") == "state")
            assert again.state["replay"]["length"] == length and length > 0
            assert again.state["view"] == view
    finally:
        p2.stop()


# ------------------------------------------------------------- a restart
def _lobby_table(f: dict, code: str) -> dict:
    x = next(x for x in f["tables"] if x["code"] == code)
    return {
        **{k: v for k, v in x.items() if k not in ("expires_in", "after", "seats", "watchers")},
        "seats": [{k: v for k, v in s.items() if k != "online"} for s in x["seats"]],
        "watchers": [{k: v for k, v in w.items() if k != "online"} for w in x["watchers"]],
    }


def _class(server) -> tuple[R.Client, str, dict]:
    """A table of three: Ann, Bob, and Cleo's seat handed to a bot; Dee watches; locked."""
    t = R.teacher(server)
    code = R.create(t, game="costume_party", players=3, seed=12)
    devices = {name: R.join(server, code, name) for name in ("Ann", "Bob", "Cleo")}
    t.send({"op": "bot", "code": code, "seat": 2, "level": "easy"})
    devices["Cleo"].until(lambda f: f.get("op") == "state" and f.get("role") == "watch")
    devices["Dee"] = R.join(server, code, "Dee")
    t.send({"op": "lock", "code": code, "on": True})
    t.wait(lambda: code in t.lobby and t.lobby[code]["locked"] and t.lobby[code]["saved"])
    return t, code, devices


def _screens(server, devices: dict, code: str) -> dict:
    out = {}
    for name, d in devices.items():
        c = R.Client(server)
        joined = c.op({"op": "resume", "token": d.token}, "joined")
        c.until(lambda f: f.get("op") == "state")
        out[name] = (
            joined["role"],
            joined["seat"],
            c.state["settings"]["names"],
            c.state["settings"]["humans"],
            c.state["view"],
        )
        c.close()
    return out


def test_a_restart_keeps_names_bot_seats_watchers_the_lock_and_the_teachers_token(
    tmp_path,
):
    db = tmp_path / "class.sqlite3"
    s1 = R.ThreadServer(db, pace=0).start()
    try:
        t, code, devices = _class(s1)
        lobby = t.op({"op": "teacher", "token": R.TEACHER}, "lobby")
        before_lobby = _lobby_table(lobby, code)
        before = _screens(s1, devices, code)
        for d in devices.values():
            d.close()
        t.close()
    finally:
        s1.stop()
    assert before["Ann"][2] == ["Ann", "Bob", "Bot 3 (easy)"] and before["Cleo"][0] == "watch"
    # restarted WITHOUT the token: the stored hash is reused, the teacher's page keeps working
    s2 = R.ThreadServer(db, pace=0, teacher_token=None).start()
    try:
        assert s2.app.state.teacher_token is None
        t2 = R.Client(s2)
        lobby = t2.op({"op": "teacher", "token": R.TEACHER}, "lobby")
        assert _lobby_table(lobby, code) == before_lobby
        seats = _lobby_table(lobby, code)["seats"]
        assert seats[2]["kind"] == "bot" and seats[2]["level"] == "easy" and seats[2]["name"] == "Bot 3 (easy)"
        assert [w["name"] for w in _lobby_table(lobby, code)["watchers"]] == [
            "Cleo",
            "Dee",
        ]
        assert _screens(s2, devices, code) == before
        assert 2 not in s2.rooms.rooms[code].table.humans and s2.rooms.rooms[code].locked
    finally:
        s2.stop()
    # a given token replaces the stored one; the file keeps only its hash
    s3 = R.ThreadServer(db, pace=0, teacher_token="a-new-teacher-token-0123456789").start()
    try:
        assert s3.app.state.teacher_token == "a-new-teacher-token-0123456789"
        assert R.Client(s3).op({"op": "teacher", "token": R.TEACHER})["code"] == "teacher_only"
        R.Client(s3).op({"op": "teacher", "token": "a-new-teacher-token-0123456789"}, "lobby")
    finally:
        s3.stop()
    data = b"".join(Path(f).read_bytes() for f in (db, f"{db}-wal") if os.path.exists(f))
    assert b"a-new-teacher-token" not in data and R.TEACHER.encode() not in data


def test_the_first_start_without_a_token_draws_one_and_stores_only_its_hash(tmp_path):
    db = tmp_path / "first.sqlite3"
    s1 = R.ThreadServer(db, pace=0, teacher_token=None).start()
    token = s1.app.state.teacher_token
    s1.stop()
    assert isinstance(token, str) and len(token) >= 20
    with sqlite3.connect(db) as c:
        values = [v for (v,) in c.execute("SELECT value FROM settings")]
    assert values and token not in json.dumps(values)
    s2 = R.ThreadServer(db, pace=0, teacher_token=None).start()
    try:
        assert s2.app.state.teacher_token is None
        R.Client(s2).op({"op": "teacher", "token": token}, "lobby")
    finally:
        s2.stop()


def test_a_process_restart_keeps_every_name_and_the_teachers_token_without_passing_it(
    tmp_path,
):
    db = tmp_path / "proc.sqlite3"
    p1 = R.ProcessServer(db, pace=0).start()
    try:
        _, code, devices = _class(p1)
        before = _screens(p1, devices, code)
    finally:
        p1.stop()
    p2 = R.ProcessServer(db, pace=0, teacher_token=None).start()
    try:
        lobby = R.Client(p2).op({"op": "teacher", "token": R.TEACHER}, "lobby")
        assert [s["name"] for s in _lobby_table(lobby, code)["seats"]] == [
            "Ann",
            "Bob",
            "Bot 3 (easy)",
        ]
        assert _screens(p2, devices, code) == before
    finally:
        p2.stop()


def test_rooms_still_takes_a_plain_token_or_a_stored_hash():
    store = Store(":memory:")
    try:
        assert Rooms(store, "tok-0123456789").teacher_hash == server_module._hash("tok-0123456789")
        assert Rooms(store, teacher_hash="ab" * 32).teacher_hash == "ab" * 32
        with pytest.raises(ValueError):
            Rooms(store)
    finally:
        store.close()

"""Rooms persist in SQLite: one row per table, rewritten after every change.

A row holds the table's settings (game, seats, the names shown, bot levels, the
lock, the hashes of the seat tokens) and the engine's own JSON
(``Game.to_json``), so a restarted server rebuilds every table exactly where it
stood. A second small table, ``settings(key, value)``, keeps the hash of the
teacher's token, so the teacher's open page and link survive a restart.

Saving never blocks the server and never loses a change while it runs:

* :meth:`Store.save` only hands a snapshot (JSON text taken by the caller, on
  the server's loop) to one writer thread, which alone writes, on its own
  connection. Only the newest snapshot of each table matters, so snapshots
  queued while a write is pending replace the older ones (coalescing).
* The writer waits at most ``busy_ms`` for a lock another program holds (a
  teacher's database browser), then retries with a growing pause, until the
  write succeeds. Meanwhile :meth:`Store.status` says saving is failing (the
  error, since when), and each snapshot's ticket is reported saved
  (``on_saved``) only once it is committed (``synchronous=FULL``).
* :meth:`Store.close` writes what is still pending, waiting a bounded time.

Damage is contained: a file that is not a SQLite database, or a damaged one,
raises :class:`StoreError` (one line naming the file) before anything is
written to it; the caller skips a row it cannot read and :meth:`protect` makes
sure that row is never overwritten. A new file, and the ``-wal``/``-shm`` files
SQLite makes beside it (with the database's own mode), are created 0600: they
hold every hand, deck and vote.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

__all__ = ["Store", "StoreError"]

_SCHEMA = (
    """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    meta TEXT NOT NULL,
    engine TEXT NOT NULL,
    updated REAL NOT NULL
)
""",
    """
CREATE TABLE IF NOT EXISTS settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
)
""",
)
_COLUMNS = {"code", "meta", "engine", "updated"}

#: the writer's pause after a failed write, growing from the first to the last (seconds)
BACKOFF = (0.05, 0.5)


class StoreError(Exception):
    """The rooms database cannot be used (not a database, damaged, not ours): one line
    that names the file; the file is left as it is."""


class Store:
    """The rooms' SQLite file (``":memory:"`` keeps nothing across restarts).

    ``on_saved(code, ticket)`` is called (from the writer thread) when the snapshot
    :meth:`save` returned ``ticket`` for is committed; ``on_status()`` when saving
    starts or stops failing.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        busy_ms: int = 200,
        log: Callable[[str], None] | None = None,
    ):
        self.path = str(path)
        self.busy_ms = busy_ms
        self.log = log or (lambda line: print(line, flush=True))
        self.on_saved: Callable[[str, int], None] | None = None
        self.on_status: Callable[[], None] | None = None
        self._memory = self.path == ":memory:"
        self._protected: set[str] = set()
        self._cv = threading.Condition()
        self._pending: dict[tuple[str, str], tuple[int, Any]] = {}  # (kind, key) -> (ticket, payload)
        self._inflight: dict[tuple[str, str], tuple[int, Any]] = {}
        self._ticket = 0
        self._error: str | None = None
        self._failing_since: float | None = None
        self._failures = 0
        self._stop = False
        self._abort = False
        self._thread: threading.Thread | None = None
        if not self._memory:
            self._prepare_file()
        try:
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=5)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot open the rooms database ({exc})") from None
        try:
            self._check_and_init()
        except BaseException:
            self.db.close()
            raise

    # ------------------------------------------------------------- opening
    def _prepare_file(self) -> None:
        p = Path(self.path)
        if p.is_dir():
            raise StoreError(f"{self.path} is a folder, not a rooms database file")
        if p.exists():
            mode = stat.S_IMODE(p.stat().st_mode)
            if mode & 0o044:
                self.log(
                    f"rooms: warning: {self.path} can be read by other users of this machine (mode {mode:o}), "
                    f"and it holds every hand and vote: chmod 600 {self.path}"
                )
            return
        try:  # created 0600; SQLite gives the -wal and -shm files the database's mode
            os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        except FileExistsError:
            pass
        except OSError as exc:
            raise StoreError(f"{self.path}: cannot create the rooms database ({exc.strerror})") from None

    def _check_and_init(self) -> None:
        """Read before writing anything: a file that is not a database (or is damaged, or
        is another program's) raises :class:`StoreError` and is left untouched."""
        try:
            result = [r[0] for r in self.db.execute("PRAGMA quick_check").fetchall()]
        except sqlite3.OperationalError as exc:
            raise StoreError(f"{self.path}: cannot read the rooms database ({exc})") from None
        except sqlite3.DatabaseError as exc:
            raise StoreError(
                f"{self.path} is not a rooms database, or it is damaged ({exc}); it was left as it is"
            ) from None
        if result != ["ok"]:
            raise StoreError(
                f"{self.path} is a damaged database ({short_text(result[0] if result else '?')}); it was left as it is"
            )
        columns = {r[1] for r in self.db.execute("PRAGMA table_info(tables)")}
        if columns and not _COLUMNS <= columns:
            raise StoreError(
                f"{self.path} is a SQLite database of another program (its 'tables' table is not the rooms'); it was left as it is"
            )
        try:
            if not self._memory:
                self.db.execute("PRAGMA journal_mode=WAL")
            for sql in _SCHEMA:
                self.db.execute(sql)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: cannot prepare the rooms database ({exc})") from None

    # -------------------------------------------------------------- reading
    def rows(self) -> Iterator[tuple[str, Any, Any]]:
        """Every table's ``(code, meta, engine)`` as stored: ``meta`` is the JSON text
        (the caller parses it, one row at a time, and skips a row it cannot read)."""
        try:
            rows = self.db.execute("SELECT code, meta, engine FROM tables ORDER BY updated").fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: cannot read the saved tables ({exc}); the file was left as it is") from None
        yield from rows

    def setting(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def protect(self, code: str) -> None:
        """Never write the row of ``code`` (a row that could not be read: it stays as it is)."""
        self._protected.add(code)

    @property
    def protected(self) -> frozenset[str]:
        return frozenset(self._protected)

    # -------------------------------------------------------------- writing
    def save(self, code: str, meta: dict | str, engine: str) -> int:
        """Queue the newest snapshot of table ``code``; returns its ticket (see ``on_saved``)."""
        if code in self._protected:
            raise ValueError(f"table {code}'s saved row could not be read: it is never overwritten")
        if not isinstance(meta, str):
            meta = json.dumps(meta, separators=(",", ":"))
        return self._put(("table", code), (meta, engine))

    def delete(self, code: str) -> int:
        if code in self._protected:
            raise ValueError(f"table {code}'s saved row could not be read: it is never deleted")
        return self._put(("table", code), None)

    def put_setting(self, key: str, value: str) -> int:
        return self._put(("setting", key), value)

    def _put(self, key: tuple[str, str], payload: Any) -> int:
        with self._cv:
            if self._stop:
                raise RuntimeError(f"the rooms database {self.path} is closed")
            self._ticket += 1
            ticket = self._ticket
            if self._memory:  # nothing to wait for, nothing to keep
                self._write(self.db, {key: (ticket, payload)})
            else:
                self._pending[key] = (ticket, payload)
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, name=f"rooms-store {self.path}", daemon=True)
                    self._thread.start()
                self._cv.notify_all()
        if self._memory:
            self._report({key: (ticket, payload)})
        return ticket

    def _write(self, db: sqlite3.Connection, batch: dict) -> None:
        now = time.time()
        db.execute("BEGIN IMMEDIATE")
        try:
            for (kind, key), (_, payload) in batch.items():
                if kind == "setting":
                    db.execute(
                        "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value=excluded.value",
                        (key, payload),
                    )
                elif payload is None:
                    db.execute("DELETE FROM tables WHERE code = ?", (key,))
                else:
                    db.execute(
                        "INSERT INTO tables (code, meta, engine, updated) VALUES (?, ?, ?, ?) ON CONFLICT(code) DO UPDATE "
                        "SET meta=excluded.meta, engine=excluded.engine, updated=excluded.updated",
                        (key, payload[0], payload[1], now),
                    )
            db.execute("COMMIT")
        except BaseException:
            with contextlib.suppress(sqlite3.Error):
                db.execute("ROLLBACK")
            raise

    def _report(self, batch: dict) -> None:
        if self.on_saved is None:
            return
        for (kind, key), (ticket, _) in batch.items():
            if kind == "table":
                with contextlib.suppress(Exception):
                    self.on_saved(key, ticket)

    def _status_changed(self) -> None:
        if self.on_status is not None:
            with contextlib.suppress(Exception):
                self.on_status()

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, isolation_level=None, timeout=self.busy_ms / 1000)
        db.execute(f"PRAGMA busy_timeout={int(self.busy_ms)}")
        db.execute("PRAGMA synchronous=FULL")  # saved means on disk, a power cut included
        return db

    def _run(self) -> None:
        """The writer thread: the only one that writes after opening, on its own connection."""
        db: sqlite3.Connection | None = None
        pause = BACKOFF[0]
        try:
            while True:
                with self._cv:
                    while not self._pending and not self._stop:
                        self._cv.wait()
                    if not self._pending or self._abort:
                        return
                    batch, self._pending = self._pending, {}
                    self._inflight = batch
                try:
                    if db is None:
                        db = self._connect()
                    self._write(db, batch)
                except Exception as exc:  # noqa: BLE001 -- locked, disk full, read-only: retried
                    with self._cv:
                        for (
                            key,
                            item,
                        ) in batch.items():  # a newer snapshot queued meanwhile wins
                            self._pending.setdefault(key, item)
                        self._inflight = {}
                        started = self._failing_since is None
                        if started:
                            self._failing_since = time.time()
                        self._error = short_text(str(exc) or type(exc).__name__)
                        self._failures += 1
                        self._cv.notify_all()
                    if started:
                        self._status_changed()
                    with self._cv:
                        self._cv.wait_for(lambda: self._abort, timeout=pause)
                    pause = min(pause * 2, BACKOFF[1])
                    continue
                pause = BACKOFF[0]
                with self._cv:
                    self._inflight = {}
                    recovered = self._failing_since is not None
                    self._failing_since, self._error = None, None
                    self._cv.notify_all()
                self._report(batch)
                if recovered:
                    self._status_changed()
        finally:
            if db is not None:
                db.close()
            with self._cv:
                self._cv.notify_all()

    # --------------------------------------------------------------- status
    def status(self) -> dict:
        """``{"ok", "error", "since", "pending", "failures"}``: ``ok`` False while writes fail
        (``error`` the last reason, ``since`` the time.time() of the first failure)."""
        with self._cv:
            return {
                "ok": self._failing_since is None,
                "error": self._error,
                "since": self._failing_since,
                "pending": len({k for k in (*self._pending, *self._inflight) if k[0] == "table"}),
                "failures": self._failures,
            }

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every queued snapshot is written (True), or ``timeout`` s (False)."""
        with self._cv:
            return self._cv.wait_for(lambda: not self._pending and not self._inflight, timeout=timeout)

    def close(self, timeout: float = 5.0) -> bool:
        """Write what is pending (waiting at most ``timeout`` s), stop the writer, close the
        file. True when nothing was left unsaved."""
        with self._cv:
            self._stop = True
            self._cv.notify_all()
        done = self.flush(timeout)
        with self._cv:
            left = len({k for k in (*self._pending, *self._inflight) if k[0] == "table"})
            self._abort = True
            self._cv.notify_all()
        if self._thread is not None:
            self._thread.join(timeout=max(1.0, 2 * self.busy_ms / 1000))
        if not done:
            self.log(f"rooms: {left} table(s) could not be saved in {self.path} before stopping ({self._error})")
        self.db.close()
        return done


def short_text(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"

"""Rooms persist in SQLite: one row per table, rewritten after every action.

A row holds the table's settings (game, seats, names, bot levels, the lock, the
hashes of the seat tokens) and the engine's own JSON (``Game.to_json``), so a
restarted server rebuilds every table exactly where it stood. The file is plain
SQLite (WAL mode): a teacher can copy it, and a crash loses at most the action
being written.
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Iterator

__all__ = ["Store"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    meta TEXT NOT NULL,
    engine TEXT NOT NULL,
    updated REAL NOT NULL
)
"""


class Store:
    """The rooms' SQLite file (``":memory:"`` keeps nothing across restarts)."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        if self.path != ":memory:":
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.execute(_SCHEMA)

    def save(self, code: str, meta: dict, engine: str) -> None:
        self.db.execute(
            "INSERT INTO tables (code, meta, engine, updated) VALUES (?, ?, ?, ?) "
            "ON CONFLICT(code) DO UPDATE SET meta=excluded.meta, engine=excluded.engine, updated=excluded.updated",
            (code, json.dumps(meta, separators=(",", ":")), engine, time.time()),
        )

    def delete(self, code: str) -> None:
        self.db.execute("DELETE FROM tables WHERE code = ?", (code,))

    def rows(self) -> Iterator[tuple[str, dict, str]]:
        for code, meta, engine in self.db.execute("SELECT code, meta, engine FROM tables ORDER BY updated"):
            yield code, json.loads(meta), engine

    def close(self) -> None:
        self.db.close()

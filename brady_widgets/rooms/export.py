"""A class's tables as CSV: what the class played, for the lessons to analyse.

Four files (also packed in one zip, :func:`export_zip`):

``tables.csv``, one row per table
    ``code, game, players, seed, options`` (JSON), ``created`` (UTC, ISO 8601),
    ``actions`` (history length), ``over``, ``winners`` (seats, ``;``-separated),
    ``winner_names``, ``scores`` (``;``-separated, by seat), ``names`` (``;``-separated:
    the names shown, as the class chose them at join).

A name is what a student typed, and a spreadsheet runs a cell that starts with ``= + - @``
as a formula (a link that sends the sheet's other cells away, a command): wherever a name
is written (``name``, ``names``, ``winner_names``) such a start, and such a start after a
``;`` (a spreadsheet that splits cells at ``;``), gets a ``'`` before it, so the teacher's
spreadsheet shows the name as text.
``seats.csv``, one row per seat
    ``code, game, seat, name, kind`` (``person`` | ``bot``), ``bot_level, score, winner``.
``actions.csv``, one row per history entry, in order
    ``code, game, step`` (index in the engine's history), ``seat`` (a seat number, or
    ``chance`` / ``clock``), ``name``, ``type`` (the action's type, the chance's kind, or
    ``clock``), ``at_ms`` (game time of a real-time step; empty for a turn-based game),
    ``wall_ms`` (server wall time when a person's action was accepted, in ms since the
    table's ``created``; empty for a bot's step, a chance step or the clock's),
    ``detail`` (the action or the chance outcome, JSON).
``forecasts.csv``, one row per student's own forecast (a note, never a move)
    ``code, game, seat, name, step`` (history length when it was made), ``wall_ms``,
    ``event`` (what it is about, JSON: the game's presenter says, e.g. Costume Party's
    ``{"figure", "opponent"}``), ``percent`` (the student's, 0-100), ``panel`` (the odds
    panel's probability of that event for that seat then, 0-1), ``outcome`` (1 it happened,
    0 it did not, empty while the game is on).

The engine's history is exactly what is kept (``Game.to_json``), with the game time of a
real-time step; the wall times and forecasts are kept beside it in the table's settings. ``seed``, ``options`` and the history replay every table exactly
(``load_game(game).replay(players, seed, history, **options)``, :func:`histories`).

This is the teacher's full record (every card, every secret choice, like the reveal):
the server hands it only to the teacher's token (``POST /export``), and the command
line reads the database file, which only its owner may read.
"""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import sys
import zipfile
from collections.abc import Iterable, Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ..progress import checks, path

__all__ = [
    "ACTION_COLUMNS",
    "FORECAST_COLUMNS",
    "SEAT_COLUMNS",
    "TABLE_COLUMNS",
    "export_csv",
    "export_zip",
    "histories",
    "load",
    "read_db",
    "rows_of_rooms",
    "write_dir",
]

TABLE_COLUMNS = (
    "code",
    "game",
    "players",
    "seed",
    "options",
    "created",
    "actions",
    "over",
    "winners",
    "winner_names",
    "scores",
    "names",
)
SEAT_COLUMNS = ("code", "game", "seat", "name", "kind", "bot_level", "score", "winner")
ACTION_COLUMNS = ("code", "game", "step", "seat", "name", "type", "at_ms", "wall_ms", "detail")
FORECAST_COLUMNS = ("code", "game", "seat", "name", "step", "wall_ms", "event", "percent", "panel", "outcome")
FILES = ("tables.csv", "seats.csv", "actions.csv", "forecasts.csv")
#: the first characters of a cell a spreadsheet runs as a formula (OWASP's "CSV injection" list)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _as_text(name: str) -> str:
    """A student's name as a spreadsheet shows it, never runs it (see the module docstring)."""
    return ";".join("'" + part if part.startswith(FORMULA_STARTS) else part for part in name.split(";"))


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def read_db(path: str | Path) -> list[tuple[str, dict, Any]]:
    """Every readable table of a rooms database as ``(code, meta, game)``, oldest first.

    The file is opened read-only (a running server keeps writing it); a row that does
    not load is skipped with a line on stderr, as the server skips it."""
    from ..engine.registry import load_game

    p = Path(path)
    if not p.is_file():
        raise FileNotFoundError(f"{path}: no such rooms database")
    db = sqlite3.connect(f"{p.resolve().as_uri()}?mode=ro", uri=True)
    try:
        rows = db.execute("SELECT code, meta, engine FROM tables ORDER BY updated").fetchall()
    except sqlite3.DatabaseError as exc:
        raise ValueError(f"{path} is not a rooms database ({exc})") from None
    finally:
        db.close()
    out = []
    for code, meta_text, engine in rows:
        try:
            meta = json.loads(meta_text)
            game = load_game(meta["game"]).from_json(engine)
        except Exception as exc:  # noqa: BLE001 -- one damaged row must not stop the export
            print(f"export: table {str(code)[:12]} skipped ({type(exc).__name__}: {str(exc)[:120]})", file=sys.stderr)
            continue
        out.append((code, meta, game))
    return out


def rows_of_rooms(rooms: Any) -> list[tuple[str, dict, Any]]:
    """The live tables of a running server's :class:`~brady_widgets.rooms.server.Rooms`
    (unsaved moves included); call on the server's loop (engines are not thread-safe)."""
    return [
        (room.code, room.meta(), room.table.game.clone())
        for room in sorted(rooms.rooms.values(), key=lambda r: r.created)
    ]


def _rows(tables: Iterable[tuple[str, dict, Any]]) -> Iterator[tuple[str, list[dict]]]:
    table_rows: list[dict] = []
    seat_rows: list[dict] = []
    action_rows: list[dict] = []
    forecast_rows: list[dict] = []
    for code, meta, game in tables:
        walls = {int(k): v for k, v in meta.get("walls", {}).items()}
        names = [_as_text(str(n)) for n in meta.get("names", [])]
        names += [f"Seat {s + 1}" for s in range(len(names), game.players)]
        levels = {int(k): v for k, v in meta.get("bot_levels", {}).items()}
        humans = {int(s) for s in meta.get("humans", [])}
        try:
            scores = list(game.scores) if game.over else []
        except Exception:  # noqa: BLE001 -- a game without scores mid-play: left empty
            scores = []
        winners = sorted(game.winners) if game.over else []
        created = meta.get("created")
        table_rows.append(
            {
                "code": code,
                "game": game.name,
                "players": game.players,
                "seed": game.seed,
                "options": _json(game.options),
                "created": datetime.fromtimestamp(created, timezone.utc).isoformat(timespec="seconds")
                if created
                else "",
                "actions": len(game.history),
                "over": int(bool(game.over)),
                "winners": ";".join(map(str, winners)),
                "winner_names": ";".join(names[s] for s in winners),
                "scores": ";".join(map(str, scores)),
                "names": ";".join(names),
            }
        )
        for s in range(game.players):
            seat_rows.append(
                {
                    "code": code,
                    "game": game.name,
                    "seat": s,
                    "name": names[s],
                    "kind": "bot" if s in levels or (humans and s not in humans) else "person",
                    "bot_level": levels.get(s, ""),
                    "score": scores[s] if s < len(scores) else "",
                    "winner": int(s in winners) if game.over else "",
                }
            )
        for i, h in enumerate(game.history):
            seat = h.get("seat")
            if seat == "chance":
                kind, detail = h.get("kind", "chance"), h.get("outcome")
            elif seat == "clock":
                kind, detail = "clock", None
            else:
                kind, detail = (h.get("action") or {}).get("type", ""), h.get("action")
            action_rows.append(
                {
                    "code": code,
                    "game": game.name,
                    "step": i,
                    "seat": seat,
                    "name": names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "",
                    "type": kind,
                    "at_ms": h.get("at", ""),
                    "wall_ms": walls.get(i, ""),
                    "detail": "" if detail is None else _json(detail),
                }
            )
        forecasts = meta.get("forecasts", [])
        presenter = _presenter(game) if forecasts else None
        for f in forecasts:
            event = dict(f.get("event", {}))
            panel = event.pop("panel", "")
            try:
                outcome = presenter.forecast_outcome(game, event) if presenter is not None else None
            except Exception:  # noqa: BLE001 -- a damaged note: its outcome left empty
                outcome = None
            seat = f.get("seat")
            forecast_rows.append(
                {
                    "code": code,
                    "game": game.name,
                    "seat": seat,
                    "name": names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "",
                    "step": f.get("step", ""),
                    "wall_ms": f.get("wall_ms", ""),
                    "event": _json(event),
                    "percent": f.get("percent", ""),
                    "panel": panel,
                    "outcome": "" if outcome is None else int(bool(outcome)),
                }
            )
    yield "tables.csv", table_rows
    yield "seats.csv", seat_rows
    yield "actions.csv", action_rows
    yield "forecasts.csv", forecast_rows


def _presenter(game: Any) -> Any:
    """The game's presenter class (its forecast events)."""
    from ..engine.registry import load_presenter

    return load_presenter(game.name)


def _csv(columns: tuple[str, ...], rows: list[dict]) -> str:
    out = io.StringIO()
    w = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return out.getvalue()


_COLUMNS = {
    "tables.csv": TABLE_COLUMNS,
    "seats.csv": SEAT_COLUMNS,
    "actions.csv": ACTION_COLUMNS,
    "forecasts.csv": FORECAST_COLUMNS,
}


def export_csv(tables: Iterable[tuple[str, dict, Any]]) -> dict[str, str]:
    """``{"tables.csv": text, "seats.csv": text, "actions.csv": text, "forecasts.csv": text}``."""
    return {name: _csv(_COLUMNS[name], rows) for name, rows in _rows(tables)}


def export_zip(tables: Iterable[tuple[str, dict, Any]]) -> bytes:
    """The four CSV files in one zip (what the teacher page downloads)."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in export_csv(tables).items():
            z.writestr(name, text)
    return buf.getvalue()


def write_dir(tables: Iterable[tuple[str, dict, Any]], out: str | Path) -> list[Path]:
    """Write the four CSV files into folder ``out`` (made if needed), readable by their
    owner only (they hold every hand); returns their paths."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, text in export_csv(tables).items():
        path = folder / name
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", newline="") as f:
            f.write(text)
        paths.append(path)
    return paths


def _an_export(name: str, value: Any) -> None:
    """A class export: a folder holding ``tables.csv`` (``brady-widgets rooms export``) or the
    teacher page's zip; in words otherwise (a None was "expected str, bytes or os.PathLike object")."""
    what = "a class export (a folder of its CSV files, or the teacher page's zip)"
    path(what)(name, value)
    p = Path(value)
    if p.is_dir() and not (p / "tables.csv").is_file():
        raise ValueError(f"{name} must be {what}; the folder {os.fspath(value)!r} has no tables.csv")
    if not p.is_dir() and not zipfile.is_zipfile(p):
        raise ValueError(f"{name} must be {what}; the file {os.fspath(value)!r} is not a zip")


@checks(folder_or_zip=_an_export)
def histories(folder_or_zip: str | Path) -> dict[str, Any]:
    """Every table of an export rebuilt as its engine: ``{code: game}`` (the exact game,
    replayed from its seed, options and the history in actions.csv)."""
    from ..engine.registry import load_game

    files = _read_export(folder_or_zip)
    tables = list(csv.DictReader(io.StringIO(files["tables.csv"])))
    steps: dict[str, list[dict]] = {}
    for row in csv.DictReader(io.StringIO(files["actions.csv"])):
        seat: Any = row["seat"]
        if seat == "chance":
            detail = json.loads(row["detail"])
            entry = {"seat": "chance", "kind": row["type"], "outcome": detail}
        elif seat == "clock":
            entry = {"seat": "clock", "at": json.loads(row["at_ms"])}
        else:
            entry = {"seat": int(seat), "action": json.loads(row["detail"])}
            if row["at_ms"] != "":
                entry["at"] = json.loads(row["at_ms"])
        steps.setdefault(row["code"], []).append(entry)
    out = {}
    for t in tables:
        cls = load_game(t["game"])
        out[t["code"]] = cls.replay(
            int(t["players"]), int(t["seed"]), steps.get(t["code"], []), **json.loads(t["options"])
        )
    return out


@checks(folder_or_zip=_an_export)
def load(folder_or_zip: str | Path) -> dict[str, list[dict]]:
    """An export (a folder or the teacher page's zip) as rows of text:
    ``{"tables": [...], "seats": [...], "actions": [...], "forecasts": [...]}``, each row a
    dict by column (an export made before forecasts were kept has none)."""
    files = _read_export(folder_or_zip)
    return {name[:-4]: list(csv.DictReader(io.StringIO(text))) for name, text in files.items()}


def _read_export(folder_or_zip: str | Path) -> dict[str, str]:
    p = Path(folder_or_zip)
    empty = {"forecasts.csv": ",".join(FORECAST_COLUMNS) + "\n"}  # an export from before forecasts
    if p.is_dir():
        return {name: (p / name).read_text() if (p / name).exists() else empty[name] for name in FILES}
    with zipfile.ZipFile(p) as z:
        have = set(z.namelist())
        return {name: z.read(name).decode() if name in have else empty[name] for name in FILES}

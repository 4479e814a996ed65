"""Frames: the helpers that shape what a screen is sent (compact legal actions, windows
that fit a byte budget, error dicts, short reprs, text wrapping), shared by the table,
the presenters, the widget and the rooms server."""

from __future__ import annotations

import json
import logging
import pathlib
import reprlib
import textwrap
from typing import Any

from .engine.errors import IllegalAction

__all__ = [
    "ERROR_CHARS",
    "MODES",
    "STATIC",
    "WIDGET_ERROR_CODES",
    "WidgetError",
    "bounded",
    "compact_legal",
    "expand_legal",
    "short",
]


#: ``error["code"]`` values the widget adds to the engine's IllegalAction codes.
WIDGET_ERROR_CODES = (
    "malformed_message",
    "unknown_message",
    "replay_unavailable",
    "teacher_only",
    "bot_error",
    "internal_error",
    "not_started",
    "bad_forecast",
)

#: the longest error message a view shows (longer ones are cut with an ellipsis)
ERROR_CHARS = 500

_REPR = reprlib.Repr()
_REPR.maxstring = 60
_REPR.maxother = 60
_REPR.maxlist = _REPR.maxdict = _REPR.maxtuple = _REPR.maxset = 6
_REPR.maxlevel = 3


def short(value: Any) -> str:
    """A repr of ``value`` for a message, abbreviated whatever its size."""
    try:
        return _REPR.repr(value)
    except Exception:  # noqa: BLE001 -- a broken __repr__ must not break an error message
        return f"<{type(value).__name__}>"


def bounded(text: str, limit: int = ERROR_CHARS) -> str:
    """``text`` cut to ``limit`` characters, with an ellipsis where it was cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


# ------------------------------------------------------------- compact legal
def compact_legal(actions: list[dict]) -> list[dict]:
    """The compact form of a list of actions (the ``legal`` trait).

    Consecutive actions of one type with the same keys form a group
    ``{"type", "keys": [k1..kn], "rows": R}``: for no keys ``R`` counts the
    actions; for one key it is the list of values; for more, a list of pairs
    ``[v1, R']`` whose ``R'`` covers the keys after ``k1`` for the consecutive
    actions with ``k1 == v1``. :func:`expand_legal` gives the same list back,
    in the same order. (A Brady Alice's 266 questions: 14 KB as a list, 1.5 KB here.)
    """
    groups: list[dict] = []
    for action in actions:
        kind = action["type"]
        keys = [k for k in action if k != "type"]
        last = groups[-1] if groups else None
        if last is None or last["type"] != kind or last["keys"] != keys:
            last = {"type": kind, "keys": keys, "rows": [] if keys else 0}
            groups.append(last)
        if not keys:
            last["rows"] += 1
            continue
        rows = last["rows"]
        for key in keys[:-1]:
            value = action[key]
            if not (rows and _same(rows[-1][0], value)):
                rows.append([value, []])
            rows = rows[-1][1]
        rows.append(action[keys[-1]])
    return groups


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def expand_legal(groups: list[dict]) -> list[dict]:
    """The list of actions a :func:`compact_legal` form stands for."""
    out: list[dict] = []
    for group in groups:
        kind, keys, rows = group["type"], group["keys"], group["rows"]
        if not keys:
            out.extend({"type": kind} for _ in range(rows))
            continue

        # walk() runs within this iteration, so the group's kind and keys it reads are this group's
        def walk(rows: list, prefix: dict, depth: int) -> None:
            if depth == len(keys) - 1:  # noqa: B023
                out.extend({"type": kind, **prefix, keys[depth]: v} for v in rows)  # noqa: B023
                return
            for value, sub in rows:
                walk(sub, {**prefix, keys[depth]: value}, depth + 1)  # noqa: B023

        walk(rows, {}, 0)
    return out


#: the compact JSON every frame is written in (``json.dumps(value, separators=(",", ":"),
#: ensure_ascii=False)``), one encoder kept: ``dumps`` with these arguments builds a new one
#: at every call (a third of a small value's encoding)
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)

#: that encoder's C part (what ``_ENCODER.encode`` makes at every call, with the very same
#: arguments), made once: the making and encode's Python checks were most of a small value's
#: cost, and a room's frame encodes a dozen parts. Without a circular check (``markers``
#: None): a state is a tree, and a check kept between calls would stay dirty after a failure.
_MAKE_C = getattr(json.encoder, "c_make_encoder", None)  # (json's C part: not in the typing stubs)
_C_ENCODE = (
    None
    if _MAKE_C is None
    else _MAKE_C(None, _ENCODER.default, json.encoder.encode_basestring, None, ":", ",", False, False, True)
)


def to_json(value: Any) -> str:
    """``value``'s compact JSON (as ``json.dumps`` above writes it)."""
    if _C_ENCODE is None:  # (a Python without json's C part)
        return _ENCODER.encode(value)
    return "".join(_C_ENCODE(value, 0))


#: a str key's JSON, as the encoder writes it (``to_json`` of a str, without its type checks)
_key = json.encoder.encode_basestring


def _json_size(value: Any) -> int:
    return len(to_json(value).encode())


def frame_json(frame: dict, known: dict[int, tuple[Any, str]]) -> str:
    """``to_json(frame)`` for a ``{"op": "state", "state": {...}, ...}`` frame, with the text of
    each value of ``frame["state"]`` taken from ``known`` (``id(value) -> (value, its
    to_json)``, as :func:`~brady_widgets.render.render` fills it) when it holds that very
    object: a screen's parts were encoded once to measure the frame, and the rooms server
    reuses those texts for the frame of every device that shows the screen, instead of
    encoding the same view again for each (byte-identical: a dict's compact JSON is its
    items' JSON, joined; every key of a frame is a str). ``known`` holds only values no one
    changes once encoded."""
    parts = []
    for key, value in frame["state"].items():
        hit = known.get(id(value))
        parts.append(f"{_key(key)}:{hit[1] if hit is not None and hit[0] is value else to_json(value)}")
    state = "{" + ",".join(parts) + "}"
    outer = []  # (plain loops: a generator here cost more than the few items it joins)
    for key, value in frame.items():
        outer.append(f"{_key(key)}:{state if key == 'state' else to_json(value)}")
    return "{" + ",".join(outer) + "}"


def _fit(entries: list[dict], limit: int, budget: int) -> list[dict]:
    """The newest ``entries`` (at most ``limit``) whose JSON fits ``budget`` bytes
    (always at least the newest one). The log window counts the same way as it makes its
    lines (``ScreenRendering._log_lines`` with a budget: a line not kept is not made)."""
    out: list[dict] = []
    used = 2
    for k in range(len(entries) - 1, -1, -1):
        if len(out) >= limit:
            break
        size = _json_size(entries[k]) + 1
        if out and used + size > budget:
            break
        used += size
        out.append(entries[k])
    out.reverse()
    return out


#: view keys the default text body leaves out (the header says them, or they are not facts)
_TEXT_SKIP = frozenset({"game", "players", "viewer", "phase", "to_act", "over", "winners", "end", "log", "odds"})


def _compact(value: Any) -> str:
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, separators=(", ", ": "), ensure_ascii=False, sort_keys=False, default=str)
    except (TypeError, ValueError):  # pragma: no cover - views are JSON-safe
        return short(value)


def _cut(line: str, width: int) -> str:
    return line if len(line) <= width else line[: width - 1] + "…"


def _wrap(line: str, width: int, first: str = "", rest: str = "  ") -> list[str]:
    """``line`` wrapped to ``width`` columns (at most three lines, the last cut)."""
    out = textwrap.wrap(line, width, initial_indent=first, subsequent_indent=rest or first) or [first.rstrip()]
    if len(out) > 3:
        out = out[:2] + [_cut(out[2] + " " + " ".join(x.strip() for x in out[3:]), width)]
    return out


MODES = ("bots", "hotseat")

#: the committed view bundles (``js/build.mjs`` writes them)
STATIC = pathlib.Path(__file__).resolve().parent / "static"


class WidgetError(ValueError):
    """A request the widget refused (not an engine rule): ``code`` in WIDGET_ERROR_CODES."""

    def __init__(self, code: str, message: str):
        if code not in WIDGET_ERROR_CODES:
            raise ValueError(f"unknown widget error code {code!r}")
        self.code = code
        super().__init__(bounded(message))

    def to_dict(self) -> dict:
        return {"code": self.code, "message": str(self)}


#: the developer's side of every refusal shown to a person: the code, the seat, the action
#: tried and the engine's reason (``logging.getLogger("brady_widgets.refusals")``)
REFUSAL_LOG = logging.getLogger("brady_widgets.refusals")


def _error_dict(exc: BaseException, presenter: Any = None, seat: Any = None) -> dict:
    """The ``error`` a screen shows for ``exc``: ``{"code", "message"}``, the message a
    short sentence for a person (``presenter.refusal_text``: the game's words, else the
    shared ones of :data:`~brady_widgets.presenter.REFUSALS`), never the code, a seat
    number or the action. The developer's message (code, seat, action, reason) is logged.
    ``bot_error`` keeps its own message: a bot's failure is the notebook author's to fix."""
    code = getattr(exc, "code", None)
    if not isinstance(code, str) or not isinstance(exc, Exception) or isinstance(code, bool):
        code = "internal_error"
    if not isinstance(exc, (IllegalAction, WidgetError)) and code not in _ROOM_CODES:
        code = "internal_error"
    detail = bounded(f"{type(exc).__name__}: {exc}") if code == "internal_error" else bounded(str(exc))
    if code == "internal_error":  # a bug, not a refusal: the developer gets the traceback
        REFUSAL_LOG.warning("internal error: %s", detail, exc_info=(type(exc), exc, exc.__traceback__))
    else:
        REFUSAL_LOG.info("refused (%s): %s", code, detail)
    if code in _OWN_WORDS:
        return {"code": code, "message": bounded(str(exc))}
    action = getattr(exc, "action", None)
    if seat is None:
        seat = getattr(exc, "seat", None)
    text = None
    if presenter is not None:
        try:
            text = presenter.refusal_text(code, action, seat)
        except Exception:  # noqa: BLE001 -- the shared words instead
            text = None
    if not isinstance(text, str) or not text:
        from .presenter import REFUSAL_FALLBACK, REFUSALS

        text = REFUSALS.get(code, REFUSAL_FALLBACK)
    return {"code": code, "message": bounded(text)}


#: codes whose message is written for the person already: ``bot_error`` (the notebook
#: author's to fix), ``not_started`` (the session says which button starts or resumes) and
#: ``bad_forecast`` (the presenter says what a forecast takes)
_OWN_WORDS = frozenset({"bot_error", "not_started", "bad_forecast"})

#: codes of the error frames the rooms server sends besides the widget's and the engine's
#: (declared here, the one list: ``rooms.server`` re-exports it as ``ROOM_ERROR_CODES``)
ROOM_ERROR_CODES = (
    "malformed_message",
    "unknown_message",
    "bad_code",
    "code_expired",
    "rate_limited",
    "not_joined",
    "bad_token",
    "teacher_only",
    "stale_sequence",
    "table_locked",
    "bad_request",
    "taken_over",
)
_ROOM_CODES = frozenset(ROOM_ERROR_CODES)

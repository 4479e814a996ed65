"""Typed errors raised by every game engine."""

from __future__ import annotations

import reprlib
from typing import Any

#: The machine-readable reasons an action can be refused.
ERROR_CODES = ("not_your_turn", "illegal_action", "malformed_action", "game_over")

#: No IllegalAction message is longer than this, whatever was tried.
MAX_MESSAGE = 500
#: Room for the tried action and for the seat in a message.
MAX_ACTION = 160
MAX_SEAT = 40
_ELLIPSIS = "..."
_MAX_DEPTH = 12

_other = reprlib.Repr()
_other.maxstring = _other.maxother = _other.maxlong = MAX_ACTION
_other.maxlevel = 3


class _Full(Exception):
    """Internal: the abbreviated repr ran out of room."""


def clip(text: str, limit: int) -> str:
    """``text``, or its first characters and ``...`` so that it is at most ``limit`` long."""
    return text if len(text) <= limit else text[: max(limit - len(_ELLIPSIS), 0)] + _ELLIPSIS


def brief(obj: Any, limit: int = MAX_ACTION) -> str:
    """``repr(obj)``, abbreviated to at most ``limit`` characters.

    Exactly ``repr(obj)`` when that fits (for the JSON-like values actions are made
    of: dicts, lists, tuples, strings, numbers, booleans, None); never builds the
    whole repr of a huge or deeply nested value, and never raises (a huge int,
    whose ``repr`` raises past 4300 digits, is shown by its size)."""
    out: list[str] = []
    room = [limit]

    def put(s: str) -> None:
        out.append(s)
        room[0] -= len(s)
        if room[0] < 0:
            raise _Full

    def walk(o: Any, depth: int) -> None:
        t = type(o)
        if t is str:
            put(repr(o) if len(o) <= limit else repr(o[:limit]))
        elif t is int:
            put(repr(o) if o.bit_length() <= 4 * limit else f"<int of {o.bit_length()} bits>")
        elif t is float or t is bool or o is None:
            put(repr(o))
        elif t is dict or t is list or t is tuple:
            if depth >= _MAX_DEPTH:
                put("{...}" if t is dict else "[...]" if t is list else "(...)")
                return
            put("{" if t is dict else "[" if t is list else "(")
            first = True
            for item in o.items() if t is dict else o:
                if not first:
                    put(", ")
                first = False
                if t is dict:
                    walk(item[0], depth + 1)
                    put(": ")
                    walk(item[1], depth + 1)
                else:
                    walk(item, depth + 1)
            put("}" if t is dict else "]" if t is list else ",)" if t is tuple and len(o) == 1 else ")")
        else:
            try:
                put(_other.repr(o))
            except _Full:
                raise
            except Exception:  # noqa: BLE001 - a repr that fails must not hide the refusal
                put(f"<{t.__name__} object>")

    try:
        walk(obj, 0)
    except _Full:
        pass
    return clip("".join(out), limit)


def _brief_str(obj: Any, limit: int) -> str:
    """``str(obj)`` abbreviated (``str`` is ``repr`` for all but strings and odd objects)."""
    if type(obj) is str:
        return clip(obj, limit)
    if type(obj) in (int, float, bool, list, dict, tuple) or obj is None:
        return brief(obj, limit)
    try:
        return clip(str(obj), limit)
    except Exception:  # noqa: BLE001 -- a broken __str__ must not hide the error it describes
        return f"<{type(obj).__name__} object>"


class IllegalAction(ValueError):
    """An action was refused; the game state is unchanged.

    ``code`` is one of :data:`ERROR_CODES`; ``seat`` and ``action`` say what was
    tried; the message names the seat, the action and the reason. The message is
    at most :data:`MAX_MESSAGE` characters: the action and an over-long reason are
    abbreviated (``...``), so a refused huge input never makes a huge message.
    """

    def __init__(self, code: str, reason: str, seat: Any = None, action: Any = None):
        if code not in ERROR_CODES:
            raise ValueError(f"unknown IllegalAction code {brief(code)}")
        self.code = code
        self.seat = seat
        self.action = action
        who = "the view" if seat is None else f"seat {_brief_str(seat, MAX_SEAT)}"
        head = f"[{code}] {who} tried {brief(action)}: "
        reason = _brief_str(reason, max(MAX_MESSAGE - len(head), 0))
        self.reason = reason
        super().__init__(clip(head + reason, MAX_MESSAGE))

    def to_dict(self) -> dict:
        """A JSON-safe form, used by widgets to show the error."""
        return {"code": self.code, "message": str(self), "reason": self.reason}

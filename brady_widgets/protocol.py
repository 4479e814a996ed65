"""The screen protocol, declared once: the synced keys and the view's message types.

Every transport reads these names from here: :class:`~brady_widgets.session.Session`
(which state a screen is sent, which messages it takes),
:class:`~brady_widgets.widget.GameWidget` and
:class:`~brady_widgets.rooms.remote.RemoteSeat` (their synced traits, made by
:func:`synced_traits`), the rooms server, and the JS fixtures' writers
(``js/test/make_fixtures.py``). The views' own copy, ``js/src/messages.js`` (``MSG``
and ``TRAITS``), is checked against this module by ``tests/test_js_contract.py``:
a browser cannot import Python, so the JS side is a mirror kept equal by a test
rather than a generated file (one more build step for a dozen names).

Standard library only; traitlets is imported by :func:`synced_traits` when called.
"""

from __future__ import annotations

import copy
from typing import Any

__all__ = ["MSG", "MSG_KEYS", "MSG_OPTIONAL", "TRAITS", "TRAIT_DEFAULTS", "synced_traits"]

#: The state a screen is sent, in order: each key and its value before the first state
#: (its type is the trait's type: ``int``, ``dict`` or ``list``). ``log_lines``, not
#: ``log``: that name is ipywidgets' logger.
TRAIT_DEFAULTS: dict[str, Any] = {
    "seat": -1,
    "view": {},
    "legal": [],
    "log_lines": [],
    "error": {},
    "curtain": {"up": False, "seat": -1},
    "settings": {},
    "content": {},
    "replay": {"step": 0, "length": 0, "active": False},
    "rev": 0,
    "page": {},
    "clock": {"realtime": False},
}

#: The synced keys (the game traits), in order.
TRAITS: tuple[str, ...] = tuple(TRAIT_DEFAULTS)


class MSG:
    """The view -> Python message types (``{"type": MSG.ACT, "action": {...}}``)."""

    ACT = "act"  #: {"type": "act", "action": {...}, "rev": n}: act for the shown seat (stale rev: dropped)
    LIFT_CURTAIN = "lift_curtain"  #: {"type": "lift_curtain"}: "I am <name>, show my screen"
    REPLAY = "replay"  #: {"type": "replay", "step": n}: show step n of the finished game
    REVEAL = "reveal"  #: {"type": "reveal", "on": bool}: the teacher's reveal (teacher widgets only)
    CLEAR_ERROR = "clear_error"  #: {"type": "clear_error"}: dismiss the error banner
    RUN_BOTS = "run_bots"  #: {"type": "run_bots"}: let paused bots play on
    OPTION = "option"  #: {"type": "option", "name": str, "value": ...}: a view option (e.g. trust)
    PAGE = "page"  #: {"type": "page", "list": "log" or a windowed key, "before": i}: older entries
    CLOCK = "clock"  #: {"type": "clock", "id": str}: a view asks for the game time (real time; measures its offset)
    START = "start"  #: {"type": "start"}: the person pressed Start / Resume (real time; a room: "I am ready")
    VISIBLE = "visible"  #: {"type": "visible", "id": str, "on": bool}: the view is on screen or not (real time)
    #: {"type": "forecast", "event": {...}, "percent": 0-100}: the person's own forecast of an event its
    #: odds panel gives (class data: a note kept beside the game, never a move; ``Presenter.forecast_event``)
    FORECAST = "forecast"

    ALL = frozenset(
        {ACT, LIFT_CURTAIN, REPLAY, REVEAL, CLEAR_ERROR, RUN_BOTS, OPTION, PAGE, CLOCK, START, VISIBLE, FORECAST}
    )


#: Keys each message type takes besides ``type``.
MSG_KEYS: dict[str, frozenset[str]] = {
    MSG.ACT: frozenset({"action", "rev"}),
    MSG.LIFT_CURTAIN: frozenset(),
    MSG.REPLAY: frozenset({"step"}),
    MSG.REVEAL: frozenset({"on"}),
    MSG.CLEAR_ERROR: frozenset(),
    MSG.RUN_BOTS: frozenset(),
    MSG.OPTION: frozenset({"name", "value"}),
    MSG.PAGE: frozenset({"list", "before"}),
    MSG.CLOCK: frozenset({"id"}),
    MSG.START: frozenset(),
    MSG.VISIBLE: frozenset({"id", "on"}),
    MSG.FORECAST: frozenset({"event", "percent"}),
}
#: Keys a message type may add (an act's browser time stamp, in game ms: real time).
MSG_OPTIONAL: dict[str, frozenset[str]] = {MSG.ACT: frozenset({"at"})}

assert set(MSG_KEYS) == MSG.ALL and set(MSG_OPTIONAL) <= MSG.ALL


def synced_traits() -> dict[str, Any]:
    """``{key: traitlets trait tagged sync=True}`` for every key of :data:`TRAITS`, with
    its default: the class attributes of a widget that shows a screen (``GameWidget``,
    ``RemoteSeat``). A fresh set of trait objects on every call (one per class)."""
    import traitlets

    kinds = {int: traitlets.Int, dict: traitlets.Dict, list: traitlets.List}
    return {key: kinds[type(value)](copy.deepcopy(value)).tag(sync=True) for key, value in TRAIT_DEFAULTS.items()}

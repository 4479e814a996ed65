"""The session's former module: :mod:`brady_widgets.session` holds the code.

``Table`` is :class:`~brady_widgets.session.Session` and ``table_for`` is
:func:`~brady_widgets.session.session_for`; the other names importers of this module used
(the protocol table, the frame helpers, ``render``, ``ASK_AFTER_ACT_S``...) are re-exported
so that their imports keep working.
"""

from __future__ import annotations

from .frames import (
    ERROR_CHARS,
    MODES,
    STATIC,
    WIDGET_ERROR_CODES,
    WidgetError,
    bounded,
    compact_legal,
    expand_legal,
    short,
)
from .presenter import PRESENTER_SETTINGS, Presenter
from .protocol import MSG, MSG_KEYS, MSG_OPTIONAL
from .render import render
from .screen import Screen
from .session import ASK_AFTER_ACT_S, MAX_STAMP_MS, Session, Table, session_for, table_for

#: every name the module re-exports (importers of brady_widgets.table keep them)
__all__ = [
    "ASK_AFTER_ACT_S",
    "ERROR_CHARS",
    "MAX_STAMP_MS",
    "MODES",
    "MSG",
    "MSG_KEYS",
    "MSG_OPTIONAL",
    "PRESENTER_SETTINGS",
    "STATIC",
    "WIDGET_ERROR_CODES",
    "Presenter",
    "Screen",
    "Session",
    "Table",
    "WidgetError",
    "bounded",
    "compact_legal",
    "expand_legal",
    "render",
    "session_for",
    "short",
    "table_for",
]

"""The session's former module: :mod:`brady_widgets.session` holds the code.

``Table`` is :class:`~brady_widgets.session.Session` and ``table_for`` is
:func:`~brady_widgets.session.session_for`; the other names importers of this module used
(the protocol table, the frame helpers, ``render``, ``ASK_AFTER_ACT_S``...) are re-exported
so that their imports keep working.
"""

from __future__ import annotations

from .session import (  # noqa: F401 -- re-exported: importers of brady_widgets.table keep these names
    _TEXT_SKIP,
    ASK_AFTER_ACT_S,
    ERROR_CHARS,
    MAX_STAMP_MS,
    MODES,
    MSG,
    MSG_KEYS,
    MSG_OPTIONAL,
    PRESENTER_SETTINGS,
    STATIC,
    WIDGET_ERROR_CODES,
    Presenter,
    Screen,
    Session,
    Table,
    WidgetError,
    _compact,
    _cut,
    _error_dict,
    _fit,
    _json_size,
    _wrap,
    bounded,
    compact_legal,
    expand_legal,
    render,
    session_for,
    short,
    table_for,
)

__all__ = [
    "ERROR_CHARS",
    "MSG",
    "PRESENTER_SETTINGS",
    "Presenter",
    "Screen",
    "Session",
    "Table",
    "WIDGET_ERROR_CODES",
    "WidgetError",
    "compact_legal",
    "expand_legal",
    "render",
    "session_for",
    "table_for",
]

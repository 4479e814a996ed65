"""Driving a game widget without a browser, as its view would, and measuring what it sends.

>>> from brady_widgets.testing.widgets import legal_of, send, record_frames
>>> send(w, {"type": "act", "action": legal_of(w)[0]})   # the view's message, with its rev
>>> with record_frames(w) as frames: w.act(...)            # every update, as JSON bytes

Nothing here names a game: it works for every registered game's widget.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any, Iterator

from ..widget import MSG, expand_legal

__all__ = ["FRAME_LIMIT", "Frame", "legal_of", "record_frames", "send"]

#: the most bytes one update may take on the wire (a Binder link is slow)
FRAME_LIMIT = 8 * 1024
#: what the Jupyter message around an update's ``state`` adds on the wire (header,
#: parent header, channel, comm id): measured in the browser tests at 0.6-0.8 KB
ENVELOPE = 900


def legal_of(widget) -> list[dict]:
    """The shown seat's legal actions as a list of dicts (the trait is compact)."""
    return expand_legal(widget.legal)


def send(widget, content: Any) -> None:
    """Deliver a message the way the comm does (the handler must not raise).

    An ``act`` message without ``rev`` gets the widget's current one, as the view
    sends it; pass ``rev`` yourself to send a stale one."""
    if isinstance(content, dict) and content.get("type") == MSG.ACT and "rev" not in content:
        content = {**content, "rev": widget.rev}
    widget._on_view_msg(widget, content, [])


class Frame(dict):
    """One recorded update: ``{"traits": [...], "bytes": n}`` (``bytes``: the JSON of
    the comm message's data, as ipywidgets serializes it, plus :data:`ENVELOPE`)."""


@contextlib.contextmanager
def record_frames(widget=None) -> Iterator[list[Frame]]:
    """Record every ``update`` message that widgets send while the block runs
    (only ``widget``'s, if given). Set-up messages (``_esm``/``_css``) are left out."""
    from ipywidgets import Widget

    frames: list[Frame] = []
    original = Widget._send

    def _send(self, msg, buffers=None):
        if (widget is None or self is widget) and msg.get("method") == "update":
            state = msg.get("state", {})
            if not ({"_esm", "_css"} & set(state)):
                size = len(json.dumps(msg, separators=(",", ":"), ensure_ascii=False).encode()) + ENVELOPE
                frames.append(Frame(traits=sorted(state), bytes=size))
        return original(self, msg, buffers)

    Widget._send = _send
    try:
        yield frames
    finally:
        Widget._send = original

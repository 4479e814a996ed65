"""Driving a game widget without a browser, as its view would, and measuring what it sends.

>>> from brady_widgets.testing.widgets import legal_of, send, record_frames
>>> send(w, {"type": "act", "action": legal_of(w)[0]})   # the view's message, with its rev
>>> with record_frames(w) as frames: w.act(...)            # every update, as JSON bytes

Nothing here names a game: it works for every registered game's widget.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from typing import Any

from ..widget import MSG, expand_legal

__all__ = ["FRAME_LIMIT", "Frame", "illegal_action_for", "legal_of", "play_randomly", "record_frames", "send"]

#: the most bytes one update may take on the wire (a Binder link is slow)
FRAME_LIMIT = 8 * 1024
#: what the Jupyter message around an update's ``state`` adds on the wire (header,
#: parent header, channel, comm id): measured in the browser tests at 0.6-0.8 KB
ENVELOPE = 900


def illegal_action_for(game, seat: int, seed: int = 0, steps: int = 300) -> dict | None:
    """A well-formed action ``seat`` may take later in a random continuation of ``game``
    that ``game`` refuses now with ``illegal_action`` (what a stale button would send);
    None if none turns up. ``game`` is not changed."""
    import random

    from ..engine.errors import IllegalAction

    rng = random.Random(f"illegal:{seed}")
    later = game.clone()
    for _ in range(steps):
        if later.over:
            break
        for action in later.legal_actions(seat):
            try:
                game.check(seat, action, game.clock if game.realtime else None)
            except IllegalAction as exc:
                if exc.code == "illegal_action":
                    return dict(action)
        # one step: a random seat that may act plays (real time: 1 ms on), else the clock moves
        seats = (
            list(later.to_act) if not later.realtime else [s for s in range(later.players) if later.legal_actions(s)]
        )
        due = later.next_deadline() if later.realtime else None
        at = later.clock + 1 if later.realtime else None
        if seats and (due is None or at < due):
            s = rng.choice(seats)
            later.act(s, rng.choice(later.legal_actions(s)), at=at)
        elif due is not None:
            later.advance(due)
        else:
            break
    return None


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


def play_randomly(widget, rng, *, max_steps: int = 20_000, act_chance: float = 0.5) -> int:
    """Play the shown seat as a person choosing at random would, through the view's
    messages, until the game ends (or ``max_steps``); return the messages sent.

    Turn-based: the curtain lifted when it is down, a random legal action each time.
    Real time (on virtual time: ``widget.advance_time``): the view's clock sync first,
    then a random legal action, stamped now, with chance ``act_chance`` between random
    pauses of 20..400 ms.

    Raises ``AssertionError`` when the widget shows an error a legal action cannot
    cause (in real time a race lost is part of the game: ``illegal_action``, or
    ``not_your_turn`` for a seat left with nothing to do)."""
    game = widget.game
    sent = 0
    if game.realtime:
        send(widget, {"type": MSG.CLOCK, "id": "play-randomly"})
        send(widget, {"type": MSG.START})  # the person presses Start
    for _ in range(max_steps):
        if game.over:
            break
        if game.realtime:
            legal = legal_of(widget)
            if legal and rng.random() < act_chance:
                send(widget, {"type": MSG.ACT, "action": rng.choice(legal), "at": widget.now})
                sent += 1
            widget.advance_time(rng.randint(20, 400))
            if widget.error and widget.error.get("code") not in ("illegal_action", "not_your_turn"):
                raise AssertionError(f"a random legal play showed an error: {widget.error}")
            continue
        if widget.curtain.get("up"):
            send(widget, {"type": MSG.LIFT_CURTAIN})
        send(widget, {"type": MSG.ACT, "action": rng.choice(legal_of(widget))})
        sent += 1
        if widget.error:
            raise AssertionError(f"a legal action showed an error: {widget.error}")
    return sent


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

"""TotalBlackWidget: Total Black in a notebook (against bots) or at a rooms table.

>>> from brady_widgets.total_black.widget import TotalBlackWidget
>>> w = TotalBlackWidget(players=8, seed=7)        # you are seat 0, seven bots
>>> w.act({"type": "hold"})                         # hold hands with this round's bump

The clock starts when the person presses Start (at a rooms table: the teacher's start,
or when every person is ready). Each round (``bump_ms``, 3 s by default) everyone still
in the dark bumps into someone and hears their cry; hold hands (**H**, or the big Hold
button) if it is your own cry. When both hold and are partners they are found.

Stable ``data-testid`` attributes of the view (for browser tests):

=======================  =========================================================
``data-testid``          element
=======================  =========================================================
(root)                   ``.bw-total-black``: ``data-phase`` = dark|over,
                         ``data-held`` = true|false, ``data-found`` = true|false
``card``                 your card and your cry (``me``: the frame's line)
``heard``                the cry you heard this round (``data-cry``)
``hold``                 the Hold button (H)
``prompt``               what you can do now (``aria-live``)
``found``                the pairs found (``found-<animal>`` each)
``progress``             "n of m pairs found"
``clock``, ``log``, ``error``, ``start``       the shared frame's
=======================  =========================================================
"""

from __future__ import annotations

from typing import Any

from ..session import Session
from ..widget import STATIC, GameWidget
from .presenter import TotalBlackPresenter

__all__ = ["TotalBlackSession", "TotalBlackWidget"]


class TotalBlackSession(Session):
    """A plain session that refuses hot-seat: every player holds hands or not within the
    same round, so one screen cannot be passed behind a curtain."""

    def __init__(self, *args: Any, mode: str = "bots", **kw: Any):
        if mode == "hotseat":
            raise ValueError(
                "Total Black is played in real time: everyone in the dark acts at once, so it cannot pass "
                "one screen behind a curtain; play against bots (mode='bots') or at a rooms table"
            )
        super().__init__(*args, mode=mode, **kw)


class TotalBlackWidget(GameWidget):
    """Total Black as a widget (see the module docstring).

    Args (besides :class:`~brady_widgets.widget.GameWidget`'s): the engine's options
    ``bump_ms``, ``time_limit_ms``, ``cries`` (and the test-only ``deal``).
    """

    presenter_class = TotalBlackPresenter
    session_class = TotalBlackSession

    _esm = STATIC / "total_black.js"
    _css = STATIC / "total_black.css"

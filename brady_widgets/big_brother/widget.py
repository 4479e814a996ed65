"""BigBrotherWidget: Big Brother: The Game in a notebook, on the shared frame.

>>> from brady_widgets.big_brother.widget import BigBrotherWidget
>>> w = BigBrotherWidget(players=5, seed=7)                  # you are Player 1, four bots
>>> w = BigBrotherWidget(players=4, mode="hotseat")          # four people, one screen
>>> w.act({"type": "roll"})                                  # the Python API mirrors the buttons

The game runs on the kernel's clock (the gossip countdown is a kernel deadline): the
clock starts when the person presses the view's Start, or on ``w.run_bots()`` /
``w.advance_time(ms)`` from Python, and pauses while no view of it is on screen. Everything else is taken in turns, so **hot-seat** works: the curtain
covers the screen between people, and each voter of a secret vote takes the screen in
turn. The gossip countdown keeps running while the screen is passed (the two gossipers
pick one after the other): a group can give itself more time with ``gossip_ms``
(e.g. ``BigBrotherWidget(mode="hotseat", gossip_ms=30_000)``). A camera catch can be
claimed only by the person whose screen is shown.

Keys: **R** rolls; **1..6** pick Player n (your vote card with that number, the
housemate you name or rank, your gossip card); the view's buttons do the rest
(the gossip partner and side, camera claims).

The board (``content["track"]``, sent once) is a loop of spaces; the odds panel
(``view["odds"]``) is computed from the shown seat's view only: the distribution of
the sum of two dice (``sums``: ways out of 36 for 2..12), and for each space the exact
chance that the mover lands on it during the rest of this turn (``land``, the
engine's absorbing Markov chain, from the mover's space), with the expected number
of rolls left (``rolls``).

Stable ``data-testid`` attributes of the view (for browser tests):

========================  ========================================================
``data-testid``           element
========================  ========================================================
(root)                    ``.bw-big-brother``: ``data-phase`` = roll|gossip_pick|
                          gossip|vote|choose|pay|evict_vote|return|final_vote|over
``board``                 the house: ``space-<i>`` (``data-kind``, ``data-odds``),
                          ``pawn-<seat>`` on its space
``dice``                  the last roll; ``roll`` the Roll button (R)
``card``                  the question being read (``data-sign``)
``vote-<t>``              a vote card with number t+1 you may use now (key t+1)
``choose-<t>``            name Player t+1 (a room's choice); ``rank-<t>`` rank them
``pay-<t>``               pay a reward you owe with your card t+1 (none left for
                          the housemate owed)
``gossip-<p>-<side>``     gossip with Player p+1 on side + or -
``gcard-<t>``             your secret gossip card for Player t+1
``gossip``                the gossip panel (``gossip-countdown``)
``claim-<card>-<t>``      claim camera card ``card``: Player t+1 was caught
``tally``                 the last count (nominations, eviction, final); ``box-cards``
                          every card it showed (whose card went to whom)
``ranks``                 the finalists' rankings and who returned (the final)
``odds``                  the odds panel: ``odds-sums``, ``odds-rolls``
``prompt``                what you can do now (``aria-live``)
``clock``, ``log``, ``error``, ``seat-<n>``, ``winner``, ``replay``  the shared frame's
========================  ========================================================
"""

from __future__ import annotations

from ..widget import STATIC, GameWidget
from .presenter import BigBrotherPresenter

__all__ = ["BigBrotherWidget"]


class BigBrotherWidget(GameWidget):
    """Big Brother: The Game as a widget (see the module docstring).

    Args (besides :class:`~brady_widgets.widget.GameWidget`'s): the engine's options
    ``first_seat``, ``track``, ``tags``, ``gossip_ms`` (and the test-only ``deal``).
    """

    presenter_class = BigBrotherPresenter

    _esm = STATIC / "big_brother.js"
    _css = STATIC / "big_brother.css"

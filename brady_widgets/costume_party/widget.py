"""CostumePartyWidget: Costume Party Detective in a notebook.

>>> from brady_widgets import CostumePartyWidget
>>> w = CostumePartyWidget(players=4, seed=7)            # you are seat 0, bots play the rest
>>> w = CostumePartyWidget(players=3, mode="hotseat")    # pass the laptop round
>>> w.act({"type": "roll"})                              # the Python API mirrors the clicks

The board: five rooms laid out as the default adjacency (four colored rooms in a
ring, the Middle Hall in the centre), each with its name printed and its own
pattern (color is never the only cue; Okabe-Ito colors). Click a highlighted
figure, then a highlighted room, to move; on black, Kill buttons and a Draw
button. The odds panel shows, from the shown seat's own view only, the die
odds and which figures each opponent is likely to be.

Stable ``data-testid`` attributes of the view (for browser tests):

=======================  =========================================================
``data-testid``          element
=======================  =========================================================
(root)                   ``.bw-costume``: ``data-phase`` = roll|move|black|over,
                         ``data-curtain`` = up|down, ``data-seat``, ``data-reveal``
``me``                   "You are ..." (your character), or the public/teacher view
``prompt``               what to do now ("Your turn: roll the die.", "Waiting for ...")
``roll``                 the Roll button
``last-roll``            the last face rolled, with its name (``data-face``)
``figure-<id>``          a figure token (button; ``aria-pressed`` when selected)
``roombox-<room>``       a room (``data-room``), holding its figures
``room-<room>``          the room's move-here button (enabled for legal targets)
``kill-<id>``            Kill button for figure ``id`` (on black, from ``legal``)
``draw``                 Draw button (on black)
``run-bots``             "Let the bots play" (bots paused on a given position)
``seats``                the seat bar; ``seat-<n>`` one seat (``data-turn``, ``data-alive``)
``deck``                 the deck count
``log``                  the log (``aria-live="polite"``)
``odds``                 the odds panel; ``odds-seat-<n>`` one opponent's likeliest figures
``error``                the error banner (``role="alert"``); ``error-dismiss``
``curtain``              the hot-seat curtain; ``lift-curtain`` its button
``winner``               the winner banner (only when the shown position is over)
``replay-banner``        "Replay: after action k of n" (a past step is shown)
``replay``               the replay control: ``replay-back``, ``replay-forward``,
                         ``replay-slider``, ``replay-step``
``reveal-toggle``        "Teacher: reveal all" (``aria-pressed``)
=======================  =========================================================

The view is ``view.js``/``view.css`` in this folder, inside the shared frame of
``js/src/``, bundled by esbuild into ``brady_widgets/static/costume_party.*``
(``cd js && npm run build``). ``_esm``/``_css`` are file paths, so with
``ANYWIDGET_HMR=1`` (and the watchfiles package installed) anywidget reloads the view in a
running notebook whenever ``npm run watch`` rewrites the bundle.
"""

from __future__ import annotations

from ..widget import GameWidget
from .presenter import CostumePartyPresenter

__all__ = ["CostumePartyWidget"]


class CostumePartyWidget(GameWidget):
    """Costume Party Detective as a widget (see the module docstring).

    Args:
        players: 2..8.
        seed: seeds the deal, the die and the bots (default: a fresh 128-bit seed no one
            can guess; a seed you give or publish makes the game recomputable).
        humans: the seats people play (default: seat 0 vs bots; every seat in hot-seat).
        mode: ``"bots"`` or ``"hotseat"`` (a curtain between different human seats).
        bot: a name in ``bots.BOTS`` (default ``"detective"``) or a factory ``(seat, seed) -> bot``.
        pace: seconds between bot actions in a notebook (0: bots act at once).
        reveal: start in the teacher's reveal mode.
        names: a name per seat.
        game: wrap an existing engine; its position is shown as it stands (bots
            wait for ``run_bots()``), and ``players``/``seed`` are taken from it.
        **game_options: engine options (``adjacency``, ``faces``, ``first_seat``, ``deal``).
    """

    presenter_class = CostumePartyPresenter

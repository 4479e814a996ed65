"""BradyBunchWidget: The Brady Bunch Party Game in a notebook.

>>> from brady_widgets import BradyBunchWidget
>>> w = BradyBunchWidget()                        # you are Alice (seat 0), bot kids play the rest
>>> w = BradyBunchWidget(humans=(2,))             # you are the kid at seat 2, against a bot Alice
>>> w = BradyBunchWidget(players=4, mode="hotseat")   # pass the laptop round
>>> w.act({"type": "reveal_snoops"})              # the Python API mirrors the clicks

The board shows a slot per kid (name printed beside its color, the card on the
board face down or face up, hand, score pile, Cookies), the round track, the
Snoop cards of the round, and the controls of the shown seat, built only from
its legal actions. Alice's notebook (the odds panel, from ``odds.panel``) says
how likely each kid is to end with the highest total from what Alice has seen.
Peeks are private moments: in hot-seat mode the curtain comes down before each.

Stable ``data-testid`` attributes of the view (for browser tests):

=======================  =========================================================
``data-testid``          element
=======================  =========================================================
(root)                   ``.bw-brady``: ``data-phase`` (the engine's phase),
                         ``data-curtain`` = up|down, ``data-seat``, ``data-reveal``,
                         ``data-role`` = alice|kid|public
``me``                   "You are ..." (Alice, or your kid), or the public/teacher view
``prompt``               what to do now
``rounds``               the round track; ``round-<n>`` one round (``aria-current``)
``snoops``               this round's Snoop cards
``board``                the kids' slots; ``slot-<kid>`` one slot (``data-kid``),
                         ``card-<kid>`` its card on the board (``data-state`` =
                         empty|down|up|known), ``cookies-<kid>``
``reveal-snoops``        Alice: reveal the Snoop cards
``request-<snoop>-<kid>`` Alice: ask a Snoop to look at a kid's card
``lights-out``           Alice: lights out
``question``             the question panel: ``ask-kind-<kind>``, ``ask-kid-<kid>``,
                         ``ask-about-<kid>``, ``ask-round-<n>`` (choices), ``ask``
``cookie-<kid>``         Alice: give a Cookie
``end-round``            Alice: end the round
``token-<token>``        Alice: spend a Help Token; ``token-pass`` keep them
``peek-<kid>``           look at a kid's card (Snoop, Cookie, Help Token)
``accuse-<kid>``         Alice: accuse a kid
``hand``                 a kid's hand; ``play-<value>`` play a card of that value
``claim``                the claim panel: ``claim-kid-<kid>``, ``claim-value-<v>``,
                         ``claim-send``, ``claim-pass``
``answer``               the answer panel (``truth`` beside it: what you really know);
                         ``say-card-<v>``, ``say-looked-<kid>``, ``say-number-<kid>-<v>``,
                         ``say-yes``, ``say-no``, ``say-suspect-<kid>``
``expose-<kid>``         Oliver: expose a card; ``expose-pass``
``sign-plus``            a kid with Cookies: +; ``sign-minus``: -
``secrets``              the shown kid's own cards and peeks ("eyes closed" moments)
``talk``                 every public statement; ``talk-<i>`` one statement
``odds``                 Alice's notebook; ``odds-<kid>`` one kid's row
``final``                the end-of-game reveal: ``spot-<role>`` (role =
                         troublemaker|sidekick|tattletale), ``accusation``
``run-bots``             "Let the bots play" (bots paused on a given position)
``seats``                the seat bar; ``seat-<n>`` one seat (``data-turn``)
``log``                  the log (``aria-live="polite"``)
``error``                the error banner (``role="alert"``); ``error-dismiss``
``curtain``              the hot-seat curtain; ``lift-curtain`` its button
``winner``               the winner banner (only when the shown position is over)
``replay-banner``        "Replay: after action k of n" (a past step is shown)
``replay``               the replay control: ``replay-back``, ``replay-forward``,
                         ``replay-slider``, ``replay-step``
``reveal-toggle``        "Teacher: reveal all" (``aria-pressed``)
=======================  =========================================================
"""

from __future__ import annotations

from typing import Any

from ..widget import GameWidget
from .presenter import BradyBunchPresenter, and_list, card  # noqa: F401 -- its helpers, importable from here too

__all__ = ["BradyBunchWidget"]


class BradyBunchWidget(GameWidget):
    """The Brady Bunch Party Game as a widget (see the module docstring).

    Args:
        players: 3..8 (Alice + 2..7 kids; 3 players add a silent kid).
        seed: seeds the deal, the Snoop cards and the bots (default: a fresh 128-bit seed
            no one can guess; a seed you give or publish makes the game recomputable).
        humans: the seats people play (default: Alice, seat 0, vs bot kids; every
            seat in hot-seat). ``humans=(2,)``: play the kid at seat 2 against a bot Alice.
        mode: ``"bots"`` or ``"hotseat"`` (a curtain between different human seats,
            so every peek is a private moment).
        bot: a name in ``bots.BOTS`` (default ``"smart"``) or a factory ``(seat, seed) -> bot``.
        pace: seconds between bot actions in a notebook (0: bots act at once).
        reveal: start in the teacher's reveal mode.
        names: a name per seat (default: the characters, "Alice", "Greg", ...).
        game: wrap an existing engine (its position is shown as it stands).
        trust: Alice's notebook's trust in the kids' statements, 0..1 (default 0.7),
            or a trust per speaker ``{"Greg": 0.9, "Peter": 0.3, "Jan": 0.5}``; the
            view's slider changes it (``w.set_option("trust", 0.5)`` from Python).
        **game_options: engine options (``kids``, ``silent``, ``cousin_oliver``,
            ``volunteer``, ``max_questions``, ``deal``).
    """

    presenter_class = BradyBunchPresenter
    #: a statement of the talk as the sentence the log shows (``view["talk"]`` entries), as
    #: the tutorial prints them: the presenter's, on the class as it always was
    statement_text = staticmethod(BradyBunchPresenter.statement_text)

    def __init__(
        self, players: int = 5, seed: int | None = None, humans: Any = None, mode: str = "bots", **kwargs: Any
    ):
        super().__init__(players=players, seed=seed, humans=humans, mode=mode, **kwargs)

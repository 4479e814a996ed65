"""Exact odds for Costume Party Detective, computed from one seat's view.

* :func:`die_odds`: the chance of each die face (exact fractions).
* :func:`identity_odds`: for every opponent still in the game, the probability
  that each figure is their secret character, given everything the viewing seat
  has seen, assuming the cards were dealt at random: every assignment of distinct
  unaccounted-for figures to opponents that fits the public kills is equally likely.
* :func:`panel`: the same, as rounded floats for the widget's odds panel.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from ..progress import checks, view_of, whole
from .knowledge import candidate_sets, posterior

#: what every function here takes: a seat's view
VIEW = view_of("costume_party", "a Costume Party view (game.view(seat))")


@checks(view=VIEW)
def die_odds(view: dict) -> dict[str, Fraction]:
    return _die_fractions(view["faces"])


def _die_fractions(faces: list[str]) -> dict[str, Fraction]:
    counts = Counter(faces)
    return {face: Fraction(counts[face], len(faces)) for face in dict.fromkeys(faces)}


@checks(view=VIEW)
def identity_odds(view: dict) -> dict[int, dict[int, Fraction]]:
    """``{opponent seat: {figure: P(that figure is the opponent)}}`` (exact)."""
    return posterior(candidate_sets(view))


#: the identity panels already computed, by what they depend on (the candidate sets): a room
#: draws every seat's screen after each action, and most actions (a roll, a move) change no
#: seat's candidates, so the exact posterior (most of a room's update) is computed once per
#: distinct deduction. Bounded: emptied when full.
_IDENTITY_MEMO: dict[tuple, dict] = {}
IDENTITY_MEMO_SIZE = 4096


def _identity_panel(cands: dict[int, set[int]], digits: int) -> dict:
    # the opponents in their order and their candidates as frozensets: half the cost of sorting
    # each set into a tuple, per screen (equal candidates in another order would only miss)
    key = (digits, tuple(cands), *map(frozenset, cands.values()))
    hit = _IDENTITY_MEMO.get(key)
    if hit is None:
        # n / d is float(p) itself (Rational.__float__ divides the two ints), without its two
        # Python-level calls per probability: a third of a miss's cost, a hundred per miss
        hit = {
            str(seat): {str(fig): round(p.numerator / p.denominator, digits) for fig, p in sorted(probs.items())}
            for seat, probs in posterior(cands).items()
        }
        if len(_IDENTITY_MEMO) >= IDENTITY_MEMO_SIZE:
            _IDENTITY_MEMO.clear()
        _IDENTITY_MEMO[key] = hit
    return {seat: dict(probs) for seat, probs in hit.items()}  # a copy: a screen may be changed by its reader


#: the die's part of the panel, by its faces (a game's die never changes): its Fractions are
#: made and turned into floats once, not once per screen. Bounded like the identity memo.
_DIE_MEMO: dict[tuple, dict[str, float]] = {}


def _die_panel(faces: list[str], digits: int) -> dict[str, float]:
    key = (digits, *faces)
    hit = _DIE_MEMO.get(key)
    if hit is None:
        hit = {face: round(float(p), digits) for face, p in _die_fractions(faces).items()}
        if len(_DIE_MEMO) >= IDENTITY_MEMO_SIZE:
            _DIE_MEMO.clear()
        _DIE_MEMO[key] = hit
    return dict(hit)  # a copy, as the identity panel's


@checks(view=VIEW, digits=whole(0, 15))
def panel(view: dict, digits: int = 4) -> dict:
    """JSON-safe odds for the widget: die faces and identities as floats."""
    return screen_panel(view, digits)


def screen_panel(view: dict, digits: int = 4) -> dict:
    """:func:`panel` for a view the engine made (the presenter's, once per screen drawn): its
    arguments are not checked again, which was a tenth of a panel's cost."""
    return {"die": _die_panel(view["faces"], digits), "identity": _identity_panel(candidate_sets(view), digits)}

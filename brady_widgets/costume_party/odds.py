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

from .knowledge import candidate_sets, posterior


def die_odds(view: dict) -> dict[str, Fraction]:
    faces = view["faces"]
    counts = Counter(faces)
    return {face: Fraction(counts[face], len(faces)) for face in dict.fromkeys(faces)}


def identity_odds(view: dict) -> dict[int, dict[int, Fraction]]:
    """``{opponent seat: {figure: P(that figure is the opponent)}}`` (exact)."""
    return posterior(candidate_sets(view))


def panel(view: dict, digits: int = 4) -> dict:
    """JSON-safe odds for the widget: die faces and identities as floats."""
    ident = identity_odds(view)
    return {
        "die": {face: round(float(p), digits) for face, p in die_odds(view).items()},
        "identity": {
            str(seat): {str(fig): round(float(p), digits) for fig, p in sorted(probs.items())}
            for seat, probs in ident.items()
        },
    }

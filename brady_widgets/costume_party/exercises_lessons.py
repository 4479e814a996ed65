"""Costume Party: the checked exercises of the lessons notebooks (see brady_widgets.exercises).

``calibration_*``: ``notebooks/calibration.ipynb``; ``class_*``: the exit ticket of
``notebooks/class_experiment.ipynb``. The answers are computed here, never typed in.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..exercises import Exercise

_N_FIGURES = 20
_PLAYERS = 5  # the exit ticket's fair share (the class plays 4: the answer is not on screen)

# calibration: a calibrated panel's 60 forecasts of 1/3
_FORECASTS, _STATED = 60, Fraction(1, 3)
# calibration: 100 forecasts of 1/2, the spread of the hits (2 standard errors, in hits)
_MANY = 300
_HALVES = 100
_HALVES_2SE = 2 * math.sqrt(_HALVES * 0.5 * 0.5)
# class experiment: 12 groups, 6 wins
_GROUPS, _WINS = 12, 6
_SHARE = _WINS / _GROUPS
_CLASS_2SE = 2 * math.sqrt(_SHARE * (1 - _SHARE) / _GROUPS)
# class experiment: games needed for 2 standard errors of a share near 1/2 to shrink to 0.1
_TARGET_2SE = 0.1
_GAMES_NEEDED = round((2 / _TARGET_2SE) ** 2 * _SHARE * (1 - _SHARE))

EXERCISES: dict = {
    "calibration_first_turn": Exercise(
        question="4 players, seat 0's first turn, nobody has killed or drawn yet: what does the panel say is the chance that a given other figure is Bot 2?",
        answer=Fraction(1, _N_FIGURES - 1),
        exact=True,
        hint="Seat 0 knows its own card. How many figures are left that Bot 2 could be, all equally likely?",
        hints={
            Fraction(1, _N_FIGURES): "Seat 0's own figure is not Bot 2's: it cannot be on the list.",
            Fraction(1, 3): "1 in 3 would be right only if the figure surely belonged to one of the three opponents; "
            "most figures belong to nobody. Count the figures Bot 2 could be.",
        },
        why="Every one of the 19 figures seat 0 is not is equally likely.",
    ),
    "calibration_expected_hits": Exercise(
        question=f"The panel made {_FORECASTS} forecasts of {_STATED}. If it is calibrated, how many of them come true on average?",
        answer=_FORECASTS * _STATED,
        tolerance=0.1,
        hint="Calibrated means: of all forecasts of 1/3, about a third come true.",
        hints={
            _FORECASTS: "A forecast of 1/3 is not a promise: a calibrated panel is wrong about two times in three.",
            _FORECASTS * (1 - _STATED): "That is how many do *not* come true.",
        },
        why="A third of them; each single one is more likely false than true.",
    ),
    "calibration_two_se": Exercise(
        question=f"A calibrated panel makes {_HALVES} forecasts of 1/2 (independent). About how far from 50 hits "
        "can the count land by chance (2 standard errors, in hits)?",
        answer=_HALVES_2SE,
        tolerance=0.1,
        hint="The hits are binomial: the standard deviation is sqrt(n x p x (1 - p)). Then double it.",
        hints={
            _HALVES_2SE / 2: "That is one standard error; the bars show two.",
            0.1: "In hits, not as a share: multiply by the number of forecasts.",
        },
        why="sqrt(100 x 1/2 x 1/2) = 5, twice that is 10: anywhere from about 40 to 60 is normal.",
    ),
    "calibration_one_forecast": Exercise(
        question=f"The panel said 1/3 for one figure, and it was not that figure. Of {_MANY} forecasts of 1/3 "
        "by a calibrated panel, how many do NOT come true, on average?",
        answer=_MANY * (1 - _STATED),
        tolerance=0.1,
        hint="Calibrated: of all its forecasts of 1/3, a third come true. And the rest?",
        hints={
            0: "A calibrated panel is not always right: a forecast of 1/3 is more often false than true. Being right once is not calibration.",
            _MANY * _STATED: "That is how many come true; the question asks how many do not.",
        },
        why="Two in three: one failed 1/3 forecast is what a good panel does most of the time; only many forecasts can test it.",
    ),
    "class_fair_share": Exercise(
        question=f"{_PLAYERS} players who all play alike: what share of the games does one seat win, in the long run?",
        answer=Fraction(1, _PLAYERS),
        hint="If every seat wins equally often and each game has one winner, how do the wins split?",
        hints={Fraction(1, 4): "That is the share with four players; count the players in this question."},
        why=f"One winner among {_PLAYERS} alike: 1/{_PLAYERS} each (seats are nearly alike: the first roller's edge is small).",
    ),
    "class_two_se": Exercise(
        question=f"{_GROUPS} groups played and {_WINS} won: the class's share is {_SHARE:.2f}. How big are 2 standard errors of that share?",
        answer=_CLASS_2SE,
        tolerance=0.01,
        hint="The standard error of a share p from n games is sqrt(p x (1 - p) / n); then double it.",
        hints={_CLASS_2SE / 2: "That is one standard error; give two."},
        why="With few games the share is uncertain: a dozen games tell little.",
    ),
    "class_games_needed": Exercise(
        question=f"At a share near {_SHARE:.2f}, how many games would the class need for 2 standard errors to shrink to {_TARGET_2SE}?",
        answer=_GAMES_NEEDED,
        tolerance=0.1,
        hint="2 x sqrt(p x (1 - p) / n) = target: solve for n. The standard error shrinks like 1/sqrt(n), not like 1/n.",
        hints={
            _GAMES_NEEDED
            ** 0.5: "The standard error shrinks like 1/sqrt(games): a bar 3 times narrower needs 9 times the games."
        },
        why="Halving a bar takes four times the games: a class pools its games for a reason.",
    ),
}

"""Costume Party: the checked exercises of the tutorial notebooks (see brady_widgets.exercises).

Every answer is computed from the game (its rules, its odds module and the
tutorial's positions), never typed in, so a change to the rules shows up here.
The answers are in the teacher guide; :func:`brady_widgets.check` never prints them.
"""

from __future__ import annotations

from fractions import Fraction

from ..exercises import Exercise


def _answers() -> dict:
    from . import odds
    from .lesson import first_clue
    from .positions import position

    # the die: a position after three blacks in a row (Step 2's live position)
    streak = position(4, seed=2, steps=["black:draw", "black:draw", "black:draw"])
    die = odds.die_odds(streak.view(streak.to_act[0]))
    # the empty deck: how many cards a 5-player game's deck holds
    five = position(5, seed=0)
    # the identity deduction: the lesson's first clue (seat 1 killed Vera in the Yellow Library)
    clue = odds.identity_odds(first_clue().view(0))
    robo, nico = 5, 4
    return {
        "black": die["black"],
        "two_blacks": die["black"] ** 2,
        "draws_five": five.view(0)["deck_count"],
        "killer_robo": clue[1][robo],
        "nico_any": sum((clue[s].get(nico, Fraction(0)) for s in clue), Fraction(0)),
        "prior": Fraction(1, 20 - 1),
    }


_A = _answers()


def _kill_left(hit: Fraction = Fraction(1, 2), pinned: int = 2, other: int = 4) -> Fraction:
    """E[candidates left] after killing one of seat 1's ``pinned`` candidates (a hit with chance
    ``hit``: seat 1 out), seat 2 having ``other`` candidates that the kill does not touch."""
    return hit * other + (1 - hit) * ((pinned - 1) + other)


EXERCISES: dict = {
    "black_after_three_blacks": Exercise(
        question="The last three rolls were all black. What is the chance that the next roll is black?",
        answer=_A["black"],
        exact=True,
        hint="the die has no memory: count the black faces among the six, whatever came before.",
        why="Each roll is a fresh roll of the same die: a streak does not make black 'due' or 'used up'.",
        hints={
            _A["black"] ** 3: "that is the chance of three blacks in a row, judged before they were rolled. "
            "They have happened now; the question is about the next roll only.",
            _A["black"] ** 4: "that is the chance of four blacks in a row from the start. Three have already happened: "
            "only the next roll is still random.",
            Fraction(1, 6): "our die has two black faces, not one: look at the odds panel or odds.die_odds.",
            0: "the gambler's fallacy: black is not 'used up' by a streak. The die has no memory.",
        },
    ),
    "two_blacks_in_a_row": Exercise(
        question="Before your next two rolls, what is the chance that both show black?",
        answer=_A["two_blacks"],
        exact=True,
        hint="the two rolls are independent: multiply the chance of black by the chance of black.",
        why="Independent rolls multiply: one third of one third.",
        hints={
            2 * _A["black"]: "adding gives the expected number of blacks in two rolls, not the chance of two blacks.",
            _A["black"]: "that is the chance for one roll; both must be black.",
        },
    ),
    "draws_five_players": Exercise(
        question="In a 5-player game, how many draws can the players make in total before the deck is empty?",
        answer=_A["draws_five"],
        exact=True,
        hint="every figure has one card; the players hold one card each, and the rest is the deck.",
        why="Once the deck is empty, every black roll is a kill for everybody.",
        hints={20: "the players' own cards are not in the deck: each player holds one."},
    ),
    "killer_is_robo": Exercise(
        question="Seat 1 killed Vera in the Yellow Library, where Nico, Robo and Marina stood with her. "
        "From seat 0's view, what is the chance that seat 1 is Robo?",
        answer=_A["killer_robo"],
        exact=True,
        hint="keep only the figures that fit the clue (in the library, not the victim, not you); "
        "the shuffle made each of them equally likely.",
        why="The clue leaves three figures that fit, each as likely as the others: the odds panel shows the same.",
        hints={
            1: "that is P(E | A): IF seat 1 is Robo, a kill in the library was certainly possible. "
            "The question is the other way round, P(A | E): of the figures that fit the clue, how many are Robo?",
            Fraction(
                1, 4
            ): "the victim was in the room too, but a killer does not kill themself while others share the room.",
            _A["prior"]: "that is the prior, before the clue. The kill rules out every figure outside the library.",
        },
    ),
    "nico_is_a_player": Exercise(
        question="After that first clue, what is the chance, from seat 0's view, that Nico the Ninja is "
        "some opponent's figure (seat 1, 2 or 3)?",
        answer=_A["nico_any"],
        exact=True,
        hint="add the chances that Nico is seat 1, that he is seat 2 and that he is seat 3 (the odds panel "
        "lists each; two seats cannot be the same figure, so these add).",
        why="Nico is most likely seat 1's figure, but seats 2 and 3 keep a small base rate each.",
        hints={
            _A["killer_robo"]: "that is only seat 1. Seats 2 and 3 could be Nico too: do not drop their base rate.",
            3
            * _A[
                "prior"
            ]: "that is before the clue (3 opponents among 19 figures). The kill changed every seat's odds.",
            _A["prior"]: "that is the prior for one seat before the clue.",
        },
    ),
    "candidates_left": Exercise(
        question="You must kill Robo or Marina. Seat 1 is Robo or Marina, each with chance 1/2; seat 2 could be any "
        "of 4 other guests (neither Robo nor Marina). You kill Robo. Counting each opponent still in the game by "
        "how many figures it could still be, how many candidates do you expect to be left?",
        answer=_kill_left(),
        tolerance=0.01,
        hint="two cases. If Robo was seat 1 (chance 1/2), seat 1 is out and only seat 2's candidates are left. If "
        "not, seat 1 can only be Marina now. Count the candidates in each case and weigh them by their chances.",
        why="1/2 x 4 + 1/2 x (1 + 4) = 4.5. The kill unmasks seat 1 half the time, and pins it down the other half.",
        hints={
            _kill_left(hit=1): "that is only the case where Robo was seat 1: it happens half the time.",
            _kill_left(hit=0): "that is only the case where Robo was nobody's figure: it happens half the time.",
        },
    ),
}

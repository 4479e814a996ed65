"""The Big Brother lessons' checked exercises (``brady_widgets.check("big_brother.<key>", ...)``).

The answers are computed here from the rules and the board (:mod:`.content`,
:mod:`.rules`, :mod:`.odds`), never typed in, and never printed by ``check``; the teacher
guide gives them. Three groups: the tutorial (``big_brother.ipynb``), the Markov lesson
(``two_dice_markov.ipynb``) and the voting-bloc lesson (``voting_blocs.ipynb``)."""

from __future__ import annotations

from fractions import Fraction

from ..exercises import CheckResult, Exercise
from ..exercises import check as _check
from . import odds
from .content import DEFAULT_TRACK
from .rules import CARDS_PER_TARGET, QUESTIONS, nominate

_KINDS = [s["kind"] for s in DEFAULT_TRACK]
_CONF = [i for i, k in enumerate(_KINDS) if k == "confrontation"]
_LIVING = 0


def _first_roll_ends(start: int = _LIVING) -> Fraction:
    """P(the first roll from ``start`` lands on a confrontation space)."""
    n = len(_KINDS)
    return sum((p for s, p in odds.SUM_ODDS.items() if _KINDS[(start + s) % n] == "confrontation"), Fraction(0))


def _match_chance(players: int) -> Fraction:
    """Two gossipers each pick one card at random among the other housemates (never
    themselves): P(the same player). They can only meet on the ``players - 2`` others."""
    k = players - 1
    return Fraction(players - 2, k * k)


def _smallest_sure_bloc(players: int) -> int:
    """The smallest bloc (neither nominee in it) that evicts the nominee it picks however
    the others vote: two nominees, every housemate votes on each of the three questions;
    the nominees never vote for themselves, so each votes for the other."""
    for k in range(1, players - 1):
        others = players - 2 - k
        picked_least = QUESTIONS * (k + 1)  # the bloc and the other nominee
        other_most = QUESTIONS * (1 + others)  # the picked nominee and everyone else
        if picked_least > other_most:
            return k
    raise ValueError("no bloc is sure")


def _totals_nominated(totals: list[int]) -> int:
    return len(nominate(dict(enumerate(totals))))


def check(key: str, answer) -> CheckResult:
    """:func:`brady_widgets.check` for the Big Brother notebooks. Until
    ``engine/registry.py``'s ``GAME_PACKAGES`` lists this package, the first call
    registers the game at run time (only in the process that asks: importing this module
    changes nothing); once it is listed this is exactly ``brady_widgets.check``."""
    from ..engine import registry
    from . import GAME

    if GAME.name not in registry.names():
        registry.register(GAME)
    return _check(key, answer)


_TOTALS = [4, 2, 2, 2, 6]
_SHARE, _GAMES = Fraction(2, 5), 400
_HELPED, _HURT = 9, 2
_WIN, _FIRST_OUT = 10, -5  # the bloc decision's payoff
_JOIN, _STAY = (Fraction(3, 10), Fraction(1, 20)), (Fraction(1, 4), Fraction(1, 5))  # (P(win), P(first out))


def _join_gain(wins: bool = True, evictions: bool = True) -> Fraction:
    """Expected score of joining minus staying out, from the exercise's shares."""

    def ev(p):
        return (_WIN * p[0] if wins else 0) + (_FIRST_OUT * p[1] if evictions else 0)

    return ev(_JOIN) - ev(_STAY)  # the sign-test exercise's seed pairs


_ROWS = 11  # the rows of section 1's table of two-dice sums
_ONE_IN_20 = Fraction(1, 20)


EXERCISES = {
    # ---- the tutorial (big_brother.ipynb)
    "cards_in_hand": Exercise(
        question="In a 6-player game, how many vote cards does each housemate hold at the start?",
        answer=CARDS_PER_TARGET * (6 - 1),
        exact=True,
        hint="4 cards for each OTHER housemate: nobody has a card with their own number.",
        why="4 cards for each of the 5 others: you can never vote for yourself.",
        hints={
            CARDS_PER_TARGET * 6: "that counts a card with your own number: you never have one.",
            CARDS_PER_TARGET * 4: "that is a 5-player game (4 others); with 6 players there are 5 others.",
            CARDS_PER_TARGET: "that is the cards for ONE other housemate.",
        },
    ),
    "how_many_nominated": Exercise(
        question="At the count, Players 1 to 5 have 4, 2, 2, 2 and 6 votes. How many housemates are nominated?",
        answer=_totals_nominated(_TOTALS),
        exact=True,
        hint="the fewest-voted are nominated, at least two, and everybody tied at the boundary too.",
        why="Two is only the minimum: the three players with 2 votes are tied at the boundary, so all three are "
        "nominated.",
        hints={2: "at least two, yes, but nobody tied at the boundary is left out."},
    ),
    "gossip_match": Exercise(
        question="5 players. Two gossipers each pick one vote card at random for any housemate but themselves "
        "(4 choices each). What is the chance that they pick the same housemate (a match)?",
        answer=_match_chance(5),
        hint="they can only meet on a housemate who is neither of them: how many are there? For each, the "
        "chance both pick them is (1/4) x (1/4).",
        why="Neither can pick themselves, so a pick of the partner never matches: 3 x 1/16.",
        hints={
            Fraction(1, 4): "that is the chance the partner picks one GIVEN housemate, but the lander's pick may "
            "be the partner, whom the partner can never pick.",
            Fraction(1, 5): "each picks among 4 housemates, not 5: nobody may pick themselves.",
            Fraction(4, 16): "a match on the partner is impossible: the partner never picks themselves.",
        },
    ),
    "double_on_camera": Exercise(
        question='Your camera line says "rolls a double". What is the chance that one movement roll of two dice '
        "is a double?",
        answer=Fraction(6, 36),
        hint="list the 36 equally likely pairs of dice: how many show the same number twice?",
        why="Six doubles (1-1 to 6-6) among 36 pairs.",
        hints={Fraction(1, 36): "that is ONE particular double (say 6-6); any of the six doubles counts."},
    ),
    # ---- where two dice take a pawn (two_dice_markov.ipynb)
    "sum_at_least_10": Exercise(
        question="What is the chance that two dice add up to 10 or more?",
        answer=sum((p for t, p in odds.SUM_ODDS.items() if t >= 10), Fraction(0)),
        hint="count the ordered pairs (first die, second die) that add up to 10, 11 or 12, out of 36.",
        why="3 + 2 + 1 = 6 of the 36 pairs: exactly as likely as a 7 alone.",
        hints={
            Fraction(3, 11): "the 11 sums 2..12 are not equally likely: 10 can be made in 3 ways, 12 in only one.",
            Fraction(3, 36): "that is 10 alone: 11 and 12 count too.",
            Fraction(4, 36): "(4,6) and (6,4) are different rolls: count ordered pairs.",
        },
    ),
    "first_roll_ends": Exercise(
        question="A pawn starts a turn in the Living Room (space 0). What is the chance that the turn ends with the "
        "FIRST roll (it lands on a confrontation space: 2, 5, 7 or 10 are the ones within reach)?",
        answer=_first_roll_ends(),
        hint="add P(sum = 2) + P(sum = 5) + P(sum = 7) + P(sum = 10).",
        why="1/36 + 4/36 + 6/36 + 3/36: the sums 5 and 7 are likely ones.",
        hints={
            Fraction(len(_CONF), len(_KINDS)): "that is the share of yellow spaces on the board, as if the pawn "
            "landed on every space equally often; one roll reaches only spaces 2 to 12, and not equally.",
            Fraction(4, 11): "the 11 sums are not equally likely.",
        },
    ),
    "likeliest_end_from_garden": Exercise(
        question="Your pawn has just landed in the Garden (space 12) and will roll again. On which space does this "
        "turn most likely END?",
        answer=max(range(len(_KINDS)), key=lambda j: odds.end_odds(DEFAULT_TRACK, 12)[j]),
        exact=True,
        hint="a turn ends only on a confrontation space. Where does the likeliest roll (7) take the pawn, and does the "
        "turn end there? Then look at the yellow spaces the chain can end on (section 4 shows how for space 7) and "
        "compare their chances.",
        why="Space 18, six spaces ahead: seven ahead (space 19) is a camera space and eight ahead (space 20) the "
        "Toilet/Shower, where the turn goes on.",
        hints={
            19: "19 is seven spaces ahead, the likeliest single roll; but it is a camera space, so the turn never "
            "ENDS there.",
            20: "from a yellow space the likeliest end is 8 ahead; from the Garden, 8 ahead is the Toilet/Shower, "
            "a room: the turn goes on from there.",
        },
    ),
    "expected_rolls_kitchen": Exercise(
        question="Your pawn has just landed in the Kitchen (space 4) and will roll again. How many more rolls does "
        "the turn take on average, the roll you are about to make included?",
        answer=odds.expected_rolls(DEFAULT_TRACK, 4),
        tolerance=0.005,
        hint="one roll, plus the rolls still to come: for each space y the first roll can land on, the expected "
        "number of later rolls from y (0 if y is yellow: the turn is over; else the sum of row y of N = (I - Q)^-1), "
        "weighted by P(the roll lands on y).",
        why="About 2.69 rolls. A turn lasts about as long from anywhere on this board (2.62 to 2.69 rolls from each of "
        "the 32 spaces: the board repeats a pattern of 8); from 8 of the 12 yellow spaces it is even a hair longer "
        "(2.692). Where each roll lands decides it, not the space you start from.",
        hints={
            odds.expected_rolls(DEFAULT_TRACK, 7): "that is from space 7; from the Kitchen the next spaces are "
            "other ones, with other kinds.",
            1 / _first_roll_ends(4): "that treats every roll like the first one (a geometric number of rolls); "
            "later rolls start from other spaces, with other chances.",
        },
    ),
    # ---- voting blocs (voting_blocs.ipynb)
    "bloc_of_five_votes": Exercise(
        question="Five housemates, two nominees, three eviction questions, everybody votes each time (nominees too, "
        "never for themselves): 15 votes in all. The smallest bloc (neither nominee in it) that is sure to evict the "
        "nominee it picks votes against that nominee on every question. How many votes does the picked nominee get "
        "at the very least?",
        answer=QUESTIONS * (_smallest_sure_bloc(5) + 1),
        exact=True,
        hint="first find the smallest sure bloc: the two nominees' votes for each other cancel, so count the bloc's "
        "votes plus the other nominee's, against the picked nominee's and the other voters'. Then add up the "
        "picked nominee's votes.",
        why="A bloc of two is enough out of five: 6 votes from the bloc and 3 from the other nominee make 9, against "
        "at most 6.",
        hints={
            QUESTIONS * _smallest_sure_bloc(5): "that counts the bloc's votes only: the other nominee votes for the "
            "picked one on every question too.",
            QUESTIONS * 5: "that is every vote of the eviction: the picked nominee never votes for themselves.",
        },
    ),
    "bloc_of_six": Exercise(
        question="The same with six housemates (two nominees, three questions): what is the smallest bloc that is "
        "sure to evict the nominee it picks?",
        answer=_smallest_sure_bloc(6),
        exact=True,
        hint="the two nominees' votes for each other cancel. With a bloc of k, count the picked nominee's fewest "
        "possible votes (the bloc's and the other nominee's) against the other nominee's most (the picked nominee's "
        "and every voter left). Sure means MORE, not equal: a tie goes to extra cards.",
        why="A bloc of 2 gives 9 against at most 9: a tie, then extra cards. 3 gives 12 against at most 6.",
        hints={
            _smallest_sure_bloc(5): "with 6 players two more voters are free to vote the other way: 9 against "
            "9 is a tie, not an eviction.",
            4: "4 is more than needed: count the nominee who votes with the bloc.",
        },
    ),
    "two_se": Exercise(
        question=f"In {_GAMES} seeded games, the bloc's target was evicted in {float(_SHARE):.0%} of them. How far "
        "may that share be from the true chance by luck alone (2 standard errors)?",
        answer=2 * (float(_SHARE) * (1 - float(_SHARE)) / _GAMES) ** 0.5,
        tolerance=0.003,
        hint="one standard error of a share p over n games is the square root of p (1 - p) / n.",
        why="2 x sqrt(0.4 x 0.6 / 400) = 0.049: about 5 points either way.",
        hints={
            (float(_SHARE) * (1 - float(_SHARE)) / _GAMES) ** 0.5: "that is ONE standard error; the question asks "
            "for two.",
            2 * float(_SHARE) * (1 - float(_SHARE)) / _GAMES: "take the square root of p (1 - p) / n.",
        },
    ),
    "sign_test": Exercise(
        question=f"Another bloc, another 40 seed pairs: the bloc helped in {_HELPED} of them, hurt in {_HURT}, and "
        "changed nothing in the rest. If the bloc did nothing, each changed pair would go either way with chance 1/2. "
        "What is the two-sided sign test's p-value: the chance of a split at least this lopsided, in either direction?",
        answer=odds.sign_test(_HELPED, _HURT),
        tolerance=0.001,
        hint="leave out the pairs with no change. Count the ways to split the changed pairs with at most "
        f"{_HURT} going the rarer way (choose 0, 1, 2 of them), divide by 2 to the power of the number of changed "
        "pairs, and count both directions.",
        why="(1 + 11 + 55) / 2^11 = 67/2048 for one direction, twice that for either: about 0.065. Not below 0.05, "
        "though 9 to 2 looks lopsided: with only 11 changed pairs, luck can do that about 1 time in 15.",
        hints={
            odds.sign_test(_HELPED, _HURT) / 2: "that is one direction only; a split as lopsided the OTHER way "
            "would be as surprising: double it.",
            Fraction(1 + 11 + 55, 2**40) * 2: "leave out the 29 pairs that changed nothing: only the changed "
            "pairs count.",
        },
    ),
    "rows_outside": Exercise(
        question=f"Section 1's table of two-dice sums has {_ROWS} rows. Say each row falls outside its ± 2 SE band "
        "with chance 1/20, independently of the others. What is the chance that at least one of the "
        f"{_ROWS} rows says NO?",
        answer=1 - (1 - _ONE_IN_20) ** _ROWS,
        tolerance=0.002,
        hint="find the chance that ALL the rows are inside (each one 19/20, independently: multiply), then take "
        "that from 1.",
        why="1 - (19/20)^11 = 0.431: in almost half of the tables at least one row says NO. One NO is no alarm.",
        hints={
            _ROWS * _ONE_IN_20: "that is the expected NUMBER of rows outside (11 x 1/20), not the chance of at "
            "least one.",
            (1 - _ONE_IN_20) ** _ROWS: "that is the chance that NO row is outside; the question asks the opposite.",
        },
    ),
    "join_bloc": Exercise(
        question="You score 10 points for winning and lose 5 for being the first evicted (0 otherwise). Seeded bot "
        "games say: if you join the bloc you win 30% of the games and are evicted first in 5%; if you stay out, 25% "
        "and 20%. By how many points per game does joining raise your expected score (join minus stay)?",
        answer=_join_gain(),
        tolerance=0.01,
        hint="the expected score of a choice is 10 x P(win) - 5 x P(evicted first). Work it out for each choice, "
        "then subtract.",
        why="Join: 10 x 0.30 - 5 x 0.05 = 2.75. Stay: 10 x 0.25 - 5 x 0.20 = 1.5. Most of the gain is the "
        "protection from the first eviction, not the wins.",
        hints={
            _join_gain(evictions=False): "that counts only the wins: being evicted first costs 5 points too.",
            _join_gain(wins=False): "that counts only the evictions: a win is worth 10 points.",
            -_join_gain(): "that is stay minus join: the question asks join minus stay.",
        },
    ),
}

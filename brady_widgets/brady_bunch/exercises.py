"""The Brady Bunch lessons' checked exercises (``brady_widgets.check("brady_bunch.<key>", ...)``).

The answers are computed here from the rules (the deck in :mod:`.content`), never
typed in, and never printed by ``check``; the teacher guide gives them."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

from ..exercises import Exercise
from ..progress import checks
from . import content
from .lesson import CLAIMS, DECK_ARG
from .lesson import sum_distribution as total_distribution  # P(total = s), n cards without replacement

DECK = Counter({v: content.COPIES for v in content.VALUES})


@checks(claims=CLAIMS, deck=DECK_ARG)
def claim_posterior(claims: list[tuple[int, Fraction]], deck: Counter = DECK) -> dict[int, Fraction]:
    """P(card = v | claims): each claim ``(value, trust)`` is true with probability
    ``trust``; a lie names one of the five other values, each as likely."""
    total = sum(deck.values())
    weights = {}
    for v, copies in deck.items():
        w = Fraction(copies, total)
        for said, t in claims:
            w *= t if said == v else (1 - t) / (len(deck) - 1)
        weights[v] = w
    norm = sum(weights.values())
    return {v: w / norm for v, w in weights.items()}


def _peter_at_least(limit: int, seen: int = 6) -> Fraction:
    rest = total_distribution(3, DECK - Counter([seen]))
    return sum((p for s, p in rest.items() if seen + s >= limit), Fraction(0))


def _half_sure(prior: Fraction) -> Fraction:
    """The trust t at which one claim of v lifts a prior ``prior`` for v to exactly 1/2:
    t * prior = (1 - t) / 5 * (1 - prior)."""
    return (1 - prior) / (5 * prior + 1 - prior)


def _dice_at_least(limit: int, seen: int = 6) -> Fraction:
    """The same chance with replacement (the misconception: three dice)."""
    faces = sorted(DECK)
    hits = sum(1 for a in faces for b in faces for c in faces if seen + a + b + c >= limit)
    return Fraction(hits, len(faces) ** 3)


def _snoop_chance(players: int, cousin_oliver: bool = False, replace: bool = False, one_card: bool = False) -> Fraction:
    """P(a given kid is a Snoop in round 1): two Snoop cards a kid (none for Cousin
    Oliver), the round's cards drawn without replacement. ``replace``: the same with
    replacement (the misconception); ``one_card``: as if only one card were drawn."""
    kids = players - 1 - (1 if cousin_oliver else 0)
    reveals = 1 if one_card else (content.OLIVER_REVEALS if cousin_oliver else content.SNOOP_REVEALS)[players][0]
    cards = 2 * kids  # two Snoop cards a kid (rules.BradyBunch.snoop_deck)
    if replace:
        return 1 - (1 - Fraction(2, cards)) ** reveals
    return 1 - Fraction(comb(cards - 2, reveals), comb(cards, reveals))


def _learned_trust(checks: int = 2, low: Fraction = Fraction(1, 2), high: Fraction = Fraction(5, 6)) -> Fraction:
    """P(trust = high | ``checks`` claims all checked true), the prior even between the two."""
    return high**checks / (high**checks + low**checks)


def _accuse_greg(greg: int = 16, peter: int = 12, cookie: bool = True, ties: bool = True) -> Fraction:
    """P(accusing Greg wins): Peter's score is ``peter`` + one card 1-6 (+ a Cookie of either sign)."""
    signs = (1, -1) if cookie else (0,)
    cases = [(peter + c + s) for c in range(1, 7) for s in signs]
    return Fraction(sum(1 for x in cases if x < greg or (ties and x == greg)), len(cases))


def _seen(*values: int) -> Counter:
    return DECK - Counter(values)


EXERCISES = {
    "two_claims": Exercise(
        question="Marcia says Bobby played a 1 (trust 0.8), Cindy says a 5 (trust 0.4): what is P(Bobby played 1)?",
        answer=claim_posterior([(1, Fraction(4, 5)), (5, Fraction(2, 5))])[1],
        hint="multiply the prior of each value by the likelihood of both claims (trust t if the claim names it, "
        "(1 - t) / 5 if not), then divide by the sum over the six values.",
        why="Marcia's trusted claim outweighs Cindy's, but Cindy still moves some belief to 5.",
        hints={
            Fraction(4, 5): "that is Marcia's trust alone: Cindy's claim and the prior count too.",
            Fraction(2, 3): "0.8 / (0.8 + 0.4) weighs the two trusts, not the likelihoods of the claims.",
        },
    ),
    "neutral_trust": Exercise(
        question="For which trust t does a claim leave Alice's belief unchanged?",
        answer=Fraction(1, 6),
        exact=True,
        hint="the claim changes nothing when a true claim of v is exactly as likely as a lie that names v: "
        "t = (1 - t) / 5. Solve for t.",
        why="A liar names one of the five wrong values, so at t = 1/6 a true claim of v (1/6) and a lie naming v "
        "(5/6 x 1/5 = 1/6) are equally likely.",
        hints={
            Fraction(
                1, 2
            ): "at 1/2 a claim is still evidence: a lie names a given wrong value only (1/2) / 5 of the time.",
            Fraction(
                1, 5
            ): "1/5 is how often a liar names a given wrong value, not the trust that makes a claim neutral.",
            0: "at trust 0 a claim is evidence AGAINST the value it names.",
        },
    ),
    "half_sure_trust": Exercise(
        question='Alice\'s prior that Bobby played a 6 is 1/4. Greg says "Bobby played a 6". For which trust t in '
        "Greg is Alice then exactly 50% sure of the 6?",
        answer=_half_sure(Fraction(1, 4)),
        exact=True,
        hint="write Alice's posterior of the 6: t x 1/4 against (1 - t) / 5 x 3/4 for the other values; set it equal "
        "to 1/2 and solve for t.",
        why="With a prior below 1/2, Greg must be trusted more than the neutral 1/6, but less than 1/2: the claim "
        "and the prior pull together.",
        hints={
            Fraction(1, 2): "trust is the posterior only when the prior is flat (1/6 each); here it is 1/4.",
            Fraction(1, 4): "that is the prior, before Greg speaks.",
            Fraction(1, 6): "at 1/6 the claim changes nothing: Alice stays at 1/4.",
        },
    ),
    "peter_at_least_20": Exercise(
        question="After seeing a 6 in round 1, what is the chance that Peter's 4-card total is at least 20?",
        answer=_peter_at_least(20),
        tolerance=0.0005,
        hint="Peter's other three cards come from the 47 cards left (one 6 fewer): add P(their sum >= 14).",
        why="Seeing a 6 raises the chance, but three more high cards are still needed.",
        hints={
            _dice_at_least(20): "that is with replacement (three dice): the cards are drawn without replacement "
            "from the 47 left, one 6 fewer.",
            sum(
                (p for t, p in total_distribution(4, DECK).items() if t >= 20), Fraction(0)
            ): "that is the chance before the peek: Alice saw a 6, so three cards are left to draw.",
        },
    ),
    # ---- the tutorial (brady_bunch.ipynb)
    "snoop_round_1": Exercise(
        question="In a 4-player game (Snoop deck: two cards for each of the 3 kids), Alice reveals 2 Snoop cards "
        "in round 1: what is the chance that Greg is a Snoop?",
        answer=_snoop_chance(4),
        hint="count the other way round: Greg is NOT a Snoop when both cards come from the 4 cards of the other kids. "
        "How many ways to pick 2 of those 4, out of all the ways to pick 2 of the 6?",
        why="The chance he is missed is (4/6) x (3/5): the second card comes from the 5 left.",
        hints={
            _snoop_chance(4, one_card=True): "that is the chance for ONE card: Alice reveals two.",
            Fraction(2, 3): "2 kids out of 3 would be right if the two cards always showed two different kids, "
            "but both can be Greg's (or both Peter's).",
            _snoop_chance(4, replace=True): "that is with replacement: a drawn Snoop card is not put back, so after "
            "one of the others' cards the second comes from 5 cards, 2 of them Greg's.",
        },
    ),
    "talk_peter_six": Exercise(
        question="Step 4: Greg (trust 3/5) says Peter played a 6; Peter (trust 1/5) says he played a 1. "
        "With a fresh deck, what is P(Peter played 6)?",
        answer=claim_posterior([(6, Fraction(3, 5)), (1, Fraction(1, 5))])[6],
        hint="for each value v multiply 1/6 by the likelihood of Greg's claim (3/5 if v = 6, else (2/5)/5) and of "
        "Peter's claim (1/5 if v = 1, else (4/5)/5); then divide the 6's product by the sum of all six.",
        why="Peter's own claim is weak evidence (trust 1/5 is near the neutral 1/6), so Greg's claim decides, "
        "and Peter's claim of 1 even makes every value but 1 a little likelier.",
        hints={
            Fraction(3, 5): "that is Greg's trust alone: Peter's claim moves the odds too (a little).",
            Fraction(3, 4): "3/5 / (3/5 + 1/5) weighs the two trusts, not the likelihoods of the claims.",
        },
    ),
    "base_rate_six": Exercise(
        question="Alice has seen three 6s played by other kids. Greg (trust 4/5) says Peter played a 6. "
        "What is P(Peter played 6)?",
        answer=claim_posterior([(6, Fraction(4, 5))], _seen(6, 6, 6))[6],
        hint="the prior is not 1/6 any more: 5 of the 45 unseen cards are sixes. Multiply each value's prior by "
        "the likelihood of the claim and renormalise.",
        why="Fewer sixes are left (a lower base rate), so the same claim convinces Alice less.",
        hints={
            Fraction(4, 5): "that mixes up P(Greg says 6 | it is a 6), the trust, with P(it is a 6 | Greg says 6), "
            "what we want; with a flat prior they agree, but here the base rate of sixes has dropped.",
            Fraction(5, 45): "that is the base rate alone: Greg's claim is evidence too.",
        },
    ),
    "next_card_six": Exercise(
        question="Step 6: at the end of round 1 Greg draws a new card. Alice has seen one card all game, Peter's 6. "
        "For her, what is the chance that Greg's new card is a 6?",
        answer=Fraction(_seen(6)[6], sum(_seen(6).values())),
        tolerance=0.001,
        hint="for Alice every card she has not seen is equally likely to be the one Greg drew: how many unseen "
        "cards are there, and how many of them are sixes?",
        why="Cards are drawn without replacement: the 6 she saw is not in the pool any more.",
        hints={
            Fraction(1, 6): "that treats the deck as a die (with replacement): the 6 Alice saw cannot be drawn again.",
            Fraction(8, 47): "8 sixes is the whole deck's count: one of them is Peter's, which Alice saw.",
        },
    ),
    "oliver_snoop": Exercise(
        question="A 6-player game with Cousin Oliver: Oliver has no Snoop cards and Alice reveals 2 in round 1. "
        "What is the chance that Peter is a Snoop?",
        answer=_snoop_chance(6, cousin_oliver=True),
        hint="the Snoop deck holds two cards for each kid except Oliver. Peter is missed when both revealed cards "
        "come from the other kids' cards.",
        why="Oliver's cards are out of the deck, and only 2 are revealed (3 without him).",
        hints={
            _snoop_chance(6): "that is the game without Cousin Oliver (3 cards from 10): with him, 2 cards from 8.",
            _snoop_chance(6, cousin_oliver=True, one_card=True): "that is the chance for ONE card: Alice reveals two.",
            _snoop_chance(6, cousin_oliver=True, replace=True): "that is with replacement: the second card comes from "
            "the 7 cards left.",
        },
    ),
    "learned_trust": Exercise(
        question="Alice is not sure how far to trust Peter: his trust is either 1/2 or 5/6, equally likely. She "
        "checks two of his claims with Help Tokens, and both turn out true. What is now the chance that his trust "
        "is 5/6?",
        answer=_learned_trust(),
        tolerance=0.002,
        hint="Bayes one level up: for each possible trust t, the chance of two true claims in a row is t x t. "
        "Weigh each trust's prior by it, then divide by the total.",
        why="(1/2 x 25/36) / (1/2 x 25/36 + 1/2 x 1/4) = 25/34: each true claim favours the higher trust by 5/6 "
        "against 1/2, and two of them multiply.",
        hints={
            Fraction(5, 6): "that is the trust itself (the chance of ONE true claim if the trust is 5/6), not how "
            "sure Alice is that the trust is 5/6.",
            _learned_trust(checks=1): "that is after ONE true claim; the second one multiplies in again.",
            Fraction(1, 2): "that is the prior: the two true claims are evidence, they should move it.",
        },
    ),
    "accuse_greg": Exercise(
        question="The end of a game. Alice knows Greg's total: 16. Peter's is 12 plus one card she has not seen "
        "(say each value 1 to 6 equally likely), and Peter has one Cookie, + or - with chance 1/2 each. Alice wins if "
        "the kid she accuses has the highest score (a tie makes both Troublemakers). What is the expected value of "
        "accusing Greg: her chance to win (a win counts 1, a loss 0)?",
        answer=_accuse_greg(),
        tolerance=0.002,
        hint="list the 12 equally likely cases (6 cards, 2 signs): Peter's score is 12 + card + 1 or 12 + card - 1. "
        "Greg wins every case in which Peter's score is at most 16, ties included.",
        why="With +1, cards 1 to 3 (3 cases); with -1, cards 1 to 5 (5 cases): 8 of 12. Accusing Peter wins 6 of "
        "12 (ties count for him too): Greg is the better accusation.",
        hints={
            _accuse_greg(ties=False): "that counts a tie as a loss (or it is the value of accusing Peter): at 16 "
            "against 16 both kids are Troublemakers, and accusing either wins.",
        },
    ),
}

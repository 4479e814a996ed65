"""The Brady Bunch lessons' checked exercises (``brady_widgets.check("brady_bunch.<key>", ...)``).

The answers are computed here from the rules (the deck in :mod:`.content`), never
typed in, and never printed by ``check``; the teacher guide gives them."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

from ..exercises import Exercise
from . import content

DECK = Counter({v: content.COPIES for v in content.VALUES})


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


def total_distribution(n: int, deck: Counter) -> dict[int, Fraction]:
    """P(total = s) for n cards drawn without replacement from ``deck``."""
    ways = {(0, 0): 1}
    for value, copies in deck.items():
        new: Counter = Counter()
        for (taken, total), w in ways.items():
            for k in range(min(copies, n - taken) + 1):
                new[(taken + k, total + k * value)] += w * comb(copies, k)
        ways = new
    sets = comb(sum(deck.values()), n)
    return {total: Fraction(w, sets) for (taken, total), w in ways.items() if taken == n}


def _peter_at_least(limit: int, seen: int = 6) -> Fraction:
    rest = total_distribution(3, DECK - Counter([seen]))
    return sum((p for s, p in rest.items() if seen + s >= limit), Fraction(0))


def _dice_at_least(limit: int, seen: int = 6) -> Fraction:
    """The same chance with replacement (the misconception: three dice)."""
    faces = sorted(DECK)
    hits = sum(1 for a in faces for b in faces for c in faces if seen + a + b + c >= limit)
    return Fraction(hits, len(faces) ** 3)


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
            Fraction(1, 2): "at 1/2 a claim is still evidence: a lie names a given wrong value only (1/2) / 5 of the time.",
            Fraction(1, 5): "1/5 is how often a liar names a given wrong value, not the trust that makes a claim neutral.",
            0: "at trust 0 a claim is evidence AGAINST the value it names.",
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
            sum((p for t, p in total_distribution(4, DECK).items() if t >= 20), Fraction(0)):
            "that is the chance before the peek: Alice saw a 6, so three cards are left to draw.",
        },
    ),
}

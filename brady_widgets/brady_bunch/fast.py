"""Sums of Mischief cards, many at once in numpy, for the lesson "Alice's Bayes".

A kid's total is the sum of four cards drawn *without replacement* from the
48-card deck (eight of each value 1..6). The lesson's first questions are about
that sum alone: what does it look like, how does seeing one card move it, and
how often do two kids tie for the highest total?

* :func:`sample_totals`: many sums at once (seeded), for histograms.
* :func:`exact_total_distribution`: the exact distribution of the same sum, as
  ``Fraction``s: a convolution of hypergeometric terms, value by value (the
  number of ways to take ``k_v`` of the ``c_v`` copies of each value v, over the
  number of ways to take the cards at all). ``tests/test_brady_fast.py`` checks
  the samples against it (chi-square).
* :func:`random_games`: the final totals of every kid in many games where cards
  are dealt and played at random, e.g. to count ties for the highest total.

Nothing here reads a game: ``odds.py`` does the same arithmetic from a view.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np

from .content import COPIES, ROUNDS, VALUES

DECK = {v: COPIES for v in VALUES}


def _remaining(known, remaining_counts) -> dict[int, int]:
    """The cards still to draw from: ``remaining_counts``, or the 48-card deck minus ``known``."""
    if remaining_counts is not None:
        out = {int(v): int(c) for v, c in sorted(remaining_counts.items())}
        if any(c < 0 for c in out.values()):
            raise ValueError(f"remaining_counts must be >= 0, got {remaining_counts!r}")
        return out
    out = dict(DECK)
    for v in known:
        if out.get(v, 0) <= 0:
            raise ValueError(f"the known cards {list(known)} do not fit the deck")
        out[v] -= 1
    return out


def _check(n_cards, counts: dict[int, int]) -> int:
    if isinstance(n_cards, bool) or not isinstance(n_cards, (int, np.integer)) or n_cards < 0:
        raise ValueError(f"n_cards must be an int >= 0, got {n_cards!r}")
    if n_cards > sum(counts.values()):
        raise ValueError(f"cannot draw {n_cards} cards from {sum(counts.values())}")
    return int(n_cards)


def sample_totals(
    n_cards: int, known=(), remaining_counts: dict | None = None, samples: int = 10000, seed: int = 0
) -> np.ndarray:
    """``samples`` totals ``sum(known) + (n_cards cards drawn without replacement)``.

    The cards are drawn from ``remaining_counts`` (``{value: copies}``) or, by
    default, from the 48-card deck without the ``known`` cards. All samples at
    once: each row shuffles the remaining cards with random keys (one argsort)
    and keeps the first ``n_cards``. Seeded: the same call gives the same array."""
    counts = _remaining(known, remaining_counts)
    n_cards = _check(n_cards, counts)
    base = sum(known)
    cards = np.repeat(np.array(list(counts), dtype=np.int64), list(counts.values()))
    rng = np.random.default_rng(seed)
    if n_cards == 0:
        return np.full(samples, base, dtype=np.int64)
    order = np.argsort(rng.random((samples, cards.size)), axis=1)[:, :n_cards]
    return base + cards[order].sum(axis=1)


def exact_total_distribution(n_cards: int, known=(), remaining_counts: dict | None = None) -> dict[int, Fraction]:
    """``{total: Fraction}``: the exact law of ``sum(known) + (n_cards cards drawn without replacement)``.

    Value by value, taking ``k`` of the ``c`` copies of value ``v`` can be done in
    ``C(c, k)`` ways and adds ``k * v``; multiplying these polynomials (a
    convolution) and keeping the terms with ``n_cards`` cards in all counts every
    hand of ``n_cards`` cards once; dividing by ``C(N, n_cards)`` gives the law."""
    counts = _remaining(known, remaining_counts)
    n_cards = _check(n_cards, counts)
    ways: dict[tuple[int, int], int] = {(0, 0): 1}  # (cards taken, sum) -> number of hands
    for v, c in counts.items():
        nxt: dict[tuple[int, int], int] = {}
        for (k, s), w in ways.items():
            for take in range(min(c, n_cards - k) + 1):
                key = (k + take, s + take * v)
                nxt[key] = nxt.get(key, 0) + w * comb(c, take)
        ways = nxt
    total = comb(sum(counts.values()), n_cards)
    base = sum(known)
    return {base + s: Fraction(w, total) for (k, s), w in sorted(ways.items()) if k == n_cards}


def random_games(players: int, games: int, seed: int = 0) -> dict[str, np.ndarray]:
    """Final card totals of ``games`` games of ``players`` players whose cards fall at random.

    With kids who play whatever comes, the four cards of every kid on the board
    (``players - 1`` kids, plus the silent kid with 3 players) are a random draw
    without replacement from the deck, so a game is one shuffle. Returns
    ``{"totals": int array (games, kids), "top": kids tied at the highest total}``
    (Cookies, which Alice gives, are left out)."""
    if isinstance(players, bool) or not isinstance(players, (int, np.integer)) or not 3 <= players <= 8:
        raise ValueError(f"players must be an int from 3 to 8, got {players!r}")
    if isinstance(games, bool) or not isinstance(games, (int, np.integer)) or games < 0:
        raise ValueError(f"games must be an int >= 0, got {games!r}")
    kids = max(players - 1, 3)
    deck = np.repeat(np.array(list(DECK), dtype=np.int64), list(DECK.values()))
    rng = np.random.default_rng(seed)
    order = np.argsort(rng.random((int(games), deck.size)), axis=1)[:, : kids * ROUNDS]
    totals = deck[order].reshape(int(games), kids, ROUNDS).sum(axis=2)
    top = (totals == totals.max(axis=1, keepdims=True)).sum(axis=1) if games else np.zeros(0, dtype=np.int64)
    return {"totals": totals, "top": top}

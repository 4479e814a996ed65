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

from ..progress import MOST_IN_MEMORY, a_seed, check_in_memory, checks, count, items, mapping, optional, whole
from .content import COPIES, ROUNDS, VALUES
from .knowledge import Position

#: the cards already known, and a deck of one's own (checked once at each lesson entry)
KNOWN = items("a list of card values 1 to 6", whole(1, 6))
COUNTS = optional(mapping("a deck, {value: copies}", values=whole(0), each_key=whole(1, 6)))

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


@checks(n_cards=whole(0, 48), known=KNOWN, remaining_counts=COUNTS, samples=count(MOST_IN_MEMORY // 48), seed=a_seed)
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


@checks(n_cards=whole(0, 48), known=KNOWN, remaining_counts=COUNTS)
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


@checks(seed=a_seed)
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
    check_in_memory("games", int(games), MOST_IN_MEMORY // 48)  # a (games, 48) array: a shuffle a game
    kids = max(players - 1, 3)
    deck = np.repeat(np.array(list(DECK), dtype=np.int64), list(DECK.values()))
    rng = np.random.default_rng(seed)
    order = np.argsort(rng.random((int(games), deck.size)), axis=1)[:, : kids * ROUNDS]
    totals = deck[order].reshape(int(games), kids, ROUNDS).sum(axis=2)
    top = (totals == totals.max(axis=1, keepdims=True)).sum(axis=1) if games else np.zeros(0, dtype=np.int64)
    return {"totals": totals, "top": top}


# ------------------------------------------------------- Alice's notebook, all at once
# ``odds.highest_odds`` (the lessons: 20,000 samples in a few ms) draws its hidden worlds
# here, so that numpy stays off the play path (``odds.py`` imports this module only when
# the lessons call it). The panel and Alice's bot use ``odds.sampled_odds`` instead.


def view_totals(pos: Position, samples: int, seed: int, tilt: bool) -> tuple[np.ndarray, np.ndarray | None]:
    """``(totals[kids, samples], weights or None)``: ``samples`` hidden worlds drawn at once.

    The unseen cards of every sample are the first cards of a random arrangement
    of the pool: a partial Fisher-Yates shuffle run on all samples at once (one
    column per sample, one numpy step per unseen card). With ``tilt`` the claimed
    cards are drawn first from a proposal tilted by their likelihoods (value v
    with probability proportional to copies(v) times likelihood(v)), the rest of
    the pool is shuffled for the other cards, and the importance weight
    ``prod_v copies_v^(n_v falling) / copies_v^n_v`` corrects for drawing the
    claimed cards with replacement: exact importance sampling whose weights stay
    close to 1 however sharp the claims are (plain weighting by the likelihoods
    would leave a handful of useful samples after a dozen claims)."""
    values = sorted(pos.pool)
    vals = np.array(values, dtype=np.int8)
    cap = np.array([pos.pool[v] for v in values], dtype=np.int64)
    n = int(cap.sum())
    slots = list(pos.unknown) + [(None, d) for d in range(pos.draws)]
    claimed = [k for k, s in enumerate(slots) if s in pos.likelihood] if tilt else []
    rest = sorted(set(range(len(slots))) - set(claimed))
    kids = pos.kids
    row = {kid: i for i, kid in enumerate(kids)}
    rng = np.random.default_rng(seed)
    S = samples
    cols = np.arange(S)
    totals = np.repeat(np.array([pos.fixed[kid] for kid in kids], dtype=np.int16)[:, None], S, axis=1)
    weights = None
    if claimed:
        # the claimed cards, drawn with replacement from the tilted proposal, all at once
        q = np.array([[cap[a] * float(pos.likelihood[slots[k]][v]) for a, v in enumerate(values)] for k in claimed])
        cum = np.cumsum(q, axis=1)
        if (cum[:, -1] <= 0).any():
            raise ValueError("no hidden world fits the view: the claims cannot all be true at this trust")
        target = rng.random((len(claimed), S), dtype=np.float32) * cum[:, -1:].astype(np.float32)
        cum32 = cum.astype(np.float32)
        x = np.zeros((len(claimed), S), dtype=np.int8)  # index of each claimed card's value
        for a in range(len(values) - 1):
            x += target >= cum32[:, a : a + 1]
        last = np.array([np.nonzero(qk > 0)[0][-1] for qk in q], dtype=np.int8)
        np.minimum(x, last[:, None], out=x)
        # the copy of its value each claimed card takes (0 = the first): weight (copies - rank) / copies
        taken = np.zeros(len(values) * S, dtype=np.int8)
        weights = np.ones(S)
        capf = cap.astype(np.float64)
        for c in range(len(claimed)):
            where = x[c].astype(np.intp)
            where *= S
            where += cols
            rank = taken[where]
            taken[where] += 1
            if c:
                copies = capf[x[c]]
                weights *= np.maximum(copies - rank, 0) / copies
        taken = taken.reshape(len(values), S).astype(np.int64)
        if not weights.any():
            raise ValueError("no hidden world fits the view: the claims cannot all be true at this trust")
        _add_by_kid(totals, vals[x], [row[slots[k][0]] for k in claimed])
        # what is left of the pool in each sample, sorted by value, one column per sample
        n_left = n - len(claimed)
        cum_left = np.cumsum(np.maximum(cap[:, None] - taken, 0), axis=0).astype(np.int8)
        at = np.arange(n_left, dtype=np.int8)[:, None]
        deck = np.full((n_left, S), values[0], dtype=np.int8)
        for a in range(len(values) - 1):  # step up to the next value past each value's copies
            deck += (at >= cum_left[a][None, :]) * np.int8(values[a + 1] - values[a])
    else:
        n_left = n
        deck = np.repeat(np.repeat(vals, cap)[:, None], S, axis=1)
    # partial Fisher-Yates, all samples at once: position k swaps with a random position k..n_left-1
    r01 = rng.random((len(rest), S))
    flat = deck.reshape(-1)
    for k in range(len(rest)):
        where = np.minimum((r01[k] * (n_left - k)).astype(np.intp), n_left - 1 - k)
        where += k
        where *= S
        where += cols
        pick = flat[where]
        flat[where] = deck[k]
        deck[k] = pick
    drawn = deck[: len(rest)]
    _add_by_kid(totals, drawn, [row.get(slots[k][0], -1) for k in rest])
    for kid in kids:
        opts = pos.sign_options(kid)
        if len(opts) == 2:
            totals[row[kid]] += np.where(rng.random(S) < 0.5, opts[0][1], opts[1][1]).astype(np.int16)
        else:
            totals[row[kid]] += opts[0][1]
    if pos.me is not None:
        probs = np.array([float(p) for p, _, _ in pos.future])
        hand_sum = np.array([sum(pos.hand[i] for i in idx) for _, idx, _ in pos.future], dtype=np.int16)
        from_pool = np.array([j for _, _, j in pos.future], dtype=np.intp)
        o = np.minimum(np.searchsorted(np.cumsum(probs), rng.random(S) * probs.sum(), side="right"), len(probs) - 1)
        mine = drawn[len(rest) - pos.draws :]  # the viewer's draws: the last unclaimed slots
        cum = np.concatenate([np.zeros((1, S), np.int16), np.cumsum(mine, axis=0, dtype=np.int16)], axis=0)
        totals[row[pos.me]] += hand_sum[o] + cum[from_pool[o], cols]
    return totals, weights


def _add_by_kid(totals: np.ndarray, cards: np.ndarray, rows: list[int]) -> None:
    """Add each row of ``cards`` (one card per sample) to the total of kid ``rows[i]`` (-1: nobody)."""
    for r in set(rows) - {-1}:
        idx = [i for i, x in enumerate(rows) if x == r]
        totals[r] += cards[idx].sum(axis=0, dtype=np.int16)


def estimate_highest(totals: np.ndarray, weights: np.ndarray | None) -> tuple[np.ndarray, np.ndarray, float]:
    """(probabilities, standard errors, effective sample size) of "at the highest total"."""
    top = (totals == totals.max(axis=0, keepdims=True)).astype(np.float64)
    S = totals.shape[1]
    if weights is None:
        p = top.mean(axis=1)
        return p, np.sqrt(p * (1 - p) / S), float(S)
    tw = weights.sum()
    p = (top * weights).sum(axis=1) / tw  # no BLAS: its threads spin on a busy machine
    se = np.sqrt(((top - p[:, None]) ** 2 * weights**2).sum(axis=1)) / tw
    return p, se, float(tw**2 / (weights**2).sum())

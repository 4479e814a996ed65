"""What a seat can deduce in Costume Party Detective, from its view alone.

Every public kill pins the killer's own figure to the room of the kill (and
says it was not the victim). Together with the figures still at the party and
the cards already revealed, that gives each opponent a set of candidate
figures. With the cards dealt at random, every assignment of distinct
candidates to the opponents is equally likely; :func:`_sweep` counts them
with a dynamic programme over (figures, subsets of opponents), which gives exact
posteriors (``odds.py``), weighted ones (the detective bot's soft evidence) and
exact random draws (the leak test).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np


def candidate_sets(view: dict) -> dict[int, set[int]]:
    """``{opponent seat: figures it may be}`` from what the viewer has seen."""
    viewer = view["viewer"]
    on_board = {f for figs in view["rooms"].values() for f in figs}
    mine = view.get("my_character")
    opponents = [s for s in range(view["players"]) if s != viewer and view["alive"][s] and not view["over"]]
    cands = {s: set(on_board) - {mine} for s in opponents}
    for ev in view["log"]:
        if ev["type"] == "kill" and ev["seat"] in cands:
            cands[ev["seat"]] &= set(ev["room_figures"]) - {ev["figure"]}
    return cands


def _weights(cands: dict[int, set[int]], weights: dict | None, dtype):
    """Opponents, the figures any of them may be, and W[i, j]: the weight of
    "opponent i is figure j" (0 where it is not a candidate; 1 unless weighted)."""
    order = sorted(cands)
    figures = sorted(set().union(*(cands[s] for s in order))) if order else []
    W = np.zeros((len(order), len(figures)), dtype=dtype)
    for i, s in enumerate(order):
        ws = (weights or {}).get(s, {})
        for j, f in enumerate(figures):
            if f in cands[s]:
                W[i, j] = ws.get(f, 1)
    return order, figures, W


def _sweep(W, columns) -> np.ndarray:
    """t[n][mask]: weighted ways to give each opponent in ``mask`` a distinct figure
    from the first n of ``columns`` (figure indices, in the order given)."""
    k = W.shape[0]
    masks = np.arange(1 << k)
    with_bit = [masks[(masks >> i) & 1 == 1] for i in range(k)]
    columns = list(columns)
    t = np.zeros((len(columns) + 1, 1 << k), dtype=W.dtype)
    t[0, 0] = 1
    for n, j in enumerate(columns):
        t[n + 1] = t[n]
        for i in range(k):
            if W[i, j]:
                m = with_bit[i]
                t[n + 1, m] += t[n, m ^ (1 << i)] * W[i, j]
    return t


def _suffix(W) -> np.ndarray:
    """suffix[j][mask]: weighted ways using only figures[j:]."""
    nf = W.shape[1]
    return _sweep(W, range(nf - 1, -1, -1))[::-1]


def _marginals(cands: dict[int, set[int]], weights: dict | None, dtype):
    """Opponents, figures, ways[i, j] (weighted assignments with opponent i on
    figure j) and their total. With integer weights (dtype int64) the counts are
    exact: at most 7 opponents among 19 figures, under 19**7 < 2**63."""
    order, figures, W = _weights(cands, weights, dtype)
    k, nf = W.shape
    full = (1 << k) - 1
    pre, suf = _sweep(W, range(nf)), _suffix(W)
    total = suf[0, full]
    if total <= 0:
        raise ValueError("no assignment of figures to opponents fits what was seen")
    masks = np.arange(full + 1)
    ways = np.zeros((k, nf), dtype=dtype)
    for i in range(k):
        rest = full ^ (1 << i)
        subs = masks[(masks & rest) == masks]  # every subset of the other opponents
        # opponent i on figure j: the others split between figures before and after j
        ways[i] = (pre[:nf, subs] * suf[1:, rest ^ subs]).sum(axis=1) * W[i]
    return order, figures, ways, total


def posterior(cands: dict[int, set[int]]) -> dict[int, dict[int, Fraction]]:
    """Exact ``P(opponent s is figure f)`` under uniform consistent assignments."""
    if not cands:
        return {}
    order, figures, ways, total = _marginals(cands, None, np.int64)
    return {
        s: {f: Fraction(int(ways[i, j]), int(total)) for j, f in enumerate(figures) if ways[i, j]}
        for i, s in enumerate(order)
    }


def weighted_posterior(
    cands: dict[int, set[int]], weights: dict[int, dict[int, float]] | None = None
) -> dict[int, dict[int, float]]:
    """``P(opponent s is figure f)`` when each assignment of distinct candidate
    figures has probability proportional to the product of ``weights[s][f]``
    (missing weights are 1). With no weights: :func:`posterior`, as floats."""
    if not cands:
        return {}
    order, figures, ways, total = _marginals(cands, weights, float)
    return {
        s: {f: float(ways[i, j] / total) for j, f in enumerate(figures) if ways[i, j] > 0} for i, s in enumerate(order)
    }


def sample_assignment(cands: dict[int, set[int]], rng) -> dict[int, int]:
    """Draw one consistent assignment ``{opponent: figure}`` uniformly at random."""
    order, figures, W = _weights(cands, None, np.int64)
    suffix = _suffix(W)
    k = len(order)
    mask = (1 << k) - 1
    if k and suffix[0, mask] == 0:
        raise ValueError("no assignment of figures to opponents fits what was seen")
    out: dict[int, int] = {}
    for j, fig in enumerate(figures):
        if not mask:
            break
        options = [(int(suffix[j + 1, mask]), None)]
        for i in range(k):
            bit = 1 << i
            if mask & bit and W[i, j]:
                options.append((int(suffix[j + 1, mask ^ bit]), i))
        pick = rng.randrange(sum(w for w, _ in options))
        for w, i in options:  # noqa: B007 -- the loop finds the pick: `i` is read after it
            if pick < w:
                break
            pick -= w
        if i is not None:
            out[order[i]] = fig
            mask ^= 1 << i
    return out

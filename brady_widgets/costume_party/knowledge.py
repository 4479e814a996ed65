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
from typing import Any


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


def _weights(cands: dict[int, set[int]], weights: dict | None, one) -> tuple[list[int], list[int], list[list]]:
    """Opponents, the figures any of them may be, and W[i][j]: the weight of
    "opponent i is figure j" (0 where it is not a candidate; 1 unless weighted).
    ``one`` is ``1`` (exact integer counts) or ``1.0`` (float weights)."""
    order = sorted(cands)
    figures = sorted(set().union(*(cands[s] for s in order))) if order else []
    zero = one - one
    W = []
    for s in order:
        ws = (weights or {}).get(s, {})
        W.append([one * ws.get(f, 1) if f in cands[s] else zero for f in figures])
    return order, figures, W


def _with_bit(k: int) -> list[list[int]]:
    """For each opponent i, the subsets (bit masks of k opponents) that hold i, in increasing order."""
    return [[m for m in range(1 << k) if m >> i & 1] for i in range(k)]


def _sweep(W: list[list], columns, one) -> list[list]:
    """t[n][mask]: weighted ways to give each opponent in ``mask`` a distinct figure
    from the first n of ``columns`` (figure indices, in the order given).

    A table of at most (19 + 1) x 128 numbers (7 opponents), each row built from the one
    before in the order numpy's whole-row steps took (the same sums, so the same floats)."""
    k = len(W)
    with_bit = _with_bit(k)
    zero = one - one
    row = [zero] * (1 << k)
    row[0] = one
    t = [row]
    for j in columns:
        prev, row = row, row[:]
        for i in range(k):
            w = W[i][j]
            if w:
                bit = 1 << i
                for m in with_bit[i]:
                    row[m] += prev[m ^ bit] * w
        t.append(row)
    return t


def _suffix(W: list[list], one) -> list[list]:
    """suffix[j][mask]: weighted ways using only figures[j:]."""
    nf = len(W[0]) if W else 0
    return _sweep(W, range(nf - 1, -1, -1), one)[::-1]


def _sum(values: list) -> Any:
    """The sum of ``values`` added one by one from the first, as numpy added the rows of its
    (column-ordered) table: float sums equal to the last bit what the numpy version gave, so
    the detective bot's choices stay the same (``sum()`` may compensate rounding errors in
    newer Pythons, which would change the last bit). Exact for ints either way."""
    res = values[0] - values[0] if values else 0
    for x in values:
        res += x
    return res


def _marginals(cands: dict[int, set[int]], weights: dict | None, one):
    """Opponents, figures, ways[i][j] (weighted assignments with opponent i on
    figure j) and their total. With integer weights (``one == 1``) the counts are
    exact Python ints."""
    order, figures, W = _weights(cands, weights, one)
    k, nf = len(W), len(figures)
    full = (1 << k) - 1
    pre, suf = _sweep(W, range(nf), one), _suffix(W, one)
    total = suf[0][full]
    if total <= 0:
        raise ValueError("no assignment of figures to opponents fits what was seen")
    zero = one - one
    ways = []
    for i in range(k):
        rest = full ^ (1 << i)
        subs = [m for m in range(full + 1) if m & rest == m]  # every subset of the other opponents
        # opponent i on figure j: the others split between figures before and after j
        ways.append(
            [_sum([pre[j][m] * suf[j + 1][rest ^ m] for m in subs]) * W[i][j] if W[i][j] else zero for j in range(nf)]
        )
    return order, figures, ways, total


def posterior(cands: dict[int, set[int]]) -> dict[int, dict[int, Fraction]]:
    """Exact ``P(opponent s is figure f)`` under uniform consistent assignments."""
    if not cands:
        return {}
    order, figures, ways, total = _marginals(cands, None, 1)
    return {
        s: {f: Fraction(ways[i][j], total) for j, f in enumerate(figures) if ways[i][j]} for i, s in enumerate(order)
    }


def weighted_posterior(
    cands: dict[int, set[int]], weights: dict[int, dict[int, float]] | None = None
) -> dict[int, dict[int, float]]:
    """``P(opponent s is figure f)`` when each assignment of distinct candidate
    figures has probability proportional to the product of ``weights[s][f]``
    (missing weights are 1). With no weights: :func:`posterior`, as floats."""
    if not cands:
        return {}
    order, figures, ways, total = _marginals(cands, weights, 1.0)
    return {
        s: {f: float(ways[i][j] / total) for j, f in enumerate(figures) if ways[i][j] > 0} for i, s in enumerate(order)
    }


def sample_assignment(cands: dict[int, set[int]], rng) -> dict[int, int]:
    """Draw one consistent assignment ``{opponent: figure}`` uniformly at random."""
    order, figures, W = _weights(cands, None, 1)
    suffix = _suffix(W, 1)
    k = len(order)
    mask = (1 << k) - 1
    if k and suffix[0][mask] == 0:
        raise ValueError("no assignment of figures to opponents fits what was seen")
    out: dict[int, int] = {}
    for j, fig in enumerate(figures):
        if not mask:
            break
        options = [(suffix[j + 1][mask], None)]
        for i in range(k):
            bit = 1 << i
            if mask & bit and W[i][j]:
                options.append((suffix[j + 1][mask ^ bit], i))
        pick = rng.randrange(sum(w for w, _ in options))
        for w, i in options:  # noqa: B007 -- the loop finds the pick: `i` is read after it
            if pick < w:
                break
            pick -= w
        if i is not None:
            out[order[i]] = fig
            mask ^= 1 << i
    return out

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
        mine = cands[s]
        ws = weights.get(s) if weights else None
        if ws:
            W.append([one * ws.get(f, 1) if f in mine else zero for f in figures])
        else:  # one * 1 is one
            W.append([one if f in mine else zero for f in figures])
    return order, figures, W


# The two loops of the counts, written out once per number of opponents k (1..7) as straight-line
# Python (one expression per subset of opponents), compiled on first use: the same products and sums
# in the same order as the loops they unroll (so the same ints and the same floats), without the
# interpreter's per-element loop and index work, which was most of a count's time.
_COMPILED: dict[tuple[str, int], Any] = {}


def _sweep_source(k: int) -> str:
    """``sweep(cols, one, zero)``: the rows of :func:`_sweep` (tuples) for columns given as weight
    tuples ``(w_0, ..., w_k-1)``. Row m of a column: the previous row's m, plus for each opponent i in
    m (increasing i) the previous row's m without i times w_i (a zero weight adds exactly nothing)."""
    n = 1 << k
    p = [f"p{m}" for m in range(n)]
    w = [f"w{i}" for i in range(k)]
    terms = []
    for m in range(n):
        expr = p[m] + "".join(f" + p{m ^ (1 << i)} * w{i}" for i in range(k) if m >> i & 1)
        terms.append(expr)
    return (
        "def sweep(cols, one, zero):\n"
        f"    {', '.join(p)}, = (one,) + (zero,) * {n - 1}\n"
        f"    t = [({', '.join(p)},)]\n"
        "    append = t.append\n"
        f"    for {', '.join(w)}, in cols:\n"
        f"        {', '.join(p)}, = {', '.join(terms)},\n"
        f"        append(({', '.join(p)},))\n"
        "    return t\n"
    )


def _ways_source(k: int) -> str:
    """``ways(pre, suf, W, zero)``: for each opponent i and figure j, the weighted assignments with i on
    j: ``W[i][j]`` times the sum, over the subsets m of the other opponents (increasing m), of
    ``pre[j][m] * suf[j + 1][rest ^ m]`` (the others split between figures before and after j)."""
    full = (1 << k) - 1
    lines = ["def ways(pre, suf, W, zero):", "    nxt = suf[1:]", "    out = []"]
    for i in range(k):
        rest = full ^ (1 << i)
        subs = [m for m in range(full + 1) if m & rest == m]
        expr = " + ".join(f"a[{m}] * b[{rest ^ m}]" for m in subs)
        lines += [
            f"    out.append([({expr}) * w if w else zero for a, b, w in zip(pre, nxt, W[{i}])])",
        ]
    lines.append("    return out")
    return "\n".join(lines) + "\n"


def _figure_mass_lines(k: int, prefix: str) -> list[str]:
    """The body of a mass pass's figure loop: for each opponent ``i`` with ``w{i}`` set, ``x`` is
    the ways of the other ``k - 1`` seats (``prefix`` formatted with each subset ``m`` of them, e.g.
    ``"a[{}]"``, times ``b[rest ^ m]``) times ``w{i}``, and ``m`` sums ``x / total`` where ``x > 0``."""
    full = (1 << k) - 1
    lines = []
    for i in range(k):
        rest = full ^ (1 << i)
        subs = [m for m in range(full + 1) if m & rest == m]
        expr = " + ".join(f"{prefix.format(m)} * b[{rest ^ m}]" for m in subs)
        lines += [
            f"        if w{i}:",
            f"            x = ({expr}) * w{i}",
            "            if x > 0:",
            "                m = x / total"
            if i == 0
            else "                m = x / total if m is None else m + x / total",
        ]
    return lines


def _mass_source(k: int) -> str:
    """``mass(cols, pre, nxt, total)``: per figure j (column weights ``cols[j]``, prefix row ``pre[j]``,
    suffix row after it ``nxt[j]``), the sum over the
    opponents i in order of ``ways[i][j] / total`` where ``ways[i][j] > 0`` (None if none is): the
    figure's entries of :func:`weighted_posterior` summed as :meth:`DetectiveBot.suspicion` sums them,
    each ``ways[i][j]`` the very expression of :func:`_ways_source`, without the tables between."""
    w = [f"w{i}" for i in range(k)]
    lines = [
        "def mass(cols, pre, nxt, total):",
        "    out = []",
        "    append = out.append",
        f"    for a, b, ({', '.join(w)},) in zip(pre, nxt, cols):",
        "        m = None",
    ]
    lines += _figure_mass_lines(k, "a[{}]")
    lines += ["        append(m)", "    return out"]
    return "\n".join(lines) + "\n"


def _sweep_mass_source(k: int) -> str:
    """``sweep_mass(cols, nxt, total)``: ``mass(cols, pre, nxt, total)`` for every figure, with the
    prefix sweep run alongside (its row before column j is read as it stands, in local names,
    then the column is added: the same expressions as :func:`_sweep_source`, no rows kept)."""
    n = 1 << k
    p = [f"p{m}" for m in range(n)]
    w = [f"w{i}" for i in range(k)]
    step = [p[m] + "".join(f" + p{m ^ (1 << i)} * w{i}" for i in range(k) if m >> i & 1) for m in range(n)]
    lines = [
        "def sweep_mass(cols, nxt, total):",
        f"    {', '.join(p)}, = (1.0,) + (0.0,) * {n - 1}",
        "    out = []",
        "    append = out.append",
        f"    for ({', '.join(w)},), b in zip(cols, nxt):",
        "        m = None",
    ]
    lines += _figure_mass_lines(k, "p{}")
    lines += ["        append(m)", f"        {', '.join(p)}, = {', '.join(step)},", "    return out"]
    return "\n".join(lines) + "\n"


def _sweep_row_source(k: int) -> str:
    """``sweep_row(cols, row)``: the last row of :func:`_sweep_source`'s table when it starts from
    ``row`` instead of the empty assignment (the same steps; no rows kept)."""
    n = 1 << k
    p = [f"p{m}" for m in range(n)]
    w = [f"w{i}" for i in range(k)]
    step = [p[m] + "".join(f" + p{m ^ (1 << i)} * w{i}" for i in range(k) if m >> i & 1) for m in range(n)]
    return (
        "def sweep_row(cols, row):\n"
        f"    {', '.join(p)}, = row\n"
        f"    for {', '.join(w)}, in cols:\n"
        f"        {', '.join(p)}, = {', '.join(step)},\n"
        f"    return ({', '.join(p)},)\n"
    )


_SOURCES = {
    "sweep_row": _sweep_row_source,
    "sweep": _sweep_source,
    "ways": _ways_source,
    "mass": _mass_source,
    "sweep_mass": _sweep_mass_source,
}


def _compiled(kind: str, k: int) -> Any:
    fn = _COMPILED.get((kind, k))
    if fn is None:
        source = _SOURCES[kind](k)
        scope: dict[str, Any] = {}
        exec(compile(source, f"<costume_party.knowledge {kind} k={k}>", "exec"), scope)
        fn = _COMPILED[kind, k] = scope[kind]
    return fn


def _sweep(W: list[list], columns, one) -> list:
    """t[n][mask]: weighted ways to give each opponent in ``mask`` a distinct figure
    from the first n of ``columns`` (figure indices, in the order given).

    A table of at most (19 + 1) x 128 numbers (7 opponents), each row built from the one
    before in the order numpy's whole-row steps took (the same sums, so the same floats)."""
    k = len(W)
    if k == 0:
        return [[one] for _ in range(len(columns) + 1)]
    by_column = list(zip(*W))
    return _compiled("sweep", k)([by_column[j] for j in columns], one, one - one)


def _suffix(W: list[list], one) -> list:
    """suffix[j][mask]: weighted ways using only figures[j:]."""
    nf = len(W[0]) if W else 0
    return _sweep(W, range(nf - 1, -1, -1), one)[::-1]


def _marginals(cands: dict[int, set[int]], weights: dict | None, one):
    """Opponents, figures, ways[i][j] (weighted assignments with opponent i on
    figure j) and their total. With integer weights (``one == 1``) the counts are
    exact Python ints."""
    order, figures, W = _weights(cands, weights, one)
    k, nf = len(W), len(figures)
    full = (1 << k) - 1
    if k == 0:
        pre = suf = [[one] for _ in range(nf + 1)]
    else:
        sweep, by_column, zero = _compiled("sweep", k), list(zip(*W)), one - one
        pre, suf = sweep(by_column, one, zero), sweep(by_column[::-1], one, zero)[::-1]
    total = suf[0][full]
    if total <= 0:
        raise ValueError("no assignment of figures to opponents fits what was seen")
    return order, figures, _compiled("ways", k)(pre, suf, W, one - one), total


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


def figure_mass(cands: dict[int, set[int]], weights: dict[int, dict[int, float]] | None = None) -> dict[int, float]:
    """``{figure: P(figure is some opponent's)}``: the entries of :func:`weighted_posterior` summed over
    the opponents in seat order (the same floats), without building the per-opponent tables."""
    if not cands:
        return {}
    _order, figures, W = _weights(cands, weights, 1.0)
    return mass_of(figures, W)


def mass_of(figures: list[int], W: list[list[float]], only: set[int] | None = None) -> dict[int, float]:
    """:func:`figure_mass` from the table :func:`_weights` gives (``one = 1.0``): the figures any
    opponent may be (sorted) and one row of float weights per opponent in seat order (0.0 where
    the figure is not a candidate), for a caller that has them at hand. ``only``: the figures
    wanted (the others are not counted: the same floats for these, the same ValueError)."""
    k = len(W)
    if not k:
        return {}
    full = (1 << k) - 1
    sweep, cols = _compiled("sweep", k), list(zip(*W))
    suf = sweep(cols[::-1], 1.0, 0.0)[::-1]
    total = suf[0][full]
    if total <= 0:
        raise ValueError("no assignment of figures to opponents fits what was seen")
    if only is None:
        masses = _compiled("sweep_mass", k)(cols, suf[1:], total)
        return {f: m for f, m in zip(figures, masses) if m is not None}
    js = [j for j, f in enumerate(figures) if f in only]
    if not js:
        return {}
    pre = sweep(cols[: js[-1]], 1.0, 0.0)  # the prefix rows up to the last figure wanted
    masses = _compiled("mass", k)([cols[j] for j in js], [pre[j] for j in js], [suf[j + 1] for j in js], total)
    return {figures[j]: m for j, m in zip(js, masses) if m is not None}


def weighted_probability(
    cands: dict[int, set[int]], weights: dict[int, dict[int, float]] | None, seat: int, figure: int
) -> float:
    """``weighted_posterior(cands, weights).get(seat, {}).get(figure, 0.0)`` (the same float, the
    same ValueError), counting only that entry: the suffix sweep (for the total), the prefix sweep
    up to the figure and one split of the other opponents around it."""
    if not cands:
        return 0.0
    order, figures, W = _weights(cands, weights, 1.0)
    return probability_of(figures, W, order.index(seat) if seat in cands else None, figure)


def probability_of(figures: list[int], W: list[list[float]], i: int | None, figure: int) -> float:
    """:func:`weighted_probability` from the table :func:`_weights` gives (``one = 1.0``), for the
    opponent of row ``i`` (None: not an opponent, 0.0 once the table is known to fit)."""
    k = len(W)
    full = (1 << k) - 1
    sweep_row, cols = _compiled("sweep_row", k), list(zip(*W))
    start = (1.0,) + (0.0,) * full
    # the suffix sweep (figures from the last), its row after the figure kept on the way to the total
    j = figures.index(figure) if figure in figures else -1
    if j >= 0:
        after = sweep_row(cols[:j:-1], start)  # figures after j, from the last
        total = sweep_row(cols[j::-1], after)[full]
    else:
        total = sweep_row(cols[::-1], start)[full]
    if total <= 0:
        raise ValueError("no assignment of figures to opponents fits what was seen")
    if i is None or j < 0:
        return 0.0
    w = W[i][j]
    if not w:
        return 0.0
    before = sweep_row(cols[:j], start)
    rest = full ^ (1 << i)
    ways = None
    for m in range(full + 1):
        if m & rest == m:  # every subset of the other opponents, increasing, summed from the first
            term = before[m] * after[rest ^ m]
            ways = term if ways is None else ways + term
    ways *= w
    return ways / total if ways > 0 else 0.0


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

"""Big Brother odds: where two dice take a pawn, exactly.

What it teaches: the sum of two dice is not uniform (7 is six times as likely as 2),
and a turn is an *absorbing Markov chain* on the track. A turn goes on until the pawn
lands on a confrontation space (absorbing); rooms, gossip and camera spaces let it roll
again (transient). From any space, the probability of landing on each space at least
once during the rest of the turn is exact, from the chain's fundamental matrix
``N = (I - Q)^-1`` solved in :class:`~fractions.Fraction` arithmetic (no floating point):

* for a transient space ``j``, starting (before a roll) from ``y``: the chance of ever
  being on ``j`` is ``N[y][j] / N[j][j]`` (the expected visits from ``y`` over the
  expected visits once there);
* for a confrontation space ``j``: the chance the turn ends there is ``(N R)[y][j]``.

One roll from the pawn's current space ``x`` then gives
``P(land on j this turn | x) = sum_s P(s) * (g(y, j) if y is transient else [y == j])``,
``y = (x + s) mod L``, ``g`` the two chances above.

``landing_odds(track, x)`` gives that list; :func:`end_odds` the distribution of the
space where the turn ends (it sums to 1); :func:`expected_rolls` the expected number of
rolls left in the turn; :func:`simulate_landing` the same by seeded simulation (the
tests and the lesson compare them). A *track* here is a list of space kinds (or space
dicts with a ``"kind"``): only ``"confrontation"`` matters to the chain.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache

from ..progress import a_seed, checks, count, items, kind, number, whole

#: P(sum of two fair dice = s), s = 2..12
SUM_ODDS: dict[int, Fraction] = {s: Fraction(6 - abs(s - 7), 36) for s in range(2, 13)}
CONFRONTATION = "confrontation"


def two_dice() -> dict[int, Fraction]:
    """The sum of two dice: ``{2: 1/36, 3: 2/36, ..., 7: 6/36, ..., 12: 1/36}``."""
    return dict(SUM_ODDS)


def two_dice_brute() -> dict[int, Fraction]:
    """The same distribution by listing the 36 equally likely ordered pairs."""
    out: dict[int, Fraction] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            out[a + b] = out.get(a + b, Fraction(0)) + Fraction(1, 36)
    return out


#: a board's spaces, as the content's ``DEFAULT_TRACK`` lists them (checked at each public entry)
TRACK = items(
    "a list of spaces (like content.DEFAULT_TRACK)",
    kind(lambda v: isinstance(v, (dict, str)), "a space: a dict with its kind, or a kind's name"),
    least=1,
)
POSITION = whole(0)


def _kinds(track: Iterable) -> tuple[bool, ...]:
    """``True`` for each absorbing (confrontation) space."""
    out = []
    for space in track:
        kind = space.get("kind") if isinstance(space, dict) else space
        out.append(kind == CONFRONTATION)
    if not out:
        raise ValueError("track must be a list of spaces, got no space")
    if not any(out):
        raise ValueError("track must have at least one confrontation space, or a turn never ends")
    return tuple(out)


def _invert(m: list[list[Fraction]]) -> list[list[Fraction]]:
    """The exact inverse of a square Fraction matrix (Gauss-Jordan, exact pivots)."""
    n = len(m)
    a = [row[:] + [Fraction(int(i == j)) for j in range(n)] for i, row in enumerate(m)]
    for col in range(n):
        pivot = next((r for r in range(col, n) if a[r][col] != 0), None)
        if pivot is None:
            raise ValueError("singular matrix: some space never leads to a confrontation")
        a[col], a[pivot] = a[pivot], a[col]
        p = a[col][col]
        row = a[col] = [v / p for v in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], row)]
    return [row[n:] for row in a]


@lru_cache(maxsize=64)
def _chain(absorbing: tuple[bool, ...]) -> tuple:
    """``(transient spaces, their index, g, N)``: ``g[y][j]`` the chance of ever standing on
    ``j`` from transient ``y`` (time 0 included), for every space ``j``."""
    n = len(absorbing)
    transient = [i for i in range(n) if not absorbing[i]]
    index = {s: k for k, s in enumerate(transient)}
    t = len(transient)
    # I - Q over the transient spaces
    m = [[Fraction(int(a == b)) for b in range(t)] for a in range(t)]
    for a, x in enumerate(transient):
        for s, p in SUM_ODDS.items():
            y = (x + s) % n
            if y in index:
                m[a][index[y]] -= p
    big_n = _invert(m) if t else []
    g: dict[int, list[Fraction]] = {}
    for a, y in enumerate(transient):
        row = [Fraction(0)] * n
        for j in range(n):
            if j in index:
                b = index[j]
                row[j] = big_n[a][b] / big_n[b][b]
            else:  # absorption in j: sum over transient k of N[y][k] * R[k][j]
                total = Fraction(0)
                for k, x in enumerate(transient):
                    nk = big_n[a][k]
                    if nk:
                        for s, p in SUM_ODDS.items():
                            if (x + s) % n == j:
                                total += nk * p
                row[j] = total
        g[y] = row
    return tuple(transient), index, g, big_n


@checks(track=TRACK, position=POSITION)
def landing_odds(track: Sequence, position: int) -> list[Fraction]:
    """For each space of ``track``, the exact probability that a pawn about to roll on
    ``position`` lands on it at least once during the rest of this turn (the turn ends on
    the first confrontation space it lands on)."""
    return list(_landing(_kinds(track), position))


def _space(absorbing: tuple[bool, ...], position: int) -> int:
    """``position``, checked to be a space of the board."""
    n = len(absorbing)
    if not 0 <= position < n:
        raise ValueError(f"position must be a space 0..{n - 1}, got {position!r}")
    return position


def _landing(absorbing: tuple[bool, ...], position: int) -> tuple[Fraction, ...]:
    return _landing_table(absorbing)[_space(absorbing, position)]


@lru_cache(maxsize=64)
def _landing_table(absorbing: tuple[bool, ...]) -> tuple[tuple[Fraction, ...], ...]:
    """The landing odds from every space of a board, computed together once per board
    (beside its chain): one space's exact sums took a few ms, and a click that moved a
    pawn to a space not asked before paid them inside its round trip."""
    n = len(absorbing)
    _, _, g, _ = _chain(absorbing)
    table = []
    for position in range(n):
        out = [Fraction(0)] * n
        for s, p in SUM_ODDS.items():
            y = (position + s) % n
            if absorbing[y]:
                out[y] += p
            else:
                row = g[y]
                for j in range(n):
                    if row[j]:
                        out[j] += p * row[j]
        table.append(tuple(out))
    return tuple(table)


@lru_cache(maxsize=64)
def _landing_shown(absorbing: tuple[bool, ...]) -> tuple[tuple[float, ...], ...]:
    """:func:`_landing_table` rounded to 4 places, as a seat's view shows it."""
    return tuple(tuple(round(float(p), 4) for p in row) for row in _landing_table(absorbing))


def landing_shown(absorbing: tuple[bool, ...], position: int) -> list[float]:
    """The landing odds from ``position`` as the view shows them (floats to 4 places),
    a new list each call (a view shares nothing)."""
    return list(_landing_shown(absorbing)[_space(absorbing, position)])


@checks(track=TRACK, position=POSITION)
def end_odds(track: Sequence, position: int) -> list[Fraction]:
    """The distribution of the confrontation space where this turn ends (0 for the other
    spaces; it sums to 1)."""
    absorbing = _kinds(track)
    land = _landing(absorbing, position)
    return [p if absorbing[j] else Fraction(0) for j, p in enumerate(land)]


@checks(track=TRACK, position=POSITION)
def expected_rolls(track: Sequence, position: int) -> Fraction:
    """The expected number of rolls left in a turn from ``position``: one roll, plus the
    expected visits to transient spaces after it (each visit is one more roll), from the
    fundamental matrix."""
    absorbing = _kinds(track)
    return _expected_table(absorbing)[_space(absorbing, position)]


@lru_cache(maxsize=64)
def _expected_table(absorbing: tuple[bool, ...]) -> tuple[Fraction, ...]:
    """:func:`expected_rolls` from every space, computed together once per board."""
    n = len(absorbing)
    _, index, _, big_n = _chain(absorbing)
    visits = {y: sum(big_n[index[y]], Fraction(0)) for y in range(n) if not absorbing[y]}
    table = []
    for position in range(n):
        total = Fraction(1)
        for s, p in SUM_ODDS.items():
            y = (position + s) % n
            if not absorbing[y]:
                total += p * visits[y]
        table.append(total)
    return tuple(table)


@checks(track=TRACK, position=POSITION, turns=count(), seed=a_seed)
def simulate_landing(track: Sequence, position: int, turns: int, seed: int = 0) -> list[float]:
    """The same as :func:`landing_odds` by simulation: the share of ``turns`` seeded
    turns (two fair dice) in which the pawn landed on each space."""
    absorbing = _kinds(track)
    n = len(absorbing)
    rng = random.Random(seed)
    hits = [0] * n
    for _ in range(turns):
        x = position
        seen = set()
        while True:
            x = (x + rng.randint(1, 6) + rng.randint(1, 6)) % n
            seen.add(x)
            if absorbing[x]:
                break
        for j in seen:
            hits[j] += 1
    return [h / turns for h in hits]


@checks(track=TRACK, position=POSITION)
def odds_strings(track: Sequence, position: int) -> list[str]:
    """:func:`landing_odds` as ``"a/b"`` strings (``"0"`` and ``"1"`` as such), for a view."""
    return [str(p) for p in landing_odds(track, position)]


# ================================================================ counting chances over many tries
@checks(n=whole(0, 100_000), p=number(0, 1))
def binomial(n: int, p: Fraction) -> list[Fraction]:
    """The exact binomial distribution: ``P(k successes in n tries)`` for ``k = 0..n``,
    each try a success with chance ``p`` (a :class:`~fractions.Fraction` for exact
    answers; a float gives floats)."""
    from math import comb

    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


@checks(helped=whole(0, 100_000), hurt=whole(0, 100_000))
def sign_test(helped: int, hurt: int) -> Fraction:
    """The exact two-sided sign test of paired runs: ``helped`` pairs went one way,
    ``hurt`` the other (ties left out). If the change did nothing, each untied pair
    would go either way with chance 1/2; the p-value is the chance of a split at
    least this lopsided, in either direction (capped at 1)."""
    n = helped + hurt
    if n == 0:
        return Fraction(1)
    low = min(helped, hurt)
    dist = binomial(n, Fraction(1, 2))
    return min(Fraction(1), 2 * sum(dist[: low + 1], Fraction(0)))

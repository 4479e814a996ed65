"""Who will end with the highest total? Odds for The Brady Bunch Party Game, from one seat's view.

The model (``knowledge.py``): cards the viewer has seen are fixed; every other
card is a draw without replacement from the cards the viewer cannot place; an
unknown Cookie sign is + or - with probability 1/2; a kid viewer plays its own
future cards at random from its hand. The highest total makes the Troublemaker,
and a tie makes every tied kid a Troublemaker, so each tied kid counts: the odds
sum to 1 or more.

* :func:`highest_odds`: Monte Carlo, all samples drawn at once in numpy, seeded
  (the lessons; numpy is imported by ``fast.py`` when it is called, never on import).
* :func:`sampled_odds`: the same estimate in pure Python, fewer samples one by one,
  seeded, with its standard error: the panel (the play path runs in
  browser kernels where numpy has no build).
* :func:`independent_odds`: closed form, every unseen card an independent draw from
  the pool (no sampling, a fraction of a millisecond): Alice's bot accuses with it.
* :func:`exact_highest_odds`: exact ``Fraction`` answers by a dynamic programme
  over the kids (small decks, via ``counts``, or positions with few unseen cards).
* :func:`panel`: exact or :func:`sampled_odds`, as rounded floats, for the widget's
  "Alice's notebook".

Claims: ``trust=None`` ignores them. With a trust ``t`` (one number, or
``{speaker: t}``) every claim about an unseen card is evidence with likelihood
``t`` if it names the card's value and ``(1 - t) / 5`` if it does not, and each
hidden world is weighted by the product of its likelihoods (Bayes' rule: the
posterior is prior times likelihood, normalised). Moving ``t`` moves the odds.

What it teaches: the sum of cards drawn without replacement, ties, and how the
weight of a claim depends on how much you trust the speaker.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Mapping
from fractions import Fraction
from itertools import accumulate
from math import comb, sqrt
from typing import Any

from ..progress import a_seed, checks, count, kind, mapping, number, optional, view_of, whole
from .knowledge import DEFAULT_TRUST, Position, position

#: the arguments the lessons hand to the odds below (checked once at each entry, in the game's words)
VIEW = view_of("brady_bunch", "a Brady Bunch view (game.view(seat))")


def _trust(name: str, value: Any) -> None:
    """None (claims ignored), a trust from 0 to 1, or ``{speaker: trust}``."""
    if value is None:
        return
    if isinstance(value, dict):
        mapping("None, a number from 0 to 1 or a dict {speaker: trust}", values=number(0, 1))(name, value)
    else:
        kind(lambda v: not isinstance(v, (str, list, tuple)), "None, a number from 0 to 1 or a dict {speaker: trust}")(
            name, value
        )
        number(0, 1)(name, value)


TRUST = _trust
COUNTS = optional(mapping("a deck, {value: copies}", values=whole(0), each_key=whole(1, 6)))

#: The lessons' :func:`highest_odds` (numpy, all samples at once).
DEFAULT_SAMPLES = 20000
#: The panel's pure-Python estimate (:func:`sampled_odds`): a standard
#: error of at most 0.5 / sqrt(2000) = 0.011 without claims (the panel states its own).
PANEL_SAMPLES = 2000
#: Claims whose likelihoods vary less than this (the product of highest over lowest) weigh
#: the plainly dealt worlds instead of tilting the draws (see :func:`_python_sample`).
WEIGH_SPREAD = 2.0
#: The only view keys the odds read (a widget keys its cache on them; a test checks
#: that the panel of these keys alone is the panel of the whole view).
VIEW_KEYS = (
    "viewer",
    "role",
    "me",
    "round",
    "rounds",
    "kids",
    "exposed",
    "hand",
    "my_cards",
    "my_sign",
    "over",
    "peeks",
    "talk",
)
#: what the panel and the play-side odds take: a view, or its ``VIEW_KEYS`` alone (the widget's cache key)
ODDS_VIEW = kind(
    lambda v: isinstance(v, Mapping) and (v.get("game") == "brady_bunch" or all(k in v for k in VIEW_KEYS)),
    "a Brady Bunch view (game.view(seat))",
)
#: The panel takes the exact path when :func:`exact_cost` is at most this (a few ms).
EXACT_BUDGET = 2000


# --------------------------------------------------------------------------- exact
def _multisets(slots: list[dict | None], values: list[int], one) -> dict[tuple, Any]:
    """``{counts tuple: weight}``: over every ordered filling of ``slots`` with
    ``values``, grouped by multiset, the sum of the products of the slots'
    likelihoods (``None`` = 1). Unweighted, the weight of a multiset is its
    number of orderings."""
    out: dict[tuple, Any] = {tuple(0 for _ in values): one}
    for lik in slots:
        nxt: dict[tuple, Any] = {}
        for m, w in out.items():
            for i, v in enumerate(values):
                f = one if lik is None else lik[v]
                if not f:
                    continue
                key = m[:i] + (m[i] + 1,) + m[i + 1 :]
                nxt[key] = nxt.get(key, 0) + w * f
        out = nxt
    return out


def _entries(pos: Position, kid: str, values: list[int], exact: bool) -> list[tuple[tuple, int, int, Any]]:
    """The kid's possible futures: ``(multiset drawn from the pool, its size, total, weight)``."""
    one = Fraction(1) if exact else 1.0
    parts = []  # (probability, fixed points, slots drawn from the pool)
    if kid == pos.me:
        for p, idx, j in pos.future:
            parts.append((p if exact else float(p), pos.fixed[kid] + sum(pos.hand[i] for i in idx), [None] * j))
    else:
        parts.append((one, pos.fixed[kid], [pos.likelihood.get(s) for s in pos.unknown_of(kid)]))
    out: dict[tuple, Any] = {}
    for p, base, slots in parts:
        for m, g in _multisets(slots, values, one).items():
            drawn = sum(c * v for c, v in zip(m, values))
            for q, pts in pos.sign_options(kid, exact):
                key = (m, len(slots), base + drawn + pts)
                out[key] = out.get(key, 0) + p * g * q
    return [(m, u, total, w) for (m, u, total), w in out.items() if w]


def exact_cost(pos: Position) -> int:
    """An upper bound on the steps of :func:`_exact` (state x kid future), computed
    without running it: the states before a kid are at most the product of the
    earlier kids' futures, and at most (multisets taken from the pool) x (31
    possible highest totals)."""
    V = len(pos.pool)
    cost, paths, used = 0, 1, 0
    for kid in pos.kids:
        signs = len(pos.sign_options(kid))
        if kid == pos.me:
            futures = sum(comb(j + V - 1, V - 1) for _, _, j in pos.future) * signs
            grow = max((j for _, _, j in pos.future), default=0)
        else:
            grow = len(pos.unknown_of(kid))
            futures = comb(grow + V - 1, V - 1) * signs
        states = min(paths, comb(used + V - 1, V - 1) * 31)
        cost += states * futures
        paths *= futures
        used += grow
    return cost


def _exact(pos: Position, exact: bool = True) -> dict[str, Any]:
    """P(each kid has the highest total) by a dynamic programme over the kids.

    State after some kids: (cards of each value taken from the pool, highest
    total so far) -> (weight, per kid: weight of the worlds where that kid is at
    the highest total so far). A kid's multiset ``m`` of ``u`` pool cards, with
    ``rem`` cards left of each value out of ``R``, has probability
    ``prod_v rem_v^(m_v falling) / R^(u falling)`` per ordering."""
    values = sorted(pos.pool)
    cap = [pos.pool[v] for v in values]
    n_total = sum(cap)
    K = len(pos.kids)
    zero = Fraction(0) if exact else 0.0
    one = Fraction(1) if exact else 1.0

    def falling(n: int, k: int):
        out = one
        for i in range(k):
            out *= n - i
        return out

    entries = [_entries(pos, kid, values, exact) for kid in pos.kids]
    states: dict[tuple, list] = {(tuple(0 for _ in values), None): [one, [zero] * K]}
    for i, ents in enumerate(entries):
        nxt: dict[tuple, list] = {}
        for (used, top), (W, V) in states.items():
            left = n_total - sum(used)
            for m, u, total, w in ents:
                f = w
                new_used = used
                if u:
                    f = f / falling(left, u)
                    for a in range(len(values)):
                        if m[a]:
                            rem = cap[a] - used[a]
                            if rem < m[a]:
                                f = zero
                                break
                            f *= falling(rem, m[a])
                    if not f:
                        continue
                    new_used = tuple(a + b for a, b in zip(used, m))
                Wf = W * f
                if top is None or total > top:  # a new leader: nobody else is at the top
                    key, nv = (new_used, total), [zero] * K
                    nv[i] = Wf
                else:
                    key, nv = (new_used, top), [x * f for x in V]
                    if total == top:  # a tie: both count
                        nv[i] += Wf
                slot = nxt.get(key)
                if slot is None:
                    nxt[key] = [Wf, nv]
                else:
                    slot[0] += Wf
                    slot[1] = [a + b for a, b in zip(slot[1], nv)]
        states = nxt
    Z = sum((W for W, _ in states.values()), zero)
    if not Z:
        raise ValueError("no hidden world fits the view: the claims cannot all be true at this trust")
    sums = [sum((V[i] for _, V in states.values()), zero) for i in range(K)]
    return {kid: s / Z for kid, s in zip(pos.kids, sums)}


@checks(view=VIEW, trust=TRUST, counts=COUNTS)
def exact_highest_odds(view: dict, trust: Any = None, counts: dict | None = None) -> dict[str, Fraction]:
    """``{kid: Fraction}``: the exact chance each kid ends with the highest total (ties count for all).

    Enumerates the possible multisets of unseen cards kid by kid (a dynamic
    programme over the cards taken from the pool), so it is exact but only fast
    when few cards are unseen or the deck is small: ``counts`` (``{value:
    copies}``, values 1..6) replaces the 48-card deck, e.g. ``{1: 2, 5: 2, 6: 2}``.
    A float trust is read as written (0.7 is 7/10)."""
    return _exact(position(view, trust, counts, exact=True), exact=True)


# --------------------------------------------------------------------------- sampled
def _flat(table: dict) -> bool:
    """Whether a claim table gives every value the same likelihood (a speaker trusted at
    1/6): a constant factor in every world, no evidence, so the sampler leaves it out and
    the trusted odds are the plain ones, draw for draw."""
    top = max(table.values())
    return top > 0 and top - min(table.values()) <= 1e-12 * top


def _sample_plan(pos: Position, tilt: bool) -> dict:
    """What every sample of :func:`_python_sample` repeats, worked out once."""
    values = [v for v in sorted(pos.pool) if pos.pool[v] > 0]
    cap = [pos.pool[v] for v in values]
    slots = list(pos.unknown) + [(None, d) for d in range(pos.draws)]
    claimed = [k for k, s in enumerate(slots) if s in pos.likelihood and not _flat(pos.likelihood[s])] if tilt else []
    # claims that barely move the odds (the product of their likelihood ratios, highest over
    # lowest, at most WEIGH_SPREAD) weigh plainly dealt worlds: the draws of the plain
    # odds, so the trusted odds move smoothly away from them as the trust leaves 1/6
    spread = 1.0
    for k in claimed:
        liks = [float(pos.likelihood[slots[k]][v]) for v in values]
        spread = spread * max(liks) / min(liks) if min(liks) > 0 else float("inf")
    weigh = []
    if claimed and spread <= WEIGH_SPREAD:
        weigh, claimed = claimed, []
    taken = set(claimed)
    rest = [k for k in range(len(slots)) if k not in taken]
    row = {kid: i for i, kid in enumerate(pos.kids)}
    # the unclaimed slots are kid by kid (pos.unknown is), the viewer's draws last: one
    # slice of the shuffled deck per kid
    ranges = [(0, 0)] * len(pos.kids)  # per kid: its slice of the shuffled deck (empty: none)
    i = 0
    while i < len(rest):
        kid, j = slots[rest[i]][0], i
        while j < len(rest) and slots[rest[j]][0] == kid:
            j += 1
        if kid is not None:
            ranges[row[kid]] = (i, j)
        i = j
    base = [pos.fixed[kid] for kid in pos.kids]
    signs = []
    for kid in pos.kids:
        opts = pos.sign_options(kid)
        if len(opts) == 2:
            signs.append((row[kid], opts[0][1], opts[1][1]))
        else:
            base[row[kid]] += opts[0][1]
    lik = []  # per claimed card: its kid's row and the proposal's cumulative weights
    for k in claimed:
        cum, acc = [], 0.0
        for a, v in enumerate(values):
            acc += cap[a] * float(pos.likelihood[slots[k]][v])
            cum.append(acc)
        if acc <= 0:
            raise ValueError("no hidden world fits the view: the claims cannot all be true at this trust")
        top = max(a for a in range(len(values)) if cum[a] > (cum[a - 1] if a else 0.0))
        lik.append((row[slots[k][0]], cum, acc, top))
    at = {k: i for i, k in enumerate(rest)}
    weighed = []  # per weighed claim: its card's place in the shuffled deck, likelihood by value
    for k in weigh:
        table = [0.0] * (max(values) + 1)
        for v in values:
            table[v] = float(pos.likelihood[slots[k]][v])
        weighed.append((at[k], table))
    future = None
    if pos.me is not None:
        cum, acc = [], 0.0
        for p, _, _ in pos.future:
            acc += float(p)
            cum.append(acc)
        future = (
            row[pos.me],
            cum,
            [sum(pos.hand[i] for i in idx) for _, idx, _ in pos.future],
            [j for _, _, j in pos.future],
            len(rest) - pos.draws,  # the viewer's draws: the last unclaimed slots
        )
    return {
        "values": values,
        "cap": cap,
        "n": sum(cap),
        "drawn": len(rest),
        "kids": [(f, a, b) for f, (a, b) in zip(base, ranges)],
        "signs": signs,
        "lik": lik,
        "weighed": weighed,
        "future": future,
    }


def _python_sample(pos: Position, samples: int, seed: int, tilt: bool) -> tuple[list[float], list[float], float]:
    """``(P(each kid at the highest total), their standard errors, effective sample size)``
    from ``samples`` hidden worlds drawn one by one in pure Python (no numpy: the play path
    runs in browser kernels without it), seeded by ``random.Random(seed)``.

    Each world is drawn as the numpy sampler draws it (``fast.view_totals``): with
    ``tilt``, the claimed cards first, each from a proposal tilted by its likelihoods
    (value v with probability proportional to copies(v) times likelihood(v)), with
    replacement, the importance weight ``prod_v copies_v^(n_v falling) / copies_v^n_v``
    correcting for that (exact importance sampling whose weights stay close to 1 however
    sharp the claims are); then a partial Fisher-Yates shuffle of the rest of the pool
    deals the other unseen cards, a fair coin each unknown Cookie sign, and a kid viewer's
    own future plays one of :func:`~.knowledge.my_future`'s outcomes. Claims that carry
    almost no evidence (a trust near 1/6: likelihood ratios within :data:`WEIGH_SPREAD`)
    are not tilted for: the worlds are dealt as without claims, the same draws as the
    plain odds, and weighted by the claims' likelihoods. One stream
    (``random.Random(seed)``), world after world: the same numbers in CPython and Pyodide.
    Ties at the top count for every tied kid. The standard errors are those of a
    (weighted) mean of 0/1 outcomes: the panel states the largest as its error."""
    plan = _sample_plan(pos, tilt)
    values, cap, n, drawn = plan["values"], plan["cap"], plan["n"], plan["drawn"]
    kids, signs, lik, future = plan["kids"], plan["signs"], plan["lik"], plan["future"]
    weighed = plan["weighed"]
    weighted = bool(lik or weighed)
    K = len(kids)
    rnd = random.Random(seed).random
    deck0 = [v for v, c in zip(values, cap) for _ in range(c)]
    hits = [0.0] * K
    hits2 = [0.0] * K  # sums of squared weights where the kid is at the top (weighted only)
    tw = tw2 = 0.0
    m = n - len(lik)  # the cards left to shuffle
    spans = [(k, m - k) for k in range(drawn)]
    copies = [[v] * c for v, c in zip(values, cap)]
    for _ in range(samples):
        w = 1.0
        if lik:
            claimed = [0] * K
            rem = cap[:]
            for r, cum, z, hi in lik:
                a = bisect_right(cum, rnd() * z)  # value a with probability copies x likelihood / z
                if a > hi:  # rnd() * z rounded up to z: the last value the claims allow
                    a = hi
                if rem[a] <= 0:  # more copies claimed than the pool holds: an impossible world
                    w = 0.0
                    break
                w *= rem[a] / cap[a]  # drawn with replacement: the copies already taken correct it
                rem[a] -= 1
                claimed[r] += values[a]
            if w <= 0:
                continue
            deck = []
            for cs, c in zip(copies, rem):
                deck += cs[:c]
        else:
            deck = deck0[:]
        for k, span in spans:  # partial Fisher-Yates: position k swaps with a random one of k..m-1
            j = k + int(rnd() * span)
            deck[k], deck[j] = deck[j], deck[k]
        for i, table in weighed:
            w *= table[deck[i]]
        tot = [f + sum(deck[a:b]) for f, a, b in kids]
        if lik:
            tot = [t + c for t, c in zip(tot, claimed)]
        for r, plus, minus in signs:
            tot[r] += plus if rnd() < 0.5 else minus
        if future is not None:
            r, cum_p, hand_sum, from_pool, start = future
            o = min(bisect_right(cum_p, rnd() * cum_p[-1]), len(cum_p) - 1)
            tot[r] += hand_sum[o] + sum(deck[start : start + from_pool[o]])
        top = max(tot)
        if weighted:
            tw += w
            w2 = w * w
            tw2 += w2
            if tot.count(top) == 1:
                i = tot.index(top)
                hits[i] += w
                hits2[i] += w2
            else:
                for i in range(K):
                    if tot[i] == top:
                        hits[i] += w
                        hits2[i] += w2
        elif tot.count(top) == 1:
            hits[tot.index(top)] += 1.0
        else:
            for i in range(K):
                if tot[i] == top:
                    hits[i] += 1.0
    if not weighted:
        p = [h / samples for h in hits]
        return p, [sqrt(x * (1 - x) / samples) for x in p], float(samples)
    if tw <= 0:
        raise ValueError("no hidden world fits the view: the claims cannot all be true at this trust")
    p = [h / tw for h in hits]
    se = [sqrt(max((1 - x) ** 2 * a + x * x * (tw2 - a), 0.0)) / tw for x, a in zip(p, hits2)]
    return p, se, tw * tw / tw2


@checks(view=ODDS_VIEW, trust=TRUST, counts=COUNTS)
def independent_odds(view: dict, trust: Any = None, counts: dict | None = None) -> dict[str, float]:
    """``{kid: float}``: the chance each kid ends with the highest total (ties count for
    all), computed in closed form under one simplification: every unseen card is an
    independent draw from the unseen pool (``copies(v) / unseen cards``), tilted by its
    claims (``copies(v) * likelihood(v)``, normalised), instead of a draw without
    replacement. Each kid's total is then an exact convolution of its cards (and its
    Cookie sign, and a kid viewer's own future plays), and
    ``P(kid i at the top) = sum_t P(T_i = t) * prod_{j != i} P(T_j <= t)``.

    Pure Python, no sampling, no seed: a few hundred float operations (Alice's bot
    accuses with it). What it leaves out is the pool's coupling (a 6 in one kid's hand
    is one 6 fewer for the others), a small effect with 8 copies of each value; the
    sampled and exact odds keep it (:func:`sampled_odds`, :func:`exact_highest_odds`).
    Raises ``ValueError`` when a claimed card has no value left that its claims allow."""
    return _independent_odds(view, trust, counts)


def _independent_odds(view: dict, trust: Any = None, counts: dict | None = None) -> dict[str, float]:
    """:func:`independent_odds` without its entry's checks of the arguments: Alice's bot
    calls it with a view and a trust dict of her own making, once a game (the checks,
    their specs and their error texts made ready, were a sixth of the call)."""
    pos = position(view, trust, counts)
    pool = {v: c for v, c in pos.pool.items() if c > 0}
    n = sum(pool.values())
    counts = sorted(pool.items())  # (value, copies left), every slot's the same
    # distributions are dense lists from an offset: (lowest total, [P(lowest), P(lowest + 1), ...]);
    # a card's is from the pool's lowest value (zeros where no copy is left)
    vlo = counts[0][0] if counts else 0
    width = counts[-1][0] - vlo + 1 if counts else 0

    def dense(pairs) -> list[float]:
        out = [0.0] * width
        for v, p in pairs:
            out[v - vlo] = p
        return out

    plain = dense((v, c / n) for v, c in counts) if n else []
    by_kid: dict[str, list] = {}
    for slot in pos.unknown:
        by_kid.setdefault(slot[0], []).append(slot)

    def draw(dist: tuple, q: list[float], qlo: int = vlo) -> tuple:
        lo, d = dist
        # a certain total (a kid's first unseen card, a known Cookie sign) only shifts the
        # other list: each out[k] would be 0.0 + 1.0 * x, which is x, so the list is shared
        # as it is (no list here is changed once made) instead of rebuilt term by term
        if len(d) == 1 and d[0] == 1.0:
            return lo + qlo, q
        if len(q) == 1 and q[0] == 1.0:
            return lo + qlo, d
        out = [0.0] * (len(d) + len(q) - 1)
        for i, p in enumerate(d):
            if p:
                k = i
                for pv in q:
                    out[k] += p * pv
                    k += 1
        return lo + qlo, out

    powers: dict[int, tuple] = {0: (0, [1.0])}  # plain drawn j times: the same for every kid

    def plain_power(j: int) -> tuple:
        got = powers.get(j)
        if got is None:
            got = powers[j] = draw(plain_power(j - 1), plain)
        return got

    claimed = {}
    likelihood = pos.likelihood
    every = width == len(counts)  # copies left of every value from the lowest to the highest
    for slot in pos.unknown:
        lik = likelihood.get(slot)
        if lik is not None:
            # position()'s tables hold floats (it is not asked for exact ones): no float() each
            raw = [c * lik[v] for v, c in counts]
            z = sum(raw)
            if z <= 0:
                raise ValueError("no hidden world fits the view: the claims cannot all be true at this trust")
            claimed[slot] = [w / z for w in raw] if every else dense((v, w / z) for (v, _), w in zip(counts, raw))
    dists = []
    for kid in pos.kids:
        dist: tuple = (pos.fixed[kid], [1.0])
        free = 0  # unseen cards without a claim: drawn from the plain pool at once
        for slot in by_kid.get(kid, ()):
            q = claimed.get(slot)
            if q is None:
                if not plain:
                    raise ValueError(f"{len(pos.unknown)} unseen cards cannot come from an empty pool")
                free += 1
            else:
                dist = draw(dist, q)
        if free:
            plo, pq = plain_power(free)
            dist = draw(dist, pq, plo)
        if kid == pos.me:
            mixed: dict[int, float] = {}
            lo, d = dist
            for p, idx, j in pos.future:
                plo, part = plain_power(j)
                base = sum(pos.hand[i] for i in idx) + plo
                pf = float(p)
                for t, pt in enumerate(part):
                    for u, pu in enumerate(d):
                        s = base + t + lo + u
                        mixed[s] = mixed.get(s, 0.0) + pf * pt * pu
            mlo = min(mixed)
            dense_mixed = [0.0] * (max(mixed) - mlo + 1)
            for s, p in mixed.items():
                dense_mixed[s - mlo] = p
            dist = (mlo, dense_mixed)
        opts = pos.sign_options(kid)
        if len(opts) > 1 or opts[0][1]:
            pts = [o[1] for o in opts]
            slo = min(pts)
            sq = [0.0] * (max(pts) - slo + 1)
            for q_s, pt in opts:
                sq[pt - slo] += float(q_s)
            dist = draw(dist, sq, slo)
        dists.append(dist)
    lo = min(d[0] for d in dists)
    hi = max(d[0] + len(d[1]) - 1 for d in dists)
    cdfs = []
    for dlo, d in dists:
        cdf = [0.0] * (dlo - lo)
        cdf += accumulate(d)  # running sums from the left, as acc += p would add them, in C
        cdf += [cdf[-1]] * (hi + 1 - lo - len(cdf))
        cdfs.append(cdf)
    out = {}
    for i, kid in enumerate(pos.kids):
        others = cdfs[:i] + cdfs[i + 1 :]
        dlo, d = dists[i]
        p = 0.0
        for k, pt in enumerate(d, dlo - lo):
            if pt:
                for cdf in others:
                    pt *= cdf[k]
                p += pt
        out[kid] = p
    return out


@checks(view=ODDS_VIEW, trust=TRUST, samples=count(), seed=a_seed, counts=COUNTS)
def sampled_odds_with_error(
    view: dict, trust: Any = None, samples: int = PANEL_SAMPLES, seed: int = 0, counts: dict | None = None
) -> dict[str, Any]:
    """The pure-Python estimate (:func:`_python_sample`) of :func:`highest_odds_with_error`:
    ``{"odds": {kid: p}, "se": {kid: standard error}, "ess": effective sample size}``.
    What the panel uses (no numpy); the lessons' :func:`highest_odds` draws
    many more samples at once in numpy (``fast.py``)."""
    samples = int(samples)  # checked at the entry (count()): a numpy int becomes an int
    pos = position(view, trust, counts)
    p, se, ess = _python_sample(pos, samples, seed, tilt=trust is not None)
    return {"odds": dict(zip(pos.kids, p)), "se": dict(zip(pos.kids, se)), "ess": ess}


@checks(view=ODDS_VIEW, trust=TRUST, samples=count(), seed=a_seed, counts=COUNTS)
def sampled_odds(
    view: dict, trust: Any = None, samples: int = PANEL_SAMPLES, seed: int = 0, counts: dict | None = None
) -> dict[str, float]:
    """``{kid: float}`` of :func:`sampled_odds_with_error` (pure Python, seeded)."""
    return sampled_odds_with_error(view, trust, samples, seed, counts)["odds"]


@checks(view=VIEW, trust=TRUST, samples=count(), seed=a_seed, counts=COUNTS)
def highest_odds_with_error(
    view: dict, trust: Any = None, samples: int = DEFAULT_SAMPLES, seed: int = 0, counts: dict | None = None
) -> dict[str, Any]:
    """:func:`highest_odds` with its uncertainty: ``{"odds": {kid: p}, "se": {kid: standard
    error}, "ess": effective sample size}`` (the ess is ``samples`` without claims; with
    claims it shows how much the importance weights cost)."""
    from ..optional import need

    need("numpy")  # the lessons' path, not play's: a missing numpy names the lessons extra
    from .fast import estimate_highest, view_totals

    samples = int(samples)  # checked at the entry (count()): a numpy int becomes an int
    pos = position(view, trust, counts)
    totals, weights = view_totals(pos, samples, seed, tilt=trust is not None)
    p, se, ess = estimate_highest(totals, weights)
    return {
        "odds": {kid: float(x) for kid, x in zip(pos.kids, p)},
        "se": {kid: float(x) for kid, x in zip(pos.kids, se)},
        "ess": ess,
    }


@checks(view=VIEW, trust=TRUST, samples=count(), seed=a_seed, counts=COUNTS)
def highest_odds(
    view: dict, trust: Any = None, samples: int = DEFAULT_SAMPLES, seed: int = 0, counts: dict | None = None
) -> dict[str, float]:
    """``{kid: float}``: the chance each kid on the board (the silent kid too) ends
    with the highest total, ties counting for every tied kid, estimated from
    ``samples`` hidden worlds consistent with the view (seeded: the same call gives
    the same numbers). ``trust``: ``None`` ignores claims; a number in [0, 1] or
    ``{speaker: number}`` weights each claim by how far its speaker is trusted.
    ``counts`` replaces the 48-card deck (lessons and tests)."""
    return highest_odds_with_error(view, trust, samples, seed, counts)["odds"]


# --------------------------------------------------------------------------- panel
def _json_trust(trust: Any):
    if trust is None:
        return None
    if isinstance(trust, dict):
        return {str(k): (None if t is None else float(t)) for k, t in trust.items()}
    return float(trust)


@checks(view=ODDS_VIEW, trust=TRUST, samples=count(), seed=a_seed, digits=whole(0, 17))
def panel(view: dict, trust: Any = DEFAULT_TRUST, samples: int = PANEL_SAMPLES, seed: int = 0, digits: int = 4) -> dict:
    """JSON-safe odds for the widget's "Alice's notebook" (any seat's view works).

    ``{"viewer", "method": "exact"|"sampled", "samples" (None when exact),
    "trust", "error" (largest standard error, 0 when exact), "warning" (None or
    why the trusted odds are missing), "kids": [{"kid", "p_highest",
    "p_highest_trust", "seen" (value or None per round), "known_total",
    "unknown_cards", "cookies", "sign", "claims"}]}``. The exact path is taken
    when it is cheap (few unseen cards), otherwise ``samples`` seeded samples of the
    pure-Python sampler (:func:`sampled_odds`; no numpy): the same view always gives
    the same panel."""
    samples = int(samples)  # checked at the entry (count()): a numpy int becomes an int
    pos = position(view, None)
    posT = position(view, trust) if trust is not None else None
    warning = None
    trusted = None
    if exact_cost(pos) <= EXACT_BUDGET:
        method, error = "exact", 0.0
        plain = _exact(pos, exact=False)
        if posT is not None:
            try:
                trusted = _exact(posT, exact=False) if posT.likelihood else dict(plain)
            except ValueError as e:
                warning = str(e)
    else:
        method = "sampled"
        p, se, _ = _python_sample(pos, samples, seed, tilt=False)
        plain = dict(zip(pos.kids, p))
        error = max(se, default=0.0)
        if posT is not None:
            if not posT.likelihood:
                trusted = dict(plain)
            else:
                try:
                    p, se, _ = _python_sample(posT, samples, seed, tilt=True)
                    trusted = dict(zip(posT.kids, p))
                    error = max(error, *se)
                except ValueError as e:
                    warning = str(e)
    claims: dict[str, int] = {}
    if posT is not None:
        for kid, _ in posT.likelihood:
            claims[kid] = claims.get(kid, 0) + 1
    kids = []
    for k in view["kids"]:
        kid = k["kid"]
        seen = [pos.known.get((kid, r)) for r in range(1, pos.rounds + 1)]
        kids.append(
            {
                "kid": kid,
                "p_highest": round(float(plain[kid]), digits),
                "p_highest_trust": None if trusted is None else round(float(trusted[kid]), digits),
                "seen": seen,
                "known_total": sum(v for v in seen if v is not None),
                "unknown_cards": sum(1 for v in seen if v is None),
                "cookies": pos.cookies.get(kid, 0),
                "sign": {1: "+", -1: "-", None: None}[pos.signs.get(kid)],
                "claims": claims.get(kid, 0),
            }
        )
    return {
        "viewer": view.get("me"),
        "method": method,
        "samples": samples if method == "sampled" else None,
        "trust": _json_trust(trust),
        "error": round(error, digits),
        "warning": warning,
        "kids": kids,
    }

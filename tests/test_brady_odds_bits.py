"""``odds.independent_odds`` gives the very floats of its plain formulation, bit for bit.

Alice's bot accuses with these floats (rounded to 9 digits, with ties broken by other
keys), so a cheaper way of computing them must keep every bit, not just be close: the
same products, the same sums in the same order. The reference below is the function as
first written, term by term in plain loops (``float()`` on every likelihood, a dense
list per card, each convolution entry summed in increasing index order, each kid's top
chance a product over the other kids in board order, summed over totals upwards). It
reads the view through ``knowledge.position`` (the model's input), nothing else of
``odds``. The positions: every third state of seeded games at 3 to 8 players, smart
bots and random ones, from two seats at a time in turn (Alice and each kid, whose own future plays are
part of the model), at several trusts.
"""

from __future__ import annotations

import random
import struct
from fractions import Fraction

import pytest

from brady_widgets.brady_bunch import odds
from brady_widgets.brady_bunch.bots import BradyBot, alice_trust
from brady_widgets.brady_bunch.knowledge import position
from brady_widgets.brady_bunch.rules import BradyBunch


def reference(view, trust=None, counts=None):
    """The plain formulation (see the module docstring)."""
    pos = position(view, trust, counts)
    pool = {v: c for v, c in pos.pool.items() if c > 0}
    n = sum(pool.values())
    values = sorted(pool.items())
    vlo = values[0][0] if values else 0
    width = values[-1][0] - vlo + 1 if values else 0

    def dense(pairs):
        out = [0.0] * width
        for v, p in pairs:
            out[v - vlo] = p
        return out

    def convolve(a, b):
        (alo, ad), (blo, bd) = a, b
        out = [0.0] * (len(ad) + len(bd) - 1)
        for i, p in enumerate(ad):
            if p:
                for j, q in enumerate(bd):
                    out[i + j] += p * q
        return alo + blo, out

    plain = (vlo, dense((v, c / n) for v, c in values)) if n else None

    def power(j):
        dist = (0, [1.0])
        for _ in range(j):
            dist = convolve(dist, plain)
        return dist

    claimed = {}
    for slot in pos.unknown:
        lik = pos.likelihood.get(slot)
        if lik is not None:
            raw = [(v, c * float(lik[v])) for v, c in values]
            z = sum(w for _, w in raw)
            if z <= 0:
                raise ValueError("no hidden world fits the view")
            claimed[slot] = (vlo, dense((v, w / z) for v, w in raw))
    dists = []
    for kid in pos.kids:
        dist = (pos.fixed[kid], [1.0])
        free = 0
        for slot in pos.unknown:
            if slot[0] != kid:
                continue
            if slot in claimed:
                dist = convolve(dist, claimed[slot])
            elif plain is None:
                raise ValueError("unseen cards cannot come from an empty pool")
            else:
                free += 1
        if free:
            dist = convolve(dist, power(free))
        if kid == pos.me:
            mixed = {}
            lo, d = dist
            for p, idx, j in pos.future:
                plo, part = power(j)
                base = sum(pos.hand[i] for i in idx) + plo
                for t, pt in enumerate(part):
                    for u, pu in enumerate(d):
                        s = base + t + lo + u
                        mixed[s] = mixed.get(s, 0.0) + float(p) * pt * pu
            mlo = min(mixed)
            d = [0.0] * (max(mixed) - mlo + 1)
            for s, p in mixed.items():
                d[s - mlo] = p
            dist = (mlo, d)
        opts = pos.sign_options(kid)
        if len(opts) > 1 or opts[0][1]:
            slo = min(pt for _, pt in opts)
            sq = [0.0] * (max(pt for _, pt in opts) - slo + 1)
            for q, pt in opts:
                sq[pt - slo] += float(q)
            dist = convolve(dist, (slo, sq))
        dists.append(dist)
    lo = min(dlo for dlo, _ in dists)
    hi = max(dlo + len(d) - 1 for dlo, d in dists)
    cdfs = []
    for dlo, d in dists:
        cdf, acc = [], 0.0
        for t in range(lo, hi + 1):
            if dlo <= t < dlo + len(d):
                acc += d[t - dlo]
            cdf.append(acc)
        cdfs.append(cdf)
    out = {}
    for i, kid in enumerate(pos.kids):
        dlo, d = dists[i]
        p = 0.0
        for u, pt in enumerate(d):
            if pt:
                for j, cdf in enumerate(cdfs):
                    if j != i:
                        pt *= cdf[dlo + u - lo]
                p += pt
        out[kid] = p
    return out


def bits(result):
    """A result as its exact bits (0.0 and -0.0 differ, as any two distinct floats do)."""
    return {k: struct.pack("<d", p).hex() for k, p in result.items()}


def outcome(fn, view, trust, counts=None):
    try:
        return bits(fn(view, trust, counts))
    except ValueError:
        return "ValueError"


def positions(players: int, seed: int, smart: bool, every: int = 3):
    """Every ``every``-th state of a seeded game, two seats' views at each (every seat in turn)."""
    g = BradyBunch(players, seed=seed)
    rng = random.Random(seed * 100 + players)
    bots = [BradyBot(s, seed) for s in range(players)]
    step = 0
    while True:
        if step % every == 0 or g.over:
            for seat in {step % players, (step // every) % players}:
                yield g.view(seat)
        if g.over:
            return
        s = g.to_act[0]
        legal = list(g.legal_actions(s))
        g.act(s, bots[s].choose(g.view(s), legal) if smart else rng.choice(legal))
        step += 1


@pytest.mark.parametrize("players", range(3, 9))
def test_independent_odds_are_the_plain_floats_bit_for_bit(players):
    checked = raised = 0
    # (the big tables' games are long and their calls dear: fewer of their states, ~2 s a size)
    every = 3 if players <= 6 else 8
    for seed, smart in ((players, True), (players + 20, False)):
        rng = random.Random(seed)
        for view in positions(players, seed, smart, every):
            some = {k["kid"]: rng.choice([0.15, 0.55, 0.85, 1.0]) for k in view["kids"] if rng.random() < 0.8}
            trusts = [None, 0.7, Fraction(7, 10), 1.0, some]
            if view["role"] == "alice":
                trusts.append(dict(alice_trust(view)))
            for trust in trusts:
                want = outcome(reference, view, trust)
                assert outcome(odds.independent_odds, view, trust) == want, (view, trust)
                assert outcome(odds._independent_odds, view, trust) == want, (view, trust)
                checked += 1
                raised += want == "ValueError"
        # a deck with a ninth 4 somewhere: a pool whose values do not all have the same copies
        assert outcome(odds.independent_odds, view, 0.7, {1: 8, 2: 8, 3: 8, 4: 9, 5: 8, 6: 8}) == outcome(
            reference, view, 0.7, {1: 8, 2: 8, 3: 8, 4: 9, 5: 8, 6: 8}
        )
    assert checked > 200 and raised < checked // 2, (checked, raised)


def test_a_pool_with_a_value_gone_keeps_its_floats():
    """A small deck with no copy left of a middle value: the cards' lists keep a zero there."""
    view = BradyBunch(3, seed=1).view(0)
    for trust in (None, 0.7):
        got = odds.independent_odds(view, trust, {1: 4, 2: 3, 5: 4, 6: 4})
        assert bits(got) == bits(reference(view, trust, {1: 4, 2: 3, 5: 4, 6: 4}))

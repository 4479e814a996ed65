"""The lesson helpers of ``brady_bunch/fast.py``: exact sums against brute force, samples against exact.

``exact_total_distribution`` is checked against a brute force over every set of
physical cards and against the textbook mean and variance of a sum drawn without
replacement (the finite-population correction). ``sample_totals`` and
``random_games`` are checked against it with chi-square tests; p-values come
from the regularized incomplete gamma function written out below (no scipy).
Everything is seeded; ``ALPHA`` is the level at which a correct sampler would
fail by bad luck, and a deliberately wrong sampler (with replacement) must fall
far below ``REJECT``.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

from brady_widgets.brady_bunch.fast import exact_total_distribution, random_games, sample_totals

ALPHA = 1e-3
REJECT = 1e-6


def chi2_sf(x: float, k: int) -> float:
    """P(chi-square with k degrees of freedom > x): Q(k/2, x/2), series or continued fraction."""
    a, x = k / 2, x / 2
    if x <= 0:
        return 1.0
    lg = math.lgamma(a)
    if x < a + 1:  # series for P, then Q = 1 - P
        term = s = 1 / a
        n = a
        while term > s * 1e-15:
            n += 1
            term *= x / n
            s += term
        return max(0.0, 1 - s * math.exp(-x + a * math.log(x) - lg))
    b, c, d = x + 1 - a, 1e300, 1 / (x + 1 - a)  # Lentz continued fraction for Q
    h = d
    for i in range(1, 10000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1 / d if abs(d) > 1e-300 else 1e300
        c = b + an / c if abs(c) > 1e-300 else 1e300
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - lg) * h


def test_chi2_sf_known_values():
    assert chi2_sf(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-9)
    assert chi2_sf(18.307038053275146, 10) == pytest.approx(0.05, rel=1e-9)
    assert chi2_sf(2.0, 4) == pytest.approx(math.exp(-1) * 2, rel=1e-12)  # k=4: e^{-x/2}(1 + x/2)


def chi2_pvalue(samples: np.ndarray, exact: dict[int, Fraction]) -> float:
    """Goodness of fit of integer samples to an exact law (bins merged to expect >= 5)."""
    n = len(samples)
    values, counts = np.unique(samples, return_counts=True)
    observed = dict(zip(values.tolist(), counts.tolist()))
    if set(observed) - set(exact):
        return 0.0  # a total the exact law says is impossible
    bins, obs, exp = [], 0, 0.0
    for v, p in sorted(exact.items()):
        obs += observed.get(v, 0)
        exp += float(p) * n
        if exp >= 5:
            bins.append((obs, exp))
            obs, exp = 0, 0.0
    if bins and exp:
        o, e = bins.pop()
        bins.append((o + obs, e + exp))
    stat = sum((o - e) ** 2 / e for o, e in bins)
    return chi2_sf(stat, len(bins) - 1)


def brute(n_cards, counts, known=()):
    cards = [v for v, c in counts.items() for _ in range(c)]
    out: dict[int, Fraction] = {}
    combos = list(itertools.combinations(range(len(cards)), n_cards))
    for combo in combos:
        s = sum(known) + sum(cards[i] for i in combo)
        out[s] = out.get(s, 0) + Fraction(1, len(combos))
    return dict(sorted(out.items()))


@pytest.mark.parametrize(
    "n_cards, counts, known",
    [
        (3, {1: 2, 2: 1, 5: 2}, ()),
        (4, {1: 3, 3: 2, 4: 1, 6: 3}, (6,)),
        (2, {6: 4}, ()),
        (0, {2: 1}, (1, 2)),
        (5, {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}, ()),
    ],
)
def test_exact_matches_brute_force(n_cards, counts, known):
    assert exact_total_distribution(n_cards, known, counts) == brute(n_cards, counts, known)


def test_exact_full_deck_moments():
    """Mean n * 3.5 and variance n * 35/12 * (N - n)/(N - 1): the finite-population correction."""
    for n, known in ((1, ()), (4, ()), (3, (6,)), (2, (1, 1, 6))):
        d = exact_total_distribution(n, known)
        N = 48 - len(known)
        pool = [v for v in range(1, 7) for _ in range(8)]
        for v in known:
            pool.remove(v)
        mu = Fraction(sum(pool), N)
        var = Fraction(sum(v * v for v in pool), N) - mu**2
        assert sum(d.values()) == 1
        mean = sum(t * p for t, p in d.items())
        assert mean == sum(known) + n * mu
        assert sum((t - mean) ** 2 * p for t, p in d.items()) == n * var * Fraction(N - n, N - 1)
    assert exact_total_distribution(1) == {v: Fraction(1, 6) for v in range(1, 7)}


@pytest.mark.parametrize(
    "n_cards, known, counts", [(4, (), None), (3, (6,), None), (2, (5, 6, 6), None), (3, (), {1: 2, 2: 1, 5: 2, 6: 3})]
)
def test_samples_fit_the_exact_law(n_cards, known, counts):
    s = sample_totals(n_cards, known, counts, samples=40000, seed=7)
    assert s.shape == (40000,)
    assert chi2_pvalue(s, exact_total_distribution(n_cards, known, counts)) > ALPHA
    assert np.array_equal(s, sample_totals(n_cards, known, counts, samples=40000, seed=7))


def test_chi_square_rejects_drawing_with_replacement():
    """A sampler that puts cards back fails the same test: the test has teeth."""
    rng = np.random.default_rng(0)
    counts = {1: 3, 6: 3}
    wrong = rng.choice([1, 1, 1, 6, 6, 6], size=(40000, 4)).sum(axis=1)
    assert chi2_pvalue(wrong, exact_total_distribution(4, (), counts)) < REJECT
    rng = np.random.default_rng(1)
    deck = np.repeat(np.arange(1, 7), 8)
    wrong = rng.choice(deck, size=(200000, 4)).sum(axis=1)  # the full deck: only the variance differs (-6%)
    assert chi2_pvalue(wrong, exact_total_distribution(4)) < REJECT
    right = sample_totals(4, samples=200000, seed=1)
    assert chi2_pvalue(right, exact_total_distribution(4)) > ALPHA


def test_random_games():
    out = random_games(8, 20000, seed=3)
    totals, top = out["totals"], out["top"]
    assert totals.shape == (20000, 7) and top.shape == (20000,)
    assert chi2_pvalue(totals[:, 0], exact_total_distribution(4)) > ALPHA
    assert chi2_pvalue(totals[:, 6], exact_total_distribution(4)) > ALPHA
    assert (top >= 1).all() and (top == (totals == totals.max(axis=1, keepdims=True)).sum(axis=1)).all()
    # one deck per game: the kids' totals are negatively correlated (-1/47 for single cards)
    corr = np.corrcoef(totals[:, 0], totals[:, 1])[0, 1]
    assert -0.1 < corr < 0
    three = random_games(3, 100, seed=1)
    assert three["totals"].shape == (100, 3)  # two kids and the silent kid
    assert np.array_equal(random_games(5, 50, seed=9)["totals"], random_games(5, 50, seed=9)["totals"])
    with pytest.raises(ValueError):
        random_games(2, 10)


def test_bad_arguments():
    with pytest.raises(ValueError):
        exact_total_distribution(5, (), {1: 2, 2: 2})
    with pytest.raises(ValueError):
        sample_totals(-1)
    with pytest.raises(ValueError):
        exact_total_distribution(1, (6,) * 9)

"""The vectorized numpy playouts agree with the reference engine, statistically.

``fast.random_games`` does not replay the engine's random numbers, so the check
is distributional: for 2, 4 and 8 players, 2,000 reference games (the engine
driven by ``RandomBot``'s policy: uniform over ``legal_actions``) against 10,000
fast games, with

* winner by seat: chi-square test of homogeneity,
* length in actions, number of kills, number of draws: chi-square tests of
  homogeneity on the binned counts, and a two-sample Kolmogorov-Smirnov test
  on the lengths.

Everything is seeded, so the outcome is fixed; ``ALPHA`` is the level at which a
correct implementation would fail one comparison by bad luck. To show the tests
have teeth, deliberately wrong variants of the fast path (black on one face of
six instead of two; drawing allowed past three face-up cards, i.e. the
must-kill rule gone) must be rejected with p-values far below ``ALPHA``.

The p-values are computed here (no scipy in the test dependencies): the
chi-square survival function through the regularized incomplete gamma function,
and the asymptotic Kolmogorov distribution for KS.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from brady_widgets.costume_party.bots import RandomBot
from brady_widgets.costume_party.fast import FIELDS, random_games
from brady_widgets.costume_party.rules import CostumeParty

N_REF = 2000
N_FAST = 10000
ALPHA = 1e-3
REJECT = 1e-6


# ------------------------------------------------------------------ statistics
def _gamma_q(a: float, x: float) -> float:
    """Regularized upper incomplete gamma Q(a, x)."""
    if x <= 0:
        return 1.0
    lg = math.lgamma(a)
    if x < a + 1:  # series for P(a, x)
        term = total = 1.0 / a
        ap = a
        for _ in range(10_000):
            ap += 1
            term *= x / ap
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-x + a * math.log(x) - lg))
    # continued fraction for Q(a, x) (modified Lentz)
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(-x + a * math.log(x) - lg) * h


def chi2_sf(x: float, df: int) -> float:
    return _gamma_q(df / 2, x / 2)


def chi2_homogeneity(a: np.ndarray, b: np.ndarray) -> float:
    """p-value that two samples of small non-negative integers come from one
    distribution (2 x K table; tail bins merged until every expected count >= 5)."""
    a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
    top = int(max(a.max(), b.max())) + 1
    ca, cb = np.bincount(a, minlength=top).astype(float), np.bincount(b, minlength=top).astype(float)
    na, nb = ca.sum(), cb.sum()
    # merge bins left to right until each has an expected count of at least 5 in both rows
    bins_a, bins_b, acc_a, acc_b = [], [], 0.0, 0.0
    for x, y in zip(ca, cb):
        acc_a += x
        acc_b += y
        tot = acc_a + acc_b
        if tot * min(na, nb) / (na + nb) >= 5:
            bins_a.append(acc_a)
            bins_b.append(acc_b)
            acc_a = acc_b = 0.0
    if bins_a:
        bins_a[-1] += acc_a
        bins_b[-1] += acc_b
    table = np.array([bins_a, bins_b])
    if table.shape[1] < 2:
        return 1.0
    expected = table.sum(axis=1, keepdims=True) * table.sum(axis=0, keepdims=True) / table.sum()
    stat = float(((table - expected) ** 2 / expected).sum())
    return chi2_sf(stat, table.shape[1] - 1)


def ks_2samp(a: np.ndarray, b: np.ndarray) -> float:
    """Two-sample Kolmogorov-Smirnov p-value (asymptotic; conservative for ties)."""
    a, b = np.sort(np.asarray(a, dtype=float)), np.sort(np.asarray(b, dtype=float))
    grid = np.concatenate([a, b])
    d = float(
        np.max(
            np.abs(np.searchsorted(a, grid, side="right") / a.size - np.searchsorted(b, grid, side="right") / b.size)
        )
    )
    ne = a.size * b.size / (a.size + b.size)
    lam = (math.sqrt(ne) + 0.12 + 0.11 / math.sqrt(ne)) * d
    if lam < 1e-3:
        return 1.0
    p = 2 * sum((-1) ** (j - 1) * math.exp(-2 * j * j * lam * lam) for j in range(1, 101))
    return min(1.0, max(0.0, p))


def test_statistics_helpers_are_right():
    # known values: chi2 sf(3.84, 1) = 0.05, sf(18.307, 10) = 0.05, sf(2, 2) = exp(-1)
    assert chi2_sf(3.841458820694124, 1) == pytest.approx(0.05, rel=1e-6)
    assert chi2_sf(18.307038053275146, 10) == pytest.approx(0.05, rel=1e-6)
    assert chi2_sf(2.0, 2) == pytest.approx(math.exp(-1), rel=1e-9)
    assert chi2_sf(200.0, 30) < 1e-20
    rng = np.random.default_rng(0)
    same = [ks_2samp(rng.normal(size=500), rng.normal(size=700)) for _ in range(200)]
    assert 0.01 < np.mean(np.array(same) < 0.05) < 0.1  # about 5% false alarms at the 5% level
    assert ks_2samp(rng.normal(size=500), rng.normal(0.5, 1, size=500)) < 1e-6
    same = [chi2_homogeneity(rng.integers(0, 6, 400), rng.integers(0, 6, 400)) for _ in range(200)]
    assert 0.01 < np.mean(np.array(same) < 0.05) < 0.1
    assert chi2_homogeneity(rng.integers(0, 6, 2000), rng.integers(0, 5, 2000)) < 1e-6


# -------------------------------------------------------------- the reference
_REF: dict = {}


def reference_games(players: int, n: int = N_REF, seed: int = 12345) -> dict[str, np.ndarray]:
    """n seeded engine games, every seat a RandomBot (which never looks at its view)."""
    key = (players, n, seed)
    if key in _REF:
        return _REF[key]
    rows = {k: [] for k in ("winner", "actions", "turns", "kills", "draws", "suicides")}
    for i in range(n):
        g = CostumeParty(players, seed=seed + i)
        bots = [RandomBot(s, seed + i) for s in range(players)]
        while not g.over:
            s = g.to_act[0]
            g.act(s, bots[s].choose({}, g.legal_actions(s)))
        events = g.events
        kills = [ev for ev in events if ev["type"] == "kill"]
        rows["winner"].append(g.winners[0])
        rows["actions"].append(sum(1 for h in g.history if h["seat"] != "chance"))
        rows["turns"].append(sum(1 for ev in events if ev["type"] == "roll"))
        rows["kills"].append(len(kills))
        rows["draws"].append(sum(1 for ev in events if ev["type"] == "draw"))
        rows["suicides"].append(sum(1 for ev in kills if ev["room_figures"] == [ev["figure"]]))
    _REF[key] = {k: np.array(v) for k, v in rows.items()}
    return _REF[key]


def compare(ref: dict, fast: dict) -> dict[str, float]:
    return {
        "winner": chi2_homogeneity(ref["winner"], fast["winner"]),
        "actions_ks": ks_2samp(ref["actions"], fast["actions"]),
        "actions_bins": chi2_homogeneity(ref["actions"] // 10, fast["actions"] // 10),
        "kills": chi2_homogeneity(ref["kills"], fast["kills"]),
        "draws": chi2_homogeneity(ref["draws"], fast["draws"]),
        "suicides": chi2_homogeneity(ref["suicides"], fast["suicides"]),
    }


@pytest.mark.parametrize("players", [2, 4, 8])
def test_fast_agrees_with_the_engine(players):
    ref = reference_games(players)
    fast = random_games(N_FAST, players, seed=players)
    p = compare(ref, fast)
    assert min(p.values()) > ALPHA, p
    # and the means are close in plain numbers too
    for key in ("actions", "kills", "draws"):
        se = math.sqrt(ref[key].var() / ref[key].size + fast[key].var() / fast[key].size)
        assert abs(ref[key].mean() - fast[key].mean()) < 4 * se, key


@pytest.mark.parametrize("players", [2, 4, 8])
@pytest.mark.parametrize(
    "variant, options",
    [
        ("black on one face of six", {"faces": ["blue", "yellow", "red", "green", "black", "blue"]}),
        ("no must-kill after three cards", {"max_face_up": 20}),
    ],
)
def test_wrong_variants_are_rejected(players, variant, options):
    ref = reference_games(players)
    wrong = random_games(N_FAST, players, seed=players, **options)
    p = compare(ref, wrong)
    assert min(p.values()) < REJECT, (variant, p)


# ------------------------------------------------------------- bookkeeping
@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_fields_and_invariants(players):
    out = random_games(3000, players, seed=1)
    assert set(out) == set(FIELDS)
    assert all(v.shape == (3000,) for v in out.values())
    assert ((out["winner"] >= 0) & (out["winner"] < players)).all()
    assert (out["eliminations"] == players - 1).all()
    assert (out["kills"] >= out["eliminations"]).all()
    assert (out["actions"] == 2 * out["turns"] - out["no_moves"]).all()
    assert (out["draws"] <= min(3 * players, 20 - players)).all()
    assert (out["suicides"] <= players - 1).all()
    assert ((out["winner_figure"] >= 0) & (out["winner_figure"] < 20)).all()
    # every seat wins sometimes
    assert len(np.unique(out["winner"])) == players


def test_seeded_and_reproducible():
    a = random_games(500, 4, seed=7)
    b = random_games(500, 4, seed=7)
    c = random_games(500, 4, seed=8)
    assert all(np.array_equal(a[k], b[k]) for k in FIELDS)
    assert not np.array_equal(a["actions"], c["actions"])
    assert all(v.size == 0 for v in random_games(0, 4).values())


def test_options_follow_the_engine():
    # first_seat shifts the winner distribution the way the engine does: compare with the engine
    ref = {"winner": [], "actions": []}
    rng = random.Random(0)
    for i in range(600):
        g = CostumeParty(2, seed=i, first_seat=1, adjacency="open_plan", faces=["red", "black"])
        while not g.over:
            s = g.to_act[0]
            g.act(s, rng.choice(g.legal_actions(s)))
        ref["winner"].append(g.winners[0])
        ref["actions"].append(sum(1 for h in g.history if h["seat"] != "chance"))
    fast = random_games(20000, 2, seed=3, first_seat=1, adjacency="open_plan", faces=["red", "black"])
    assert chi2_homogeneity(np.array(ref["winner"]), fast["winner"]) > ALPHA
    assert ks_2samp(np.array(ref["actions"]), fast["actions"]) > ALPHA


@pytest.mark.parametrize(
    "kwargs, error",
    [
        ({"n": -1, "players": 4}, ValueError),
        ({"n": 10, "players": 1}, ValueError),
        ({"n": 10, "players": 9}, ValueError),
        ({"n": 10, "players": 4, "faces": ["purple"]}, ValueError),
        ({"n": 10, "players": 4, "faces": ["red", "blue"]}, ValueError),
        ({"n": 10, "players": 4, "adjacency": "maze"}, ValueError),
        ({"n": 10, "players": 4, "first_seat": 4}, ValueError),
        ({"n": 2.5, "players": 4}, ValueError),
    ],
)
def test_bad_arguments(kwargs, error):
    with pytest.raises(error):
        random_games(**kwargs)

"""Costume Party's knowledge in pure Python (issue 26, item 2) gives what the numpy version gave.

The odds panel and the detective bot run in a browser kernel (Pyodide) where numpy has no
build, so ``costume_party/knowledge.py`` counts the deals with Python lists and ints. The
numpy version it replaced is kept below, as it was, as the reference: on many random
candidate sets (up to 7 opponents among 19 figures, the largest tables: 20 x 128) and on
the views of real games, the exact posteriors are equal as fractions, the weighted
posteriors (the bot's soft evidence) are equal as floats to the last bit, and the random
draws of the leak test are the same draws from the same seed.
"""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from brady_widgets.costume_party import knowledge
from brady_widgets.costume_party.bots import BOTS
from brady_widgets.costume_party.rules import N_FIGURES, CostumeParty


# ------------------------------------------------- the numpy version (reference)
def np_weights(cands, weights, dtype):
    order = sorted(cands)
    figures = sorted(set().union(*(cands[s] for s in order))) if order else []
    W = np.zeros((len(order), len(figures)), dtype=dtype)
    for i, s in enumerate(order):
        ws = (weights or {}).get(s, {})
        for j, f in enumerate(figures):
            if f in cands[s]:
                W[i, j] = ws.get(f, 1)
    return order, figures, W


def np_sweep(W, columns):
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


def np_suffix(W):
    return np_sweep(W, range(W.shape[1] - 1, -1, -1))[::-1]


def np_marginals(cands, weights, dtype):
    order, figures, W = np_weights(cands, weights, dtype)
    k, nf = W.shape
    full = (1 << k) - 1
    pre, suf = np_sweep(W, range(nf)), np_suffix(W)
    total = suf[0, full]
    if total <= 0:
        raise ValueError("no assignment of figures to opponents fits what was seen")
    masks = np.arange(full + 1)
    ways = np.zeros((k, nf), dtype=dtype)
    for i in range(k):
        rest = full ^ (1 << i)
        subs = masks[(masks & rest) == masks]
        ways[i] = (pre[:nf, subs] * suf[1:, rest ^ subs]).sum(axis=1) * W[i]
    return order, figures, ways, total


def np_posterior(cands):
    if not cands:
        return {}
    order, figures, ways, total = np_marginals(cands, None, np.int64)
    return {
        s: {f: Fraction(int(ways[i, j]), int(total)) for j, f in enumerate(figures) if ways[i, j]}
        for i, s in enumerate(order)
    }


def np_weighted_posterior(cands, weights=None):
    if not cands:
        return {}
    order, figures, ways, total = np_marginals(cands, weights, float)
    return {
        s: {f: float(ways[i, j] / total) for j, f in enumerate(figures) if ways[i, j] > 0} for i, s in enumerate(order)
    }


def np_sample_assignment(cands, rng):
    order, figures, W = np_weights(cands, None, np.int64)
    suffix = np_suffix(W)
    k = len(order)
    mask = (1 << k) - 1
    if k and suffix[0, mask] == 0:
        raise ValueError("no assignment of figures to opponents fits what was seen")
    out = {}
    for j, fig in enumerate(figures):
        if not mask:
            break
        options = [(int(suffix[j + 1, mask]), None)]
        for i in range(k):
            bit = 1 << i
            if mask & bit and W[i, j]:
                options.append((int(suffix[j + 1, mask ^ bit]), i))
        pick = rng.randrange(sum(w for w, _ in options))
        for w, i in options:  # noqa: B007
            if pick < w:
                break
            pick -= w
        if i is not None:
            out[order[i]] = fig
            mask ^= 1 << i
    return out


# ------------------------------------------------------------------ the cases
def random_case(rng: random.Random):
    """Candidate sets as a view gives them: k opponents (1..7), figures from 19, some
    opponents pinned to a few figures by kills, others open; and soft weights."""
    k = rng.randint(1, 7)
    on_board = rng.sample(range(N_FIGURES), rng.randint(k, N_FIGURES))
    cands = {}
    for s in rng.sample(range(8), k):
        size = rng.choice([1, 2, 3, len(on_board)]) if rng.random() < 0.5 else rng.randint(1, len(on_board))
        cands[s] = set(rng.sample(on_board, min(size, len(on_board))))
    weights = {s: {f: rng.choice([0.05, 0.3, 1.0, 2.5, rng.random() * 4]) for f in c} for s, c in cands.items()}
    return cands, weights


def fits(cands) -> bool:
    try:
        np_posterior(cands)
    except ValueError:
        return False
    return True


CASES = [random_case(random.Random(seed)) for seed in range(400)]


def test_the_cases_reach_the_largest_tables_and_both_outcomes():
    sizes = [(len(c), len(set().union(*c.values()))) for c, _ in CASES]
    assert (7, N_FIGURES) in sizes or max(k for k, _ in sizes) == 7
    assert max(n for _, n in sizes) == N_FIGURES
    assert sum(fits(c) for c, _ in CASES) > 300
    assert any(not fits(c) for c, _ in CASES)  # some admit no assignment: the ValueError too


@pytest.mark.parametrize("chunk", range(4))
def test_pure_python_matches_numpy_exactly_on_random_cases(chunk):
    for n, (cands, weights) in enumerate(CASES[chunk::4]):
        if not fits(cands):
            with pytest.raises(ValueError):
                knowledge.posterior(cands)
            with pytest.raises(ValueError):
                knowledge.sample_assignment(cands, random.Random(n))
            continue
        assert knowledge.posterior(cands) == np_posterior(cands), cands
        assert knowledge.weighted_posterior(cands) == np_weighted_posterior(cands), cands
        try:
            want = np_weighted_posterior(cands, weights)
        except ValueError:
            with pytest.raises(ValueError):
                knowledge.weighted_posterior(cands, weights)
        else:
            got = knowledge.weighted_posterior(cands, weights)
            assert got == want, (cands, weights)  # floats equal, not close
        for seed in range(3):
            assert knowledge.sample_assignment(cands, random.Random(seed)) == np_sample_assignment(
                cands, random.Random(seed)
            )


def real_views():
    """Every seat's view at every step of seeded bot games at 2..8 players."""
    for players in (2, 4, 6, 8):
        for seed in range(3):
            g = CostumeParty(players, seed=seed)
            bots = [BOTS["detective"](s, seed) for s in range(players)]
            steps = 0
            while not g.over and steps < 400:
                s = g.to_act[0]
                g.act(s, bots[s].choose(g.view(s), g.legal_actions(s)))
                steps += 1
                if steps % 5 == 0:
                    for seat in range(players):
                        yield g.view(seat)


def test_pure_python_matches_numpy_exactly_on_real_games():
    views = list(real_views())
    assert len(views) > 200
    pinned = 0
    for view in views:
        cands = knowledge.candidate_sets(view)
        pinned += any(len(c) < 5 for c in cands.values())
        assert knowledge.posterior(cands) == np_posterior(cands)
        assert knowledge.weighted_posterior(cands) == np_weighted_posterior(cands)
    assert pinned > 20  # kills narrowed the candidates in many views


def test_knowledge_imports_no_numpy():
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(knowledge))
    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
    assert "numpy" not in imported


@pytest.mark.parametrize("chunk", range(2))
def test_the_bots_shortcuts_are_the_weighted_posterior(chunk):
    # figure_mass (the detective's suspicion) and weighted_probability (its exposure: one entry)
    # give the very floats of weighted_posterior summed by seat / read at one entry, and fail alike
    for cands, weights in CASES[chunk::2]:
        for w in (None, weights):
            try:
                post = knowledge.weighted_posterior(cands, w)
            except ValueError:
                with pytest.raises(ValueError):
                    knowledge.figure_mass(cands, w)
                with pytest.raises(ValueError):
                    knowledge.weighted_probability(cands, w, min(cands), 0)
                continue
            mass: dict = {}
            for probs in post.values():
                for f, p in probs.items():
                    mass[f] = mass.get(f, 0.0) + p
            assert knowledge.figure_mass(cands, w) == mass
            # from the table, and only for some figures (the detective's kill targets)
            _order, figures, W = knowledge._weights(cands, w, 1.0)
            some = set(figures[::3]) | {N_FIGURES}
            assert knowledge.mass_of(figures, W, some) == {f: p for f, p in mass.items() if f in some}
            for s in [*cands, 9]:
                for f in range(N_FIGURES):
                    assert knowledge.weighted_probability(cands, w, s, f) == post.get(s, {}).get(f, 0.0)

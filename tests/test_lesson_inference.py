"""The inference the lessons call for (issue 27, item 5): the exact binomial, the sign test on
same-seed runs, and how many rows of a table fall outside ± 2 SE by luck alone."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from brady_widgets.big_brother import lesson as L
from brady_widgets.big_brother import odds


def test_the_binomial_is_exact_sums_to_one_and_matches_a_brute_force_count():
    dist = odds.binomial(12, Fraction(1, 20))
    assert sum(dist) == 1 and all(isinstance(p, Fraction) for p in dist)
    assert dist[0] == Fraction(19, 20) ** 12
    # brute force over every one of the 2^6 in/out patterns of 6 rows
    p, brute = Fraction(1, 3), [Fraction(0)] * 7
    for mask in range(2**6):
        k = bin(mask).count("1")
        brute[k] += p**k * (1 - p) ** (6 - k)
    assert odds.binomial(6, p) == brute
    assert odds.binomial(4, 0.5)[2] == pytest.approx(6 / 16)


def test_the_sign_test_is_the_exact_two_sided_binomial_tail():
    assert odds.sign_test(11, 1) == Fraction(2 * (1 + 12), 2**12) == Fraction(13, 2048)  # the p ~ 0.006
    assert odds.sign_test(1, 11) == odds.sign_test(11, 1)  # either direction
    assert odds.sign_test(9, 2) == Fraction(2 * (1 + 11 + 55), 2**11)
    assert odds.sign_test(5, 5) == 1 and odds.sign_test(3, 4) == 1  # capped: no evidence at all
    assert odds.sign_test(0, 0) == 1
    assert odds.sign_test(6, 0) == Fraction(2, 64)


def test_the_sign_test_holds_its_level_by_simulation():
    """Under 'no effect' a p-value <= 0.05 happens at most 5% of the time (the test is exact, so
    a little less); seeded coin tosses agree within ± 2 SE."""
    rng = np.random.default_rng(2026)
    n, runs = 12, 4000
    helped = rng.binomial(n, 0.5, runs)
    rejected = np.mean([odds.sign_test(int(h), n - int(h)) <= Fraction(1, 20) for h in helped])
    exact = sum(
        (q for k, q in enumerate(odds.binomial(n, Fraction(1, 2))) if odds.sign_test(k, n - k) <= Fraction(1, 20)),
        Fraction(0),
    )
    assert exact <= Fraction(1, 20)
    assert abs(rejected - float(exact)) <= 2 * math.sqrt(float(exact) * (1 - float(exact)) / runs) + 1e-9


def _row(seed, first_out, winner=0):
    return {"seed": seed, "first_out": first_out, "winner": winner}


def test_paired_counts_helped_hurt_and_unchanged_seed_by_seed():
    without = [_row(1, 1), _row(2, 4), _row(3, 0), _row(4, 2), _row(5, 1)]
    with_ = [_row(1, 0), _row(2, 4), _row(3, 1), _row(4, 3), _row(5, 5)]
    r = L.paired(without, with_, (1, 4))
    assert (r["helped"], r["hurt"], r["same"]) == (2, 1, 2)
    assert r["p"] == odds.sign_test(2, 1)
    won = L.paired([_row(1, 0, 2), _row(2, 0, 1)], [_row(1, 0, 1), _row(2, 0, 3)], (1, 4), key="winner")
    assert (won["helped"], won["hurt"]) == (1, 1)
    with pytest.raises(ValueError):
        L.paired(without, with_[::-1], (1, 4))


def test_print_paired_says_the_counts_and_the_p_value(capsys):
    L.print_paired({"helped": 11, "hurt": 1, "same": 28, "p": odds.sign_test(11, 1)})
    out = capsys.readouterr().out
    assert "helped 11, hurt 1" in out and "13/2048 = 0.0063" in out


def test_rows_outside_two_or_more_of_12_is_about_1_in_10():
    round_ = L.rows_outside(12)
    assert round_[0] == Fraction(19, 20) ** 12
    assert 0.11 < float(1 - round_[0] - round_[1]) < 0.12
    normal = L.rows_outside(12, 0.0455)
    assert 1 - normal[0] - normal[1] == pytest.approx(0.1006, abs=5e-4)


def test_rows_outside_agrees_with_seeded_tables(capsys):
    """Tables of 12 rows, each outside with chance 1/20: the count of NOs is the binomial."""
    rng = np.random.default_rng(7)
    tables = 20_000
    counts = (rng.random((tables, 12)) < 0.05).sum(axis=1)
    for k, p in enumerate(L.rows_outside(12)[:4]):
        share = np.mean(counts == k)
        assert abs(share - float(p)) <= 2 * math.sqrt(float(p) * (1 - float(p)) / tables) + 0.002
    L.print_rows_outside(12)
    out = capsys.readouterr().out
    assert "2 or more" in out and "0.118" in out and "0.101" in out


def test_the_exercises_answers_by_independent_counts():
    from brady_widgets.big_brother.exercises import EXERCISES

    # sign test: every split of the 11 changed pairs, counted one by one
    splits = [bin(m).count("1") for m in range(2**11)]
    lopsided = sum(1 for k in splits if k <= 2 or k >= 9)
    assert EXERCISES["sign_test"].answer == Fraction(lopsided, 2**11)
    # at least one of 11 rows outside: every in/out pattern weighted
    none = Fraction(19, 20) ** 11
    assert EXERCISES["rows_outside"].answer == 1 - none


# ------------------------------------------------------------------ Alice's trust, learned (alices_bayes)
def test_the_trust_posterior_is_bayes_over_the_grid_and_the_order_of_checks_does_not_matter():
    from brady_widgets.brady_bunch import lesson as B

    prior = B.trust_prior()
    assert sum(prior.values()) == 1 and len(prior) == 11
    post = B.trust_posterior(prior, 3, 1)
    assert sum(post.values()) == 1 and post[Fraction(0)] == 0 and post[Fraction(1)] == 0
    # one check at a time, in any order, gives the same posterior
    step = prior
    for true in (True, False, True, True):
        step = B.trust_posterior(step, int(true), int(not true))
    assert step == post
    assert B.next_claim_true(post) == Fraction(197, 298)
    assert B.next_claim_true(prior) == Fraction(1, 2)
    with pytest.raises(ValueError):
        B.trust_posterior({Fraction(1): Fraction(1)}, 1, 1)


def test_the_learned_trust_is_what_bayes_rule_for_the_card_uses():
    """With a flat card prior, P(v | "v" from a speaker of unknown trust) is the posterior mean of the trust."""
    from brady_widgets.brady_bunch import lesson as B

    post = B.trust_posterior(B.trust_prior(), 5, 2)
    card = B.card_prior(B.DECK)
    averaged = sum(p * B.posterior(card, [(6, t)])[6] for t, p in post.items())
    assert averaged == B.posterior(card, [(6, B.next_claim_true(post))])[6] == B.next_claim_true(post)


def test_the_trust_simulation_agrees_with_the_exact_posterior():
    from brady_widgets.brady_bunch import lesson as B

    prior = B.trust_prior()
    post = B.trust_posterior(prior, 2, 2)
    sim = B.simulate_trust(prior, 2, 2, speakers=60_000, seed=3)
    assert sim["kept"] > 5000
    outside = sum(1 for t in post if abs(sim["share"][t] - float(post[t])) > 2.5 * sim["two_se"][t] + 1e-9)
    assert outside <= 1
    assert abs(sim["next_true"] - float(B.next_claim_true(post))) < 0.02
    assert B.simulate_trust(prior, 2, 2, speakers=1000, seed=3) == B.simulate_trust(prior, 2, 2, speakers=1000, seed=3)


def test_the_trust_explorer_redraws_exactly(capsys):
    pytest.importorskip("ipywidgets")
    pytest.importorskip("matplotlib")
    from brady_widgets.brady_bunch import lesson as B

    box = B.trust_learning_explorer(true=3, lies=1)
    assert box.result == B.trust_posterior(B.trust_prior(), 3, 1)
    box.children[1].value = 4
    assert box.result == B.trust_posterior(B.trust_prior(), 3, 4)
    B.compare_trust(B.trust_prior(), 3, 1, speakers=20_000, seed=1)
    assert "P(next claim true): exact 197/298" in capsys.readouterr().out


def test_the_learned_trust_exercise_by_counting():
    from brady_widgets.brady_bunch import lesson as B
    from brady_widgets.brady_bunch.exercises import EXERCISES

    two = {Fraction(1, 2): Fraction(1, 2), Fraction(5, 6): Fraction(1, 2)}
    assert EXERCISES["learned_trust"].answer == B.trust_posterior(two, 2, 0)[Fraction(5, 6)] == Fraction(25, 34)


# ------------------------------------------------------------------ Alice's decision: whom to accuse (alices_bayes)
def test_each_accusations_value_is_its_exact_chance_to_win_and_the_best_is_peter(capsys):
    from brady_widgets.brady_bunch import lesson as B
    from brady_widgets.brady_bunch import odds as BO

    view = B.end_position().view(0)
    values = B.accusation_values(view, trust=1)
    exact = BO.exact_highest_odds(view, trust=1)
    assert {k: v["win"] for k, v in values.items()} == exact
    assert all(v["win"] + v["risk"] == 1 for v in values.values())
    assert max(values, key=lambda k: values[k]["win"]) == "Peter"
    B.compare_accusations(view, trust=1, samples=20_000, seed=2)
    out = capsys.readouterr().out
    assert "best accusation: Peter" in out and out.count(" yes ") == 3


def test_the_accusation_exercise_by_listing_every_case():
    from brady_widgets.brady_bunch.exercises import EXERCISES

    greg_wins = sum(1 for card in range(1, 7) for sign in (1, -1) if 12 + card + sign <= 16)
    peter_wins = sum(1 for card in range(1, 7) for sign in (1, -1) if 12 + card + sign >= 16)
    assert EXERCISES["accuse_greg"].answer == Fraction(greg_wins, 12) > Fraction(peter_wins, 12)


# ------------------------------------------------------------------ join a bloc or not (voting_blocs)
def test_join_decision_is_the_mean_payoff_with_its_error_and_the_paired_counts(capsys):
    rows = lambda pairs: [{"seed": i, "winner": w, "first_out": f} for i, (w, f) in enumerate(pairs)]  # noqa: E731
    stay = rows([(0, 1), (2, 3), (1, 0), (3, 1)])
    join = rows([(1, 0), (2, 3), (1, 0), (3, 2)])
    assert list(L.payoffs(stay, 1, win=1, first_out=-1)) == [-1, 0, 1, -1]
    r = L.join_decision(stay, join, 1, win=1, first_out=-1)
    assert r["stay"][0] == pytest.approx(-0.25) and r["join"][0] == pytest.approx(0.5)
    assert r["difference"][0] == pytest.approx(0.75)
    d = np.array([2, 0, 0, 1], float)
    assert r["difference"][1] == pytest.approx(2 * d.std(ddof=1) / 2)
    assert (r["helped"], r["hurt"], r["p"]) == (2, 0, odds.sign_test(2, 0))
    with pytest.raises(ValueError):
        L.join_decision(stay, join[::-1], 1)
    L.print_join_decision(stay, join, 1, win=1, first_out=-1)
    assert "join - stay: +0.750" in capsys.readouterr().out


def test_the_join_exercise_by_hand():
    from brady_widgets.big_brother.exercises import EXERCISES

    assert EXERCISES["join_bloc"].answer == (10 * Fraction(3, 10) - 5 * Fraction(1, 20)) - (
        10 * Fraction(1, 4) - 5 * Fraction(1, 5)
    )


# ------------------------------------------------------------------ which kill tells you most (costume_party)
def test_kill_values_are_exact_and_agree_with_seeded_play_through_the_engine(capsys):
    from brady_widgets.costume_party import lesson as C

    game = C.kill_choice()
    assert game.legal_actions(0)[:3] == [{"type": "kill", "figure": f} for f in (1, 5, 7)]
    values = C.kill_values(game.view(0))
    assert set(values) == {1, 5, 7}
    assert values[5] == values[7] and values[5]["hit"] == Fraction(8, 15)
    assert values[1]["hit"] == Fraction(17, 45) and values[1]["left"] == Fraction(838, 45)
    assert min(values, key=lambda f: values[f]["left"]) == 1 and max(values, key=lambda f: values[f]["hit"]) in (5, 7)
    for f, v in values.items():
        sim = C.simulate_kill(game, 0, f, games=400, seed=5)
        assert abs(sim["left"] - float(v["left"])) <= 1.5 * sim["two_se"] + 0.05
        assert abs(sim["hit"] - float(v["hit"])) <= 3 * math.sqrt(float(v["hit"]) * (1 - float(v["hit"])) / 400)
    C.compare_kills(game, 0, games=200, seed=1)
    assert "tells you most (fewest candidates left on average): Ada" in capsys.readouterr().out


def test_kill_values_by_brute_force_over_every_assignment():
    """List every assignment of distinct figures to the three opponents that fits the clues, make
    each kill in each, and count: the same fractions as kill_values."""
    from itertools import product

    from brady_widgets.costume_party import lesson as C
    from brady_widgets.costume_party.knowledge import candidate_sets

    view = C.kill_choice().view(0)
    cands = candidate_sets(view)
    seats = sorted(cands)
    worlds = [w for w in product(*(sorted(cands[s]) for s in seats)) if len(set(w)) == len(w)]
    for f, v in C.kill_values(view).items():
        total, hits = Fraction(0), 0
        for w in worlds:
            hit = next((s for s, x in zip(seats, w) if x == f), None)
            hits += hit is not None
            total += sum(len(cands[s] - {f}) for s in seats if s != hit)
        assert v["left"] == total / len(worlds) and v["hit"] == Fraction(hits, len(worlds))


def test_the_candidates_left_exercise_by_hand():
    from brady_widgets.costume_party.exercises import EXERCISES

    assert EXERCISES["candidates_left"].answer == Fraction(1, 2) * 4 + Fraction(1, 2) * (1 + 4)

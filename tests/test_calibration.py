"""The calibration lesson's and the class experiment's helpers (costume_party/calibration.py)."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from brady_widgets import check
from brady_widgets.costume_party import calibration as cal
from brady_widgets.costume_party.exercises_lessons import EXERCISES


def rows(*pairs):
    return [{"stated": Fraction(p), "true": t} for p, t in pairs]


def test_binning_and_observed_frequencies_on_a_constructed_input():
    data = rows(
        *[("1/3", True)] * 2,
        *[("1/3", False)] * 4,  # 6 forecasts of 1/3, 2 true
        ("1/2", True),
        ("1/2", False),
        ("1/2", False),
        ("1/2", False),  # 4 of 1/2, 1 true
        ("1", True),
        ("0", False),
    )
    bins = cal.bin_forecasts(data, edges=(0, 0.25, 0.5, 1))
    assert [(b.lo, b.hi, b.n, b.hits) for b in bins] == [(0, 0.25, 1, 0), (0.25, 0.5, 6, 2), (0.5, 1, 5, 2)]
    mid, top = bins[1], bins[2]
    assert mid.expected == 2 and mid.stated == pytest.approx(1 / 3) and mid.observed == pytest.approx(1 / 3)
    assert mid.se == pytest.approx(math.sqrt(1 / 3 * 2 / 3 / 6)) and mid.z == 0
    assert top.expected == 3 and top.stated == pytest.approx(0.6) and top.observed == pytest.approx(0.4)
    assert top.z == pytest.approx((0.4 - 0.6) / math.sqrt(0.6 * 0.4 / 5))
    assert "0.25-0.50" in cal.bin_table(bins)


def test_a_probability_on_an_edge_goes_up_and_one_outside_is_refused():
    bins = cal.bin_forecasts(rows((0.1, False), (1.0, True)), edges=(0, 0.1, 1))
    assert [(b.lo, b.n) for b in bins] == [(0.1, 2)]
    with pytest.raises(ValueError):
        cal.bin_forecasts(rows((1.5, True)))
    with pytest.raises(ValueError):
        cal.bin_forecasts([], edges=(0, 0.5, 0.5, 1))


def test_summary_counts_expected_and_observed_hits():
    s = cal.summary(rows(("1/4", True), ("1/4", False), ("1/2", True)))
    assert s["forecasts"] == 3 and s["expected"] == Fraction(1) and s["observed"] == 2
    assert s["sd"] == pytest.approx(math.sqrt(2 * 3 / 16 + 1 / 4))


def test_a_seeded_run_is_deterministic_and_its_rows_are_true_to_the_engine():
    a = cal.record_forecasts(3, bots="random", seed=5)
    b = cal.record_forecasts(3, bots="random", seed=5)
    assert a == b and a
    assert a != cal.record_forecasts(3, bots="random", seed=6)
    # best guess: one forecast per opponent and moment; the first moment of a game is 1/19 each
    first = [r for r in a if r["game"] == 0 and r["step"] == a[0]["step"]]
    assert len(first) == 3 and all(r["stated"] == Fraction(1, 19) for r in first)
    full = cal.record_forecasts(1, bots="random", seed=5, pick="all")
    for (_game, _step, _opp), group in _groups(full).items():
        assert sum(r["stated"] for r in group) == 1  # one opponent's odds add up to 1
        assert sum(r["true"] for r in group) == 1  # and exactly one figure is it
    with pytest.raises(ValueError):
        cal.record_forecasts(1, bots="nobody")
    with pytest.raises(ValueError):
        cal.record_forecasts(1, pick="worst")


def _groups(data):
    out: dict = {}
    for r in data:
        out.setdefault((r["game"], r["step"], r["opponent"]), []).append(r)
    return out


def test_the_panel_is_calibrated_on_the_first_turn():
    """Before any clue, 1/19 per figure is exact: the seed decides the deal at random."""
    data = [r for r in cal.record_forecasts(60, bots="random", seed=1, pick="all") if r["stated"] == Fraction(1, 19)]
    s = cal.summary(data)
    assert abs(s["observed"] - float(s["expected"])) <= 3 * s["sd"]


def test_record_result_validates_and_pool_counts():
    assert cal.record_result(1, True) == {"group": 1, "seed": cal.GROUP_SEEDS[0], "won": True}
    assert cal.record_result(2, "no")["won"] is False
    for bad in [(0, True), (len(cal.GROUP_SEEDS) + 1, True), (1.0, True), (1, "maybe"), (1, 1)]:
        with pytest.raises(ValueError):
            cal.record_result(*bad)
    with pytest.raises(ValueError):
        cal.record_result(3, True, seed=cal.GROUP_SEEDS[0])
    pooled = cal.pool(
        [
            cal.record_result(1, True),
            cal.record_result(2, False),
            cal.record_result(3, "yes"),
            cal.record_result(4, False),
        ]
    )
    assert (pooled.wins, pooled.games, pooled.share) == (2, 4, 0.5)
    assert pooled.se == pytest.approx(0.25) and "2 of 4" in str(pooled)
    with pytest.raises(ValueError):
        cal.pool([cal.record_result(1, True), cal.record_result(1, False)])


def test_plots_draw(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    bins = cal.bin_forecasts(rows(("1/3", True), ("1/3", False), ("1/2", True)))
    ax = cal.reliability_plot(bins)
    assert len(ax.lines) >= 2
    ax = cal.class_plot({"class": cal.Pooled(3, 10), "sim": cal.Pooled(50, 200)}, chance=0.25)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["class", "sim"]


def test_the_lessons_exercises_accept_their_answers_and_refuse_a_named_mistake():
    for key, ex in EXERCISES.items():
        assert check(f"costume_party.{key}", ex.answer).ok, key
        for wrong in ex.hints:
            assert not check(f"costume_party.{key}", wrong).ok, (key, wrong)
    assert check("costume_party.calibration_expected_hits", 20).ok
    assert check("costume_party.calibration_two_se", 10).ok
    assert check("costume_party.class_fair_share", "1/5").ok and not check("costume_party.class_fair_share", "1/4").ok
    assert (
        check("costume_party.calibration_one_forecast", 200).ok
        and not check("costume_party.calibration_one_forecast", 0).ok
    )
    assert check("costume_party.class_games_needed", 100).ok and not check("costume_party.class_games_needed", 10).ok

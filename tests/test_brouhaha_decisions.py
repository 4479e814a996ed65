"""The decision lesson's helpers (brady_widgets.brouhaha.decisions): the expected value of a slap
is what the engine's rules pay, the break-even thresholds are exact, the threshold bot reads only
its view, and the seeded comparison of thresholds agrees with the exact figures within 2 SE."""

from __future__ import annotations

from fractions import Fraction

import pytest

from brady_widgets.brouhaha import decisions as D
from brady_widgets.brouhaha import odds
from brady_widgets.brouhaha import positions as P
from brady_widgets.brouhaha.content import HUNTER
from brady_widgets.brouhaha.rules import Brouhaha
from brady_widgets.scheduler import Scheduler


def _after_a_match(bang: bool) -> Brouhaha:
    """Seats 0 and 1 matched their cows (a Reserve card each) and everyone passed its Hunter;
    seat 0 then showed a lion and seat 1 a tiger (both "Roar!")."""
    fixed = {0: ["cow", "lion", HUNTER], 1: ["cow", "tiger", HUNTER], 2: [HUNTER], 3: [HUNTER]}
    game = Brouhaha(4, 0, deal=P.deal_with(4, fixed), bang=bang)
    steps = [(0, P.PLAY("cow"), 100), (1, P.PLAY("cow"), 200), (0, P.SLAP, 300), (1, P.SLAP, 400), ("adv", 1900)]
    steps += [(s, {"type": "pass", "card": HUNTER}, 2000 + s) for s in range(4)]
    steps += [(0, P.PLAY("lion"), 3000), (1, P.PLAY("tiger"), 3100)]
    return P.run(game, steps)


@pytest.mark.parametrize("bang", [False, True])
def test_the_payoffs_are_what_the_engine_does(bang):
    game = _after_a_match(bang)
    assert [len(r) for r in game.reserves] == [1, 1, 0, 0]  # the right slap: +1 each (GAIN)
    assert D.GAIN == 1
    P.run(game, [(0, P.SLAP, 3200), (1, P.SLAP, 3300), ("adv", 4800)])  # a wrong slap: a lion and a tiger
    assert len(game.reserves[0]) == 1 - D.slap_loss(bang, reserve=1)
    assert D.slap_loss(bang, reserve=0) == 0  # nothing to lose with an empty Reserve
    # an empty Reserve loses nothing to a Bang, as the engine does
    empty = P.mismatch_reveal(bang=True)
    empty.advance(4000)
    assert [len(r) for r in empty.reserves] == [0, 0, 0, 0] and empty.lost == []


def test_exact_values_and_break_even():
    q = Fraction(1, 4)
    assert D.slap_value(q) == q and D.wait_value() == 0
    assert D.slap_value(q, bang=True, reserve=1) == Fraction(-1, 2)
    assert D.slap_value(q, bang=True, reserve=0) == q
    assert D.break_even() == 0 and D.break_even(bang=True, reserve=0) == 0
    assert D.break_even(bang=True) == Fraction(1, 2) and D.break_even(bang=True, cost=2, reserve=3) == Fraction(2, 3)
    for bang, cost in [(True, 1), (True, 2)]:
        t = D.break_even(bang=bang, cost=cost, reserve=5)
        assert D.slap_value(t, bang, 5, cost) == 0
        assert D.slap_value(t + Fraction(1, 100), bang, 5, cost) > 0 > D.slap_value(t - Fraction(1, 100), bang, 5, cost)


def test_the_threshold_bot_reads_the_panel_from_its_view():
    game = P.played_card()
    view, legal = game.view(0), game.legal_actions(0)
    assert odds.share_chance(view) == Fraction(1, 4)
    assert D.ThresholdBot(0, 0, Fraction(1, 4)).plan(view, legal) == D.SLAP
    assert D.ThresholdBot(0, 0, Fraction(1, 3)).plan(view, legal) is None
    assert D.ThresholdBot(1, 0, 0).plan(game.view(1), game.legal_actions(1)) == D.SLAP  # threshold 0: always
    # run by the Scheduler as any bot: the low threshold slaps at the position, the high one waits
    for t, slapped in [(Fraction(1, 5), True), (Fraction(1, 2), False)]:
        g = game.clone()
        Scheduler(g, {0: D.threshold_bot(t)(0, 0)}).run_until(2500)
        assert any(e["type"] == "slap" for e in g.events) is slapped


def test_the_comparison_agrees_with_the_exact_figures():
    points = D.decision_points(600, players=6, seed=1)
    assert len(points) == 600 and all(pt["p"] == odds.share_chance(pt["view"]) for pt in points)
    assert [pt["seed"] for pt in D.decision_points(5, players=6, seed=1)] == [pt["seed"] for pt in points[:5]]
    ts = [0, Fraction(1, 4), Fraction(1, 2), Fraction(3, 4)]
    for bang in (False, True):
        rows = D.compare_thresholds(points, ts, bang=bang)
        assert all(r["within"] for r in rows), rows
        assert [r["slaps"] for r in rows] == sorted((r["slaps"] for r in rows), reverse=True)
    no_bang, bang = D.compare_thresholds(points, ts), D.compare_thresholds(points, ts, bang=True)
    assert max(no_bang, key=lambda r: r["exact"])["threshold"] == 0  # a free slap: always worth it
    assert max(bang, key=lambda r: r["exact"])["threshold"] == Fraction(1, 2)  # the break-even
    # the panel is calibrated at these positions: matches happen as often as it says, within 2 SE
    n = len(points)
    mean_p = sum(pt["p"] for pt in points) / n
    se = float(sum(pt["p"] * (1 - pt["p"]) for pt in points)) ** 0.5 / n
    assert abs(sum(pt["match"] for pt in points) / n - float(mean_p)) <= 2 * se


def test_a_wrong_comparison_would_fail():
    """Scoring matches as if they happened with chance 1/2 everywhere is caught."""
    points = [dict(pt, match=(i % 2 == 0)) for i, pt in enumerate(D.decision_points(600, players=6, seed=1))]
    assert not all(r["within"] for r in D.compare_thresholds(points, [0], bang=True))

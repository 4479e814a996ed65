"""The Brady Bunch notebooks' helpers (brady_widgets.brady_bunch.lesson): exact where they say
exact, agreeing with the engine and the package, and the live controls redraw when moved."""

from __future__ import annotations

from fractions import Fraction

import pytest

from brady_widgets import check
from brady_widgets.brady_bunch import fast
from brady_widgets.brady_bunch import lesson as L
from brady_widgets.brady_bunch.exercises import EXERCISES, claim_posterior, total_distribution
from brady_widgets.brady_bunch.positions import brady_position


def test_sum_distribution_is_exact_and_agrees_with_the_package():
    d = L.sum_distribution(4)
    assert sum(d.values()) == 1 and list(d) == sorted(d)
    assert d == fast.exact_total_distribution(4) == total_distribution(4, L.DECK)
    assert L.mean(d) == 14 and L.variance(d) / L.variance(L.with_replacement(4)) == Fraction(44, 47)
    assert sum(L.with_replacement(3).values()) == 1


def test_after_seeing_and_the_prior():
    deck = L.after_seeing(L.DECK, 6, 6, 1)
    assert deck[6] == 6 and deck[1] == 7 and sum(deck.values()) == 45
    assert L.card_prior(deck)[6] == Fraction(6, 45)


@pytest.mark.parametrize("t", [Fraction(1, 5), Fraction(1, 2), Fraction(4, 5)])
def test_posterior_of_one_claim_with_a_flat_prior_is_the_trust(t):
    assert L.post_of(L.card_prior(), 6, t) == t


def test_neutral_trust_leaves_the_prior_and_agrees_with_the_exercises():
    prior = L.card_prior(L.after_seeing(L.DECK, 6, 6, 6, 5))
    assert L.posterior(prior, [(6, Fraction(1, 6))]) == prior
    claims = [(1, Fraction(4, 5)), (5, Fraction(2, 5))]
    assert L.posterior(L.card_prior(), claims) == claim_posterior(claims)


def test_the_tutorial_helpers_walk_a_round():
    g = L.brady_position(4, kids=["Greg", "Peter", "Jan"], seed=0)
    L.reveal_snoops(g, "Greg", "Jan")
    assert g.view(0)["snoops"] == ["Greg", "Jan"]
    L.act(g, "Alice", "lights_out")
    w = L.show(g, "Greg")
    assert w.game is not g and w.game.history == g.history
    g = L.brady_position(
        4, kids=["Greg", "Peter", "Jan"], seed=0, hands={"Greg": [2, 3, 6], "Peter": [1, 5, 6], "Jan": [2, 3, 4]}
    )
    snoops = L.quick_round(g, {"Greg": 2, "Peter": 6, "Jan": 4}, "Jan")
    assert len(snoops) == 2 and g.round == 2 and g.view(0)["kids"][2]["cookies"] == 1


def test_snoop_chance_is_exact_and_the_engine_agrees_within_three_standard_errors():
    assert L.snoop_chance(4) == EXERCISES["snoop_round_1"].answer == Fraction(3, 5)
    assert L.snoop_chance(6, cousin_oliver=True) == EXERCISES["oliver_snoop"].answer
    for players, kid, opts in [(4, "Greg", {}), (6, "Peter", {"cousin_oliver": True})]:
        p = float(L.snoop_chance(players, **opts))
        n = 1500
        freq = L.snoop_frequency(players, kid, games=n, seed=3, **opts)
        assert abs(freq - p) < 3 * (p * (1 - p) / n) ** 0.5


def test_the_lesson_position_is_the_end_of_the_game():
    view = L.end_position().view(0)
    assert view["round"] == 4 and view["phase"] == "signs" and len(view["talk"]) == 7


def test_the_explorers_redraw_and_have_a_short_text_form():
    box = L.posterior_explorer(said=6, trust=0.7)
    slider, out = box.children
    assert "trust slider" in repr(box) and "0x" not in repr(box)
    assert box.result[6] == Fraction(7, 10)
    assert [o["data"]["image/png"][:4] for o in out.outputs] == ["iVBO"]  # one PNG chart
    slider.value = 0.2
    assert len(out.outputs) == 1  # redrawn, not appended
    assert box.result[6] == Fraction(1, 5)  # moved: redrawn
    view = L.end_position().view(0)
    box = L.speaker_trust_explorer(view, samples=2000)
    assert [s.description for s in box.children[:-1]] == ["Greg", "Peter", "Jan"]
    before = box.result
    box.children[1].value = 0.1  # trust Peter less
    assert box.result == L.odds.highest_odds(view, trust={"Greg": 0.7, "Peter": 0.1, "Jan": 0.7}, samples=2000, seed=1)
    assert box.result != before


def test_the_new_exercises_have_named_misconceptions():
    for key in ["snoop_round_1", "talk_peter_six", "base_rate_six", "next_card_six", "oliver_snoop"]:
        assert EXERCISES[key].hints, key
    assert "with replacement" in check("brady_bunch.next_card_six", Fraction(1, 6)).message
    assert "with replacement" in check("brady_bunch.snoop_round_1", Fraction(5, 9)).message
    assert "base rate" in check("brady_bunch.base_rate_six", Fraction(4, 5)).message
    assert "Not answered yet" in check("brady_bunch.oliver_snoop", None).message


def test_the_odds_chart_has_a_line_per_kid():
    table = {0.2: {"Greg": 0.3, "Peter": 0.4, "Jan": 0.4}, 1.0: {"Greg": 0.27, "Peter": 0.72, "Jan": 0.14}}
    fig = L.plot_odds_by_trust(table, {"Greg": 0.34, "Peter": 0.36, "Jan": 0.42})
    assert [line.get_label() for line in fig.axes[0].lines if not line.get_label().startswith("_")] == L.LESSON_KIDS


def test_the_speaker_trust_explorer_says_so_when_full_trusts_contradict():
    """Two speakers trusted fully who say different things about one card leave no hidden
    world: the explorer says so in a sentence, never raises from a slider."""
    pytest.importorskip("ipywidgets")
    pytest.importorskip("matplotlib")
    game = brady_position(
        4,
        hands={"Greg": [2, 3, 6], "Peter": [1, 5, 6], "Jan": [2, 3, 4]},
        deck=[4, 4, 5, 3, 4, 4, 1, 2, 1],
        kids=["Greg", "Peter", "Jan"],
        seed=0,
        steps=["snoops:Greg,Jan", "lights_out", "plays:Greg=2,Peter=6,Jan=4", "peek:Peter", "peek:Greg"],
    )
    L.act(game, "Greg", "claim", kid="Peter", value=6)
    L.act(game, "Peter", "claim", kid="Peter", value=1)
    L.act(game, "Jan", "pass")
    box = L.speaker_trust_explorer(game.view(0), {"Greg": 1.0, "Peter": 1.0}, samples=2000)
    assert box.result is None
    said = box.children[-1].outputs[0]
    assert said["output_type"] == "stream" and "cannot all be true together" in said["text"]
    box.children[0].value = 0.5  # Greg's slider down: the chart is back
    assert box.result is not None and abs(sum(box.result.values()) - 1) < 0.2
    box.children[0].value = 1.0  # and up again: a sentence, not a traceback
    assert box.result is None

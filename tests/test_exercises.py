"""brady_widgets.check: right or wrong with a hint, never the answer; every game's
exercise table comes from its registry entry (shared code names no game)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from brady_widgets import check
from brady_widgets.engine.registry import load_exercises, names
from brady_widgets.exercises import CheckResult, Exercise


def answers():
    for game in names():
        for key, ex in load_exercises(game).items():
            yield f"{game}.{key}", ex


def test_there_are_exercises_and_each_is_well_formed():
    found = list(answers())
    assert len(found) >= 3
    for _key, ex in found:
        assert isinstance(ex, Exercise) and ex.question.endswith("?") and ex.hint


@pytest.mark.parametrize(("key", "ex"), list(answers()), ids=lambda x: x if isinstance(x, str) else "")
def test_the_answer_is_right_and_a_wrong_one_is_not_and_neither_is_printed(key, ex):
    right = check(key, ex.answer)
    assert right.ok and right.message.startswith("✅")
    as_text = check(key, str(ex.answer))  # "455/3243" typed as text
    assert as_text.ok
    wrong = check(key, Fraction(ex.answer) + Fraction(1, 7))
    assert not wrong.ok and "Hint:" in wrong.message
    for result in (wrong, check(key, None), check(key, "abc")):  # (once right, the why may restate it)
        for shown in (str(ex.answer), f"{float(ex.answer):.3f}", f"{float(ex.answer):.2f}"):
            assert shown not in result.message, f"{key}: the message gives the answer away: {result.message}"


def test_a_named_misconception_gets_its_own_hint():
    from brady_widgets.brady_bunch.exercises import EXERCISES, _dice_at_least

    ex = EXERCISES["peter_at_least_20"]
    assert "with replacement" in check("brady_bunch.peter_at_least_20", _dice_at_least(20)).message
    assert check("brady_bunch.neutral_trust", "1/2").message != check("brady_bunch.neutral_trust", "1/3").message
    assert ex.hints  # the misconceptions are named


@pytest.mark.parametrize("given", [None, ..., "", "abc", [1], {"a": 1}, float("nan"), True])
def test_no_answer_or_a_non_number_is_a_clear_message_never_an_error(given):
    result = check("brady_bunch.two_claims", given)
    assert isinstance(result, CheckResult) and not result.ok and result.message[0] in "✏❌"


def test_numbers_may_be_typed_as_fractions_decimals_or_percentages():
    assert check("brady_bunch.neutral_trust", Fraction(1, 6)).ok
    assert check("brady_bunch.neutral_trust", " 1 / 6 ").ok
    assert not check("brady_bunch.neutral_trust", 1 / 6).ok  # an exact answer wants a fraction...
    assert "fraction" in check("brady_bunch.neutral_trust", 1 / 6).message  # ... and says so
    assert check("brady_bunch.two_claims", "73.2%").ok and check("brady_bunch.two_claims", 0.732).ok
    assert not check("brady_bunch.two_claims", 0.75).ok


def test_an_unknown_exercise_lists_the_known_ones():
    msg = check("brady_bunch.nope", 1).message
    assert "brady_bunch.two_claims" in msg and not check("no_such_game.x", 1).ok


def test_the_result_shows_itself_in_a_notebook():
    r = check("brady_bunch.neutral_trust", "1/6")
    assert repr(r) == r.message == r._repr_markdown_() and bool(r) is True

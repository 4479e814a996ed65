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


# ---- issue 27, item 1: numpy numbers, whole floats, the order of the hints, the precision said


NUMERIC = [(key, ex) for key, ex in answers() if not isinstance(ex.answer, (str, set, frozenset))]


def test_no_right_answer_is_inside_a_named_wrong_answers_tolerance():
    """Over every registered exercise: every value check() accepts as right is outside each
    named wrong answer's reach, and each named wrong answer gets its own hint."""
    from brady_widgets.exercises import _number, hint_tolerance

    assert NUMERIC
    for key, ex in NUMERIC:
        for wrong, hint in ex.hints.items():
            w = _number(wrong)
            if w is None:
                continue
            if ex.exact:
                assert w != Fraction(ex.answer), f"{key}: the named wrong answer {wrong} is the answer"
            else:  # a right value v (|v - answer| <= tol) must not reach w (|v - w| <= tol)
                gap = abs(float(w) - float(ex.answer))
                assert gap > ex.tolerance + hint_tolerance(ex), f"{key}: {wrong} is {gap:.5f} from the answer"
            said = check(key, wrong)
            assert not said.ok and hint in said.message, f"{key}: {wrong} does not get its hint: {said.message}"


@pytest.mark.parametrize(("key", "ex"), NUMERIC, ids=lambda x: x if isinstance(x, str) else "")
def test_numpy_numbers_and_whole_floats_are_the_numbers_they_are(key, ex):
    np = pytest.importorskip("numpy")
    a = Fraction(ex.answer)
    forms = [np.array(float(a)), np.float64(float(a))] if not ex.exact else []
    if a.denominator == 1:
        forms += [
            np.int64(a.numerator),
            np.int32(a.numerator),
            float(a.numerator),
            np.float64(a.numerator),
            np.array(a.numerator),
            f"{a.numerator}.0",
        ]
    for form in forms:
        assert check(key, form).ok, f"{key}: {form!r} refused: {check(key, form).message}"


@pytest.mark.parametrize(("key", "ex"), NUMERIC, ids=lambda x: x if isinstance(x, str) else "")
def test_an_exact_answer_typed_as_its_decimal_is_right_as_a_float_or_a_string(key, ex):
    """An exact answer with a finite decimal (1/5 = 0.2, 3/8 = 0.375) is right however the student
    types that decimal, 0.2 or "0.2"; a rounded decimal (0.3333 for 1/3) is not, and is told why."""
    a = Fraction(ex.answer)
    if not ex.exact:
        return
    d = a.denominator
    while d % 2 == 0:
        d //= 2
    while d % 5 == 0:
        d //= 5
    if d == 1:
        assert check(key, float(a)).ok, f"{key}: {float(a)!r} refused: {check(key, float(a)).message}"
        assert check(key, str(float(a))).ok, key
    else:
        rounded = check(key, float(a))
        assert not rounded.ok and "fraction" in rounded.message, (key, rounded.message)
        assert not check(key, str(float(a))).ok, key
    assert not check(key, float(a) + 0.01).ok, key


@pytest.mark.parametrize(("key", "ex"), NUMERIC, ids=lambda x: x if isinstance(x, str) else "")
def test_every_question_states_the_precision_it_checks(key, ex):
    from brady_widgets.exercises import asked, decimals_needed

    shown = check(key, None).message
    assert asked(ex) in shown
    if ex.exact:
        assert "Checked exactly" in shown
        return
    assert f"± {ex.tolerance:g}" in shown
    d = decimals_needed(ex.tolerance)
    assert f"{d} decimal" in shown
    # a student who gives what is asked (rounded to d decimals) is right; one decimal less may not be
    assert check(key, round(float(ex.answer), d)).ok, key
    assert check(key, f"{float(ex.answer):.{d}f}").ok, key


def test_the_reported_inputs():
    """The inputs of issue 27, as students typed them."""
    np = pytest.importorskip("numpy")
    from brady_widgets.big_brother.lesson import end_exact

    third = check("costume_party.calibration_first_turn", Fraction(1, 3)).message
    assert "is close" not in third and "3 of 19" not in third
    typed = check("costume_party.calibration_first_turn", 0.0526)  # 1/19 rounded: not the 1/20 misconception
    assert not typed.ok and "right value" in typed.message and "own figure" not in typed.message
    assert "own figure" in check("costume_party.calibration_first_turn", 0.05).message  # 1/20 itself
    assert check("big_brother.likeliest_end_from_garden", np.argmax(end_exact(12))).ok
    assert check("brouhaha.half_k_10p", np.int64(7)).ok
    assert check("big_brother.cards_in_hand", 20.0).ok
    for key, typed in [("brouhaha.six_cards_share_9p", 0.34), ("brady_bunch.next_card_six", 0.15)]:
        said = check(key, typed)
        assert not said.ok and "3 decimals" in said.message, said.message
        assert "3 decimals" in check(key, None).message


def test_name_and_set_answers_are_checked_too(monkeypatch):
    """No game has one today; check() still answers a choice or a set (case and spaces ignored)."""
    import brady_widgets.exercises as E

    table = {
        "pick": Exercise(
            question="Which?",
            answer="Robo the Robot",
            hint="look again",
            choices=("Robo the Robot", "Nico"),
            hints={"Nico": "Nico was elsewhere."},
        ),
        "both": Exercise(question="Which two?", answer={"a", "b"}, hint="two of them"),
    }
    monkeypatch.setattr(E, "exercises", lambda game: table)
    assert check("toy.pick", "  robo the   ROBOT ").ok
    assert "Nico was elsewhere" in check("toy.pick", "nico").message
    assert "one of:" in check("toy.pick", "Vera").message
    assert check("toy.both", ["B", "a"]).ok and not check("toy.both", "a").ok
    assert E.precision(table["pick"]) == "" and E.asked(table["pick"]) == "Which?"

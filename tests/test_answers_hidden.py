"""No saved output and no hint gives an exercise's answer away (issue 27, item 1; lessons.md 4).

For every notebook, each exercise it checks (``check("game.key", ...)``) has an answer; its printed
forms (``7/18``, ``0.389``, ``0.39``, ``0.3889``, ``38.9%``) must not appear in the saved output of
any cell above the check cell. A whole-number answer is too common a number to search for in
outputs; for those, and for every exercise, the hints are searched instead: no hint contains the
answer, and no hint or check cell hands over a call of the lesson's own helpers that returns it.
(A plot's numbers are pixels, not text: a plot that would print an answer is checked by hand.)
"""

from __future__ import annotations

import importlib
import inspect
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from brady_widgets.engine.registry import load_exercises, names

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
CHECK = re.compile(r'check\(\s*"([a-z_]+)\.([a-z_0-9]+)"')


#: (notebook, exercise, printed form, cell id) of an output that shows the same number as an answer on
#: purpose or by coincidence, each with why the question is still a question
SHOWN_ON_PURPOSE = {
    # the die's chance of black, a rule the tutorial shows first: the exercise asks whether a streak changes
    # it (the gambler's fallacy); and exercise 4's 1/3 (seat 1 is Robo) is another quantity
    (
        "costume_party.ipynb",
        "costume_party.black_after_three_blacks",
        "1/3",
        "cell-08",
    ): "the gambler's fallacy: the answer is the rule shown",
    ("costume_party.ipynb", "costume_party.killer_is_robo", "1/3", "cell-08"): "the die's black, not Robo",
    ("costume_party.ipynb", "costume_party.killer_is_robo", "0.333", "81e87e91"): "black after a streak, not Robo",
    ("costume_party.ipynb", "costume_party.killer_is_robo", "1/3", "81e87e91"): "black after a streak, not Robo",
    # the table of sums shows P(sum = 7) = 1/6; the exercise asks P(sum >= 10), another event
    ("two_dice_markov.ipynb", "big_brother.sum_at_least_10", "1/6", "two_dice_markov-05"): "P(7), not P(>= 10)",
    ("two_dice_markov.ipynb", "big_brother.sum_at_least_10", "0.1667", "two_dice_markov-07"): "P(7), not P(>= 10)",
    ("two_dice_markov.ipynb", "big_brother.sum_at_least_10", "1/6", "two_dice_markov-10"): "P(7), not P(>= 10)",
}


def _exercise(game: str, key: str):
    return load_exercises(game)[key]


def printed_forms(answer) -> list[str]:
    """How a notebook or a hint would print a numeric answer (empty for a name)."""
    if isinstance(answer, (str, set, frozenset)):
        return []
    a = Fraction(answer)
    if a.denominator == 1:
        return [str(a.numerator)]
    f = float(a)
    forms = {f"{a.numerator}/{a.denominator}", f"{f:.3f}", f"{f:.4f}", f"{100 * f:.1f}%"}
    if 0.1 <= f < 1:  # (below 0.1, two decimals are one digit: 0.05 is too many numbers)
        forms.add(f"{f:.2f}")
    return sorted(forms)


def _found(form: str, text: str) -> bool:
    return re.search(rf"(?<![\d./]){re.escape(form)}(?![\d/])", text) is not None


def _outputs(cell: dict) -> str:
    parts = []
    for out in cell.get("outputs", []):
        if "text" in out:
            parts.append("".join(out["text"]))
        for mime in ("text/plain", "text/markdown", "text/html"):
            parts.append("".join(out.get("data", {}).get(mime, [])))
    return "\n".join(parts)


def _asked(path: Path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    first = {}
    for i, cell in enumerate(cells):
        if cell["cell_type"] == "code":
            for game, key in CHECK.findall("".join(cell["source"])):
                first.setdefault((game, key), i)
    return cells, first


def _helpers() -> set[str]:
    """The functions of every game's lesson and odds modules: a hint naming one with its
    arguments hands over a one-line computation."""
    found = set()
    for game in names():
        for part in ("lesson", "odds"):
            try:
                mod = importlib.import_module(f"brady_widgets.{game}.{part}")
            except ImportError:
                continue
            found |= {n for n, obj in vars(mod).items() if inspect.isfunction(obj) and not n.startswith("_")}
    return found


def test_the_forms_can_fail():
    assert "posterior" in _helpers() and "end_exact" in _helpers()  # what the hints handed over
    assert _found("7/18", "chance 7/18 here") and not _found("7/18", "17/180")
    assert _found("0.389", "0.389 ") and not _found("0.39", "0.3891") and not _found("0.39", "10.39")
    assert "0.3889" in printed_forms(Fraction(7, 18)) and "38.9%" in printed_forms(Fraction(7, 18))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_saved_output_above_or_under_a_check_cell_shows_its_answer(path):
    """From the top of the notebook down to the next exercise's check cell: the outputs a student
    sees before answering, and those right under the check cell, which a reader sees at once."""
    cells, first = _asked(path)
    starts = sorted(set(first.values()))
    for (game, key), at in first.items():
        ex = _exercise(game, key)
        later = [s for s in starts if s > at]
        end = later[0] if later else at  # the last exercise: everything above it
        forms = [f for f in printed_forms(ex.answer) if "/" in f or "." in f]  # a whole number is everywhere
        for i, cell in enumerate(cells[: max(end, at + 1)]):  # (the next check cell's output is its question)
            if cell["cell_type"] != "code":
                continue
            text = _outputs(cell)
            for form in forms:
                if (path.name, f"{game}.{key}", form, cell.get("id")) in SHOWN_ON_PURPOSE:
                    continue
                assert not _found(form, text), (
                    f"{path.name} cell {i} shows {form}, the answer to {game}.{key} (checked in cell {at})"
                )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_check_cell_hands_over_a_call_that_returns_the_answer(path):
    cells, first = _asked(path)
    helpers = _helpers()
    for (game, key), at in first.items():
        source = "".join(cells[at]["source"])
        called = [h for h in helpers if re.search(rf"\b{h}\(", source)]
        assert not called, f"{path.name} cell {at} ({game}.{key}) calls {called}: a one-line answer"


def _all():
    for game in names():
        for key, ex in load_exercises(game).items():
            yield f"{game}.{key}", ex


@pytest.mark.parametrize(("key", "ex"), list(_all()), ids=lambda x: x if isinstance(x, str) else "")
def test_no_hint_gives_the_answer_or_a_call_that_returns_it(key, ex):
    helpers = _helpers()
    hints = [ex.hint, *ex.hints.values()]
    forms = printed_forms(ex.answer)
    for hint in hints:
        for form in forms:
            if "/" in form or "." in form:
                assert not _found(form, hint), f"{key}: a hint says the answer {form}: {hint}"
            else:  # a whole number, as a word-bounded number
                assert not re.search(rf"(?<![\d./]){form}(?![\d/.])", hint), f"{key}: a hint says {form}: {hint}"
        called = [h for h in helpers if re.search(rf"\b{h}\(", hint)]
        assert not called, f"{key}: the hint hands over {called}: {hint}"

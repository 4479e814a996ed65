"""Checked exercises for the lessons: ``check("game.key", answer)``.

A lesson asks, the student computes, and ``check`` says right or wrong with a
hint, and never prints the answer (the answers are in the teacher guide)::

    >>> from brady_widgets import check
    >>> check("brady_bunch.neutral_trust", Fraction(1, 6))   # doctest: +SKIP
    ✅ Right. ...

Each game declares its exercises in its registry entry (``exercises``: a target
that is a ``{key: Exercise}`` table), so this module names no game. An answer may
be given as an int, a float, a ``Fraction``, a numpy number (``np.int64(18)``, what
``np.argmax`` returns, or a 0-d array), a string such as ``"1/3"``, ``"0.33"`` or
``"33%"`` (numbers), or a name (choices, case and spaces ignored). A float that equals
a whole number is that whole number (``20.0`` answers an exact 20).

Every numeric question says the precision it checks (:func:`precision`, generated from
``exact`` and ``tolerance`` and shown with the question by ``check`` and in the answer key).
A right answer always wins: only a number outside the question's tolerance is compared
with the named wrong answers, and a test keeps every right answer outside their reach.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .frames import short
from .progress import checks, kind, number

__all__ = ["CheckResult", "Exercise", "answer_key", "asked", "check", "exercises", "precision"]


@dataclass(frozen=True)
class Exercise:
    """One question with its answer (kept here, never shown by :func:`check`).

    ``answer``: a number (``Fraction`` for exact answers), a string (one of
    ``choices``) or a set of strings. ``tolerance``: how far a number may be from the
    answer (absolute; default: 0.005, or exact for ``exact=True``). ``hint``: said
    when the answer is wrong; ``hints``: ``{wrong answer: hint}`` for the wrong
    answers students often give (a named misconception). ``why``: said when right."""

    question: str
    answer: Any
    hint: str
    why: str = ""
    tolerance: float = 0.005
    exact: bool = False
    choices: tuple = ()
    hints: dict = field(default_factory=dict)
    #: an extra test of the value, for answers a number cannot say (e.g. a range)
    accept: Callable[[Any], bool] | None = None


@dataclass(frozen=True)
class CheckResult:
    """What :func:`check` says: ``ok`` and a message (shown as the cell's output)."""

    ok: bool
    message: str

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        return self.message

    def _repr_markdown_(self) -> str:
        return self.message


def _number(value: Any) -> Fraction | float | None:
    """A student's number as a Fraction (exact inputs) or a float; None if it is none.

    numpy numbers count as the Python numbers they are (``np.int64(18)``, what
    ``np.argmax`` returns, is the whole number 18; a 0-d array is its one value), and
    a float that equals a whole number is that whole number (``20.0`` is 20)."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return None
    if getattr(value, "shape", None) == () and hasattr(value, "item"):  # a numpy scalar or 0-d array
        return _number(value.item())
    if isinstance(value, (int, Fraction)):
        return Fraction(value)
    if isinstance(value, numbers.Integral):
        return Fraction(int(value))
    if isinstance(value, numbers.Real):
        f = float(value)
        if not math.isfinite(f):
            return None
        return Fraction(int(f)) if f.is_integer() else f
    if isinstance(value, str):
        text = value.strip().replace(" ", "")
        try:
            if text.endswith("%"):
                return Fraction(text[:-1]) / 100
            return Fraction(text)
        except (ValueError, ZeroDivisionError):
            return None
    return None


def _decimals(value: Any) -> int | None:
    """How many decimals a student typed (``0.0526`` -> 4), for a float or a decimal
    string; None for a fraction or a whole number."""
    if isinstance(value, str):
        text = value.strip().replace(" ", "").rstrip("%")
        if "/" in text or "." not in text or "e" in text.lower():
            return None
        return len(text.split(".", 1)[1]) + (2 if value.strip().endswith("%") else 0)
    if getattr(value, "shape", None) == () and hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and math.isfinite(value) and not value.is_integer():
        text = repr(value)
        if "e" in text:
            return None
        return len(text.split(".", 1)[1])
    return None


def _a_game(name: str, value: Any) -> None:
    """A registered game's name (``brady_widgets.games()``)."""
    from .engine.registry import names

    if not isinstance(value, str) or value not in names():
        kind_ = TypeError if not isinstance(value, str) else ValueError
        raise kind_(f"{name} must be a registered game's name (one of {names()}), got {short(value)}")


#: an exercise of a game's table (``exercises(game)[key]``)
EXERCISE = kind(lambda v: isinstance(v, Exercise), "an Exercise (exercises(game)[key])")


@checks(tolerance=number(0, 1e6))
def decimals_needed(tolerance: float) -> int:
    """The decimals a rounded answer needs to be within ``tolerance``: rounding to d
    decimals moves a number by at most half a unit of the last one, 0.5 x 10^-d."""
    d = 0
    while 0.5 * 10**-d > tolerance + 1e-15:
        d += 1
    return d


def _is_numeric(ex: Exercise) -> bool:
    return not isinstance(ex.answer, (str, set, frozenset))


@checks(ex=EXERCISE)
def precision(ex: Exercise) -> str:
    """What a numeric question checks, said to the student (generated from ``exact`` and
    ``tolerance``); ``""`` for a question answered by a name."""
    if not _is_numeric(ex):
        return ""
    if ex.exact:
        if Fraction(ex.answer).denominator == 1:
            return "(Checked exactly: a whole number.)"
        return '(Checked exactly: give a fraction, as Fraction(a, b) or "a/b".)'
    d = decimals_needed(ex.tolerance)
    tol = f"{ex.tolerance:g}"
    if d == 0:
        return f"(Checked to within ± {tol}.)"
    return f"(Checked to within ± {tol}: give at least {d} decimal{'s' if d > 1 else ''}, or a fraction.)"


@checks(ex=EXERCISE)
def asked(ex: Exercise) -> str:
    """The question as :func:`check` and the answer key say it: with the precision it checks."""
    p = precision(ex)
    return f"{ex.question} {p}" if p else ex.question


@checks(ex=EXERCISE)
def hint_tolerance(ex: Exercise) -> float:
    """How close a number must be to a named wrong answer to get its hint: the question's
    tolerance, or for an exact question none (the same fraction) beyond the student's rounding."""
    return 0.0 if ex.exact else ex.tolerance


def _within(value: Fraction | float, target: Any, tol: float) -> bool:
    if isinstance(value, Fraction) and isinstance(target, (int, Fraction)) and tol == 0:
        return value == Fraction(target)
    return abs(float(value) - float(target)) <= tol + 1e-12


def _rounded_from(given: Any, value: Fraction | float, target: Any) -> bool:
    """Whether the student's decimal is ``target`` rounded to the decimals typed."""
    d = _decimals(given)
    return d is not None and abs(float(value) - float(target)) <= 0.5 * 10**-d + 1e-12


def _norm(text: Any) -> str:
    return " ".join(str(text).split()).casefold()


@checks(game=_a_game)
def exercises(game: str) -> dict[str, Exercise]:
    """The exercise table of a registered game (``{}`` if it has none)."""
    return _exercises(game)


def _exercises(game: str) -> dict[str, Exercise]:
    """:func:`exercises` unchecked: an unknown name is a KeyError (what check and the answer key read)."""
    from .engine.registry import load_exercises

    return load_exercises(game)


def check(key: str, answer: Any) -> CheckResult:
    """Say whether ``answer`` answers exercise ``key`` (``"game.name"``), with a hint
    when it does not. Never prints the answer; never raises for a student's input.

    The order matters: a right answer (within the question's tolerance) is right, and
    only a wrong one is compared with the named wrong answers (each misconception's hint)."""
    game, _, name = (key if isinstance(key, str) else "").partition(".")
    try:
        table = exercises(game)
    except (KeyError, ValueError):  # not a registered game's name
        table = None
    ex = (table or {}).get(name)
    if ex is None:
        if table is None:  # not a game's name: say how exercises are named, and for which games
            from .engine.registry import names

            with_some = [g for g in sorted(names()) if exercises(g)]
            known = f"a game's name, a dot and the exercise's name (games: {', '.join(with_some)})"
        else:
            known = ", ".join(f"{game}.{k}" for k in sorted(table)) or "none for this game"
        return CheckResult(False, f"❓ There is no exercise {short(key)}. Exercises: {known}.")
    if answer is None or answer is Ellipsis:
        return CheckResult(False, f"✏️ Not answered yet: {asked(ex)}")
    right = False
    wrong_hint = None
    if isinstance(ex.answer, (set, frozenset)):
        given = {_norm(a) for a in answer} if isinstance(answer, (set, frozenset, list, tuple)) else {_norm(answer)}
        right = given == {_norm(a) for a in ex.answer}
    elif isinstance(ex.answer, str):
        right = _norm(answer) == _norm(ex.answer)
        if not right and ex.choices and _norm(answer) not in {_norm(c) for c in ex.choices}:
            wrong_hint = f"Answer with one of: {', '.join(map(str, ex.choices))}."
    else:
        value = _number(answer)
        if value is None:
            return CheckResult(
                False, f"❌ I expected a number (like 0.25, 1/4 or 25%), got {type(answer).__name__}. {asked(ex)}"
            )
        target = ex.answer
        if ex.exact:
            # a float is the decimal the student typed (its shortest repr: 0.2 is 1/5), as the
            # same decimal typed as a string ("0.2") is; 0.3333333333333333 is not 1/3
            typed = value if isinstance(value, Fraction) else Fraction(repr(float(value)))
            right = typed == Fraction(target)
        else:
            right = _within(value, target, ex.tolerance)
        if not right:
            # what the number is closest to, among the right value rounded too far (or typed as a
            # decimal where a fraction is asked) and the named wrong answers it fits; a tie goes to the
            # right value: a student who has it is told so before any misconception
            fits = []
            if _rounded_from(answer, value, target):
                if ex.exact:
                    fits.append(
                        (
                            target,
                            (
                                "that looks like the right value as a rounded decimal; this question is "
                                'checked exactly: give it as a fraction, as Fraction(a, b) or "a/b".'
                            ),
                        )
                    )
                else:
                    fits.append(
                        (
                            target,
                            (
                                f"close, but rounded too far: give at least {decimals_needed(ex.tolerance)} "
                                f"decimals (checked to within ± {ex.tolerance:g})."
                            ),
                        )
                    )
            tol = hint_tolerance(ex)
            for wrong, hint in ex.hints.items():
                w = _number(wrong)
                if w is not None and (_within(value, w, tol) or (tol == 0 and _rounded_from(answer, value, w))):
                    fits.append((w, hint))
            if fits:
                wrong_hint = min(fits, key=lambda f: abs(float(value) - float(f[0])))[1]
            if wrong_hint is None and ex.exact and not isinstance(value, Fraction):
                wrong_hint = 'Give the exact answer as a fraction, as Fraction(a, b) or "a/b".'
    if right and ex.accept is not None:
        right = bool(ex.accept(answer))
    if not right and wrong_hint is None:
        wrong_hint = next((h for w, h in ex.hints.items() if isinstance(w, str) and _norm(w) == _norm(answer)), None)
    if right:
        return CheckResult(True, "✅ Right." + (f" {ex.why}" if ex.why else ""))
    return CheckResult(False, f"❌ Not yet. Hint: {wrong_hint or ex.hint}")


def _shown(answer: Any) -> str:
    if isinstance(answer, Fraction):
        return f"{answer} ≈ {float(answer):.4f}" if answer.denominator != 1 else str(answer.numerator)
    if isinstance(answer, float):
        return f"{answer:.4f}"
    if isinstance(answer, (set, frozenset)):
        return ", ".join(sorted(map(str, answer)))
    return str(answer)


def answer_key() -> str:
    """The answers of every registered game's exercises, as Markdown (the teacher
    guide's answer key is this text; a test keeps the two the same)."""
    from .engine.registry import names

    lines = []
    for game in names():
        table = _exercises(game)
        if not table:
            continue
        lines.append(f"### `{game}`")
        lines.append("")
        lines.append("| key | question | answer | why |")
        lines.append("|---|---|---|---|")
        for key in sorted(table):
            ex = table[key]
            cells = [f"`{game}.{key}`", asked(ex), _shown(ex.answer), ex.why or ""]
            lines.append("| " + " | ".join(c.replace("|", "\\|").replace("\n", " ") for c in cells) + " |")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"

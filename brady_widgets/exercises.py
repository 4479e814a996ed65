"""Checked exercises for the lessons: ``check("game.key", answer)``.

A lesson asks, the student computes, and ``check`` says right or wrong with a
hint, and never prints the answer (the answers are in the teacher guide)::

    >>> from brady_widgets import check
    >>> check("brady_bunch.neutral_trust", Fraction(1, 6))   # doctest: +SKIP
    ✅ Right. ...

Each game declares its exercises in its registry entry (``exercises``: a target
that is a ``{key: Exercise}`` table), so this module names no game. An answer may
be given as an int, a float, a ``Fraction``, a string such as ``"1/3"``,
``"0.33"`` or ``"33%"`` (numbers), or a name (choices, case and spaces ignored).
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

__all__ = ["CheckResult", "Exercise", "answer_key", "check", "exercises"]


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
    """A student's number as a Fraction (exact inputs) or a float; None if it is none."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, Fraction)):
        return Fraction(value)
    if isinstance(value, numbers.Real):
        f = float(value)
        return f if math.isfinite(f) else None
    if isinstance(value, str):
        text = value.strip().replace(" ", "")
        try:
            if text.endswith("%"):
                return Fraction(text[:-1]) / 100
            return Fraction(text)
        except (ValueError, ZeroDivisionError):
            return None
    return None


def _norm(text: Any) -> str:
    return " ".join(str(text).split()).casefold()


def exercises(game: str) -> dict[str, Exercise]:
    """The exercise table of a registered game (``{}`` if it has none)."""
    from .engine.registry import load_exercises

    return load_exercises(game)


def check(key: str, answer: Any) -> CheckResult:
    """Say whether ``answer`` answers exercise ``key`` (``"game.name"``), with a hint
    when it does not. Never prints the answer; never raises for a student's input."""
    game, _, name = str(key).partition(".")
    try:
        table = exercises(game)
    except KeyError:
        table = {}
    ex = table.get(name)
    if ex is None:
        known = ", ".join(f"{game}.{k}" for k in sorted(table)) or "none for this game"
        return CheckResult(False, f"❓ There is no exercise {key!r}. Exercises: {known}.")
    if answer is None or answer is Ellipsis:
        return CheckResult(False, f"✏️ Not answered yet: {ex.question}")
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
            return CheckResult(False, f"❌ I expected a number (like 0.25, 1/4 or 25%), got {type(answer).__name__}. {ex.question}")
        target = ex.answer
        if ex.exact and isinstance(value, Fraction):
            right = value == Fraction(target)
        elif ex.exact:
            right = False
            wrong_hint = "Give the exact answer as a fraction, e.g. Fraction(3, 8) or \"3/8\"."
        else:
            right = abs(float(value) - float(target)) <= ex.tolerance
        for wrong, hint in ex.hints.items():
            w = _number(wrong)
            if not right and w is not None and abs(float(value) - float(w)) <= max(ex.tolerance, 1e-12):
                wrong_hint = hint
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
        table = exercises(game)
        if not table:
            continue
        lines.append(f"### `{game}`")
        lines.append("")
        lines.append("| key | question | answer | why |")
        lines.append("|---|---|---|---|")
        for key in sorted(table):
            ex = table[key]
            cells = [f"`{game}.{key}`", ex.question, _shown(ex.answer), ex.why or ""]
            lines.append("| " + " | ".join(c.replace("|", "\\|").replace("\n", " ") for c in cells) + " |")
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"

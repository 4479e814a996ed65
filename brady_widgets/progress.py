"""The lessons' arguments, checked, and their long runs' progress bar (shared by every game's
lesson module; a game's own kinds, its game, view or rows, are checked in its lesson module with
:func:`checked_kind`).

Every check raises TypeError (a wrong kind of value) or ValueError (the right kind, out of range)
whose message names the argument and says in a plain sentence what it must be, and what it got
(:func:`plain`: never a Python type's own name such as ``NoneType``). A lesson checks its
arguments once, at its public entry, never inside its trials."""

from __future__ import annotations

import functools
import inspect
import math
import numbers
import os
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from .frames import short
from .optional import need


def plain(value: Any) -> str:
    """What a message says a caller gave: the value itself for None, numbers and text; the kind
    and a short repr for a list, tuple, dict or set; the class's name for anything else
    ("a Game"), never ``NoneType``."""
    if value is None or isinstance(value, (bool, str, numbers.Number)):
        return short(value)
    kind = type(value).__name__
    article = "an" if kind[:1].lower() in "aeiou" else "a"
    if isinstance(value, (list, tuple, dict, set, frozenset)):
        text = short(value)
        # a view or a run's rows is too long to read in a sentence: its size says enough
        return f"{article} {kind} {text}" if len(text) <= 60 else f"{article} {kind} of {len(value)} items"
    return f"{article} {kind}"


def _is_whole(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, numbers.Integral)


def checked_count(name: str, value: Any, most: int | None = None) -> int:
    """A lesson run's count (games, trials, rolls...): a whole number >= 1 (a numpy int too,
    not a bool), as an int; TypeError or ValueError naming it otherwise (a count of 0 was a
    ZeroDivisionError from inside, a negative one a frequency of -0.0). ``most``: the largest
    count a run that holds every result in memory at once takes (``roll_sums(10**12)`` asked
    numpy for 16 TB and the notebook's kernel died)."""
    if not _is_whole(value):
        raise TypeError(f"{name} must be a whole number >= 1, got {plain(value)}")
    if value < 1:
        raise ValueError(f"{name} must be a whole number >= 1, got {value}")
    if most is not None:
        check_in_memory(name, value, most)
    return int(value)


def check_in_memory(name: str, value: int, most: int) -> None:
    """ValueError in words if a run of ``value`` (results kept in memory at once) is past ``most``."""
    if value > most:
        raise ValueError(
            f"{name} must be at most {most:,} (a larger run would not fit in the notebook's memory), got {value:,}"
        )


def checked_whole(name: str, value: Any, low: int | None = None, high: int | None = None) -> int:
    """A whole number (a numpy int too, not a bool) from ``low`` to ``high`` (either may be
    None: no bound), as an int; TypeError or ValueError naming it otherwise."""
    if not _is_whole(value):
        raise TypeError(f"{name} must be {_range('a whole number', low, high)}, got {plain(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{name} must be {_range('a whole number', low, high)}, got {value}")
    return int(value)


def _range(what: str, low: Any, high: Any) -> str:
    """``what`` with its bounds in words (only written when a check fails)."""
    if low is None:
        return what if high is None else f"{what} <= {high}"
    return f"{what} >= {low}" if high is None else f"{what} from {low} to {high}"


def checked_seed(name: str, value: Any) -> int:
    """A seed: a whole number >= 0 (numpy's generators refuse a negative one in their own words)."""
    return checked_whole(name, value, 0)


def checked_number(name: str, value: Any, low: float | None = None, high: float | None = None) -> Any:
    """A finite number (an int, a float, a Fraction, a numpy number; not a bool) from ``low`` to
    ``high`` (either may be None), returned as it is; TypeError or ValueError naming it otherwise."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be {_range('a number', low, high)}, got {plain(value)}")
    finite = isinstance(value, (int, Fraction)) or math.isfinite(value)  # a Fraction is never inf or NaN
    if not finite or (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"{name} must be {_range('a number', low, high)}, got {short(value)}")
    return value


def checked_flag(name: str, value: Any) -> bool:
    """True or False (a numpy bool too), as a bool: ``progress="no"`` is not a quiet run."""
    if not isinstance(value, bool) and type(value).__name__ != "bool_":
        raise TypeError(f"{name} must be True or False, got {plain(value)}")
    return bool(value)


def checked_choice(name: str, value: Any, choices: Any) -> Any:
    """One of ``choices`` (texts or numbers), returned as it is; TypeError or ValueError naming
    the choices otherwise."""
    options = sorted(choices, key=str)
    listed = ", ".join(short(c) for c in options)
    try:
        known = not isinstance(value, bool) and value in choices
    except TypeError:  # a list or dict is not hashable: it is no choice
        known = False
    if not known:
        kinds = {type(c) for c in options}
        wrong_kind = all(not isinstance(value, k) or isinstance(value, bool) for k in kinds)
        raise (TypeError if wrong_kind else ValueError)(f"{name} must be one of {listed}, got {plain(value)}")
    return value


def checked_kind(name: str, value: Any, test: Callable[[Any], bool], what: str) -> Any:
    """``value`` if ``test(value)`` holds; a TypeError saying ``name must be {what}`` otherwise.
    The shared form of a game's own checks (its game, its view, its rows)."""
    if not test(value):
        raise TypeError(f"{name} must be {what}, got {plain(value)}")
    return value


def checked_mapping(name: str, value: Any, what: str = "a dict") -> Mapping:
    """A dict (any mapping), returned as it is; a TypeError saying ``name must be {what}`` otherwise."""
    return checked_kind(name, value, lambda v: isinstance(v, Mapping), what)


def checked_items(name: str, value: Any, what: str = "a list") -> list:
    """The items of a list, tuple, range or other sized collection (not a text, a dict or a
    one-shot iterator), as a new list; a TypeError saying ``name must be {what}`` otherwise."""
    if isinstance(value, (str, bytes, Mapping)) or not hasattr(value, "__len__") or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be {what}, got {plain(value)}")
    return list(value)


#: the most results a lesson's run keeps in memory at once (numpy arrays of them): 10 million
#: two-dice sums are 160 MB, within a Binder machine's 2 GB
MOST_IN_MEMORY = 10_000_000


class _Quiet:
    """A stand-in bar that shows nothing (tests, and runs asked to be quiet)."""

    def update(self, n=1):
        pass

    def close(self):
        pass


def progress_bar(total: int, desc: str, unit: str, show: bool):
    """A tqdm bar (as ``calibration.ipynb`` shows it) when ``show``, else a silent stand-in."""
    if show:
        tqdm = need("tqdm.auto").tqdm
        return tqdm(total=total, desc=desc, unit=unit)
    return _Quiet()


# ---------------------------------------------------------------- checks at a lesson's entry
#: a spec checks one argument: ``spec(name, value)`` raises in words or returns nothing
Spec = Callable[[str, Any], None]

#: the most trials, games or rolls a run that keeps none of them takes: a longer run would not
#: end within a lesson (and ``games=10**30`` must not hang the kernel)
MOST_RUN = 100_000_000


def checks(**specs: Spec) -> Callable:
    """A decorator: before ``fn`` runs, each argument the caller passed that ``specs`` names is
    checked by its spec (the defaults are not: they are the lesson's own). Once per call, at the
    public entry; the body runs as it always did on valid arguments."""

    def decorate(fn: Callable) -> Callable:
        sig = inspect.signature(fn)
        unknown = set(specs) - set(sig.parameters)
        if unknown:
            raise TypeError(f"{fn.__name__} has no argument {sorted(unknown)}")
        order = list(sig.parameters)
        # where each checked argument is found in a call: (name, its place or None, spec, is it *args)
        plan = []
        for name, spec in specs.items():
            how = sig.parameters[name].kind
            place = (
                None if how in (inspect.Parameter.KEYWORD_ONLY, inspect.Parameter.VAR_KEYWORD) else order.index(name)
            )
            plan.append((name, place, spec, how is inspect.Parameter.VAR_POSITIONAL))

        @functools.wraps(fn)
        def checked(*args: Any, **kwargs: Any) -> Any:
            for name, place, spec, many in plan:
                if many:
                    for item in args[place:]:
                        spec(name, item)
                elif place is not None and place < len(args):
                    spec(name, args[place])
                elif name in kwargs:
                    spec(name, kwargs[name])
            return fn(*args, **kwargs)

        return checked

    return decorate


def _ignore(_: Any) -> None:
    """A spec returns nothing (the check's value is not asked for its truth: a numpy array has none)."""


def whole(low: int | None = None, high: int | None = None) -> Spec:
    """A whole number from ``low`` to ``high`` (:func:`checked_whole`)."""
    return lambda name, value: _ignore(checked_whole(name, value, low, high))


def count(most: int | None = None) -> Spec:
    """A count >= 1 (:func:`checked_count`): with ``most``, a run that keeps its results in memory
    (:func:`check_in_memory`'s words); without, at most :data:`MOST_RUN`."""

    def spec(name: str, value: Any) -> None:
        checked_count(name, value, most)
        if most is None and value > MOST_RUN:
            raise ValueError(
                f"{name} must be at most {MOST_RUN:,} (a longer run would not end in a lesson), got {value:,}"
            )

    return spec


def a_seed(name: str, value: Any) -> None:
    """A seed: a whole number >= 0 (:func:`checked_seed`)."""
    checked_seed(name, value)


def number(low: float | None = None, high: float | None = None) -> Spec:
    """A finite number from ``low`` to ``high`` (:func:`checked_number`)."""
    return lambda name, value: _ignore(checked_number(name, value, low, high))


def flag(name: str, value: Any) -> None:
    """True or False (:func:`checked_flag`)."""
    checked_flag(name, value)


def choice(options: Any) -> Spec:
    """One of ``options`` (:func:`checked_choice`)."""
    return lambda name, value: _ignore(checked_choice(name, value, options))


def text(name: str, value: Any) -> None:
    """A text (a str)."""
    checked_kind(name, value, lambda v: isinstance(v, str), "a text (a str)")


def function(what: str = "a function") -> Spec:
    """Something to call (a function or a lambda)."""
    return lambda name, value: _ignore(checked_kind(name, value, callable, what))


def kind(test: Callable[[Any], bool], what: str) -> Spec:
    """Anything ``test`` accepts, described as ``what`` (:func:`checked_kind`)."""
    return lambda name, value: _ignore(checked_kind(name, value, test, what))


def optional(spec: Spec) -> Spec:
    """None, or what ``spec`` accepts."""

    def check(name: str, value: Any) -> None:
        if value is not None:
            spec(name, value)

    return check


def mapping(
    what: str = "a dict", keys: tuple = (), values: Spec | None = None, least: int = 0, each_key: Spec | None = None
) -> Spec:
    """A dict of at least ``least`` items holding at least ``keys``; with ``values`` (``each_key``),
    each value (key) checked by it."""

    def spec(name: str, value: Any) -> None:
        checked_mapping(name, value, what)
        if len(value) < least:
            raise ValueError(f"{name} must be {what}, got {plain(value)}")
        missing = [k for k in keys if k not in value]
        if missing:
            raise ValueError(f"{name} must be {what}, got a dict without {', '.join(map(repr, missing))}")
        for k, v in value.items():
            if each_key is not None:
                _inner(each_key, name, k, what, f"its key {short(k)}")
            if values is not None:
                _inner(values, name, v, what, f"its value for {short(k)}")

    return spec


def items(what: str = "a list", each: Spec | None = None, least: int = 0) -> Spec:
    """A list (tuple, range...) of at least ``least`` items; with ``each``, each item checked by it.
    A numpy array (the lessons' runs: 100,000 sums) is checked by its dtype, numbers or not, once:
    a check per item would cost what the helper does."""

    def spec(name: str, value: Any) -> None:
        kind = getattr(getattr(value, "dtype", None), "kind", None)
        if kind is not None and getattr(value, "ndim", 1) >= 1:
            # a numpy array: its numbers are asked once, by their dtype, not one by one
            if len(value) < least:
                raise ValueError(f"{name} must be {what}, got an empty array")
            if each is not None and kind not in "biuf":
                raise TypeError(f"{name} must be {what}, got an array of {value.dtype}")
            return
        got = checked_items(name, value, what)
        if len(got) < least:
            raise ValueError(f"{name} must be {what}, got {plain(value)}")
        if each is not None:
            for i, item in enumerate(got):
                _inner(each, name, item, what, f"its item {i}")

    return spec


def _inner(spec: Spec, name: str, value: Any, what: str, where: str) -> None:
    """Check a part of an argument; the message names the argument and the part."""
    try:
        spec(name, value)
    except (TypeError, ValueError) as e:
        said = str(e)
        said = said[len(name) + 1 :] if said.startswith(name + " ") else said
        raise type(e)(f"{name} must be {what}; {where}: {said}") from None


def path(what: str) -> Spec:
    """The name of a file or folder that exists (a str or a ``pathlib.Path``)."""

    def spec(name: str, value: Any) -> None:
        checked_kind(name, value, lambda v: isinstance(v, (str, os.PathLike)), what)
        if not os.path.exists(value):
            raise ValueError(f"{name} must be {what}; there is no file or folder {os.fspath(value)!r}")

    return spec


def axes(name: str, value: Any) -> None:
    """A matplotlib Axes (``fig, ax = plt.subplots()``)."""
    checked_kind(
        name, value, lambda v: hasattr(v, "plot") and hasattr(v, "figure"), "a chart's axes (fig, ax = plt.subplots())"
    )


def game_of(game: str, what: str) -> Spec:
    """An engine of the game named ``game`` (its ``name``), described as ``what``."""
    return kind(lambda v: getattr(v, "name", None) == game and hasattr(v, "to_json"), what)


def view_of(game: str, what: str) -> Spec:
    """A view of the game named ``game`` (``game.view(seat)``: a dict whose "game" is that name)."""
    return kind(lambda v: isinstance(v, Mapping) and v.get("game") == game, what)


def players_of(game: str) -> Spec:
    """A number of players the registered game ``game`` takes (its engine's ``player_counts``),
    refused in the engine's own sentence with the argument named first."""

    def spec(name: str, value: Any) -> None:
        from .engine.registry import load_game

        checked_players(name, value, load_game(game))

    return spec


def checked_players(name: str, value: Any, cls: Any) -> int:
    """A number of players the game class ``cls`` takes (its ``player_counts``), as an int;
    refused in the engine's own sentence with the argument named first."""
    value = checked_whole(name, value)
    if value not in cls.player_counts:
        raise ValueError(f"{name} must be a number of players the game takes: {cls.players_refusal(value)}")
    return value

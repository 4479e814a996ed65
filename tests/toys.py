"""The two toy games (``tests/toy_game``, ``tests/toy_realtime``) that the every-game suites
run beside the shipped games: ``TOYS``, ``GAMES`` (every registered game, then the toys) and
``registered()``, which registers the toys for the length of a test module's fixture."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import toy_game
import toy_realtime
from brady_widgets.engine.registry import names, register, unregister

TOYS = [toy_game.GAME, toy_realtime.GAME]
TOY_NAMES = {t.name for t in TOYS}
GAMES = [*(n for n in names() if n not in TOY_NAMES), *(t.name for t in TOYS)]


@contextlib.contextmanager
def registered() -> Iterator[None]:
    """The toys registered (replacing any earlier registration), unregistered after."""
    for entry in TOYS:
        register(entry, replace=True)
    try:
        yield
    finally:
        for entry in TOYS:
            unregister(entry.name)

"""A bot moved to another table decides there as a fresh bot does.

A bot is built as ``Cls(seat, seed)`` and may be handed any view of its seat: a rooms
table gives a person's seat to a bot mid-game, a teacher's replay hands views of another
moment, a script reuses one bot over several games. Bots keep memory between questions
(a log cursor, a plan, what they heard this round); when a view does not go on from what
a bot saw, it must decide on it exactly as a fresh bot would. Its random generator is the
one thing allowed to carry over (it draws on, as any seeded generator does), so the fresh
bot here starts from the moved bot's generator state: any other difference is memory of
the other game leaking into this one.
"""

from __future__ import annotations

import copy

import pytest

from brady_widgets.engine import registry
from brady_widgets.engine.registry import load_bots, load_game
from brady_widgets.scheduler import Later, Scheduler

#: (game, players): small tables, so each whole game is quick
TABLES = [
    ("costume_party", 4),
    ("brady_bunch", 5),
    ("brouhaha", 3),
    ("big_brother", 4),
    ("total_black", 8),
]
SEAT = 1


def _questions(game: str, players: int, seed: int, level: str) -> list[tuple[dict, list]]:
    """Every (view, legal) the bot of SEAT is asked in a whole seeded game of that level."""
    g = load_game(game)(players, seed)
    bots = {s: load_bots(game)[level](s, seed) for s in range(players)}
    bot = bots[SEAT]
    name = "plan" if hasattr(bot, "plan") else "choose"
    asked = getattr(bot, name)
    seen: list[tuple[dict, list]] = []

    def recording(view, legal):
        seen.append((copy.deepcopy(view), copy.deepcopy(list(legal))))
        return asked(view, legal)

    setattr(bot, name, recording)
    Scheduler(g, bots, delay=0, lag=0, copy_views=True).run(max_steps=200_000)
    assert g.over and seen
    return seen


def _answers(bot, questions) -> list:
    name = "plan" if hasattr(bot, "plan") else "choose"
    out = []
    for view, legal in questions:
        answer = getattr(bot, name)(copy.deepcopy(view), copy.deepcopy(legal))
        out.append((answer.ms, answer.action) if isinstance(answer, Later) else answer)
    return out


def test_every_game_is_covered():
    assert {game for game, _ in TABLES} == set(registry.names())


@pytest.mark.parametrize("game,players", TABLES)
def test_a_bot_moved_from_another_game_decides_as_a_fresh_one(game, players):
    table = load_bots(game)
    for level, cls in table.items():
        a, b = _questions(game, players, 3, level), _questions(game, players, 4, level)
        # moved mid-game onto game B's start, and after a whole game onto B's middle (an
        # earlier moment of the same game is tested per game where a bot keeps more than a
        # draw per round: tests/test_brouhaha_bots.py)
        for cut, then in ((len(a) // 2, b), (len(a), b[len(b) // 2 :])):
            moved = cls(SEAT, 9)
            _answers(moved, a[:cut])
            fresh = cls(SEAT, 9)
            if hasattr(moved, "rng"):
                fresh.rng.setstate(moved.rng.getstate())
            assert _answers(moved, then) == _answers(fresh, then), (level, cut, len(then))

"""A Brouhaha bot keeps one question context (``_Context``) and sets it up anew for each
question (``_Context.ask``) instead of making one (issue 28: making an object whose class has
an ``__init__`` costs CPython 3.11 a call through C). Set up anew after a whole question (its
lazily made parts filled: pool, beliefs, dead cards, the map of cries, ...), it must hold
exactly what a fresh context of the same bot and view holds, slot by slot, or a part of the
last question would be read as this one's. Checked at every question of seeded bot games at
every level and several tables, with the bots deciding as the games go on.
"""

from __future__ import annotations

import gc
import weakref

import pytest

from brady_widgets.brouhaha.bots import BOTS, _Context
from brady_widgets.brouhaha.rules import Brouhaha
from brady_widgets.scheduler import Scheduler

_UNSET = object()

#: (players, level, seed, options)
TABLES = [
    (4, "medium", 3, {}),
    (5, "hard", 8, {"bang": True}),
    (4, "easy", 11, {"cries": "solo"}),
    (7, "hard", 2, {}),
]


def _slots(ctx: _Context) -> dict:
    return {name: getattr(ctx, name, _UNSET) for name in _Context.__slots__}


@pytest.mark.parametrize("players,level,seed,options", TABLES)
def test_a_context_asked_anew_holds_what_a_fresh_one_holds(players, level, seed, options):
    checked = []

    class Checking(BOTS[level]):
        def plan(self, view, legal):
            answer = super().plan(view, legal)
            if legal and not view.get("over"):  # (a question that got as far as its context)
                ctx = self._ctx
                assert ctx.bot is None and ctx.view is None  # (kept between questions: no bot, no view)
                ctx.ask(self, view)
                assert _slots(ctx) == _slots(_Context(self, view)), (self.seat, view.get("clock"))
                checked.append(view.get("phase"))
            return answer

    game = Brouhaha(players, seed, **options)
    Scheduler(game, {s: Checking(s, seed) for s in range(players)}, delay=0, lag=0, copy_views=False).run()
    assert game.over
    assert len(checked) > 100 and {"play", "slap", "pass"} <= set(checked)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_bot_that_answered_questions_is_freed_with_its_last_reference(level):
    """A bot keeps its context between questions, and the context no reference back to the
    bot: no cycle, so a bot and its caches go when its game drops it, not at a later garbage
    collection (a cycle made 4-medium bot games 0.3% dearer: the collector walked them)."""
    game = Brouhaha(4, 7)
    bots = {s: BOTS[level](s, 7) for s in range(4)}
    Scheduler(game, bots, delay=0, lag=0, copy_views=False).run_until(20_000)
    asked = [bot for bot in bots.values() if bot.memory.seen]
    assert len(asked) == 4  # (every bot answered questions)
    refs = [weakref.ref(bot) for bot in asked]
    gc.disable()  # (freed by their reference counts alone, or not at all)
    try:
        del bots, asked
        assert [r() for r in refs] == [None] * len(refs)
    finally:
        gc.enable()


def test_a_context_reads_a_games_read_only_options_once_and_a_plain_dict_each_time():
    """The views of a game share one read-only dict of options, so a context reads its cry
    mode at the first question only (the same object: the same mode); a plain dict (a
    reveal's, or a caller's own) may be new or changed at any question, and is read each time."""
    game = Brouhaha(4, 7, cries="solo")
    bot = BOTS["medium"](0, 7)
    ctx = bot._ctx
    view = game.view(0)
    ctx.ask(bot, view)
    assert ctx._options is view["options"] and ctx.mode == "solo"
    ctx.ask(bot, game.view(0))  # (another view of the game: the same options, kept)
    assert ctx._options is view["options"] and ctx.mode == "solo"
    plain = {**view, "options": {"bang": False, "cries": "solo"}}
    ctx.ask(bot, plain)
    assert ctx._options is None and ctx.mode == "solo"
    plain["options"]["cries"] = "shared"  # (changed in place: read again)
    ctx.ask(bot, plain)
    assert ctx.mode == "shared" and ctx.cry_of == _Context(bot, plain).cry_of != _Context(bot, view).cry_of
    ctx.ask(bot, view)
    assert ctx.mode == "solo" and ctx.cry_of == _Context(bot, view).cry_of

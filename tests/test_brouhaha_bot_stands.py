"""Brouhaha bots' promise to the scheduler (``stands_until``, ``quiet_entries``): after a
step that brought a seat only another seat's secret pass choice, its answer stands, and
the scheduler does not ask it. Every question it leaves out, asked anyway, must leave the
scheduler's plan for the seat as it is, in seeded games at 4 and 10 players (with and
without a settle window: the bot sees the game's clock, its plan is kept in scheduler time)."""

from __future__ import annotations

import copy
import math
import random

import pytest

from brady_widgets.brouhaha.bots import BOTS, MediumBot
from brady_widgets.brouhaha.rules import Brouhaha
from brady_widgets.scheduler import Scheduler
from brady_widgets.testing.conformance import ConformanceError, bot_playout


class _Checked(Scheduler):
    """A scheduler that asks a copy of every bot it leaves out, and compares the plan it
    would make of that answer with the plan the seat holds."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.questions = self.skipped = 0
        self._now_asked: set[int] = set()

    def _ask(self, seat, legal=None):
        self.questions += 1
        self._now_asked.add(seat)
        return super()._ask(seat, legal)

    def _replan(self):
        self._now_asked = set()
        super()._replan()
        game = self.game
        if game.over or not game.realtime:
            return
        waiting = {item[2] for item in self._queue}
        for seat, bot in self.bots.items():
            legal = game.legal_actions(seat)
            if seat in self._now_asked or seat in waiting or not legal:
                continue
            self.skipped += 1
            answer = copy.deepcopy(bot).plan(game.view(seat), legal)
            plans, queue = dict(self._plans), list(self._queue)
            self._take(seat, answer)
            after = self._plans
            self._plans, self._queue = plans, queue
            assert after == plans, (seat, game.clock, self.now, answer, plans.get(seat), after.get(seat))


@pytest.mark.parametrize("lag", [0, 250])
@pytest.mark.parametrize(
    ("players", "level", "seed"),
    [(4, "medium", 3), (4, "medium", 5), (4, "hard", 34), (10, "hard", 5), (10, "hard", 17)],
)
def test_a_question_the_scheduler_leaves_out_would_leave_the_plan_as_it_is(players, level, seed, lag):
    game = Brouhaha(players, seed)
    sched = _Checked(game, {s: BOTS[level](s, seed) for s in range(players)}, lag=lag, copy_views=False)
    sched.run()
    assert game.over
    assert sched.skipped > players  # (the pass phase: every pass chosen but the last leaves out the others)


class _Overpromising(MediumBot):
    """Says its pass stands for good: it does not while a memory it chose by fades."""

    def _plan_pass(self, ctx, legal):
        answer = super()._plan_pass(ctx, legal)
        if self.stands_until is not None:
            self.stands_until = math.inf
        return answer


def test_the_kit_plays_a_promising_bot_as_the_scheduler_asks_it_and_holds_it_to_the_game_asked_always():
    def playout(bot_cls):
        return bot_playout(Brouhaha(4, 6), bot_cls, random.Random(1), bot_seed=2, max_actions=3000, check_every=40)

    assert playout(MediumBot).over
    with pytest.raises(ConformanceError, match="stands_until"):
        playout(_Overpromising)

"""Big Brother bots: the draws a decision makes, and the ones it need not make.

A housemate's pick is ``_best``: the highest ``score + noise * (2u - 1)`` over the
targets, each ``u`` a seeded draw. A draw that cannot change the pick is skipped; these
tests hold the pick to what drawing every seat gives, and count the draws.
"""

from __future__ import annotations

import pytest

from brady_widgets.big_brother import bots as bots_module
from brady_widgets.big_brother.bots import BOTS


@pytest.fixture
def draws(monkeypatch):
    """The texts hashed by the bots' module while the test runs."""
    seen: list[str] = []
    real = bots_module._hash

    def counting(text, head=""):
        seen.append(head + text)
        return real(text, head)

    monkeypatch.setattr(bots_module, "_hash", counting)
    return seen


def _every_seat_drawn(bot, scores, moment, why):
    noise = bot.p["noise"]
    return max(scores, key=lambda s: (scores[s] + noise * (2 * bot._u(moment, why, s) - 1), -s))


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_top_no_one_can_reach_is_picked_without_a_draw(level, draws):
    bot = BOTS[level](1, 9)
    noise = bot.p["noise"]
    moment = (2, 3, "vote", 11, 4, None, (3, 5), 12, 0, 1)
    # the runner-up is just out of reach: its best value is below the top's worst
    for top, gap in ((0, 2 * noise + 0.01), (4, 2 * noise + 1.0), (5, 7.0)):
        runner = 2 if top != 2 else 3
        scores = {s: 1.5 - gap - 1.0 for s in range(6) if s != 1}
        scores[top], scores[runner] = 1.5, 1.5 - gap
        del draws[:]
        assert bot._best(scores, moment, "vote") == top
        assert draws == []
        assert _every_seat_drawn(bot, scores, moment, "vote") == top
    # a lone target: nothing to draw for
    del draws[:]
    assert bot._best({3: -2.0}, moment, "diary") == 3
    assert draws == []


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_runner_up_within_reach_is_drawn(level, draws):
    bot = BOTS[level](1, 9)
    noise = bot.p["noise"]
    picks, runner_drawn = set(), 0
    for i in range(200):
        moment = (i % 3, i, "evict_vote", i // 2, 2, None, (), None, 0, 1)
        # the runner-up is within reach of the top's value: the top is drawn, the
        # runner-up when the top's draw leaves it a chance, seat 3 (out of reach) never
        scores = {0: 1.0, 2: 1.0 - noise / 2, 3: 1.0 - 2 * noise - 0.01}
        del draws[:]
        got = bot._best(scores, moment, "vote")
        drawn = [text[text.rindex(", ") + 2 : -1] for text in draws]
        assert got == _every_seat_drawn(bot, scores, moment, "vote")
        assert drawn[0] == "0" and set(drawn) <= {"0", "2"}, drawn
        runner_drawn += "2" in drawn
        picks.add(got)
    assert picks == {0, 2} and runner_drawn > 20  # the draws decide: each wins some


def test_a_tie_at_the_top_is_drawn_and_goes_by_the_draws(draws):
    bot = BOTS["medium"](4, 2)
    picks = set()
    for i in range(60):
        moment = (1, i, "vote", i, 1, None, (), None, 0, 0)
        scores = dict.fromkeys((0, 2, 5), 0.75)
        del draws[:]
        got = bot._best(scores, moment, "choose")
        assert len(draws) >= 2
        assert got == _every_seat_drawn(bot, scores, moment, "choose")
        picks.add(got)
    assert picks == {0, 2, 5}

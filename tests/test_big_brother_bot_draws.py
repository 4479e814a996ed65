"""Big Brother bots: the draws a decision makes, and the ones it need not make.

A housemate's pick is ``_best``: the highest ``score + noise * (2u - 1)`` over the
targets, each ``u`` a seeded draw. A draw that cannot change the pick is skipped; these
tests hold the pick to what drawing every seat gives, and count the draws. A decision's
draw is hashed from three kept parts (the bot's prefix, the moment, the end): it must be
the draw of its key's whole text, as ``_u`` writes it.
"""

from __future__ import annotations

import pytest

from brady_widgets.big_brother import bots as bots_module
from brady_widgets.big_brother.bots import BOTS, LEVELS, _draw, _in_time, _lognormal, _moment_bytes, _tail
from brady_widgets.big_brother.rules import BigBrother
from brady_widgets.engine.rng import hash64
from brady_widgets.scheduler import Later, Scheduler


@pytest.fixture
def draws(monkeypatch):
    """The texts the bots' module draws from while the test runs: a decision's draws
    (``_draw``, its text in three parts) and a kept key's (``_hash``)."""
    seen: list[str] = []
    real_hash, real_draw = bots_module._hash, bots_module._draw

    def hashing(text, head=""):
        seen.append(head + text)
        return real_hash(text, head)

    def drawing(prefix, moment, tail):
        seen.append(prefix + moment.decode() + tail.decode())
        return real_draw(prefix, moment, tail)

    monkeypatch.setattr(bots_module, "_hash", hashing)
    monkeypatch.setattr(bots_module, "_draw", drawing)
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


#: moments of every shape a view gives (no roll, one die, two dice, a card or none, a
#: 64-bit-sized number) and a few that no view gives
MOMENTS = [
    (1, None, "roll", 0, None, None, (), None, 0, 0),
    (2, 3, "vote", 11, 1, 0, (3, 5), 12, 0, 1),
    (3, 1, "evict_vote", 17, 2, 1, (6,), 4, 2, 1),
    (4, None, "final_vote", 40, 3, None, (1, 1), None, 5, 3),
    ((), "x", None),
    (10**19, "a'b", (1,)),
]


def test_a_draw_fed_in_its_three_parts_is_the_hash_of_its_whole_text():
    prefixes = [
        f"big_brother:{level}:{seed}:{seat}:(" for level in LEVELS for seed in (0, 7, 2**64 - 1) for seat in (0, 5)
    ]
    for i in range(4000):  # more prefixes than the module keeps hashers for: some are made again
        prefix = prefixes[i % len(prefixes)] if i % 3 else f"big_brother:medium:{i}:{i % 6}:("
        moment = MOMENTS[i % len(MOMENTS)]
        why, part = ("think", "vote") if i % 2 else ("pick", i % 7)
        moment_bytes, tail = _moment_bytes(moment), _tail(why, part)
        text = f"{prefix}{moment!r}, {why!r}, {part!r})"
        assert prefix + moment_bytes.decode() + tail.decode() == text
        assert _draw(prefix, moment_bytes, tail) == hash64(text) * 2.0**-64


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_decisions_draw_is_the_draw_of_its_key(level):
    # _at (and _best, and plan's think draw) draw from kept parts: each is _u's draw of the
    # key (moment, why, part), whose text is the bot's level, seed, seat and repr(key)
    for seat, seed in ((0, 0), (3, 12345), (5, 2**64 - 1)):
        bot = BOTS[level](seat, seed)
        for i in range(40):
            moment = MOMENTS[i % len(MOMENTS)]  # (moments in turn: none is the one kept)
            for why, part in (("think", "vote"), ("think", "roll"), ("vote", i % 6), ("partner", 2)):
                assert bot._at(moment, why, part) == bot._u(moment, why, part)
                assert (
                    bot._key_text((moment, why, part)) == f"big_brother:{level}:{seed}:{seat}:{(moment, why, part)!r}"
                )


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_bots_thinking_time_is_its_think_draw(level):
    # plan writes its think draw out: its delay is the lognormal of _u(moment, "think",
    # kind), shortened to the countdown, for every question of a game
    asked = 0

    class Checked(BOTS[level]):
        def plan(self, view, legal):
            nonlocal asked
            got = super().plan(view, legal)
            if isinstance(got, Later) and got.action["type"] != "claim":
                kind = got.action["type"]
                u = self._u(self._moment(view), "think", kind)
                ms = _lognormal(u, self.p["think"] * (0.5 if kind == "roll" else 1.0))
                assert got.ms == _in_time(view, ms)
                asked += 1
            return got

    game = BigBrother(5, 8)
    Scheduler(game, {s: Checked(s, 8) for s in range(5)}, lag=0, copy_views=False).run(max_steps=100_000)
    assert game.over and asked > 150


def test_a_delay_is_the_lognormal_of_its_draw():
    # _lognormal with float constants: the very delays of the plain formula with int ones
    import math

    def plain(u, median, sigma=0.4):
        z = math.log(u / (1 - u)) / 1.7 if 0 < u < 1 else 0.0
        ms = median * math.exp(sigma * z)
        return 20_000 if ms >= 20_000 else 150 if ms <= 150 else int(ms)

    us = [0.0, 2.0**-64, 1e-9, 0.01, 0.25, 0.5, 0.75, 0.99, 1 - 2.0**-53]
    us += [hash64(f"u:{i}") * 2.0**-64 for i in range(5000)]
    for median in (150, 450.0, 600.0, 800.0, 900, 1100.0, 1200, 1500, 1600, 2200, 2500, 20_000, 30_000.0):
        for u in us:
            assert _lognormal(u, median) == plain(u, median), (u, median)

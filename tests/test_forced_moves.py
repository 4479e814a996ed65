"""Forced moves (issue 28): a bot class that sets ``forced_move_is_free`` promises that, with
exactly one legal action, ``choose`` returns it, draws nothing and keeps nothing from the
question; the scheduler then takes that action without building the seat's view.

* every registered bot that declares it keeps the promise (played out against an identical
  bot that is never asked on forced moves: the same answers and RNG state at every other
  decision), and the check catches a bot that draws (a RandomBot that declared it);
* the scheduler asks a non-declaring bot on a forced move and not a declaring one, and the
  game is the same either way.
"""

from __future__ import annotations

import copy
import random

import pytest

from brady_widgets.brady_bunch.bots import BradyBot
from brady_widgets.brady_bunch.bots import RandomBot as BradyRandom
from brady_widgets.brady_bunch.rules import BradyBunch
from brady_widgets.costume_party.bots import RandomBot as CostumeRandom
from brady_widgets.engine.registry import load_bots, load_game, names
from brady_widgets.scheduler import Scheduler

DECLARED = [
    (game, level)
    for game in names()
    for level, cls in sorted(load_bots(game).items())
    if getattr(cls, "forced_move_is_free", False)
]


def _rng_state(bot) -> object:
    rng = bot.rng  # (Brady's bots seed theirs at the first use: the same on both sides)
    return rng.getstate() if isinstance(rng, random.Random) else None


def keeps_promise(cls, game_cls, players: int, seed: int) -> int:
    """Play a turn-based game with ``cls`` at every seat, twice over: ``asked`` bots are asked
    every question, forced ones too (their answer must be that one action), ``spared`` twins
    only when there is a choice; at each choice both must answer alike, from the same RNG
    state. Returns how many forced moves were checked."""
    g = game_cls(players, seed)
    asked = {s: cls(s, seed) for s in range(players)}
    spared = {s: cls(s, seed) for s in range(players)}
    forced = 0
    for _ in range(100_000):
        if g.over:
            return forced
        seat = g.to_act[0]
        legal = list(g.legal_actions(seat))
        view = g.view(seat)
        if len(legal) == 1:
            answer = asked[seat].choose(copy.deepcopy(view), copy.deepcopy(legal))
            assert answer == legal[0], f"{cls.__name__} seat {seat}: forced move answered {answer!r}"
            forced += 1
            g.act(seat, legal[0])
            continue
        a = asked[seat].choose(copy.deepcopy(view), copy.deepcopy(legal))
        b = spared[seat].choose(copy.deepcopy(view), copy.deepcopy(legal))
        assert a == b, f"{cls.__name__} seat {seat}: the bot asked on forced moves chose {a!r}, its twin {b!r}"
        assert _rng_state(asked[seat]) == _rng_state(spared[seat]), f"{cls.__name__} seat {seat}: RNG drifted"
        g.act(seat, b)
    raise AssertionError("the game did not end")


def test_the_declared_bots_are_the_turn_based_deciders():
    # what the bots' choose() do (read there): the smart Brady bot and its levels, the
    # detective and its levels return a lone legal action at once; the RandomBots draw
    assert DECLARED == [
        ("costume_party", "detective"),
        ("costume_party", "easy"),
        ("costume_party", "hard"),
        ("costume_party", "medium"),
        ("brady_bunch", "easy"),
        ("brady_bunch", "hard"),
        ("brady_bunch", "medium"),
        ("brady_bunch", "smart"),
    ]
    # the scheduler honours the promise in turn-based games only (a real-time bot plans)
    assert all(not load_game(game).realtime for game, _ in DECLARED)


@pytest.mark.parametrize(("game", "level"), DECLARED)
def test_a_declaring_bot_keeps_its_promise(game, level):
    cls, game_cls = load_bots(game)[level], load_game(game)
    counts = game_cls.player_counts
    forced = 0
    for players in (min(counts), 5 if 5 in counts else max(counts)):
        for seed in (1, 2):
            forced += keeps_promise(cls, game_cls, players, seed)
    assert forced > 0, "no forced move met: the check checked nothing"


@pytest.mark.parametrize(
    ("random_cls", "game_cls"), [(BradyRandom, BradyBunch), (CostumeRandom, load_game("costume_party"))]
)
def test_the_check_catches_a_bot_that_draws_on_a_forced_move(random_cls, game_cls):
    liar = type("Liar", (random_cls,), {"forced_move_is_free": True})
    with pytest.raises(AssertionError, match="RNG drifted|chose"):
        for seed in (1, 2, 3):
            keeps_promise(liar, game_cls, 5, seed)


class _Counting(BradyBot):
    """The smart bot, counting the questions it gets (and those with one legal action)."""

    def __init__(self, seat, seed=0, **kw):
        super().__init__(seat, seed, **kw)
        self.questions = self.forced_questions = 0

    def choose(self, view, legal):
        self.questions += 1
        if len(legal) == 1:
            self.forced_questions += 1
        return super().choose(view, legal)


class _Undeclared(_Counting):
    forced_move_is_free = False


def _run(seed: int, undeclared: set[int], copy_views: bool):
    g = BradyBunch(5, seed)
    views: dict[int, int] = {}
    view = g.view

    def counting_view(seat):
        views[seat] = views.get(seat, 0) + 1
        return view(seat)

    g.view = counting_view  # type: ignore[method-assign]
    bots = {s: (_Undeclared if s in undeclared else _Counting)(s, seed) for s in range(5)}
    Scheduler(g, bots, delay=0, lag=0, copy_views=copy_views).run()
    return g, bots, views


@pytest.mark.parametrize("copy_views", [False, True])
def test_the_scheduler_asks_only_a_non_declaring_bot_on_a_forced_move(copy_views):
    seed = 1  # forced moves: 8 of seat 0 (Alice), 1 of seat 4
    g, bots, views = _run(seed, {4}, copy_views)
    acted = {s: sum(1 for step in g.history if step["seat"] == s) for s in range(5)}
    for s in range(5):
        assert views.get(s, 0) == bots[s].questions  # a view for every question, and only then
    # seat 4 (not declaring) is asked on its forced move, view and all
    assert bots[4].forced_questions == 1 and acted[4] == bots[4].questions
    # seats 0 to 3 (declaring) never: their forced moves are taken without a view
    assert all(bots[s].forced_questions == 0 for s in range(4))
    assert acted[0] - bots[0].questions == 8
    # the same game as with every bot asked every time
    every, _, _ = _run(seed, set(range(5)), copy_views)
    assert every.to_json() == g.to_json()

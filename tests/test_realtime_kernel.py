"""The kernel's time layer (engine/game.py) and the one Scheduler (scheduler.py).

Most tests use ``Tick``, a tiny real-time game defined here:

* 2 or 3 seats, each with a secret digit (1..9) that only it sees.
* First every seat says ``ready``: the game waits on them (``to_act``), with no
  deadline. The last ``ready`` at time ``t`` starts the clock: a tick at
  ``t + tick_ms``, then one every ``tick_ms``; each moves a public counter.
* An odd tick opens a window whose length is a public chance draw
  (``window_ms`` or twice that, even odds). The first ``slap`` (a race, in
  ``races``) scores a point and closes it; a window nobody slaps closes on its
  own at its deadline.
* Any seat may ``poke`` at any time, ``pokes`` times in all (then it may have
  nothing to do at all: ``not_your_turn``).
* At the ``ticks``-th tick the game ends: most points wins, ties broken by the
  higher secret, and the secrets are shown.

While the clock runs ``to_act`` is empty (the game waits on the clock), yet every
seat may have legal actions.

``Vote`` is a tiny turn-based game with a simultaneous phase (everyone votes, in
any order), for the scheduler's turn-based side.
"""

from __future__ import annotations

import copy
import json
import random
from fractions import Fraction

import numpy as np
import pytest

from brady_widgets import simulate
from brady_widgets.costume_party.rules import CostumeParty
from brady_widgets.engine import Game, IllegalAction
from brady_widgets.engine.game import MAX_AT
from brady_widgets.scheduler import DEFAULT_LAG, BotError, Later, Scheduler
from brady_widgets.testing import (
    ConformanceError,
    ValuePools,
    all_views,
    bot_playout,
    check_bots,
    check_game,
    check_leaks,
    check_legal_is_the_truth,
    check_round_trip,
    fuzz_malformed,
    generic_invariants,
    malformed_cases,
    random_playout,
)
from brady_widgets.testing.conformance import bot_answer, random_time, random_time_step
from brady_widgets.testing.conformance import in_window as window_open

READY = {"type": "ready"}
POKE = {"type": "poke"}
SLAP = {"type": "slap"}


# ================================================================= the games
class Tick(Game):
    name = "test_tick"
    title = "Tick (kernel test)"
    player_counts = range(2, 4)
    default_options = {"ticks": 5, "tick_ms": 1000, "window_ms": 300, "pokes": 2}
    action_schema = {"ready": {}, "poke": {}, "slap": {}}
    realtime = True
    races = frozenset({"slap"})

    def _check_options(self):
        o = self.options
        if not 2 * o["window_ms"] < o["tick_ms"]:
            raise ValueError("a window (up to 2 * window_ms) must close before the next tick")

    def _setup(self, deal):
        n = self.players
        if deal is None:
            deal = {"secrets": [self.rng.randint(1, 9) for _ in range(n)]}
        self.secrets = list(deal["secrets"])
        self.ready = [False] * n
        self.pokes = [0] * n
        self.points = [0] * n
        self.ticks = 0
        self.next_tick = None  # ms of the next tick, once everyone is ready
        self.window_end = None  # ms the open window closes at, or None
        w = self.options["window_ms"]
        self.window_odds = ((w, Fraction(1, 2)), (2 * w, Fraction(1, 2)))
        for seat in range(n):
            self._emit("secret", audience=[seat], seat=seat, secret=self.secrets[seat])
        return {"secrets": list(self.secrets)}

    def _to_act(self):
        return [s for s in range(self.players) if not self.ready[s]]

    def _legal(self, seat):
        out = []
        if not self.ready[seat]:
            out.append(dict(READY))
        if self.pokes[seat] < self.options["pokes"]:
            out.append(dict(POKE))
        if self.window_end is not None:
            out.append(dict(SLAP))
        return out

    def _next_deadline(self):
        times = [t for t in (self.window_end, self.next_tick) if t is not None]
        return min(times) if times else None

    def _apply(self, seat, action, at):
        kind = action["type"]
        if kind == "ready":
            self.ready[seat] = True
            self._emit("ready", seat=seat, at=at)
            if all(self.ready):
                self.next_tick = at + self.options["tick_ms"]
                self._emit("start", at=at)
        elif kind == "poke":
            self.pokes[seat] += 1
            self._emit("poke", seat=seat, at=at)
        else:
            self.points[seat] += 1
            self.window_end = None
            self._emit("slap", seat=seat, at=at)

    def _on_deadline(self, at):
        if self.window_end == at:
            self.window_end = None
            self._emit("window_closed", at=at)
        if self.next_tick == at:
            self.ticks += 1
            self._emit("tick", n=self.ticks, at=at)
            if self.ticks >= self.options["ticks"]:
                best = max(zip(self.points, self.secrets))
                self.winners = [s for s in range(self.players) if (self.points[s], self.secrets[s]) == best]
                self.over = True
                self.window_end = self.next_tick = None
                self._emit("game_over", winners=list(self.winners), secrets=list(self.secrets))
                return
            self.next_tick = at + self.options["tick_ms"]
            if self.ticks % 2:
                self.window_end = at + self._chance("window", self.window_odds)
                self._emit("window_opened", at=at, closes_at=self.window_end)

    def _chance_outcomes(self):
        return []

    def _scores(self):
        return list(self.points)

    def _view(self, seat, reveal=False):
        view = {
            "phase": "over" if self.over else ("play" if self.next_tick is not None else "ready"),
            "ready": list(self.ready),
            "pokes": list(self.pokes),
            "points": list(self.points),
            "ticks": self.ticks,
            "window_end": self.window_end,
            "my_secret": None if seat is None else self.secrets[seat],
            "secrets": list(self.secrets) if self.over else None,
            "over": self.over,
            "winners": list(self.winners),
            "log": self.log_for(seat, reveal=reveal),
        }
        if reveal:
            view["all_secrets"] = list(self.secrets)
        return view

    def resample(self, seat, rng):
        """The same history with every secret ``seat`` does not know redrawn."""
        if self.over:
            return self.clone()
        secrets = [s if i == seat else rng.randint(1, 9) for i, s in enumerate(self.secrets)]
        return type(self).replay(self.players, self.seed, self.history, deal={"secrets": secrets}, **self.options)


class Vote(Game):
    """Turn-based: every seat votes 0 or 1, in any order (a simultaneous phase); then
    seat 0 says ``done``. The majority vote wins."""

    name = "test_vote"
    title = "Vote (kernel test)"
    player_counts = range(2, 5)
    action_schema = {"vote": {"choice": int}, "done": {}}

    def _setup(self, deal):
        self.votes = [None] * self.players
        return {}

    def _to_act(self):
        waiting = [s for s in range(self.players) if self.votes[s] is None]
        return waiting or [0]

    def _legal(self, seat):
        if any(v is None for v in self.votes):
            return [{"type": "vote", "choice": c} for c in (0, 1)]
        return [{"type": "done"}]

    def _apply(self, seat, action, at):
        if action["type"] == "vote":
            self.votes[seat] = action["choice"]
            self._emit("voted", seat=seat)
        else:
            self.over = True
            ones = sum(self.votes)
            self.winners = [s for s in range(self.players) if self.votes[s] == (ones * 2 > self.players)]

    def _view(self, seat, reveal=False):
        return {"voted": [v is not None for v in self.votes], "over": self.over, "log": self.log_for(seat, reveal)}


def started(players=2, seed=0, at=0, **options):
    """A Tick game with every seat ready at ``at`` (the first tick at ``at + tick_ms``)."""
    game = Tick(players, seed, **options)
    for seat in range(players):
        game.act(seat, READY, at=at)
    return game


def in_window(players=2, seed=0, **options):
    """A Tick game whose first window is open (opened at 1000, clock 1000)."""
    game = started(players, seed, **options)
    game.advance(1000)
    assert game.window_end is not None
    return game


def refuse(game, code, fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` raises IllegalAction ``code`` and changes nothing."""
    before = game.to_json()
    events = copy.deepcopy(game.events)
    with pytest.raises(IllegalAction) as info:
        fn(*args, **kwargs)
    assert info.value.code == code, info.value
    assert game.to_json() == before and game.events == events
    return info.value


# ====================================================== the engine's time layer
def test_the_tick_game_is_real_time_and_turn_based_games_are_not():
    assert Tick.realtime is True and Tick.races == frozenset({"slap"})
    assert Game.realtime is False and Game.races == frozenset()
    assert CostumeParty.realtime is False and Vote.realtime is False


def test_at_is_required_in_real_time():
    game = Tick(2, 0)
    for fn in (game.act, game.check):
        exc = refuse(game, "malformed_action", fn, 0, READY)
        assert "'at'" in str(exc)
        refuse(game, "malformed_action", fn, 0, READY, None)
    game.act(0, READY, at=0)  # the same action with a time is accepted
    assert game.history[-1] == {"seat": 0, "action": READY, "at": 0}


@pytest.mark.parametrize(
    "bad", [float("nan"), float("inf"), -float("inf"), -1, -0.5, MAX_AT + 1, 2.0**60, True, False, "5", [5], {"ms": 5}]
)
def test_act_refuses_malformed_and_out_of_range_times(bad):
    game = started()
    game.act(0, POKE, at=400)
    for fn in (game.act, game.check):
        refuse(game, "malformed_action", fn, 1, POKE, bad)


def test_at_before_the_clock_is_malformed_and_at_the_clock_is_fine():
    game = started()
    game.act(0, POKE, at=400)
    assert game.clock == 400
    exc = refuse(game, "malformed_action", game.act, 1, POKE, 399)
    assert "before the game clock 400" in str(exc)
    refuse(game, "malformed_action", game.act, 1, POKE, 399.999)
    assert game.check(1, POKE, 400) is None  # check() accepts, and changes nothing
    game.act(1, POKE, at=400)  # two actions at the same time
    assert game.clock == 400 and [h["at"] for h in game.history] == [0, 0, 400, 400]


def test_at_or_after_the_next_deadline_is_illegal_until_advance_applies_it():
    game = started()
    assert game.next_deadline() == 1000
    for at in (1000, 1000.0, 1001, 5000, MAX_AT):
        for fn in (game.act, game.check):
            exc = refuse(game, "illegal_action", fn, 0, POKE, at)
            assert "advance(1000)" in str(exc)
    game.act(0, POKE, at=999.5)  # just before the deadline
    assert game.clock == 999.5
    game.advance(1000)
    game.act(1, POKE, at=1000)  # the tick has passed: the next deadline is the window's end
    assert game.next_deadline() == 1000 + game.window_end - 1000 > 1000


def test_a_float_stamp_and_a_numpy_stamp_are_kept_as_plain_numbers():
    game = started()
    game.act(0, POKE, at=np.float64(12.5))
    game.act(1, POKE, at=13)
    assert [type(h["at"]) for h in game.history[-2:]] == [float, int]
    assert game.clock == 13 and type(game.clock) is int
    game.advance(np.float64(14.0))
    assert type(game.history[-1]["at"]) is float and type(game.clock) is float
    assert Tick.from_json(game.to_json()).to_json() == game.to_json()


def test_advance_applies_every_due_deadline_in_order_and_is_recorded_once():
    game = started(seed=3)
    marks = len(game.history)
    events = game.advance(3500)  # tick 1 (window), the window closing, tick 2, tick 3 (window)
    kinds = [(e["type"], e.get("at")) for e in events]
    w1 = game.history[marks + 1]["outcome"]
    assert kinds[:4] == [("tick", 1000), ("window_opened", 1000), ("window_closed", 1000 + w1), ("tick", 2000)]
    assert kinds[4:] == [("tick", 3000), ("window_opened", 3000)]
    assert game.clock == 3500 and game.ticks == 3
    # one clock step, then the chance outcomes drawn by the deadlines
    assert game.history[marks] == {"seat": "clock", "at": 3500}
    assert [h["seat"] for h in game.history[marks:]] == ["clock", "chance", "chance"]
    assert game.next_deadline() == 3000 + game.history[-1]["outcome"]
    assert events == game.events[-len(events) :]


def test_advance_to_a_deadline_exactly_applies_it():
    game = started()
    events = game.advance(1000)
    assert [e["type"] for e in events] == ["tick", "window_opened"] and game.clock == 1000
    assert game.history[-2] == {"seat": "clock", "at": 1000}


def test_advance_that_changes_nothing_is_a_no_op_but_moving_the_clock_is_recorded():
    game = started()
    before = game.to_json()
    assert game.advance(0) == [] and game.to_json() == before  # at the clock, nothing due
    game.act(0, POKE, at=250)
    before = game.to_json()
    assert game.advance(250) == [] and game.advance(250.0) == [] and game.to_json() == before
    assert game.advance(600) == []  # no deadline passes, but time does: recorded
    assert game.clock == 600 and game.history[-1] == {"seat": "clock", "at": 600}
    refuse(game, "malformed_action", game.act, 1, POKE, 599)  # the clock moved on


@pytest.mark.parametrize(
    "bad",
    [None, float("nan"), float("inf"), -float("inf"), -1, MAX_AT + 1, 2.0**54, True, False, "1500", [1500], {"at": 1}],
)
def test_advance_refuses_bad_times_and_changes_nothing(bad):
    game = started()
    game.act(0, POKE, at=400)
    refuse(game, "malformed_action", game.advance, bad)


def test_advance_refuses_a_past_time_and_a_finished_game():
    game = started()
    game.advance(1200)
    exc = refuse(game, "malformed_action", game.advance, 1199)
    assert "before the game clock 1200" in str(exc)
    game.advance(MAX_AT)  # the latest time there is: every tick passes, the game ends
    assert game.over and game.clock == MAX_AT and game.ticks == 5
    assert game.next_deadline() is None and game.to_act == []
    for at in (MAX_AT, MAX_AT + 1, None, "x"):
        refuse(game, "game_over", game.advance, at)
    refuse(game, "game_over", game.act, 0, POKE, MAX_AT)


def test_seats_not_in_to_act_have_legal_actions_and_to_act_may_be_empty():
    game = Tick(3, 1)
    assert game.to_act == [0, 1, 2] and game.next_deadline() is None  # waits on people only
    game.act(1, READY, at=10)
    assert game.to_act == [0, 2]
    assert game.legal_actions(1) == [POKE]  # not waited on, yet it may act
    game.act(1, POKE, at=20)
    assert game.history[-1] == {"seat": 1, "action": POKE, "at": 20}
    game.act(0, READY, at=30)
    game.act(2, READY, at=40)
    assert game.to_act == [] and not game.over and game.next_deadline() == 1040  # waits on the clock
    game.advance(1040)  # a window: everyone may slap
    assert all(SLAP in game.legal_actions(s) for s in range(3))
    game.act(2, SLAP, at=1100)
    assert game.points == [0, 0, 1] and SLAP not in game.legal_actions(0)


def test_a_seat_with_nothing_to_do_gets_not_your_turn():
    game = started(pokes=1)
    game.act(0, POKE, at=10)
    assert game.legal_actions(0) == [] and game.legal_actions(1) == [POKE]
    refuse(game, "not_your_turn", game.act, 0, POKE, 20)
    refuse(game, "not_your_turn", game.check, 0, POKE, 20)
    refuse(game, "illegal_action", game.act, 1, SLAP, 20)  # a seat with something to do: not legal now
    refuse(game, "malformed_action", game.act, 1, {"type": "slap", "hard": True}, 20)


def play_script(game, script):
    """Apply ``(seat, action, at)`` and ``("clock", at)`` steps."""
    for step in script:
        if step[0] == "clock":
            game.advance(step[1])
        else:
            game.act(*step)
    return game


SCRIPT = [
    (0, READY, 5),
    (1, POKE, 7),
    (1, READY, 9),
    ("clock", 1009),
    (0, SLAP, 1100.5),
    (0, POKE, 1200),
    ("clock", 2500),
    ("clock", 3009),
    (1, POKE, 3050),
    (0, POKE, 3300),
]


def test_json_round_trip_in_the_middle_of_a_window_with_clock_steps():
    game = play_script(Tick(2, 4), SCRIPT)
    assert game.window_end is not None and game.clock == 3300 < game.window_end  # in the second window
    text = game.to_json()
    assert '"seat":"clock"' in text
    copy_ = Tick.from_json(text)
    assert copy_.to_json() == text and copy_ == game
    assert (copy_.clock, copy_.next_deadline(), copy_.window_end) == (game.clock, game.next_deadline(), game.window_end)
    assert all_views(copy_) == all_views(game) and copy_.full_view() == game.full_view()
    assert copy_.events == game.events
    # both play the same future: a slap in the window, then the rest of the game
    for g in (game, copy_):
        g.act(1, SLAP, at=3301)
        g.advance(MAX_AT)
    assert copy_.to_json() == game.to_json() and game.over


@pytest.mark.parametrize(
    "entry",
    [
        {"seat": "clock"},
        {"seat": "clock", "at": None},
        {"seat": "clock", "at": True},
        {"seat": "clock", "at": "3400"},
        {"seat": "clock", "at": [3400]},
        {"seat": "clock", "at": 3400, "action": {"type": "poke"}},
        {"seat": "clock", "at": float("nan")},
        {"seat": "clock", "at": float("inf")},
        {"seat": "clock", "at": -1},
        {"seat": "clock", "at": MAX_AT + 1},
        {"seat": "clock", "at": 3299},  # before the clock
        {"seat": "clock", "at": 3300},  # at the clock with nothing due: to_json never writes it
        {"seat": "CLOCK", "at": 3400},
    ],
)
def test_from_json_rejects_malformed_clock_entries(entry):
    game = play_script(Tick(2, 4), SCRIPT)
    data = json.loads(game.to_json())
    data["history"].append(entry)
    with pytest.raises(ValueError):
        Tick.from_json(json.dumps(data))
    data["history"][-1] = {"seat": "clock", "at": 3400}  # a good one is accepted
    assert Tick.from_json(json.dumps(data)).clock == 3400


def test_same_actions_at_the_same_times_give_the_same_game():
    a, b = play_script(Tick(2, 4), SCRIPT), play_script(Tick(2, 4), SCRIPT)
    assert a.to_json() == b.to_json() and all_views(a) == all_views(b)
    replayed = Tick.replay(2, 4, a.history, deal=a.deal)  # chance outcomes from the record
    assert replayed.history == a.history and all_views(replayed) == all_views(a) and replayed.clock == a.clock
    # the same actions at other times give another game
    moved = [(s[0], s[1] + 1) if s[0] == "clock" else (s[0], s[1], s[2] + 1) for s in SCRIPT]
    c = play_script(Tick(2, 4), moved)
    assert c.to_json() != a.to_json() and c.clock == a.clock + 1
    # apply_step takes actions and clock steps alike
    d = Tick(2, 4)
    for h in a.history:
        if h["seat"] != "chance":
            d.apply_step(copy.deepcopy(h))
    assert d.to_json() == a.to_json()


def test_real_time_views_carry_the_clock_and_the_deadline():
    game = Tick(2, 0)
    for seat in (None, 0, 1):
        view = game.view(seat)
        assert view["clock"] == 0 and view["deadline"] is None
    game.act(0, READY, at=3)
    game.act(1, READY, at=8)
    for view in [game.view(None), game.view(1), game.full_view()]:
        assert (view["clock"], view["deadline"]) == (8, 1008)
    game.advance(MAX_AT)
    assert (game.view(0)["clock"], game.view(0)["deadline"]) == (MAX_AT, None)


def test_turn_based_games_are_unchanged():
    game = CostumeParty(3, 0)
    for view in [game.view(None), game.view(0), game.full_view()]:
        assert "clock" not in view and "deadline" not in view
    assert game.next_deadline() is None
    seat = game.to_act[0]
    assert game.legal_actions((seat + 1) % 3) == []  # only the seat to act has legal actions
    game.act(seat, game.legal_actions(seat)[0])  # no `at`
    assert "at" not in game.history[0]
    seat = game.to_act[0]
    game.act(seat, game.legal_actions(seat)[0], at=1234)  # `at` is still accepted
    assert game.history[-1]["at"] == 1234 and "clock" not in game.view(None)
    seat = game.to_act[0]
    refuse(game, "malformed_action", game.act, seat, game.legal_actions(seat)[0], float("nan"))
    assert game.next_deadline() is None and repr(game).count("clock") == 0


# ================================================================ the scheduler
class Scripted:
    """A real-time bot: ``answer(view, legal, n)`` gives its n-th answer (n from 1).
    It notes the scheduler time of every question (``asks``), read from ``clock``."""

    def __init__(self, answer):
        self.answer = answer
        self.asks: list = []
        self.now = lambda: None

    def plan(self, view, legal):
        self.asks.append(self.now())
        return self.answer(view, legal, len(self.asks))


def scheduler(game, bots, **kwargs):
    sched = Scheduler(game, bots, **kwargs)
    for bot in bots.values():
        if isinstance(bot, Scripted):
            bot.now = lambda: sched.now
    return sched


def stamps(game, seat=None, kind=None):
    """``(seat, type, at)`` of the recorded actions (of one seat / one type)."""
    return [
        (h["seat"], h["action"]["type"], h["at"])
        for h in game.history
        if type(h["seat"]) is int
        and (seat is None or h["seat"] == seat)
        and (kind is None or h["action"]["type"] == kind)
    ]


def once(action, then=None):
    """Answer ``action`` the first time, ``then`` afterwards."""
    return lambda view, legal, n: action if n == 1 else then


def test_a_bot_that_answers_an_action_acts_now():
    game = started()
    bot = Scripted(once(POKE))
    sched = scheduler(game, {0: bot}, lag=0)
    assert sched.run_until(0) == 1
    assert stamps(game, 0, "poke") == [(0, "poke", 0)] and bot.asks == [0, 0]  # asked again after its step


def test_a_bot_that_answers_later_acts_then():
    game = started()
    bot = Scripted(once(Later(250, POKE)))
    sched = scheduler(game, {0: bot}, lag=0)
    assert sched.next_wakeup() == 250
    assert sched.run_until(249) == 0 and stamps(game, 0, "poke") == [] and sched.now == 249
    assert sched.run_until(250) == 1 and stamps(game, 0, "poke") == [(0, "poke", 250)]
    assert game.clock == 250


def test_later_without_an_action_asks_again_then():
    game = started()
    bot = Scripted(lambda view, legal, n: Later(300) if n == 1 else (POKE if n == 2 else None))
    sched = scheduler(game, {0: bot}, lag=0)
    sched.run_until(299)
    assert bot.asks == [0] and stamps(game) == stamps(started())
    sched.run_until(300)
    assert bot.asks[:2] == [0, 300] and stamps(game, 0, "poke") == [(0, "poke", 300)]


def test_a_bot_that_answers_none_waits_until_the_game_changes():
    game = started()
    bot = Scripted(lambda view, legal, n: None)
    sched = scheduler(game, {0: bot}, lag=0)
    assert sched.run_until(999) == 0 and bot.asks == [0]
    assert sched.next_wakeup() == 1000  # the tick, not the bot
    assert sched.run_until(1000) == 1 and bot.asks == [0, 1000]


def test_a_revised_plan_with_the_same_action_keeps_its_earlier_due_time():
    game = started()
    keeps = Scripted(lambda view, legal, n: Later(300, POKE) if POKE in legal else None)
    other = Scripted(once(Later(100, POKE)))
    sched = scheduler(game, {0: keeps, 1: other}, lag=0)
    sched.run_until(400)
    assert keeps.asks[:2] == [0, 100]  # asked again after seat 1's poke, it answered the same plan
    assert stamps(game, 0, "poke")[0] == (0, "poke", 300)  # not 100 + 300


def test_a_revised_plan_may_cancel_or_change_the_action():
    game = started()
    fickle = Scripted(lambda view, legal, n: Later(300, POKE) if n == 1 else None)
    other = Scripted(once(Later(100, POKE)))
    sched = scheduler(game, {0: fickle, 1: other}, lag=0)
    sched.run_until(900)
    assert stamps(game, 0, "poke") == [] and stamps(game, 1, "poke") == [(1, "poke", 100)]


class Hush(Tick):
    """Tick whose pokes are secret: a poke shows in the poker's log only (the others see
    only the ``pokes`` counts of their views change)."""

    name = "test_hush"

    def _apply(self, seat, action, at):
        if action["type"] != "poke":
            return super()._apply(seat, action, at)
        self.pokes[seat] += 1
        self._emit("poke", audience=[seat], seat=seat, at=at)


class OnNews(Scripted):
    """A Scripted bot that plans on news only (``plans_on_news``)."""

    plans_on_news = True


def hushed(players=2):
    game = Hush(players, 0)
    for seat in range(players):
        game.act(seat, READY, at=0)
    return game


def test_seen_since_names_the_seats_whose_logs_grew():
    game = Hush(3, 0)  # each seat's secret: one event for that seat alone
    assert game.seen_since(0) == (frozenset({0, 1, 2}), 3)
    mark = 3
    for seat in range(3):
        game.act(seat, READY, at=0)  # public events
    seen, mark = game.seen_since(mark)
    assert seen is None and mark == len(game.events)
    assert game.seen_since(mark) == (frozenset(), mark)  # nothing since
    logs = [len(game.log_for(s)) for s in range(3)]
    game.act(1, POKE, at=10)
    game.act(2, POKE, at=20)
    seen, after = game.seen_since(mark)
    assert seen == {1, 2} and after == mark + 2
    assert [len(game.log_for(s)) for s in range(3)] == [logs[0], logs[1] + 1, logs[2] + 1]  # as log_for shows


def test_a_bot_that_plans_on_news_is_not_asked_after_a_step_that_shows_it_nothing():
    game = hushed()
    patient = OnNews(lambda view, legal, n: Later(500, POKE) if view["pokes"][0] == 0 else None)
    plain = Scripted(lambda view, legal, n: Later(500, POKE) if view["pokes"][0] == 0 else None)
    poker = Scripted(once(Later(100, POKE), Later(200, POKE)))
    sched = scheduler(game, {0: patient, 1: poker}, lag=0)
    sched.run_until(400)
    # seat 1's secret pokes at 100 and 300 change seat 0's view (its counts) but not its
    # log, legal actions or deadline: seat 0 is not asked, and its plan stands
    assert stamps(game, 1, "poke") == [(1, "poke", 100), (1, "poke", 300)]
    assert patient.asks == [0]
    sched.run_until(600)
    assert stamps(game, 0, "poke") == [(0, "poke", 500)]
    assert patient.asks == [0, 500]  # its own poke is news (in its log): asked again
    # a bot without plans_on_news is asked after every step, as before
    game = hushed()
    poker = Scripted(once(Later(100, POKE), Later(200, POKE)))
    sched = scheduler(game, {0: plain, 1: poker}, lag=0)
    sched.run_until(400)
    assert plain.asks == [0, 100, 300] and stamps(game, 1, "poke") == [(1, "poke", 100), (1, "poke", 300)]


def test_a_bot_that_plans_on_news_is_asked_after_news_a_new_bot_or_changed():
    game = hushed()
    watcher = OnNews(lambda view, legal, n: None)
    poker = Scripted(lambda view, legal, n: Later(100, POKE) if POKE in legal else None)
    sched = scheduler(game, {0: watcher, 1: poker}, lag=0)
    sched.run_until(250)  # seat 1's secret pokes at 100 and 200: no news for seat 0
    assert watcher.asks == [0] and len(stamps(game, 1, "poke")) == 2
    sched.run_until(1000)  # the tick (and its window) is in every log
    assert watcher.asks == [0, 1000]
    # a seat handed to a new bot: the new bot is asked, news or not
    game = hushed()
    sched = scheduler(game, {0: OnNews(lambda view, legal, n: None), 1: poker}, lag=0)
    sched.run_until(50)
    fresh = OnNews(lambda view, legal, n: None)
    fresh.now = lambda: sched.now
    sched.bots[0] = fresh
    sched.run_until(150)  # seat 1's secret poke at 100
    assert fresh.asks == [100]
    # the game changed outside the scheduler: every bot is asked again
    sched.changed()
    sched.run_until(150)
    assert fresh.asks == [100, 150]


class Follower:
    """Seat 1 pokes; seat 0 pokes once it sees seat 1's count move (a secret poke in Hush:
    news to seat 0's view, not to its log)."""

    plans_on_news = False

    def __init__(self, seat, seed=0):
        self.seat = seat

    def plan(self, view, legal):
        if READY in legal:
            return READY
        if POKE not in legal:
            return None
        if self.seat == 1:
            return Later(100, POKE)
        return Later(10, POKE) if view["pokes"][1] else None


class FalseNews(Follower):
    plans_on_news = True  # not so: it reads the counts


def test_the_kit_plays_a_bot_that_plans_on_news_both_ways_and_catches_a_false_claim():
    game = bot_playout(Hush(2, 0), Follower, rng=1, lag=0)
    assert [s for s, kind, at in stamps(game, kind="poke")].count(0) == 2  # seat 0 followed
    with pytest.raises(ConformanceError, match="plans_on_news"):
        bot_playout(Hush(2, 0), FalseNews, rng=1, lag=0)


def slapper(ms):
    """Slaps ``ms`` after it first sees a window open (asked again, the same plan)."""
    return Scripted(lambda view, legal, n: Later(ms, SLAP) if SLAP in legal else None)


def test_two_bots_slapping_within_the_lag_are_applied_in_stamp_order():
    for lag in (250, 0):
        game = in_window(window_ms=400)
        slow, fast = slapper(200), slapper(150)
        sched = scheduler(game, {0: slow, 1: fast}, lag=lag)
        sched.run_until(1150 + lag - 1)
        if lag:  # both intents are stamped before either is applied
            assert game.points == [0, 0] and sched.pending(0) == 1 and sched.pending(1) == 1
        sched.run_until(1500)
        assert game.points == [0, 1] and stamps(game, kind="slap") == [(1, "slap", 1150)]
        assert sched.pending(0) == 0  # the late slap was refused and dropped


def test_a_bot_whose_race_intent_waits_is_not_asked_again_until_it_is_decided():
    # seat 1 slaps 100 ms into the window; while its slap waits out the lag, an
    # earlier-stamped poke of the person's is applied: the bot, whose button is already
    # pressed, is not asked again (it would press it a second time: a second intent)
    game = in_window(window_ms=400)
    eager = Scripted(lambda view, legal, n: Later(100, SLAP) if SLAP in legal else None)
    sched = scheduler(game, {1: eager}, lag=250)
    sched.run_until(1200)
    assert sched.pending(1) == 1 and game.points == [0, 0]
    asked = len(eager.asks)
    sched.submit(0, POKE, 1050)  # before the slap's stamp (1100): applied first, at once
    sched.run_until(1210)
    assert stamps(game, 0, "poke") == [(0, "poke", 1050)]
    assert sched.pending(1) == 1 and len(eager.asks) == asked
    sched.run_until(2000)
    assert game.points == [0, 1] and stamps(game, 1, "slap") == [(1, "slap", 1100)]


def delayed_link(lag):
    """A bot that slaps 300 ms after the window opens, against a person who slapped
    after 150 ms, whose intent arrives 200 ms late."""
    game = in_window(window_ms=400)
    refused = []
    sched = scheduler(game, {1: slapper(300)}, lag=lag, on_refused=lambda seat, exc: refused.append((seat, exc.code)))
    sched.run_until(1350)  # the person's slap reaches the kernel now ...
    sched.submit(0, SLAP, 1150)  # ... stamped in the browser 150 ms after the window opened
    sched.run_until(2000)
    return game, refused


def test_a_late_intent_with_an_earlier_stamp_wins_the_race_within_the_lag():
    game, refused = delayed_link(lag=250)
    assert game.points == [1, 0] and stamps(game, kind="slap") == [(0, "slap", 1150)]
    assert refused == []  # the bot's slap lost the race: dropped, not a person's refusal


def test_without_a_lag_the_slow_link_decides_the_race():
    game, refused = delayed_link(lag=0)
    assert game.points == [0, 1] and stamps(game, kind="slap") == [(1, "slap", 1300)]
    assert refused == [(0, "illegal_action")]


def deadline_race(lag):
    game = in_window(window_ms=400)
    end = game.window_end
    refused = []
    sched = scheduler(game, {}, lag=lag, on_refused=lambda seat, exc: refused.append((seat, exc.code)))
    sched.run_until(end + 100)  # a slap stamped before the window closed arrives after it
    sched.submit(1, SLAP, end - 50)
    sched.run_until(end + 300)
    return game, end, refused


def test_a_deadline_waits_for_the_lag_so_an_earlier_stamped_intent_comes_first():
    game, end, refused = deadline_race(lag=250)
    assert game.points == [0, 1] and refused == []
    i = game.history.index({"seat": 1, "action": SLAP, "at": end - 50})
    assert {"seat": "clock", "at": end} not in game.history[i:]  # slapped: the window did not close on its own
    assert not any(e["type"] == "window_closed" for e in game.events)


def test_times_may_be_any_real_number_type_and_are_kept_as_plain_numbers():
    game = started()
    game.act(0, POKE, at=np.int64(10))
    game.advance(np.float64(20.5))
    assert game.history[-2:] == [{"seat": 0, "action": POKE, "at": 10}, {"seat": "clock", "at": 20.5}]
    assert type(game.history[-2]["at"]) is int and type(game.clock) is float
    before = game.to_json()
    for bad in (np.bool_(True), np.float64("nan"), np.int64(-1), "20"):
        with pytest.raises(IllegalAction) as info:
            game.advance(bad)
        assert info.value.code == "malformed_action"
    assert game.to_json() == before


def test_without_a_lag_the_deadline_passes_first():
    game, end, refused = deadline_race(lag=0)
    assert game.points == [0, 0] and refused == [(1, "illegal_action")]
    assert any(e["type"] == "window_closed" and e["at"] == end for e in game.events)


def test_a_refused_intent_of_a_person_reaches_on_refused_and_changes_nothing():
    game = started(pokes=1)
    game.act(0, POKE, at=0)
    before = game.to_json()
    refused = []
    sched = scheduler(game, {}, lag=DEFAULT_LAG, on_refused=lambda seat, exc: refused.append((seat, exc.code)))
    sched.submit(1, SLAP, 10)  # no window open
    sched.submit(0, POKE, 20)  # seat 0 has nothing left to do
    sched.submit(1, {"type": "dance"}, 30)
    sched.submit(1, SLAP)  # stamped now
    assert sched.run_until(500) == 0
    # in stamp order: the one stamped now (0) first
    assert refused == [(1, "illegal_action"), (1, "illegal_action"), (0, "not_your_turn"), (1, "malformed_action")]
    assert game.to_json() == before
    quiet = scheduler(game, {}, lag=0)  # without on_refused: nothing is raised
    quiet.submit(1, SLAP, 10)
    assert quiet.run_until(20) == 0 and game.to_json() == before


class Broken:
    def __init__(self, answer):
        self.answer = answer

    def plan(self, view, legal):
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer


@pytest.mark.parametrize(
    "answer",
    [
        ZeroDivisionError("oops"),
        "poke",
        42,
        [POKE],
        {"type": "dance"},
        {"type": "poke", "hard": 1},
        SLAP,
        Later(100, SLAP),
    ],
    ids=["raises", "str", "int", "list", "unknown-type", "extra-key", "not-legal-now", "later-not-legal-now"],
)
def test_a_broken_bot_raises_bot_error_naming_its_seat(answer):
    game = started()
    before = game.to_json()
    sched = scheduler(game, {1: Broken(answer)}, lag=0)
    with pytest.raises(BotError) as info:
        sched.run_until(500)
    assert info.value.seat == 1 and info.value.cause is not None and "seat 1" in str(info.value)
    assert game.to_json() == before


def test_later_refuses_bad_delays_and_actions():
    for ms in (-1, 10**9 + 1, True, "5", None, float("nan")):
        with pytest.raises(ValueError):
            Later(ms)
    with pytest.raises(TypeError):
        Later(5, "poke")
    assert Later(0) == Later(0, None) and Later(5, POKE).action == POKE


def test_run_stops_when_the_game_waits_on_people():
    game = Tick(2, 0)
    bot = Scripted(lambda view, legal, n: READY if READY in legal else None)
    sched = scheduler(game, {1: bot}, lag=0)
    assert sched.run() == 1
    assert not game.over and game.to_act == [0] and sched.next_wakeup() is None
    sched.submit(0, READY)
    assert sched.run() > 5 and game.over  # then the clock runs the game to its end


def test_run_raises_for_bots_that_never_stop():
    game = Tick(2, 0, pokes=10**9)  # seat 0 never says ready: the bot may poke forever
    sched = scheduler(game, {1: Scripted(lambda view, legal, n: POKE)}, lag=0)
    with pytest.raises(RuntimeError, match="do not stop"):
        sched.run(max_steps=300)
    assert len(game.history) <= 301


def test_run_raises_soon_for_a_bot_that_asks_to_be_asked_again_at_once_forever():
    game = Tick(2, 0)
    bot = Scripted(lambda view, legal, n: Later(0))
    sched = scheduler(game, {1: bot}, lag=0)
    with pytest.raises(RuntimeError, match="do not stop"):
        sched.run(max_steps=10)
    assert len(bot.asks) < 50_000 and game.history == []


def test_run_raises_for_a_bot_that_polls_forever_with_nothing_happening():
    game = Tick(2, 0)
    bot = Scripted(lambda view, legal, n: Later(5))
    sched = scheduler(game, {1: bot}, lag=0)
    with pytest.raises(RuntimeError, match="do not stop"):
        sched.run()
    assert game.history == [] and len(bot.asks) > 10_000


def test_max_steps_is_the_number_of_steps_allowed():
    game = started(pokes=2)
    sched = scheduler(game, {0: Scripted(lambda view, legal, n: POKE if POKE in legal else None)}, lag=0)
    assert sched.run_until(0, max_steps=2) == 2  # exactly two, then the bot stops: no error
    whole = started()
    steps = Scheduler(whole, {}, lag=0).run()  # no bots: the clock plays the game to its end
    assert whole.over and steps == sum(1 for h in whole.history if h["seat"] == "clock")
    exact = started()
    assert Scheduler(exact, {}, lag=0).run(max_steps=steps) == steps and exact == whole
    with pytest.raises(RuntimeError, match="do not stop"):
        Scheduler(started(), {}, lag=0).run(max_steps=steps - 1)


def test_a_bot_asked_to_ask_again_is_asked_on_time_while_a_race_settles():
    """A person's slap stamped at 1000 waits ``lag`` (until 1250) before it is applied;
    a bot that asked to be asked again at 1100 is asked at 1100, not after the slap."""
    game = in_window(window_ms=400)
    bot = Scripted(lambda view, legal, n: Later(100) if n == 1 else (POKE if n == 2 else None))
    sched = scheduler(game, {1: bot}, lag=250)
    sched.submit(0, SLAP, 1000)
    assert sched.next_wakeup() == 1100
    sched.run_until(1300)
    assert bot.asks[:2] == [1000, 1100]
    assert stamps(game)[-2:] == [(0, "slap", 1000), (1, "poke", 1100)]  # applied in stamp order


def test_scheduler_time_starts_at_the_game_clock_and_stamps_are_never_before_it():
    game = started()
    game.act(0, POKE, at=700)
    sched = scheduler(game, {}, lag=0)
    assert sched.now == 700
    assert sched.submit(1, POKE, 100) == 700  # a stamp before the clock is moved up to it
    sched.run_until(700)
    assert stamps(game, 1, "poke") == [(1, "poke", 700)]


# ------------------------------------------------------------- turn-based
class VoteBot:
    def __init__(self, choice):
        self.choice = choice
        self.asked = 0

    def choose(self, view, legal):
        self.asked += 1
        return {"type": "vote", "choice": self.choice} if legal[0]["type"] == "vote" else legal[0]


def test_turn_based_the_first_bot_to_act_acts_after_the_delay():
    game = Vote(3, 0)
    bots = {1: VoteBot(1), 2: VoteBot(0)}
    sched = Scheduler(game, bots, delay=500, lag=DEFAULT_LAG)
    assert game.to_act == [0, 1, 2] and sched.next_wakeup() == 500
    assert sched.run_until(499) == 0 and bots[1].asked == 0
    assert sched.run_until(500) == 1 and game.votes == [None, 1, None] and bots[2].asked == 0
    assert sched.next_wakeup() == 1000  # the next bot, after its own delay
    assert sched.run() == 1 and game.votes == [None, 1, 0]
    assert sched.next_wakeup() is None and game.to_act == [0]  # waits on the person
    assert all("at" not in h for h in game.history)  # turn-based actions carry no time


@pytest.mark.parametrize("how", ["act", "submit"])
def test_turn_based_a_pending_plan_keeps_its_due_time_when_a_person_acts(how):
    game = Vote(2, 0)
    sched = Scheduler(game, {1: VoteBot(1)}, delay=500, lag=0)
    assert sched.next_wakeup() == 500
    sched.run_until(200)
    if how == "act":
        game.act(0, {"type": "vote", "choice": 0})
        sched.changed()
    else:
        sched.submit(0, {"type": "vote", "choice": 0})
    assert sched.run_until(499) == (1 if how == "submit" else 0)
    assert game.votes == [0, None] and sched.next_wakeup() == 500  # not 200 + 500
    sched.run_until(500)
    assert game.votes == [0, 1] and all("at" not in h for h in game.history)


@pytest.mark.parametrize(
    "name,players,bots",
    [
        ("costume_party", 4, "random"),
        ("brady_bunch", 5, "random"),
        ("costume_party", 3, ["detective", "random", "random"]),
    ],
)
def test_simulate_rows_of_the_turn_based_games_are_deterministic(name, players, bots):
    rows = simulate(name, players, bots, games=6, seed=3, executor=False, progress=False)
    again = simulate(name, players, bots, games=6, seed=3, executor=False, progress=False)
    assert rows == again and len(rows) == 6
    assert len({json.dumps(r["winners"]) + str(r["length"]) for r in rows}) > 1  # not one game six times


def test_simulate_plays_a_turn_based_game_as_the_first_bot_to_act_would():
    """The scheduler on virtual time (delay 0, lag 0) plays exactly the loop "the first
    bot among to_act chooses from its view, at once", with no time stamps."""
    from brady_widgets.costume_party.bots import BOTS
    from brady_widgets.simulation import game_seed

    for index in range(3):
        seed = game_seed(11, index)
        game = CostumeParty(4, seed)
        bots = [BOTS["random"](s, seed) for s in range(4)]
        Scheduler(game, dict(enumerate(bots)), delay=0, lag=0, copy_views=False).run()
        ref = CostumeParty(4, seed)
        bots = [BOTS["random"](s, seed) for s in range(4)]
        while not ref.over:
            s = ref.to_act[0]
            ref.act(s, bots[s].choose(ref.view(s), ref.legal_actions(s)))
        assert game.to_json() == ref.to_json() and all("at" not in h for h in game.history)
        row = simulate("costume_party", 4, "random", games=index + 1, seed=11, executor=False, progress=False)[index]
        assert row["winners"] == ref.winners and row["length"] == sum(type(h["seat"]) is int for h in ref.history)


class Jittery:
    """Plans a random legal action at a random delay, or asks again later, or waits."""

    def __init__(self, seat, seed):
        self.rng = random.Random(f"jittery:{seat}:{seed}")

    def plan(self, view, legal):
        r = self.rng.random()
        if r < 0.2:
            return None
        if r < 0.4:
            return Later(self.rng.randint(0, 400))
        if SLAP in legal and r < 0.9:
            return Later(self.rng.randint(0, 300), SLAP)
        return Later(self.rng.randint(0, 700), self.rng.choice(legal))


@pytest.mark.parametrize("lag", [0, 250])
def test_one_long_run_until_is_the_same_as_many_short_ones(lag):
    """Time passes the same way in one call to run_until as in many (a notebook timer
    that fires late, or virtual time's run()): a plan stays revisable until it is due."""
    histories = []
    for chunks in (1, 7, 500):
        game = started(3, seed=lag, pokes=4, window_ms=400)
        sched = Scheduler(game, {s: Jittery(s, lag) for s in range(3)}, lag=lag)
        end = 6000
        for k in range(1, chunks + 1):
            sched.run_until(end * k / chunks)
        histories.append(game.history)
    virtual = started(3, seed=lag, pokes=4, window_ms=400)
    sched = Scheduler(virtual, {s: Jittery(s, lag) for s in range(3)}, lag=lag)
    sched.run()
    assert virtual.over and histories[0] == histories[1] == histories[2] == virtual.history
    assert len(stamps(virtual, kind="poke")) > 3 and len(stamps(virtual, kind="slap")) >= 1


# ====================================================== the conformance kit, in real time


class Chooser:
    """A bot with ``choose`` only: in real time it is asked only while the game waits on it."""

    def __init__(self, seat, seed):
        self.rng = random.Random(f"chooser:{seat}:{seed}")

    def choose(self, view, legal):
        return self.rng.choice(legal)


TICK_BOTS = {"jittery": Jittery, "chooser": Chooser}


@pytest.mark.parametrize("players,seed", [(2, 0), (2, 1), (3, 2), (3, 3)])
def test_the_whole_kit_runs_on_a_real_time_game_with_no_special_arguments(players, seed):
    report = check_game(Tick, players, seed, bots=TICK_BOTS)
    assert report.over and report.round_trips == report.actions + 1
    assert report.clock_steps > 0 and report.actions > report.clock_steps  # both kinds of step
    assert report.window_steps > 0 and report.window_leaks > 0  # leak tests inside open windows
    assert report.leak.changed > 0 and report.bot_checks > 0 and report.futures >= 1
    assert report.fuzz_cases > 100 and report.truth_cases > 0


def test_random_playouts_of_a_real_time_game_are_seeded():
    a = random_playout(Tick(3, 5), rng=7)
    b = random_playout(Tick(3, 5), rng=7)
    c = random_playout(Tick(3, 5), rng=8)
    assert a.over and a.history == b.history and a.history != c.history
    steps = [h for h in a.history if h["seat"] != "chance"]
    assert any(h["seat"] == "clock" for h in steps) and any(type(h["seat"]) is int for h in steps)
    assert any(type(h["seat"]) is int and h["action"]["type"] == "poke" and h["at"] > 0 for h in steps)


def test_random_time_steps_act_before_the_deadline_and_advance_to_it_or_past_it():
    rng = random.Random(1)
    seen = {"act": 0, "to": 0, "before": 0, "past": 0, "at_clock": 0}
    for seed in range(40):
        game = started(3, seed)
        while not game.over:
            clock, due = game.clock, game.next_deadline()
            seat, action, at = random_time_step(game, rng)
            assert clock <= at and type(at) is int
            step = [h for h in game.history if h["seat"] != "chance"][-1]  # every step is recorded
            assert step["at"] == at and step["seat"] == seat
            if seat == "clock":
                kind = "to" if at == due else ("before" if at < due else "past")
                seen[kind] += 1
            else:
                assert at < due and action in Tick.replay(3, seed, game.history[:-1], deal=game.deal).legal_actions(
                    seat
                )
                seen["act"] += 1
                seen["at_clock"] += at == clock
    assert all(n > 0 for n in seen.values()), seen


def test_random_times_stay_between_the_clock_and_the_deadline():
    rng = random.Random(2)
    for clock, due in [(0, 1), (0, 2), (5, 1000), (5, None), (2.5, 10), (3, 3.5), (0, 0.001)]:
        for _ in range(300):
            t = random_time(rng, clock, due)
            assert clock <= t and (due is None or t < due)
            assert type(t) is int or type(clock) is float or type(due) is float


def test_generic_invariants_of_real_time():
    game = started()
    generic_invariants(game)
    game.act(0, POKE, at=500)
    game.clock = 400  # the clock behind a stamp of the history
    with pytest.raises(ConformanceError, match="before a time stamp"):
        generic_invariants(game)
    game.clock = 500
    game._next_deadline = lambda: 450  # a deadline before the clock
    with pytest.raises(ConformanceError, match="next_deadline"):
        generic_invariants(game)


class WaitsOnTheIdle(Tick):
    """Waits on every seat, whether or not it has anything to do."""

    def _to_act(self):
        return list(range(self.players)) if self.ticks >= 1 and self.window_end is None else super()._to_act()


class Stuck(Tick):
    """After the second tick, no deadline, nobody waited on, nothing to do: stuck forever."""

    def _next_deadline(self):
        return None if self.ticks >= 2 else super()._next_deadline()

    def _legal(self, seat):
        return [] if self.ticks >= 2 else super()._legal(seat)


@pytest.mark.parametrize("broken,match", [(WaitsOnTheIdle, "waits on it"), (Stuck, "waits on nobody")])
def test_the_kit_catches_a_real_time_game_that_waits_wrongly(broken, match):
    with pytest.raises(ConformanceError, match=match):
        random_playout(broken(2, 0, pokes=0), rng=0)


def test_malformed_cases_of_real_time_cover_the_times():
    game = started()
    game.act(0, POKE, at=400)
    cases = malformed_cases(game)
    labels = " | ".join(c.label for c in cases)
    for needle in [
        "bad at=None",
        "bad at=nan",
        "bad at=inf",
        "bad at=-1",
        f"bad at={MAX_AT + 1}",
        "bad at=True",
        "bad at='soon'",
        "at=399, before the clock",
        "at=1000, at the deadline",
        "at=1001, after the deadline",
        "advance(at=None)",
        "advance(at=nan)",
        "advance(at=inf)",
        "advance(at=-1)",
        f"advance(at={MAX_AT + 1})",
        "advance(at=True)",
        "advance(at='soon')",
        "advance(399), before the clock",
        "slap: not legal now",
    ]:
        assert needle in labels, needle
    by_label = {c.label: c for c in cases}
    assert by_label["at=1000, at the deadline"].code == "illegal_action"
    assert by_label["bad at=None"].code == by_label["advance(at=nan)"].code == "malformed_action"
    assert by_label["slap: not legal now"].at == 400  # stamped at the clock
    assert not any("not to act" in c.label or "nothing to do" in c.label for c in cases)  # both seats may act
    assert fuzz_malformed(game) == len(cases)


def test_fuzz_in_real_time_expects_not_your_turn_from_a_seat_with_nothing_to_do():
    game = started(pokes=1)
    game.act(0, POKE, at=10)
    cases = malformed_cases(game)
    idle = [c for c in cases if c.seat == 0 and c.code == "not_your_turn"]
    assert idle and all(c.at == 10 for c in idle)
    assert fuzz_malformed(game) == len(cases)
    over = started()
    over.advance(MAX_AT)
    cases = malformed_cases(over)
    assert {c.code for c in cases} == {"game_over"} and any(c.advance for c in cases)
    assert fuzz_malformed(over) == len(cases)


class LateStamps(Tick):
    """Accepts actions stamped at or after the next deadline."""

    def _check_time(self, at, seat, action):
        due = self._next_deadline
        self._next_deadline = lambda: None
        try:
            return super()._check_time(at, seat, action)
        finally:
            self._next_deadline = due


class AdvanceLeavesATrace(Tick):
    """Records a refused advance in the history anyway."""

    def advance(self, at):
        self.history.append({"seat": "clock", "at": at})
        try:
            return super().advance(at)
        except IllegalAction:
            raise


class NaNClock(Tick):
    """Lets advance take NaN (the kernel's time check, forgotten for the clock)."""

    def advance(self, at):
        if at != at:
            return []
        return super().advance(at)


@pytest.mark.parametrize(
    "broken,match",
    [
        (LateStamps, "at the deadline: .*was accepted"),
        (AdvanceLeavesATrace, "changed to_json"),
        (NaNClock, r"advance\(at=nan\).*was accepted"),
    ],
)
def test_the_kit_catches_a_kernel_that_mishandles_time(broken, match):
    game = broken(2, 0)
    for seat in (0, 1):
        game.act(seat, READY, at=0)
    with pytest.raises(ConformanceError, match=match):
        fuzz_malformed(game)
    fuzz_malformed(started())  # the honest game passes


class SlapAnyTime(Tick):
    """Accepts a slap from seat 1 when no window is open (act and legal_actions disagree)."""

    def _is_legal(self, seat, action):
        return (seat == 1 and action["type"] == "slap") or super()._is_legal(seat, action)


def test_legal_is_the_truth_in_real_time_for_seats_outside_to_act():
    pools = ValuePools()
    game = started()
    assert game.to_act == [] and game.legal_actions(0)  # nobody waited on, everybody may act
    pools.see(game)
    assert check_legal_is_the_truth(game, pools, rng=0) > 0
    idle = started(pokes=1)
    idle.act(0, POKE, at=5)
    assert check_legal_is_the_truth(idle, pools, rng=0) > 0  # seat 0 gets not_your_turn
    broken = SlapAnyTime(2, 0)
    for seat in (0, 1):
        broken.act(seat, READY, at=0)
    with pytest.raises(ConformanceError, match="accepted it"):
        check_legal_is_the_truth(broken, pools, rng=0)


class PeekInWindow(Tick):
    """Shows every seat the others' secrets while a window is open (a leak only then)."""

    def _view(self, seat, reveal=False):
        view = super()._view(seat, reveal)
        if self.window_end is not None:
            view["secrets"] = list(self.secrets)
        return view


def test_the_leak_test_runs_inside_open_windows():
    # no sampled leak steps at all: the window steps alone find the leak
    with pytest.raises(ConformanceError, match="LEAK"):
        check_game(PeekInWindow, 2, 0, bots={}, leak_every=0)
    game = in_window()
    assert window_open(game) and not window_open(started())
    with pytest.raises(ConformanceError, match="LEAK"):
        check_leaks(PeekInWindow.from_json(game.to_json()), rng=0)
    check_leaks(game, rng=0)


class ForgetsTheClock(Tick):
    """Its JSON copies drop the clock steps."""

    @classmethod
    def from_json(cls, text):
        data = json.loads(text)
        data["history"] = [h for h in data["history"] if h["seat"] != "clock"]
        return super().from_json(json.dumps(data))


def test_the_kit_catches_a_json_copy_without_the_clock_steps():
    game = ForgetsTheClock(2, 0)
    for seat in (0, 1):
        game.act(seat, READY, at=0)
    check_round_trip(game)  # nothing lost yet
    game.advance(500)
    with pytest.raises(ConformanceError, match="differs"):
        check_round_trip(game)


class SecretSlapper(Jittery):
    """Slaps faster when its neighbour's secret, from a leaky view, is high."""

    def plan(self, view, legal):
        if SLAP in legal and view.get("secrets"):
            return Later(10 * view["secrets"][1], SLAP)
        return None


class Scribbler(Jittery):
    def plan(self, view, legal):
        legal.append(SLAP)
        return None


class IllegalPlanner(Jittery):
    def plan(self, view, legal):
        return Later(5, SLAP) if SLAP not in legal else None


def test_check_bots_in_real_time_compares_plans_between_worlds():
    game = in_window()
    assert check_bots(game, rng=0, bots=TICK_BOTS) == 2 * 2  # both seats may act: every bot, every seat
    answer = bot_answer(Jittery(0, 0), game, 0)
    assert answer is None or isinstance(answer, Later)
    assert bot_answer(Chooser(0, 0), game, 0) is None  # not waited on: a chooser waits
    leaky = PeekInWindow.from_json(game.to_json())
    differs = 0
    for seed in range(10):
        try:
            check_bots(leaky, rng=seed, bots={"secret": SecretSlapper})
        except ConformanceError as exc:
            assert "resampled" in str(exc)
            differs += 1
    assert differs > 0
    with pytest.raises(ConformanceError, match="mutated the legal"):
        bot_answer(Scribbler(0, 0), game, 0)
    with pytest.raises(ConformanceError, match="not legal"):
        bot_answer(IllegalPlanner(0, 0), started(), 0)


class ReadyBot(Jittery):
    """Says ready, then plays as Jittery."""

    def plan(self, view, legal):
        return READY if READY in legal else super().plan(view, legal)


class NeverReady(Jittery):
    def plan(self, view, legal):
        return None


def test_bot_playouts_of_a_real_time_game_run_on_the_scheduler():
    a = bot_playout(Tick(3, 1), ReadyBot, rng=0, bot_seed=4, check_every=3)
    b = bot_playout(Tick(3, 1), ReadyBot, rng=0, bot_seed=4, check_every=3)
    assert a.over and a.history == b.history
    assert any(h["seat"] == "clock" for h in a.history) and stamps(a, kind="poke")
    assert bot_playout(Tick(2, 1), Chooser, rng=0).over  # choose-only bots: asked while waited on
    with pytest.raises(ConformanceError, match="stopped before the end"):
        bot_playout(Tick(2, 1), NeverReady, rng=0)
    with pytest.raises(ConformanceError, match="not legal"):
        bot_playout(started(), IllegalPlanner, rng=0)
    with pytest.raises(TypeError, match="real-time"):
        bot_playout(Tick(2, 1), ReadyBot, clock=lambda rng, step: 5)


def test_the_kit_refuses_a_clock_for_a_real_time_game_and_keeps_it_for_turn_based_ones():
    from brady_widgets.testing import Ticker

    with pytest.raises(TypeError, match="real-time"):
        check_game(Tick, 2, 0, clock=Ticker())
    with pytest.raises(TypeError, match="real-time"):
        random_playout(Tick(2, 0), clock=Ticker())
    game = random_playout(CostumeParty(3, 2), rng=2, clock=Ticker(), invariants=False)
    assert game.over and all("at" in h for h in game.history if h["seat"] != "chance")
    assert not any(h["seat"] == "clock" for h in game.history)


def test_a_turn_based_bot_waits_its_delay_from_when_it_really_acted():
    # a widget's paced bots: a timer that fires late must not let the next bots catch
    # up in the same call (each bot's step is its own update on screen)
    game = CostumeParty(3, 4)
    from brady_widgets.costume_party.bots import BOTS as COSTUME_BOTS

    sched = Scheduler(game, {s: COSTUME_BOTS["random"](s, 4) for s in range(3)}, delay=100, lag=0)
    assert sched.next_wakeup() == 100
    assert sched.run_until(1000) == 1  # 900 ms late: one step, not nine
    assert sched.next_wakeup() == 1100
    assert sched.run_until(1100) == 1 and sched.next_wakeup() == 1200

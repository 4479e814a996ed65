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
import math
import random
from fractions import Fraction

import numpy as np
import pytest

from brady_widgets import simulate
from brady_widgets.costume_party.rules import CostumeParty
from brady_widgets.engine import Game, IllegalAction
from brady_widgets.engine.game import MAX_AT
from brady_widgets.scheduler import DEFAULT_LAG, BotError, Later, Scheduler
from brady_widgets.testing import all_views

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


def in_window(players=2, seed=0):
    """A Tick game whose first window is open (opened at 1000, clock 1000)."""
    game = started(players, seed)
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


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), -float("inf"), -1, -0.5, MAX_AT + 1, 2.0**60, True, False, "5", [5], {"ms": 5}])
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
    assert events == game.events[-len(events):]


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


@pytest.mark.parametrize("bad", [None, float("nan"), float("inf"), -float("inf"), -1, MAX_AT + 1, 2.0**54, True, False, "1500", [1500], {"at": 1}])
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


SCRIPT = [(0, READY, 5), (1, POKE, 7), (1, READY, 9), ("clock", 1009), (0, SLAP, 1100.5), (0, POKE, 1200),
          ("clock", 2500), ("clock", 3009), (1, POKE, 3050), (0, POKE, 3300)]


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

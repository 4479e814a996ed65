"""Scheduler: which plan falls due first, and when a bot that plans on news is asked.

``_first_plan`` and ``_replan`` are written for speed (a real-time game runs them after
every step); these tests hold them to their plain definitions."""

from __future__ import annotations

import random

from brady_widgets.engine.game import FrozenAction
from brady_widgets.scheduler import Later, Scheduler


class _Clock:
    """The least of a real-time game the scheduler reads for its plans."""

    clock, realtime, races, over = 0, True, frozenset(), False

    def next_deadline(self):
        return None


def test_the_first_plan_is_the_least_due_then_an_action_then_the_lowest_seat():
    rng = random.Random(5)
    vote = FrozenAction({"type": "vote", "target": 1})
    ties = 0
    for _ in range(3000):
        sched = Scheduler(_Clock(), {}, lag=0)
        seats = rng.sample(range(8), rng.randint(1, 6))
        sched._plans = {
            s: (rng.choice((100, 250, 250.0, 400)), rng.choice((None, vote, {"type": "roll"}))) for s in seats
        }
        want = min(sched._plans, key=lambda s: (sched._plans[s][0], sched._plans[s][1] is None, s))
        assert sched._first_plan() == want, sched._plans
        dues = [due for due, _ in sched._plans.values()]
        ties += len(dues) != len(set(dues))
    assert ties > 1000  # the tie-breaks are tried, not only distinct times


class _Deadlines(_Clock):
    """``_Clock`` with a deadline the test sets, a race, and a real-time switch."""

    races = frozenset(("slap",))

    def __init__(self, realtime, deadline):
        self.realtime, self.deadline = realtime, deadline

    def next_deadline(self):
        return self.deadline if self.realtime else None


def _earliest_by_definition(sched):
    """The next deadline or queued intent in stamp order (a deadline first at equal times;
    a race and a deadline wait ``lag``), unless the first plan is due before that is ready
    (or at that very time, with an action)."""
    best = None
    due, lag = sched.game.next_deadline(), sched.lag
    if due is not None:
        best = (due, 0, due + lag)
    if sched._queue:
        stamp, _, _, action, _ = sched._queue[0]
        if best is None or (stamp, 1) < (due, 0):
            best = (stamp, 1, stamp + (lag if action.get("type") == "slap" else 0))
    if sched._plans:
        seat = min(sched._plans, key=lambda s: (sched._plans[s][0], sched._plans[s][1] is None, s))
        at, action = sched._plans[seat]
        if best is None or at < best[2] or (at == best[2] and action is not None):
            best = (at, 2, at, seat)
    return best


def test_the_next_thing_to_happen_is_the_first_deadline_intent_or_plan_in_time():
    rng = random.Random(9)
    times = (100, 250, 250.0, 350, 500)
    kinds = set()
    for _ in range(4000):
        realtime = rng.random() < 0.8
        game = _Deadlines(realtime, rng.choice((None, *times)))
        sched = Scheduler(game, {}, lag=rng.choice((0, 0, 100, 250)))
        for seat in rng.sample(range(6), rng.randint(0, 2)):
            sched.submit(seat, {"type": rng.choice(("slap", "poke"))}, rng.choice(times))
        sched._plans = {
            s: (rng.choice(times), rng.choice((None, {"type": "poke"})))
            for s in rng.sample(range(6), rng.randint(0, 3))
        }
        want = _earliest_by_definition(sched)
        assert sched._earliest() == want
        kinds.add(None if want is None else want[1])
    assert kinds == {None, 0, 1, 2}


class _Waiter:
    """A bot that plans on news and says the same thing every time; counts its questions."""

    plans_on_news = True

    def __init__(self):
        self.asked = 0

    def plan(self, view, legal):
        self.asked += 1
        return Later(1000, legal[0])


class _Table:
    """Two seats with one legal action each; ``news`` and ``deadline`` are set by the test."""

    clock, realtime, races, over, players = 0, True, frozenset(), False, 2

    def __init__(self):
        self.legal = {0: [{"type": "wait"}], 1: [{"type": "wait"}]}
        self.deadline = None
        self.events: list = []

    def legal_actions(self, seat):
        return self.legal[seat]

    def next_deadline(self):
        return self.deadline

    def seen_since(self, mark=0):
        seats = set()
        for ev in self.events[mark:]:
            seats.update(ev)
        return frozenset(seats), len(self.events)

    def view(self, seat):
        return {"seat": seat}


def test_a_bot_that_plans_on_news_is_asked_again_only_when_something_it_sees_changed():
    table, bots = _Table(), {0: _Waiter(), 1: _Waiter()}
    sched = Scheduler(table, bots, lag=0)
    sched._replan()
    assert [b.asked for b in bots.values()] == [1, 1]
    sched._replan()  # nothing changed
    assert [b.asked for b in bots.values()] == [1, 1]
    table.events.append([1])  # news for seat 1 only
    sched._replan()
    assert [b.asked for b in bots.values()] == [1, 2]
    table.deadline = 5000  # another deadline: both
    sched._replan()
    assert [b.asked for b in bots.values()] == [2, 3]
    table.legal[0] = [{"type": "wait"}]  # an equal legal list: no news
    sched._replan()
    assert [b.asked for b in bots.values()] == [2, 3]
    table.legal[0] = [{"type": "go"}]  # other legal actions: seat 0
    sched._replan()
    assert [b.asked for b in bots.values()] == [3, 3]
    sched._plans[1] = (7000, None)  # its plan changed: seat 1
    sched._replan()
    assert [b.asked for b in bots.values()] == [3, 4]
    bots[0] = sched.bots[0] = _Waiter()  # another bot in the seat (as a session swaps one): asked at once
    sched._replan()
    assert bots[0].asked == 1 and bots[1].asked == 4
    sched._replan()
    assert bots[0].asked == 1 and bots[1].asked == 4


class _QuietWaiter(_Waiter):
    """A planner for whom another's ``picked`` entry is no news by itself."""

    quiet_entries = frozenset(("picked",))


class _LoggedTable(_Table):
    """``_Table`` whose events are log entries (``type``, ``audience``), as a game's are."""

    def seen_since(self, mark=0):
        seats: set[int] = set()
        for ev in self.events[mark:]:
            if ev.get("audience") is None:
                return None, len(self.events)
            seats.update(ev["audience"])
        return frozenset(seats), len(self.events)


def test_a_step_that_brings_only_entries_a_planner_names_quiet_does_not_ask_it():
    table = _LoggedTable()
    bots = {0: _QuietWaiter(), 1: _Waiter()}
    sched = Scheduler(table, bots, lag=0)
    sched._replan()
    assert [b.asked for b in bots.values()] == [1, 1]
    table.events.append({"type": "picked"})  # public, quiet to seat 0 only
    sched._replan()
    assert [b.asked for b in bots.values()] == [1, 2]
    table.events.append({"type": "picked", "audience": [0]})
    table.events.append({"type": "secret", "audience": [1]})  # news to seat 1, not to seat 0
    sched._replan()
    assert [b.asked for b in bots.values()] == [1, 3]
    table.events.append({"type": "picked"})
    table.events.append({"type": "count"})  # with an entry it reads: news
    sched._replan()
    assert [b.asked for b in bots.values()] == [2, 4]
    table.events.append({"type": "picked"})
    table.legal[0] = [{"type": "go"}]  # quiet entries, but other legal actions: asked
    sched._replan()
    assert [b.asked for b in bots.values()] == [3, 5]
    table.events.append({"type": "picked"})
    sched._replan()
    table.events.append({"type": "count", "audience": [0]})  # news since its last question
    sched._replan()
    assert [b.asked for b in bots.values()] == [4, 6]


class _Promiser(_Waiter):
    """A planner whose answers change with the clock, so it does not plan on news; it says
    after each answer until when it stands (``until``, set by the test) after quiet entries."""

    plans_on_news = False
    quiet_entries = frozenset(("picked",))
    stands_until = None

    def __init__(self):
        super().__init__()
        self.until = None

    def plan(self, view, legal):
        self.stands_until = self.until
        return super().plan(view, legal)


def test_a_planner_whose_answer_stands_until_a_time_is_not_asked_before_it_after_quiet_entries():
    table = _LoggedTable()
    bots = {0: _Promiser(), 1: _Promiser()}
    bots[0].until = 500  # seat 1 makes no promise: asked after every step
    sched = Scheduler(table, bots, lag=0)
    sched._replan()
    assert [b.asked for b in bots.values()] == [1, 1]
    table.events.append({"type": "picked"})
    table.clock = sched.now = 100
    sched._replan()
    assert [b.asked for b in bots.values()] == [1, 2]
    table.clock = sched.now = 200  # a step with no entries for it
    sched._replan()
    assert [b.asked for b in bots.values()] == [1, 3]
    table.events.append({"type": "count"})  # an entry it reads: asked
    sched._replan()
    assert [b.asked for b in bots.values()] == [2, 4]
    bots[0].until = 1000
    table.events.append({"type": "picked"})
    sched.now = 300  # the scheduler further ahead of the clock than at the answer: asked
    sched._replan()
    assert [b.asked for b in bots.values()] == [3, 5]
    table.events.append({"type": "picked"})
    table.clock, sched.now = 900, 1000
    sched._replan()
    assert [b.asked for b in bots.values()] == [3, 6]
    table.events.append({"type": "picked"})
    table.clock = sched.now = 1000  # its time has come: asked
    sched._replan()
    assert [b.asked for b in bots.values()] == [4, 7]
    bots[0].until = None  # no promise with this answer
    table.events.append({"type": "picked"})
    sched._replan()
    assert [b.asked for b in bots.values()] == [5, 8]
    table.events.append({"type": "picked"})
    sched._replan()
    assert [b.asked for b in bots.values()] == [6, 9]


class _Steps(_Table):
    """``_Table`` that steps: seat 1's action at 50 ms opens a deadline at 100 ms and leaves
    seat 0 nothing to do; the deadline ends the game. ``steps`` lists what was applied."""

    def __init__(self):
        super().__init__()
        self.steps: list = []

    def act(self, seat, action, at=None):
        self.steps.append(("act", seat, at))
        self.clock, self.deadline = at, 100
        self.events.append({seat})
        self.legal = {0: [], 1: []}

    def advance(self, at):
        self.steps.append(("advance", at))
        self.clock, self.deadline, self.over = at, None, True


class _At:
    """A planner without a promise (asked after every step) that acts at ``due`` ms."""

    def __init__(self, table, due):
        self.table, self.due = table, due

    def plan(self, view, legal):
        return Later(self.due - self.table.clock, legal[0])


def test_the_deadline_a_replan_read_is_used_only_at_the_state_it_was_read_in():
    # _run_until hands the deadline _replan read to the _earliest right after it. At 0 ms
    # the bot that plans on news makes the replan read the deadline (none yet); after seat
    # 1's step at 50 ms no seat has anything to do, so that replan reads none, and _earliest
    # must ask the game: the deadline that step opened is applied at 100 ms
    table = _Steps()
    sched = Scheduler(table, {0: _Waiter(), 1: _At(table, 50)}, lag=0)
    sched.run()
    assert table.steps == [("act", 1, 50), ("advance", 100)]
    assert table.over

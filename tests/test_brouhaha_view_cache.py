"""The Brouhaha view's shared part (``Brouhaha._view``: the public part of a view made once per
state of the game, read-only, shared by every view of that state) never shows a stale value:
in seeded bot games that reach every phase, every view equals, key order included, the view
made with nothing kept (the part made anew) and the view of a copy of the game rebuilt from
its JSON; the views of one state share that part and nothing a reader may change, and a
state's part keeps the read-only parts of the last one that are still the same."""

from __future__ import annotations

import json

import pytest

from brady_widgets.brouhaha.bots import BOTS
from brady_widgets.brouhaha.rules import SLAP, Brouhaha
from brady_widgets.engine import Game, IllegalAction
from brady_widgets.scheduler import Scheduler

#: (players, level, seed, options)
TABLES = [
    (4, "medium", 3, {}),
    (10, "hard", 8, {"bang": True}),
    (3, "easy", 11, {"cries": "solo"}),
]


def _dumped(view: dict) -> str:
    return json.dumps(view)  # no sort_keys: the order of every dict's keys counts


@pytest.mark.parametrize("players,level,seed,options", TABLES)
def test_every_view_is_the_view_made_anew(players, level, seed, options):
    g = Brouhaha(players, seed, **options)
    bots = {s: BOTS[level](s, seed) for s in range(players)}
    sched = Scheduler(g, bots, delay=0, lag=0, copy_views=False)
    phases = set()
    t = checks = 0
    while not g.over:
        t += 100
        sched.run_until(t)  # (the bots' questions: views of every state on the way)
        phases.add(g.phase)
        kept = [_dumped(g.view(seat)) for seat in [None, *range(players)]]
        g._kept.view = None  # nothing kept: the part made anew
        assert kept == [_dumped(g.view(seat)) for seat in [None, *range(players)]], t
        if checks % 25 == 0:
            fresh = Brouhaha.from_json(g.to_json())
            assert kept == [_dumped(fresh.view(seat)) for seat in [None, *range(players)]], t
            assert _dumped(g.full_view()) == _dumped(fresh.full_view()), t
        checks += 1
    assert {"play", "slap", "reveal", "hunt", "pass", "over"} <= phases


def test_the_views_of_one_state_share_their_public_part_read_only():
    g = Brouhaha(4, 5)
    g.act(1, g.legal_actions(1)[0], at=100)
    a, b, public = g.view(0), g.view(2), g.view(None)
    for key in ("cries", "reserves", "removed", "options"):
        assert a[key] is b[key] is public[key]
    with pytest.raises(TypeError):
        a["cries"].append("roar")
    with pytest.raises(TypeError):
        a["reserves"][0].append("lion")
    with pytest.raises(TypeError):
        a["options"]["bang"] = True
    # the seat's own parts are its own
    assert a["my_hand"] is not g.view(0)["my_hand"] and a["log"] is not g.view(0)["log"]
    # the next state has a part of its own, which keeps the last one's read-only parts that
    # are still the same (a play changes the cries, not the Reserves, removed or lost cards)
    g.act(2, g.legal_actions(2)[0], at=200)
    c = g.view(0)
    assert c["cries"] is not a["cries"] and a["cries"] == b["cries"] != c["cries"]
    for key in ("reserves", "scores", "removed", "lost", "options"):
        assert c[key] is a[key]


def test_a_state_keeps_the_last_scores_only_while_the_reserves_are_the_same():
    g = Brouhaha(4, 5)
    g.act(0, g.legal_actions(0)[0], at=100)
    before = g.view(None)
    g.reserves[1].append(g.hands[1].pop())  # (a test's position: a Reserve changed, one step on)
    g.act(2, g.legal_actions(2)[0], at=200)
    after = g.view(None)
    assert before["scores"] == [0, 0, 0, 0] and after["scores"] == [0, 1, 0, 0] == [*map(len, g.reserves)]


class _CountedDeadline(Brouhaha):
    """Counts the reads of its next deadline (a class-wide list: a game keeps at most 30
    attributes)."""

    reads: list = []

    def next_deadline(self):
        self.reads.append(self.clock)
        return super().next_deadline()


def test_the_views_of_a_state_read_its_deadline_once_and_are_the_kernels_views():
    g = _CountedDeadline(4, 5)
    g.act(1, g.legal_actions(1)[0], at=100)
    g.act(2, g.legal_actions(2)[0], at=120)
    g.act(1, SLAP, at=150)  # the slap window: its closing is the deadline
    for phase, deadline in (("slap", 1150), ("reveal", 1680)):  # a state, and the next (a reveal)
        assert g.phase == phase and Brouhaha.next_deadline(g) == deadline
        g.reads.clear()
        seats = (None, 0, 1, 2, 3, 0)
        views = [g.view(seat) for seat in seats]
        assert len(g.reads) == 1, g.reads  # once for the state, not once per view
        for seat, view in zip(seats, views):
            assert (view["clock"], view["deadline"]) == (g.clock, deadline)
            # what the kernel's view gives, key order included (clock and deadline last)
            assert _dumped(view) == _dumped(Game.view(g, seat)) and [*view][-3:] == ["log", "clock", "deadline"]
        if phase == "slap":
            g.act(2, SLAP, at=180)
    # a seat that is not one still gets the kernel's refusal
    with pytest.raises(IllegalAction, match="no seat 4"):
        g.view(4)

"""Kernel log: a public event a game emits read-only (a ``FrozenEvent`` of scalars) is what
every log shows, the very object, not a copy; any other event is copied read-only as before.
The Brady Bunch emits its busiest public events (claims, plays, peeks, requests) that way."""

from __future__ import annotations

import random

from brady_widgets.brady_bunch.rules import BradyBunch
from brady_widgets.engine import FrozenEvent
from brady_widgets.testing.conformance import check_log_current, check_view_snapshot
from toy_game.rules import SwapGame


class _ReadOnlyStays(SwapGame):
    """Swap, whose public "stay" events are emitted read-only."""

    def _emit(self, type_, audience=None, **fields):
        if type_ != "stay":
            return super()._emit(type_, audience, **fields)
        ev = FrozenEvent({"type": type_, "step": len(self.history), **fields})
        self.events.append(ev)
        return ev


def test_a_read_only_public_event_is_shown_as_it_is():
    g = _ReadOnlyStays(3, seed=1)
    g.act(0, {"type": "stay"})
    g.act(1, {"type": "bet", "amount": 1})
    stay, bet = g.events[-2], g.events[-1]
    for seat in (None, 0, 1, 2):
        log = g.log_for(seat)
        assert log[-2] is stay  # shared as it is
        assert log[-1] == bet and log[-1] is not bet and type(log[-1]) is FrozenEvent  # a read-only copy
    assert g.log_for(None, reveal=True)[-2] is stay
    check_log_current(g)
    check_view_snapshot(g)


def test_brady_busiest_public_events_are_shared_by_the_logs():
    g = BradyBunch(5, seed=2)
    rng = random.Random(2)
    while not g.over:
        seat = g.to_act[0]
        g.act(seat, rng.choice(g.legal_actions(seat)))
    public = [ev for ev in g.events if ev["type"] in ("claim", "played", "peeked", "request")]
    assert {ev["type"] for ev in public} == {"claim", "played", "peeked", "request"}
    shown = {id(entry) for entry in g.log_for(3)}
    assert all(type(ev) is FrozenEvent and id(ev) in shown for ev in public)
    check_log_current(g)
    check_view_snapshot(g)

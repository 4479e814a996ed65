"""Kernel log: a private event a game emits read-only (a ``FrozenEvent`` of scalars and
``FrozenList`` s, its audience included) is shown as one read-only copy without its audience
that shares the event's values; a plain private event is still copied read-only to every
depth. The Brady Bunch emits its private events (hands, own cards, peeks, draws, signs)
that way."""

from __future__ import annotations

import random

from brady_widgets.brady_bunch.rules import BradyBunch
from brady_widgets.engine import FrozenEvent, FrozenList
from brady_widgets.testing.conformance import check_log_current, check_view_snapshot
from toy_game.rules import SwapGame


class _ReadOnlyDraws(SwapGame):
    """Swap, whose private "drew" events are emitted read-only, with a list field."""

    def _emit(self, type_, audience=None, **fields):
        if type_ != "drew":
            return super()._emit(type_, audience, **fields)
        ev = FrozenEvent(
            {"type": type_, "step": len(self.history), **fields, "seen": FrozenList([fields["card"]]), "audience": FrozenList(audience)}
        )  # fmt: skip
        self.events.append(ev)
        return ev


def _play(game: SwapGame) -> None:
    rng = random.Random(3)
    while not game.over:
        seat = game.to_act[0]
        game.act(seat, rng.choice(game.legal_actions(seat)))


def test_a_read_only_private_event_shares_its_values_without_its_audience():
    g = _ReadOnlyDraws(3, seed=1)
    _play(g)
    drew = [ev for ev in g.events if ev["type"] == "drew"]
    plain = [ev for ev in g.events if "audience" in ev and ev["type"] != "drew"]
    assert drew and plain
    for ev in drew:
        (seat,) = ev["audience"]
        (entry,) = [e for e in g.log_for(seat) if e["step"] == ev["step"] and e["type"] == "drew"]
        assert type(entry) is FrozenEvent and "audience" not in entry
        assert entry == {k: v for k, v in ev.items() if k != "audience"}
        assert entry["seen"] is ev["seen"]  # shared, not copied
        assert entry in g.log_for(None, reveal=True) and entry not in g.log_for(None)
        assert all(entry not in g.log_for(s) for s in range(3) if s != seat)
    for ev in plain:  # a plain private event: copied read-only, as before
        (seat,) = ev["audience"]
        entry = next(e for e in g.log_for(seat) if e == {k: v for k, v in ev.items() if k != "audience"})
        assert type(entry) is FrozenEvent and entry is not ev
    check_log_current(g)
    check_view_snapshot(g)


def test_brady_private_events_are_read_only_and_their_lists_shared():
    g = BradyBunch(5, seed=2)
    rng = random.Random(2)
    while not g.over:
        seat = g.to_act[0]
        g.act(seat, rng.choice(g.legal_actions(seat)))
    private = [ev for ev in g.events if "audience" in ev]
    assert {ev["type"] for ev in private} == {"hand", "my_card", "peek", "draw", "my_sign"}
    assert all(type(ev) is FrozenEvent and type(ev["audience"]) is FrozenList for ev in private)
    hands = [ev for ev in private if ev["type"] == "hand"]
    for ev in hands:
        (seat,) = ev["audience"]
        (entry,) = [e for e in g.log_for(seat) if e["type"] == "hand"]
        assert entry["cards"] is ev["cards"] and type(entry["cards"]) is FrozenList
    check_log_current(g)
    check_view_snapshot(g)

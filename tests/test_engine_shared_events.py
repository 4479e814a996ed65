"""Kernel log: an event a game emits read-only (a ``FrozenEvent`` of scalars and
``FrozenList`` s) is shared, not copied: a public one is what every log shows, the very
object; a private one is shown as one read-only copy without its audience that shares the
event's values. Any other event is copied read-only as before. The Brady Bunch emits its
busiest public events (claims, plays, peeks, requests) and its private events (hands, own
cards, peeks, draws, signs) that way."""

from __future__ import annotations

import random

from brady_widgets.brady_bunch.rules import BradyBunch
from brady_widgets.engine import FrozenEvent, FrozenList
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


def _play(game, seed: int):
    """``game`` played to its end by random legal actions (``random.Random(seed)``), the
    first seat to act each time."""
    rng = random.Random(seed)
    while not game.over:
        seat = game.to_act[0]
        game.act(seat, rng.choice(game.legal_actions(seat)))
    return game


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
    g = _play(BradyBunch(5, seed=2), 2)
    public = [ev for ev in g.events if ev["type"] in ("claim", "played", "peeked", "request")]
    assert {ev["type"] for ev in public} == {"claim", "played", "peeked", "request"}
    shown = {id(entry) for entry in g.log_for(3)}
    assert all(type(ev) is FrozenEvent and id(ev) in shown for ev in public)
    check_log_current(g)
    check_view_snapshot(g)


def test_a_read_only_private_event_shares_its_values_without_its_audience():
    g = _play(_ReadOnlyDraws(3, seed=1), 3)
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


class _NestedDraws(SwapGame):
    """Swap, whose private "drew" events are plain dicts with a list and a dict in them."""

    def _emit(self, type_, audience=None, **fields):
        if type_ != "drew":
            return super()._emit(type_, audience, **fields)
        ev = {"type": type_, "audience": sorted(audience), "step": len(self.history), **fields}
        ev.update(seen=[fields["card"]], why={"cards": [fields["card"]], "n": 1})
        self.events.append(ev)
        return ev


def test_a_plain_private_event_is_one_read_only_copy_to_any_depth_without_its_audience():
    g = _play(_NestedDraws(3, seed=4), 4)
    private = [ev for ev in g.events if "audience" in ev]
    assert {type(ev) for ev in private} == {dict} and {"drew", "deal"} <= {ev["type"] for ev in private}
    nested = 0
    for ev in private:
        (seat,) = ev["audience"]
        (entry,) = [e for e in g.log_for(seat) if e["step"] == ev["step"] and e["type"] == ev["type"]]
        want = {k: v for k, v in ev.items() if k != "audience"}
        assert type(entry) is FrozenEvent and entry == want and list(entry) == list(want)  # same keys, same order
        for key, value in ev.items():
            if type(value) in (list, dict) and key != "audience":  # made read-only, not shared
                nested += 1
                assert type(entry[key]) in (FrozenList, FrozenEvent) and entry[key] is not value
        if "why" in entry:
            assert type(entry["why"]["cards"]) is FrozenList
    assert nested >= 4  # (two in each draw)
    check_log_current(g)
    check_view_snapshot(g)


def test_brady_private_events_are_read_only_and_their_lists_shared():
    g = _play(BradyBunch(5, seed=2), 2)
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


def test_seen_since_names_the_seats_whose_logs_grew_from_any_mark():
    # after every step of whole games, from every mark (one event since, what most steps
    # leave, included): None when a public event came since (every log grew), else the
    # seats in the audiences of the events since
    one_private = 0
    for game, seed in ((BradyBunch(4, seed=3), 3), (_ReadOnlyDraws(3, seed=2), 2)):
        rng = random.Random(seed)
        while not game.over:
            seat = game.to_act[0]
            game.act(seat, rng.choice(game.legal_actions(seat)))
            n = len(game.events)
            for mark in range(n + 1):
                since = game.events[mark:]
                seen, after = game.seen_since(mark)
                assert after == n
                if any(e.get("audience") is None for e in since):
                    assert seen is None, mark
                else:
                    assert type(seen) is frozenset and seen == {s for e in since for s in e["audience"]}, mark
                    one_private += len(since) == 1
    assert one_private > 10  # one private event since the mark, tried

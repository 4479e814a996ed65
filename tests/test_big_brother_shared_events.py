"""Big Brother emits its busiest public events and its secret votes read-only once its logs are
read (a view was asked), so the kernel's logs share them as they are (a secret vote: one copy
without its audience); before that (a random playout reads no log) they stay plain dicts, and
either way the events, logs and views are what they were."""

from __future__ import annotations

import json
import random

from brady_widgets.big_brother.bots import BOTS
from brady_widgets.big_brother.rules import BigBrother
from brady_widgets.engine import FrozenEvent, FrozenList
from brady_widgets.scheduler import Scheduler
from brady_widgets.testing.conformance import check_log_current, check_view_snapshot

SHARED = {"turn", "card", "votes_in", "roll", "open_vote", "gossip_picked"}


def _bot_game(seed: int) -> BigBrother:
    g = BigBrother(6, seed)
    Scheduler(g, {s: BOTS["medium"](s, seed) for s in range(6)}, lag=0, copy_views=False).run()
    return g


def _random_playout(seed: int, view_at: int | None = None) -> BigBrother:
    g = BigBrother(6, seed)
    rng = random.Random(seed)
    at = 0
    while not g.over:
        if len(g.history) == view_at:
            g.view(0)
        moves = [(s, a) for s in range(6) for a in g.legal_actions(s)]
        due = g.next_deadline()
        if not moves or (due is not None and rng.random() < 0.05):
            g.advance(due)
            at = g.clock
            continue
        seat, action = rng.choice(moves)
        at = min(at + rng.randrange(0, 400), due - 1) if due is not None else at + rng.randrange(0, 400)
        g.act(seat, action, at=at)
    return g


def test_a_viewed_game_shares_its_busiest_public_events_with_every_log():
    g = _bot_game(3)
    # (the first turn is emitted at the set-up, before any view)
    busy = [ev for ev in g.events if ev["type"] in SHARED and ev["step"] > 0]
    assert {ev["type"] for ev in busy} == SHARED
    for seat in (None, 0, 5):
        shown = {id(entry) for entry in g.log_for(seat)}
        assert all(type(ev) is FrozenEvent and id(ev) in shown for ev in busy)
    check_log_current(g)
    check_view_snapshot(g)


def test_a_viewed_game_emits_its_secret_votes_read_only_with_a_read_only_audience():
    g = _bot_game(4)
    votes = [ev for ev in g.events if ev["type"] == "my_vote"]
    assert len(votes) > 100  # (the game's busiest event)
    for ev in votes:
        assert type(ev) is FrozenEvent and type(ev["audience"]) is FrozenList
        assert ev["audience"] == [ev["seat"]] and list(ev) == ["type", "step", "seat", "target", "audience"]
    for seat in range(6):
        mine = [ev for ev in votes if ev["seat"] == seat]
        shown = [entry for entry in g.log_for(seat) if entry["type"] == "my_vote"]
        assert shown == [{k: v for k, v in ev.items() if k != "audience"} for ev in mine]
        assert all(type(entry) is FrozenEvent and "audience" not in entry for entry in shown)
    # another seat's secret vote is in no other log
    assert not any(entry["type"] == "my_vote" for entry in g.log_for(None))
    check_log_current(g)
    check_view_snapshot(g)


def test_a_game_nobody_views_keeps_plain_events_and_the_same_history():
    plain = _random_playout(5)
    assert not any(type(ev) is FrozenEvent for ev in plain.events)
    viewed = _random_playout(5, view_at=0)  # the same game, viewed from its start
    assert sum(type(ev) is FrozenEvent for ev in viewed.events) > 50
    assert any(type(ev) is FrozenEvent for ev in viewed.events if ev["type"] == "my_vote")
    plain_votes = [ev for ev in plain.events if ev["type"] == "my_vote"]
    assert plain_votes and all(type(ev) is dict for ev in plain_votes)
    # (either way a vote's audience is the voter's one shared read-only list, not a new list)
    assert all(type(ev["audience"]) is FrozenList for ev in plain_votes)
    assert len({id(ev["audience"]) for ev in plain_votes}) <= 6
    assert viewed.events == plain.events
    assert viewed.to_json() == plain.to_json()
    assert json.dumps(viewed.events) == json.dumps(plain.events)
    check_log_current(viewed)
    check_view_snapshot(viewed)

"""The Brady Bunch's read-only parts, shared instead of copied (issue 28): every public event
of scalars is emitted read-only, so every log shows that very object, and the game stays
what the kit proves it is (logs current, views that share nothing mutable)."""

from __future__ import annotations

import json
import random

import pytest

from brady_widgets.brady_bunch.bots import BOTS
from brady_widgets.brady_bunch.rules import BradyBunch
from brady_widgets.engine import FrozenEvent, FrozenList
from brady_widgets.testing.conformance import check_log_current, check_view_snapshot

_SCALARS = (str, int, bool, type(None))
#: the public events with a list of scalars (read-only too): the Snoops drawn, a kid's cards revealed
_LISTED = ("snoops", "reveal")


def _games():
    # every event type: the silent kid of 3 players, Cousin Oliver's exposures and passes,
    # random bots (every phase's odd actions: tokens, passes) and smart ones
    yield BradyBunch(3, seed=4), "random"
    yield BradyBunch(5, seed=7), "smart"
    yield BradyBunch(6, seed=2, cousin_oliver=True), "random"
    yield BradyBunch(8, seed=5, cousin_oliver=True, max_questions=2), "smart"


def _play(game: BradyBunch, level: str) -> None:
    bots = {s: BOTS[level](s, 3) for s in range(game.players)}
    while not game.over:
        seat = game.to_act[0]
        game.act(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat)))


@pytest.mark.parametrize("game,level", list(_games()), ids=lambda x: getattr(x, "players", x))
def test_every_public_event_of_scalars_is_shared_by_the_logs(game, level):
    _play(game, level)
    flat = [
        ev
        for ev in game.events
        if "audience" not in ev and (all(isinstance(v, _SCALARS) for v in ev.values()) or ev["type"] in _LISTED)
    ]
    # the events of each phase, the round's bookkeeping and the end are all among them
    assert {"question", "eyes_closed", "eyes_open", "round", "lights_out", "cookie", "round_end", *_LISTED} <= {
        ev["type"] for ev in flat
    }
    assert all(
        type(ev["kids" if ev["type"] == "snoops" else "cards"]) is FrozenList for ev in flat if ev["type"] in _LISTED
    )
    assert all(type(ev) is FrozenEvent for ev in flat), sorted(
        {ev["type"] for ev in flat if type(ev) is not FrozenEvent}
    )
    for seat in (None, *range(game.players)):
        shown = {id(entry) for entry in game.log_for(seat)}
        assert all(id(ev) in shown for ev in flat)
    check_log_current(game)
    check_view_snapshot(game)


def test_a_random_game_keeps_its_events_as_the_kernel_would_emit_them():
    # the same keys in the same order as Game._emit's dict: a JSON copy of the events of a
    # game equals the events of the game replayed through a subclass that emits with _emit
    class Plain(BradyBunch):
        def _emit(self, type_, audience=None, **fields):
            return super()._emit(type_, audience, **fields)

    rng = random.Random(5)
    g = BradyBunch(6, seed=5, cousin_oliver=True)
    while not g.over:
        seat = g.to_act[0]
        g.act(seat, rng.choice(g.legal_actions(seat)))
    twin = Plain.replay(g.players, g.seed, g.history, **g.options)
    assert [list(ev.items()) for ev in g.events] == [list(ev.items()) for ev in twin.events]
    assert not any(type(ev) is FrozenEvent for ev in twin.events if ev["type"] == "question")


def _mid_round(seed: int = 2) -> BradyBunch:
    """A 6-player Cousin Oliver game played by random bots until this round's requests, peeks
    and an exposure are all in the views."""
    g = BradyBunch(6, seed=seed, cousin_oliver=True, max_questions=2)
    rng = random.Random(seed)
    while not g.over:
        seat = g.to_act[0]
        g.act(seat, rng.choice(g.legal_actions(seat)))
        if g.requests and g.exposed and any(g.peeks.values()) and g.phase == "cookie_peek":
            return g
    raise AssertionError("no such position")


def test_views_share_the_games_read_only_entries():
    g = _mid_round()
    seat = next(s for s, ps in g.peeks.items() if ps)
    one, two = g.view(seat), g.view(seat)
    for key in ("kids", "talk", "peeks", "requests", "exposed"):
        assert one[key] and one[key] is not two[key]  # a fresh list for every view
        assert all(a is b and type(a) is FrozenEvent for a, b in zip(one[key], two[key]))  # of the same entries
    assert g.view(None)["kids"][0] is one["kids"][0]  # every seat's view too
    check_view_snapshot(g)


@pytest.mark.parametrize("copy_of", ["clone", "pickle"])
def test_a_copy_of_the_game_shows_the_same_views_and_shares_nothing(copy_of):
    import pickle

    g = _mid_round()
    twin = g.clone() if copy_of == "clone" else pickle.loads(pickle.dumps(g))
    # a copy holds plain dicts where the game held read-only entries: its views copy them
    assert type(twin.requests[0]) is dict and type(twin.exposed[0]) is dict
    for seat in (None, *range(g.players)):
        assert json.dumps(twin.view(seat)) == json.dumps(g.view(seat))
    check_view_snapshot(twin)
    rng = random.Random(1)
    while not twin.over:  # and it plays on: its new entries are read-only again
        seat = twin.to_act[0]
        twin.act(seat, rng.choice(twin.legal_actions(seat)))
    check_view_snapshot(twin)

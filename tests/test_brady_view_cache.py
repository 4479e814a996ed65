"""The Brady Bunch view's kept parts (its per-seat template, the kid entries kept between
board actions) never show a stale or shared value: every view equals, key order included,
the view of a copy of the game rebuilt from its JSON (nothing kept), and changing a handed-out
view changes no later one."""

from __future__ import annotations

import json
import random

import pytest

from brady_widgets.brady_bunch.bots import BOTS
from brady_widgets.brady_bunch.rules import VIEW_KEYS, BradyBunch


def _games():
    # every action type is taken: Cousin Oliver's exposures, the silent kid of 3 players,
    # the capped talk, random bots (every phase's odd actions) and smart ones
    yield BradyBunch(3, seed=4), "random"
    yield BradyBunch(5, seed=7), "smart"
    yield BradyBunch(6, seed=2, cousin_oliver=True), "random"
    yield BradyBunch(8, seed=5, cousin_oliver=True, max_questions=2), "smart"


def _dumped(view: dict) -> str:
    return json.dumps(view)  # no sort_keys: the order of every dict's keys counts


@pytest.mark.parametrize("game,level", list(_games()), ids=lambda x: getattr(x, "players", x))
def test_every_view_is_the_view_of_a_fresh_copy(game, level):
    bots = {s: BOTS[level](s, 3) for s in range(game.players)}
    steps = 0
    kinds = set()
    while True:
        fresh = BradyBunch.from_json(game.to_json())  # a game that keeps nothing yet
        for seat in [None, *range(game.players)]:
            got = game.view(seat)
            assert list(got) == list(VIEW_KEYS)
            assert _dumped(got) == _dumped(fresh.view(seat)), (steps, seat)
        assert _dumped(game.full_view()) == _dumped(fresh.full_view())
        if game.over:
            break
        seat = game.to_act[0]
        action = bots[seat].choose(game.view(seat), game.legal_actions(seat))
        kinds.add(action["type"])
        game.act(seat, action)
        steps += 1
    assert {"play", "cookie", "end_round", "accuse", "claim", "peek"} <= kinds
    if game.oliver and level == "random":
        assert "expose" in kinds


def test_changing_a_view_changes_no_later_view():
    g = BradyBunch(5, seed=3)
    rng = random.Random(3)
    while not g.over:
        for seat in [None, *range(g.players)]:
            before = _dumped(g.view(seat))
            view = g.view(seat)
            for key in ("game", "players", "viewer", "role", "me", "rounds", "silent", "max_questions"):
                view[key] = "changed"  # the seat's constants, kept in its template
            for entry in view["kids"]:
                # the kept kid entries: read-only and shared by every view until the game is
                # over (they refuse the change), then fresh dicts a change stays in
                if view["over"]:
                    entry["hand"] = entry["cookies"] = "changed"
                else:
                    with pytest.raises(TypeError, match="read-only"):
                        entry["hand"] = "changed"
            view["kids"].append("changed")
            for key in ("talk", "peeks", "requests", "exposed"):  # the game's own entries, shared read-only
                for entry in view[key]:
                    with pytest.raises(TypeError, match="read-only"):
                        entry["round"] = "changed"
                view[key].append("changed")
            assert _dumped(g.view(seat)) == before
        seat = g.to_act[0]
        g.act(seat, rng.choice(g.legal_actions(seat)))

"""A Brady bot's memory goes on from the views of its own game without rebuilding what it
checks the view against (the kids and their seats): the log's very entries it read prove the
same game. Views that are copies (equal entries, other objects) are checked in full, and the
bots decide the same either way."""

from __future__ import annotations

import json

import pytest

from brady_widgets.brady_bunch import bots as brady_bots
from brady_widgets.brady_bunch.rules import BradyBunch


def _play(players: int, seed: int, copy_views: bool) -> BradyBunch:
    g = BradyBunch(players, seed=seed)
    table = {s: brady_bots.BradyBot(s, seed) for s in range(players)}
    while not g.over:
        seat = g.to_act[0]
        view = g.view(seat)
        legal = g.legal_actions(seat)
        if copy_views:  # the same view, every entry a new object
            view, legal = json.loads(json.dumps(view)), json.loads(json.dumps(legal))
        action = table[seat].choose(view, legal)
        g.act(seat, dict(action))
    return g


@pytest.mark.parametrize("players,seed", [(5, 1), (8, 2)])
def test_a_bot_checks_the_kids_of_its_own_games_views_once(players, seed, monkeypatch):
    rosters = []
    kid_seat = brady_bots._KID_SEAT

    def counted(entry):
        rosters.append(entry["kid"])
        return kid_seat(entry)

    monkeypatch.setattr(brady_bots, "_KID_SEAT", counted)
    g = _play(players, seed, copy_views=False)
    # one roster a bot (its first table), each of the kids once; not one at every decision
    assert len(rosters) <= players * len(g.kids)


@pytest.mark.parametrize("players,seed", [(5, 1), (8, 2)])
def test_copied_views_give_the_same_decisions(players, seed):
    assert _play(players, seed, copy_views=True).history == _play(players, seed, copy_views=False).history


def test_suspects_highest_estimate_first_ties_in_board_order():
    """Alice's suspects: the highest estimated total first, equal totals in board order."""
    view = BradyBunch(6, seed=1).view(0)
    t = brady_bots._Table(view)
    kids = t.kids
    est = {k: float(10 + (i % 2) * 2) for i, k in enumerate(kids)}  # two totals, three kids each
    est[kids[4]] = 11.0
    want = [kids[1], kids[3], kids[4], kids[0], kids[2]]
    assert brady_bots.BradyBot(0)._suspects(est, t) == want


@pytest.mark.parametrize("players,seed", [(5, 3), (8, 4)])
def test_alices_kept_trust_and_estimates_are_a_fresh_reads(players, seed):
    """Alice keeps her trust, the cards she saw and her estimates for a key of what they read,
    and works the estimates out only when a decision reads them (her final questions read her
    trust alone): at every decision of hers, the final ones included, what she holds is what
    a fresh bot reads off the same view."""
    g = BradyBunch(players, seed=seed)
    table = {s: brady_bots.BradyBot(s, seed) for s in range(players)}
    phases = set()
    while not g.over:
        seat = g.to_act[0]
        view = g.view(seat)
        legal = g.legal_actions(seat)
        action = table[seat].choose(view, legal)
        if seat == 0 and len(legal) > 1 and view["phase"] != "reveal":
            alice = table[0]
            kept = alice._alice_state(view, alice._table(view))
            assert kept == brady_bots.BradyBot(0, seed)._alice_state(view, brady_bots._Table(view))
            phases.add(view["phase"])
        g.act(seat, action)
    assert {"final", "talk", "accuse"} <= phases

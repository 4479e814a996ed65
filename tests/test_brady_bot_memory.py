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


_TABLE_PARTS = ("round", "talk", "exposed", "kids", "seat_kid", "peeked", "talk_steps")


@pytest.mark.parametrize("players,seed", [(5, 5), (8, 6)])
def test_the_table_a_bot_keeps_reads_as_a_new_one(players, seed):
    """A bot keeps one table and re-sets it at each decision: after every decision that read
    one, it holds what a new table of the same view reads (nothing left over from the last
    decision: the cards seen, the exposures, the memory's parts), and it is the same object.
    A kid's memory reads only Alice's requests and tokens of the log (what a kid's decisions
    read), and only when asked about an earlier round (the view says the round's own): its
    answers, for every round and kid, are a full read's of the log, and it reads nothing of
    the claims' steps, peeks and Cookies."""
    g = BradyBunch(players, seed=seed, cousin_oliver=players >= 6)
    table = {s: brady_bots.BradyBot(s, seed) for s in range(players)}
    kept_by: dict[int, object] = {}
    checked = 0
    spent_rounds: set[tuple[bool, bool]] = set()  # (an earlier round, a token spent in it)
    asked_rounds: set[tuple[bool, bool]] = set()  # (an earlier round, a Snoop asked to look)
    while not g.over:
        seat = g.to_act[0]
        view = g.view(seat)
        legal = g.legal_actions(seat)
        action = table[seat].choose(view, legal)
        kept = getattr(table[seat], "_kept_table", None)
        if kept is not None and kept.view is view:  # this decision read a table
            assert kept_by.setdefault(seat, kept) is kept
            events = kept.memory.events
            assert events is (brady_bots._MEMORY_EVENTS if view["role"] == "alice" else brady_bots._KID_EVENTS)
            fresh = brady_bots._Table(view, None, events)
            assert kept.known == fresh.known == brady_bots.known_cards(view)
            for part in _TABLE_PARTS:
                assert getattr(kept, part) == getattr(fresh, part), part
            # a kid's memory skips what only Alice reads, and holds what a full read holds of the rest
            full = brady_bots._Table(view)
            for part in ("round", "talk", "exposed", "kids", "seat_kid"):
                assert getattr(kept, part) == getattr(full, part), part
            read = full.memory  # read the whole log at once
            for rnd in range(1, view["round"] + 1):
                spent = bool(read.tokens.get(rnd))
                spent_rounds.add((rnd < view["round"], spent))
                assert kept.token_spent(rnd) == fresh.token_spent(rnd) == spent, rnd
                for kid in kept.kids:
                    asked = (rnd, kid) in {(r, about) for r, _, about in read.requests}
                    asked_rounds.add((rnd < view["round"], asked))
                    assert kept.requested(rnd, kid) == fresh.requested(rnd, kid) == asked, (rnd, kid)
            if view["role"] == "kid":
                assert not kept.peeked and not kept.talk_steps and not kept.cookie_step
            checked += 1
        g.act(seat, action)
    assert checked > 50
    # both answers met in the round being played (the view's), and a yes in an earlier one (the log's)
    assert {(False, False), (False, True), (True, True)} <= spent_rounds & asked_rounds


def test_a_kids_weights_are_its_words_at_nought_and_the_others_at_a_half():
    """The weights a kid's estimates give the speakers: 0.0 its own statements, 0.5 another
    kid's, whoever comes first; a bot handed a view as another kid weighs as that kid."""
    weights = brady_bots._KidWeights("Greg")
    assert [weights[s] for s in ("Peter", "Greg", "Jan", "Greg")] == [0.5, 0.0, 0.5, 0.0]
    view = BradyBunch(5, seed=1).view(1)
    bot = brady_bots.BradyBot(1, 1)
    me = view["me"]
    t = bot._table(view)
    bot._others_estimate(view, t)
    assert bot._kid_weights.me == me and bot._kid_weights[me] == 0.0
    other = BradyBunch(5, seed=1).view(2)  # another kid's view handed to the same bot
    bot._others_estimate(other, bot._table(other))
    assert bot._kid_weights.me == other["me"] != me
    assert bot._kid_weights[other["me"]] == 0.0 and bot._kid_weights[me] == 0.5


def test_a_kid_plays_its_goals_card_by_the_plain_rule():
    """A kid's play against the rule as first written: the highest card (Troublemaker), the
    lowest (Tattletale), or the closest to the Sidekick's target (4, 4.5 from 6 players),
    the higher of two as close; every hand of one to three cards, at both targets."""
    from itertools import combinations_with_replacement

    bot = brady_bots.BradyBot(1)
    checked = 0
    for players, target in ((5, 4.0), (6, 4.5)):
        for size in (1, 2, 3):
            for hand in combinations_with_replacement(range(1, 7), size):
                for order in (hand, hand[::-1]):
                    legal = [{"type": "play", "value": v} for v in order]
                    want = {
                        brady_bots.TROUBLEMAKER: max(order),
                        brady_bots.TATTLETALE: min(order),
                        brady_bots.SIDEKICK: min(order, key=lambda x: (abs(x - target), -x)),
                    }
                    for goal, value in want.items():
                        got = bot._kid_play({"players": players}, legal, goal)
                        assert got == {"type": "play", "value": value}, (players, order, goal)
                        checked += 1
    assert checked > 300


def test_a_casts_kids_and_keys_are_made_once_and_match_the_roster():
    """A memory's kids, card keys and seats are those of its roster, and the memories of one
    roster share one read-only copy of them (made once, not by every bot of every game)."""
    view = BradyBunch(6, seed=3).view(2)
    roster = tuple((k["kid"], k["seat"]) for k in view["kids"])
    a, b = brady_bots._Memory(roster), brady_bots._Memory(roster)
    assert a.kids is b.kids and a.slots is b.slots and a.seat_kid is b.seat_kid
    assert a.kids == [kid for kid, _ in roster]
    assert a.slots == [(kid, tuple((kid, r) for r in range(1, 5))) for kid, _ in roster]
    assert a.seat_kid == {seat: kid for kid, seat in roster if seat is not None}
    other = tuple(reversed(roster))
    assert brady_bots._Memory(other).kids == [kid for kid, _ in other]


def _plain_request(bot, view, legal, t):
    """Alice's request as first written (a comprehension, dict.fromkeys of a generator, the
    suspects sorted for every Snoop she trusts)."""
    requests = [a for a in legal if a["type"] == "request"]
    if not requests:
        return {"type": "lights_out"}
    trust, _, est = bot._alice_state(view, t)
    taken = {r["about"] for r in view["requests"]}
    for snoop in dict.fromkeys(a["kid"] for a in requests):
        if trust.get(snoop, 0.0) < bot.prior_trust:
            continue
        for suspect in bot._suspects(est, t):
            if suspect != snoop and suspect not in taken:
                action = {"type": "request", "kid": snoop, "about": suspect}
                if action in legal:
                    return action
    return {"type": "lights_out"}


@pytest.mark.parametrize("players,seed", [(5, 7), (7, 8)])
def test_alices_requests_are_the_plain_rules(players, seed):
    """At every request decision of seeded games (trusting and wary Alices), Alice asks the
    Snoop and suspect of the rule as first written: the Snoops in the legal list's order,
    each she trusts enough with her top suspects in turn."""
    g = BradyBunch(players, seed=seed)
    table = {s: brady_bots.BradyBot(s, seed, prior_trust=0.3 + 0.1 * (s % 3)) for s in range(players)}
    checked = 0
    while not g.over:
        seat = g.to_act[0]
        view = g.view(seat)
        legal = g.legal_actions(seat)
        if view["role"] == "alice" and view["phase"] == "play":
            alice = table[seat]
            t = alice._table(view)
            assert alice._alice_request(view, legal, t) == _plain_request(alice, view, legal, t)
            checked += any(a["type"] == "request" for a in legal)
        g.act(seat, table[seat].choose(view, legal))
    assert checked >= 4, checked

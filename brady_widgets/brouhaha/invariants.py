"""Brouhaha's invariants, listed in ``INVARIANTS`` (the conformance kit runs them
after every step; ``brady_widgets.testing.invariants_for("brouhaha")``)."""

from __future__ import annotations

from collections import Counter

from .content import ALL_CARDS, HAND_SIZE, HUNTER, RANK, REMOVED

_PHASES = ("play", "slap", "reveal", "hunt", "pass", "over")


def cards_conserved(game):
    """Every one of the 46 cards is in exactly one place: removed, a hand, down, a
    Reserve, lost (Bang) or out (Hunters used)."""
    places = {
        "removed": list(game.removed),
        "hands": [c for h in game.hands for c in h],
        "down": [c for c in game.down if c is not None],
        "reserves": [c for r in game.reserves for c in r],
        "lost": list(game.lost),
        "out": list(game.out),
    }
    every = [c for cards in places.values() for c in cards]
    assert Counter(every) == Counter(ALL_CARDS), (
        f"cards are not the 46 cards: {dict(Counter(every) - Counter(ALL_CARDS))} extra, {dict(Counter(ALL_CARDS) - Counter(every))} missing"
    )
    assert all(c == HUNTER for c in game.out), f"only Hunters leave the game: {game.out}"
    assert all(c != HUNTER for c in places["reserves"] + places["lost"]), "a Hunter in a Reserve"
    pairs, hunters = REMOVED[game.players]
    assert len(game.removed) == 2 * pairs + hunters
    assert sum(len(h) for h in game.deal["hands"]) == HAND_SIZE[game.players] * game.players


def hands_sorted(game):
    for h in game.hands:
        assert [RANK[c] for c in h] == sorted(RANK[c] for c in h), f"a hand is not sorted: {h}"


def phase_consistent(game):
    """The phase and its window agree; down cards are animals except an announced Hunter."""
    phase = game.phase
    assert phase in _PHASES
    assert (phase == "over") == game.over
    assert (game.slap is not None) == (phase in ("slap", "reveal")), (phase, game.slap)
    assert (game.reveal is not None) == (phase == "reveal"), (phase, game.reveal)
    assert (game.hunt is not None) == (phase == "hunt"), (phase, game.hunt)
    assert (phase == "pass") == bool(game.pass_seats), (phase, game.pass_seats)
    due = game.next_deadline()
    if game.over:
        assert due is None and game.to_act == [] and game.end_reason in ("no_cards", "no_pairs", "time")
        sizes = [len(r) for r in game.reserves]
        assert game.winners == [s for s in range(game.players) if sizes[s] == max(sizes)]
        return
    limit = game.options["time_limit_ms"]
    assert due is not None or limit is None and phase == "play"
    assert due is None or due > game.clock, f"deadline {due} is not after the clock {game.clock}"
    for s, (card, cry) in enumerate(zip(game.down, game.cries)):
        assert (card is None) == (cry is None), f"seat {s}: down {card!r} with cry {cry!r}"
        if card is None:
            continue
        if card == HUNTER:
            assert phase == "hunt" and game.hunt["hunter"] == s, f"seat {s}: a Hunter down outside its hunt"
            assert cry == game.hunt["cry"]
        else:
            assert cry == game._cry[card], f"seat {s}: {card!r} cries {cry!r}"
    if phase == "slap":
        s = game.slap
        assert s["second"] is None and s["closes_at"] - s["at"] == game.options["slap_ms"]
        assert game.down[s["first"]] not in (None, HUNTER)
    if phase == "reveal":
        a, b = game.reveal["seats"]
        assert a != b and [game.down[a], game.down[b]] == game.reveal["cards"]
        assert game.reveal["match"] == (game.down[a] == game.down[b])
        assert game.slap["first"] == a and game.slap["second"] == b
    if phase == "hunt":
        h = game.hunt
        t = h["target"]
        assert t != h["hunter"] and game.down[t] not in (None, HUNTER) and game.cries[t] == h["cry"]
        assert h["closes_at"] - h["at"] == game.options["hunt_ms"]
    if phase == "pass":
        assert game.to_act == [s for s in game.pass_seats if s not in game.passes]
        assert all(game.hands[s] for s in game.pass_seats)
        assert game.pass_seats == [s for s in range(game.players) if game.hands[s]]
        for s, card in game.passes.items():
            assert s in game.pass_seats and card in game.hands[s]
    else:
        assert game.to_act == [] and not game.passes


def game_goes_on_only_while_it_can(game):
    """A game not over has no empty-handed player and a pair still to be made."""
    if game.over:
        return
    if game.phase in ("play", "pass"):
        assert all(game.hands[s] or game.down[s] is not None for s in range(game.players))
        assert game.pair_possible()


def clock_never_decreases(game):
    stamps = [h["at"] for h in game.history if "at" in h]
    assert stamps == sorted(stamps), "time stamps go back"
    assert game.clock >= (stamps[-1] if stamps else 0)


def views_keep_secrets(game, views):
    """A seat's view holds its own hand and down card only; cries are public, cards are not."""
    for key, view in views.items():
        assert "hands" not in view and "down" not in view and "passes" not in view
        assert view["cries"] == game.cries
        if key == "None":
            assert view["my_hand"] is None and view["my_down"] is None
        else:
            s = int(key)
            assert view["my_hand"] == game.hands[s] and view["my_down"] == game.down[s]
            if view["hunt"] is not None:
                assert ("target" in view["hunt"]) == (s == game.hunt["hunter"])
                assert view["pinned"] == (s == game.hunt["target"])
            else:
                assert view["pinned"] is False
        if view["hunt"] is not None and key == "None":
            assert "target" not in view["hunt"]
        if view["passing"] is not None:
            mine = view["passing"]["mine"]
            assert mine == (None if key == "None" else game.passes.get(int(key)))


INVARIANTS = [
    cards_conserved,
    hands_sorted,
    phase_consistent,
    game_goes_on_only_while_it_can,
    clock_never_decreases,
    views_keep_secrets,
]

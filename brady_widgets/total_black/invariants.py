"""Total Black invariants, listed in ``INVARIANTS`` (the conformance kit runs them)."""

from __future__ import annotations


def deal_is_pairs(game):
    """Every animal dealt is dealt exactly twice: each player has one partner."""
    counts: dict = {}
    for c in game.cards:
        counts[c] = counts.get(c, 0) + 1
    assert len(game.cards) == game.players and set(counts.values()) == {2}, game.cards


def found_are_partners(game):
    """Found players come in partner pairs, found at a bump deadline, and score 1."""
    for s in range(game.players):
        if game.found[s]:
            mates = [t for t in range(game.players) if t != s and game.cards[t] == game.cards[s]]
            assert len(mates) == 1 and game.found[mates[0]], (s, mates)
            assert game.found_at[s] == game.found_at[mates[0]] is not None
            assert game.found_at[s] % game.options["bump_ms"] == 0 and game.found_at[s] <= game.clock
        else:
            assert game.found_at[s] is None
    assert game.scores == [1 if f else 0 for f in game.found]


def bumps_are_a_matching(game):
    """This round's bumps pair players not found yet, each with one other, both ways."""
    for s, p in enumerate(game.partner):
        if p is not None:
            assert p != s and game.partner[p] == s and not game.found[s] and not game.found[p]
    assert game.holding <= {s for s, p in enumerate(game.partner) if p is not None}


def deadline_ahead(game):
    """A game not over waits on the round's end (or the time limit); nobody must act."""
    assert game.to_act == []
    due = game.next_deadline()
    if game.over:
        assert due is None and game.round_ends is None
        assert game.end_reason in ("all_found", "time")
    else:
        assert due is not None and due > game.clock, (due, game.clock)


def views_hide_other_cards(game, views):
    """A seat's view shows its own card and the cry of its bump only; no card of
    another seat, no partner's seat, nobody's hold but its own."""
    for seat, view in views.items():
        assert "cards" not in view and "partners" not in view and "holding" not in view
        if seat == "None":
            assert view["my_card"] is None and view["heard"] is None and view["held"] is False
            continue
        s = int(seat)
        assert view["my_card"] == game.cards[s]
        p = game.partner[s]
        assert view["heard"] == (None if p is None else game._cry[game.cards[p]])
        assert view["held"] == (s in game.holding)


INVARIANTS = [deal_is_pairs, found_are_partners, bumps_are_a_matching, deadline_ahead, views_hide_other_cards]

"""Swap invariants, listed in ``INVARIANTS`` (no registration call needed)."""

from .rules import CARDS, CHIPS


def cards_are_partitioned(game):
    cards = list(game.hands) + game.deck[game.drawn :] + [d["card"] for d in game.discards]
    assert sorted(cards) == CARDS, f"cards are not partitioned: {cards}"


def chips_are_kept(game):
    assert sum(game.chips) + game.pot == CHIPS * game.players
    assert all(c >= 0 for c in game.chips)


def views_hide_other_cards(game, views):
    for seat, view in views.items():
        if seat != "None" and not game.over:
            assert view["my_card"] == game.hands[int(seat)]
            assert view["shown"] is None


INVARIANTS = [cards_are_partitioned, chips_are_kept, views_hide_other_cards]

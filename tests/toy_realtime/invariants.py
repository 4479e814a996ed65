"""Snap race invariants, listed in ``INVARIANTS`` (no registration call needed)."""

from .rules import CARDS


def no_card_created_or_lost(game):
    """Unflipped deck + hands + pile + cards won = the 18 cards."""
    won = sum(game.won)
    cards = game.deck[game.flipped :] + [c for h in game.hands for c in h] + game.pile
    assert len(cards) + won == len(CARDS), f"{len(cards)} cards in play + {won} won != {len(CARDS)}"
    gone = [c for h in game.deal["hands"] for c in h] + game.deal["deck"]
    assert sorted(gone) == CARDS, f"the deal is not the 18 cards: {game.deal}"
    # every card not in play any more was won (the pile was cleared by slaps)
    left = list(CARDS)
    for c in cards:
        left.remove(c)  # raises ValueError (a created card) if c is not there
    assert len(left) == won


def clock_never_decreases(game):
    """The stamps in the history never go back, and the clock is the last one."""
    stamps = [h["at"] for h in game.history if "at" in h]
    assert stamps == sorted(stamps), f"time stamps go back: {stamps}"
    assert game.clock == (stamps[-1] if stamps else 0), f"clock {game.clock} is not the last stamp"


def deadline_ahead(game):
    """A game not over always waits on a deadline after the clock; nobody ever must act."""
    assert game.to_act == []
    due = game.next_deadline()
    if game.over:
        assert due is None and game.window is None
    else:
        assert due is not None and due > game.clock, f"deadline {due} not after clock {game.clock}"


def window_is_consistent(game):
    """An open window: a match on top of the pile, closing window_ms after it opened, flip timer stopped."""
    w = game.window
    if w is None:
        assert game.next_flip is not None or game.over
        return
    assert game.next_flip is None
    assert len(game.pile) >= 2 and game.pile[-1] == game.pile[-2] == w["card"]
    assert w["closes_at"] - w["opened_at"] == game.options["window_ms"]
    assert w["opened_at"] <= game.clock < w["closes_at"]


def scores_are_cards_won(game):
    assert game.scores == game.won and all(p >= 0 for p in game.won)
    if game.over:
        assert game.winners == [s for s, p in enumerate(game.won) if p == max(game.won)]


def views_hide_other_hands(game, views):
    """A seat sees its own hand and the hand sizes only; no view but full_view shows the deck."""
    for seat, view in views.items():
        assert "hands" not in view and "deck" not in view
        if seat != "None":
            assert view["my_hand"] == game.hands[int(seat)]
        assert view["hand_sizes"] == [len(h) for h in game.hands]


INVARIANTS = [
    no_card_created_or_lost,
    clock_never_decreases,
    deadline_ahead,
    window_is_consistent,
    scores_are_cards_won,
    views_hide_other_hands,
]

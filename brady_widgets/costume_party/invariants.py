"""Costume Party Detective invariants for the conformance kit.

They read the engine's own state (``secrets``, ``deck``, ``room_of``, ``status``,
``face_up``, ``alive``), because an invariant checks the engine, not what a seat
may see; the views are checked against that truth.
"""

from __future__ import annotations

from collections import Counter

from ..testing.conformance import register_invariants
from .content import ROOMS

N_FIGURES = 20
MAX_FACE_UP = 3


@register_invariants("costume_party")
def figures_are_somewhere(game) -> None:
    """Every figure is in exactly one of: a room, killed, left the party."""
    assert len(game.room_of) == N_FIGURES and len(game.status) == N_FIGURES
    for fig in range(N_FIGURES):
        room, status = game.room_of[fig], game.status[fig]
        if status == "party":
            assert room in ROOMS, f"figure {fig} is at the party but in room {room!r}"
        else:
            assert status in ("killed", "left"), f"figure {fig} has status {status!r}"
            assert room is None, f"figure {fig} is {status} but still in {room!r}"


@register_invariants("costume_party")
def cards_are_partitioned(game) -> None:
    """The 20 cards are the secrets + the deck + every face-up pile, each once."""
    face_up = [c for pile in game.face_up for c in pile]
    cards = Counter(list(game.secrets) + list(game.deck) + face_up)
    assert sorted(cards) == list(range(N_FIGURES)) and set(cards.values()) == {1}, (
        f"cards are not partitioned: secrets {game.secrets} deck {game.deck} face-up {game.face_up}"
    )
    assert len(game.secrets) == game.players and len(game.face_up) == game.players
    assert all(len(pile) <= MAX_FACE_UP for pile in game.face_up), f"a pile holds more than 3 cards: {game.face_up}"
    left = {f for f in range(N_FIGURES) if game.status[f] == "left"}
    assert left <= set(face_up), f"figures {sorted(left - set(face_up))} left the party but were never drawn"
    for card in face_up:
        assert game.status[card] != "party", f"drawn figure {card} is still at the party"


@register_invariants("costume_party")
def set_up_four_a_room(game) -> None:
    """A random set-up puts four figures in each room (checked at step 0)."""
    if game.history:
        return
    fresh = type(game)(game.players, game.seed, **game.options)
    if fresh.deal != game.deal:  # a fixed test deal: any rooms allowed
        return
    per_room = Counter(game.deal["rooms"])
    assert per_room == Counter({room: 4 for room in ROOMS}), f"set-up rooms: {dict(per_room)}"
    assert len(game.deal["deck"]) == N_FIGURES - game.players
    assert all(s == "party" for s in game.status)


@register_invariants("costume_party")
def alive_matches_the_board(game) -> None:
    """A seat is alive iff its character is at the party; ``over`` iff one is
    left; the winner is that seat; eliminated seats never act."""
    alive = [game.status[game.secrets[s]] == "party" for s in range(game.players)]
    assert list(game.alive) == alive, f"alive {game.alive} but at the party {alive}"
    for s in range(game.players):
        if not alive[s]:
            assert game.status[game.secrets[s]] == "killed", f"seat {s}'s character left without being killed"
    living = [s for s in range(game.players) if alive[s]]
    assert len(living) >= 1, "nobody is alive"
    assert game.over == (len(living) == 1), f"over={game.over} with living seats {living}"
    if game.over:
        assert game.winners == living, f"winners {game.winners}, living {living}"
        assert game.phase == "over"
        assert game.scores == [1 if s in living else 0 for s in range(game.players)]
    else:
        assert game.winners == [], f"winners {game.winners} before the end"
        assert game.phase in ("roll", "move", "black"), f"phase {game.phase!r}"
        assert game.to_act == [game.turn] and alive[game.turn], f"to_act {game.to_act}, turn {game.turn}"
        if game.phase == "black":
            assert game.last_roll == "black", f"phase black after rolling {game.last_roll!r}"
        if game.phase == "move":
            assert game.last_roll in ROOMS[:4], f"phase move after rolling {game.last_roll!r}"


@register_invariants("costume_party")
def views_agree_with_the_truth(game, views) -> None:
    """Each view shows the board as it is, the seat's own character, revealed
    cards only for eliminated seats (everyone's at the end), and no secret."""
    rooms = {room: [f for f in range(N_FIGURES) if game.room_of[f] == room] for room in ROOMS}
    killed = [f for f in range(N_FIGURES) if game.status[f] == "killed"]
    left = [f for f in range(N_FIGURES) if game.status[f] == "left"]
    for key, v in views.items():
        seat = None if key == "None" else int(key)
        assert v["viewer"] == seat and v["players"] == game.players
        assert v["rooms"] == rooms, f"view({seat}) rooms {v['rooms']} != {rooms}"
        assert (v["killed"], v["left"]) == (killed, left)
        assert v["face_up"] == [list(p) for p in game.face_up] and v["deck_count"] == len(game.deck)
        assert v["alive"] == list(game.alive) and v["over"] == game.over and v["winners"] == list(game.winners)
        assert v["phase"] == game.phase and v["to_act"] == game.to_act
        assert v["my_character"] == (None if seat is None else game.secrets[seat])
        assert "secrets" not in v and "deck" not in v
        for t in range(game.players):
            expected = game.secrets[t] if (not game.alive[t] or game.over) else None
            assert v["revealed"][t] == expected, f"view({seat}) reveals {v['revealed'][t]!r} for seat {t}"
        secret_events = [e for e in v["log"] if e["type"] == "secret"]
        if seat is None:
            assert not secret_events, "the public log shows a secret"
        else:
            assert len(secret_events) == 1, f"view({seat}) shows {len(secret_events)} secret events"
            assert (secret_events[0]["seat"], secret_events[0]["figure"]) == (seat, game.secrets[seat])

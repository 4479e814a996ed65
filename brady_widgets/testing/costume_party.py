"""Costume Party Detective invariants for the conformance kit.

They read the engine's state (the teacher's ``full_view()`` and the engine
attributes), because an invariant checks the engine, not what a seat may see.
"""

from __future__ import annotations

from collections import Counter

from .conformance import register_invariants

N_FIGURES = 20
ROOMS = ["blue", "yellow", "red", "green", "hall"]


@register_invariants("costume_party")
def figures_are_somewhere(game) -> None:
    """Every figure is in exactly one of: a room, killed, left the party."""
    full = game.full_view()
    on_board = [f for room in ROOMS for f in full["rooms"][room]]
    places = Counter(on_board + full["killed"] + full["left"])
    assert sorted(places) == list(range(N_FIGURES)) and set(places.values()) == {1}, (
        f"figures are not partitioned into rooms/killed/left: {dict(places)}"
    )
    assert set(full["rooms"]) == set(ROOMS), f"rooms are {sorted(full['rooms'])}"
    for room, figs in full["rooms"].items():
        assert figs == sorted(figs), f"room {room} lists {figs} out of order"


@register_invariants("costume_party")
def cards_are_partitioned(game) -> None:
    """The 20 cards are the secrets + the deck + every face-up pile, each once."""
    full = game.full_view()
    face_up = [c for pile in full["face_up"] for c in pile]
    cards = Counter(full["secrets"] + full["deck"] + face_up)
    assert sorted(cards) == list(range(N_FIGURES)) and set(cards.values()) == {1}, (
        f"cards are not partitioned: secrets {full['secrets']} deck {full['deck']} face-up {full['face_up']}"
    )
    assert len(full["secrets"]) == game.players
    assert full["deck_count"] == len(full["deck"])
    assert all(len(pile) <= 3 for pile in full["face_up"]), f"a pile holds more than 3 cards: {full['face_up']}"
    # a face-up card's figure is gone; a figure that left the party was drawn
    assert set(full["left"]) <= set(face_up), f"figures left {full['left']} but only {face_up} were drawn"
    on_board = {f for figs in full["rooms"].values() for f in figs}
    assert not on_board & set(face_up), f"drawn figures {sorted(on_board & set(face_up))} are still on the board"


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


@register_invariants("costume_party")
def alive_matches_the_board(game) -> None:
    """A seat is alive iff its character is at the party; ``over`` iff one is
    left; the winner is that seat; eliminated seats never act."""
    full = game.full_view()
    on_board = {f for figs in full["rooms"].values() for f in figs}
    alive = [full["secrets"][s] in on_board for s in range(game.players)]
    assert full["alive"] == alive, f"alive {full['alive']} but on the board {alive}"
    for s in range(game.players):
        if not alive[s]:
            assert full["secrets"][s] in full["killed"], f"seat {s}'s character left without being killed"
    living = [s for s in range(game.players) if alive[s]]
    assert len(living) >= 1, "nobody is alive"
    assert game.over == (len(living) == 1), f"over={game.over} with living seats {living}"
    if game.over:
        assert game.winners == living, f"winners {game.winners}, living {living}"
        assert full["phase"] == "over"
        assert game.scores == [1 if s in living else 0 for s in range(game.players)]
    else:
        assert game.winners == [], f"winners {game.winners} before the end"
        assert full["phase"] in ("roll", "move", "black"), f"phase {full['phase']!r}"
        assert game.to_act == [full["turn"]] and alive[full["turn"]], f"to_act {game.to_act}, turn {full['turn']}"
        if full["phase"] == "black":
            assert full["last_roll"] == "black", f"phase black after rolling {full['last_roll']!r}"
        if full["phase"] == "move":
            assert full["last_roll"] in ROOMS[:4], f"phase move after rolling {full['last_roll']!r}"


@register_invariants("costume_party")
def views_agree_with_the_truth(game) -> None:
    """Each seat's view tells it its own character and nothing else secret."""
    full = game.full_view()
    for s in range(game.players):
        v = game.view(s)
        assert v["my_character"] == full["secrets"][s]
        assert "secrets" not in v and "deck" not in v
        for t in range(game.players):
            expected = full["secrets"][t] if (not full["alive"][t] or game.over) else None
            assert v["revealed"][t] == expected, f"view({s}) reveals {v['revealed'][t]} for seat {t}"
        secret_events = [e for e in v["log"] if e["type"] == "secret"]
        assert len(secret_events) == 1, f"view({s}) shows {len(secret_events)} secret events"
        assert (secret_events[0]["seat"], secret_events[0]["figure"]) == (s, full["secrets"][s]), secret_events
    public = game.view(None)
    assert public["my_character"] is None
    assert not [e for e in public["log"] if e["type"] == "secret"]

"""Costume Party Detective: one test (or table) per rule of the rulebook and per rules decision.

Sources: ``shared/rulebooks/costume_party_detective.txt`` and the Costume Party
section of ``shared/design/rules-decisions.md``. Positions are built with
``brady_widgets.costume_party.positions.position`` (the ``deal=`` test option + forced dice
through the kernel's replay). Expected values come from the rules as written
(adjacency tables, odds), not from the engine.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest

from brady_widgets.costume_party.positions import make_deal, play, position
from brady_widgets.costume_party.rules import CostumeParty
from brady_widgets.engine.errors import IllegalAction

ROOMS = ["blue", "yellow", "red", "green", "hall"]
COLORS = ["blue", "yellow", "red", "green"]

# The boards, written from the rules decision (four colored rooms in a ring, each
# next to its two ring neighbours, the middle hall next to all four) and the
# option's presets (every room next to every other; a ring of five rooms with
# the hall between green and blue).
RING_AND_MIDDLE = {
    "blue": {"yellow", "green", "hall"},
    "yellow": {"blue", "red", "hall"},
    "red": {"yellow", "green", "hall"},
    "green": {"red", "blue", "hall"},
    "hall": {"blue", "yellow", "red", "green"},
}
OPEN_PLAN = {r: set(ROOMS) - {r} for r in ROOMS}
RING = {
    "blue": {"yellow", "hall"},
    "yellow": {"blue", "red"},
    "red": {"yellow", "green"},
    "green": {"red", "hall"},
    "hall": {"green", "blue"},
}
CORRIDOR = {
    "blue": ["yellow"],
    "yellow": ["blue", "red"],
    "red": ["yellow", "green"],
    "green": ["red", "hall"],
    "hall": ["green"],
}

#: a spread-out board: figure f stands in ROOMS[f % 5]
SPREAD = [ROOMS[f % 5] for f in range(20)]


def refused(game, seat, action):
    """The IllegalAction ``act`` raises; the game must be unchanged."""
    before = game.to_json()
    n_events = len(game.events)
    with pytest.raises(IllegalAction) as info:
        game.act(seat, action)
    assert game.to_json() == before and len(game.events) == n_events
    return info.value


def kinds(game, seat):
    return sorted((a["type"], a.get("figure"), a.get("to")) for a in game.legal_actions(seat))


def last(game, type_):
    return [e for e in game.events if e["type"] == type_][-1]


# ===================================================================== set-up
@pytest.mark.parametrize("players", range(2, 9))
def test_setup_twenty_figures_four_a_room_one_card_each_rest_is_the_deck(players):
    secret_sets, room_maps = set(), set()
    for seed in range(12):
        g = CostumeParty(players, seed)
        v = g.full_view()
        assert sorted(f for figs in v["rooms"].values() for f in figs) == list(range(20))
        assert {room: len(figs) for room, figs in v["rooms"].items()} == {r: 4 for r in ROOMS}
        assert len(v["secrets"]) == players and len(set(v["secrets"])) == players
        assert sorted(v["secrets"] + v["deck"]) == list(range(20)) and v["deck_count"] == 20 - players
        assert v["killed"] == v["left"] == [] and v["face_up"] == [[] for _ in range(players)]
        assert v["phase"] == "roll" and v["turn"] == 0 and g.to_act == [0] and not g.over
        secret_sets.add(tuple(v["secrets"]))
        room_maps.add(tuple(g.deal["rooms"]))
    assert len(secret_sets) > 6 and len(room_maps) > 6  # dealt and spread at random, by seed


@pytest.mark.parametrize("players", [2, 5, 8])
def test_setup_secrets_are_private(players):
    g = CostumeParty(players, 3)
    for seat in range(players):
        v = g.view(seat)
        assert v["my_character"] == g.secrets[seat]
        assert v["revealed"] == [None] * players and "secrets" not in v and "deck" not in v
        others = [g.secrets[s] for s in range(players) if s != seat]
        assert not [e for e in v["log"] if e["type"] == "secret" and e["figure"] in others]
        assert [e["figure"] for e in v["log"] if e["type"] == "secret"] == [g.secrets[seat]]
    public = g.view(None)
    assert public["my_character"] is None and not [e for e in public["log"] if e["type"] == "secret"]


def test_view_has_the_documented_keys():
    documented = {
        "game",
        "players",
        "viewer",
        "phase",
        "turn",
        "to_act",
        "last_roll",
        "rooms",
        "killed",
        "left",
        "face_up",
        "deck_count",
        "alive",
        "revealed",
        "my_character",
        "over",
        "winners",
        "adjacency",
        "faces",
        "log",
    }
    g = CostumeParty(3, 0)
    assert set(g.view(0)) == documented and set(g.view(None)) == documented
    assert set(g.full_view()) == documented | {"secrets", "deck"}


# ======================================================================= die
@pytest.mark.parametrize(
    "faces,odds",
    [
        (
            None,
            {
                "blue": Fraction(1, 6),
                "yellow": Fraction(1, 6),
                "red": Fraction(1, 6),
                "green": Fraction(1, 6),
                "black": Fraction(1, 3),
            },
        ),
        (["black"] * 6, {"black": Fraction(1)}),
        (
            ["blue", "red", "green", "black", "black", "black"],
            {"blue": Fraction(1, 6), "red": Fraction(1, 6), "green": Fraction(1, 6), "black": Fraction(1, 2)},
        ),
        (["yellow", "black"], {"yellow": Fraction(1, 2), "black": Fraction(1, 2)}),
    ],
)
def test_die_faces_and_their_exact_odds(faces, odds):
    g = CostumeParty(3, 0) if faces is None else CostumeParty(3, 0, faces=faces)
    assert dict(g.chance_outcomes()) == odds
    assert "hall" not in dict(g.chance_outcomes())  # the middle room is never rolled
    assert Counter(g.view(0)["faces"]) == Counter(faces or ["blue", "yellow", "red", "green", "black", "black"])


def test_the_default_die_rolls_each_face_with_its_odds():
    n = 1200
    seen = Counter()
    for seed in range(n):
        g = CostumeParty(2, seed)
        g.act(0, {"type": "roll"})
        seen[g.last_roll] += 1
        assert g.events[-1]["type"] in ("roll", "no_move") and last(g, "roll")["face"] == g.last_roll
    assert set(seen) == {"blue", "yellow", "red", "green", "black"}
    for face, p in {"blue": 1 / 6, "yellow": 1 / 6, "red": 1 / 6, "green": 1 / 6, "black": 1 / 3}.items():
        assert abs(seen[face] - n * p) < 4 * math.sqrt(n * p * (1 - p)), seen


def test_rolling_moves_to_the_phase_the_face_asks_for():
    g = position(2, rooms=SPREAD, secrets=[0, 1], steps=["roll:red"])
    assert (g.phase, g.last_roll, g.to_act) == ("move", "red", [0]) and all(
        a["type"] == "move" for a in g.legal_actions(0)
    )
    g = position(2, rooms=SPREAD, secrets=[0, 1], steps=["roll:black"])
    assert (g.phase, g.last_roll) == ("black", "black")
    assert {a["type"] for a in g.legal_actions(0)} == {"kill", "draw"}


# ===================================================================== moving
def expected_moves(rooms: list, color: str, adjacency: dict) -> set:
    """The rulebook: into the rolled room from an adjacent room, or out of it into an adjacent room."""
    out = {(f, to) for f in range(20) if rooms[f] == color for to in adjacency[color]}
    into = {(f, color) for f in range(20) if rooms[f] in adjacency[color] and rooms[f] != color}
    return out | into


@pytest.mark.parametrize("color", COLORS)
@pytest.mark.parametrize(
    "preset,table",
    [
        ("ring_and_middle", RING_AND_MIDDLE),
        ("open_plan", OPEN_PLAN),
        ("ring", RING),
        (CORRIDOR, {r: set(n) for r, n in CORRIDOR.items()}),
    ],
    ids=["ring_and_middle", "open_plan", "ring", "custom_corridor"],
)
def test_moves_into_or_out_of_the_rolled_room_and_nothing_else(preset, table, color):
    g = position(3, rooms=SPREAD, secrets=[0, 1, 2], adjacency=preset, steps=[f"roll:{color}"])
    legal = {(a["figure"], a["to"]) for a in g.legal_actions(0)}
    assert legal == expected_moves(SPREAD, color, table)
    assert {r: set(n) for r, n in g.view(0)["adjacency"].items()} == table
    # everything else is refused: other rooms' figures, non-adjacent targets, unknown rooms
    for fig in range(20):
        for to in ROOMS + ["purple"]:
            if (fig, to) not in legal:
                exc = refused(g, 0, {"type": "move", "figure": fig, "to": to})
                assert exc.code == "illegal_action"
    # and a legal move moves exactly that figure, then the turn passes
    fig, to = sorted(legal)[0]
    g.act(0, {"type": "move", "figure": fig, "to": to})
    assert g.room_of[fig] == to and [g.room_of[f] for f in range(20) if f != fig] == [
        SPREAD[f] for f in range(20) if f != fig
    ]
    ev = last(g, "move")
    assert (ev["seat"], ev["figure"], ev["from"], ev["to"]) == (0, fig, SPREAD[fig], to)
    assert g.to_act == [1] and g.phase == "roll"


def test_move_refusals_say_why():
    # default board, red rolled; figure 0 in blue (not next to red), figure 2 in red
    g = position(2, rooms=SPREAD, secrets=[5, 6], steps=["roll:red"])
    exc = refused(g, 0, {"type": "move", "figure": 0, "to": "red"})
    assert "red" in exc.reason and "blue" in exc.reason  # blue is not next to red
    exc = refused(g, 0, {"type": "move", "figure": 2, "to": "blue"})  # out of red, but blue is not next to it
    assert exc.code == "illegal_action"
    exc = refused(g, 0, {"type": "move", "figure": 99, "to": "red"})
    assert "99" in exc.reason
    exc = refused(g, 0, {"type": "move", "figure": 1, "to": "purple"})
    assert "purple" in exc.reason
    exc = refused(g, 0, {"type": "kill", "figure": 2})
    assert "move" in exc.reason  # now is the time to move
    exc = refused(g, 0, {"type": "roll"})
    assert "move" in exc.reason


def test_a_figure_that_left_cannot_be_moved():
    g = position(
        2,
        rooms=SPREAD,
        secrets=[5, 6],
        deck=[2] + [f for f in range(20) if f not in (2, 5, 6)],
        steps=["black:draw", "roll:red"],
    )
    assert g.room_of[2] is None
    exc = refused(g, 1, {"type": "move", "figure": 2, "to": "yellow"})
    assert "left" in exc.reason


@pytest.mark.parametrize(
    "adjacency,rooms,color",
    [
        ("ring_and_middle", ["red"] * 20, "blue"),  # blue empty; red is not next to blue
        ("ring", ["red"] * 10 + ["green"] * 10, "blue"),  # blue's neighbours (yellow, hall) are empty
        (CORRIDOR, ["red"] * 10 + ["green"] * 10, "blue"),
    ],
)
def test_no_legal_move_and_the_turn_passes(adjacency, rooms, color):
    g = position(3, rooms=rooms, secrets=[0, 1, 2], adjacency=adjacency, steps=[f"roll:{color}"])
    ev = g.events[-1]
    assert ev["type"] == "no_move" and ev["seat"] == 0 and ev["face"] == color
    assert g.to_act == [1] and g.phase == "roll" and g.room_of == rooms


# ====================================================================== black
def test_black_kill_a_figure_in_your_room_or_draw():
    # seat 0 is figure 0 in red with 5 and 10; figure 15 is in red's neighbour green
    rooms = {"red": [0, 5, 10], "green": [15]}
    g = position(3, rooms=rooms, others="hall", secrets=[0, 1, 2], steps=["roll:black"])
    assert kinds(g, 0) == [("draw", None, None), ("kill", 5, None), ("kill", 10, None)]
    exc = refused(g, 0, {"type": "kill", "figure": 15})
    assert exc.code == "illegal_action" and "same room" in exc.reason
    exc = refused(g, 0, {"type": "move", "figure": 5, "to": "hall"})
    assert "kill or draw" in exc.reason


def test_drawing_removes_the_figure_it_left_the_party():
    deck = [7] + [f for f in range(20) if f not in (0, 1, 7)]
    g = position(2, rooms=SPREAD, secrets=[0, 1], deck=deck, steps=["black:draw"])
    assert g.room_of[7] is None and g.status[7] == "left"
    v = g.view(1)
    assert 7 not in v["rooms"][SPREAD[7]] and v["left"] == [7] and v["killed"] == []
    assert v["face_up"] == [[7], []] and v["deck_count"] == 17
    ev = last(g, "draw")
    assert (ev["seat"], ev["card"], ev["gone"]) == (0, 7, False)
    assert g.to_act == [1] and g.alive == [True, True]


def test_drawing_a_card_whose_figure_is_already_gone_does_nothing_more():
    # seat 0 kills figure 4 (an innocent in its room); seat 1 then draws card 4
    deck = [4] + [f for f in range(20) if f not in (0, 1, 4)]
    g = position(2, rooms={"red": [0, 4]}, others="hall", secrets=[0, 1], deck=deck, steps=["black:kill:4"])
    board = list(g.room_of)
    killed = g.view(None)["killed"]
    play(g, ["black:draw"])
    ev = last(g, "draw")
    assert (ev["seat"], ev["card"], ev["gone"]) == (1, 4, True)
    assert g.room_of == board and g.view(None)["killed"] == killed == [4]
    assert g.status[4] == "killed" and g.view(None)["left"] == []  # still killed, not "left"
    assert g.face_up == [[], [4]] and g.to_act == [0]


def test_must_kill_after_three_face_up_cards():
    g = position(
        2,
        rooms={"red": [0, 5, 6]},
        others="hall",
        secrets=[0, 1],
        steps=["black:draw", "black:draw"] * 3 + ["roll:black"],
    )
    assert len(g.face_up[0]) == 3 and g.deck
    assert kinds(g, 0) == [("kill", 5, None), ("kill", 6, None)]
    exc = refused(g, 0, {"type": "draw"})
    assert exc.code == "illegal_action" and "must kill" in exc.reason and "3" in exc.reason


def test_must_kill_when_the_deck_is_empty():
    # 8 players: the 12 innocents' cards are the deck; twelve draws empty it (and send
    # every innocent home). Seat 4, holding one face-up card, then rolls black.
    g = position(
        8,
        rooms={"blue": [4, 5]},
        others="hall",
        secrets=list(range(8)),
        deck=list(range(8, 20)),
        steps=["black:draw"] * 12 + ["roll:black"],
    )
    assert g.view(None)["deck_count"] == 0 and g.to_act == [4] and len(g.face_up[4]) == 1
    assert kinds(g, 4) == [("kill", 5, None)]
    exc = refused(g, 4, {"type": "draw"})
    assert "deck is empty" in exc.reason and "must kill" in exc.reason


def test_alone_in_your_room_the_only_kill_is_yourself_and_drawing_stays_open():
    """Decision (rules.py docstring): "alone" applies to the kill; drawing stays
    open while you hold fewer than three face-up cards and the deck is not empty."""
    g = position(3, rooms={"red": [0]}, others="hall", secrets=[0, 1, 2], steps=["roll:black"])
    assert kinds(g, 0) == [("draw", None, None), ("kill", 0, None)]
    for fig in (1, 2, 5):
        assert refused(g, 0, {"type": "kill", "figure": fig}).code == "illegal_action"
    g.act(0, {"type": "draw"})
    assert g.alive == [True, True, True] and g.to_act == [1]


def test_alone_and_forced_the_only_action_is_to_kill_yourself_which_eliminates_you():
    g = position(
        3,
        rooms={"red": [0]},
        others="hall",
        secrets=[0, 1, 2],
        steps=["black:draw", "black:draw", "black:draw"] * 3 + ["roll:black"],
    )
    assert len(g.face_up[0]) == 3
    assert g.legal_actions(0) == [{"type": "kill", "figure": 0}]
    g.act(0, {"type": "kill", "figure": 0})
    assert g.alive == [False, True, True] and g.status[0] == "killed" and g.room_of[0] is None
    ev = last(g, "eliminated")
    assert (ev["seat"], ev["figure"], ev["by"]) == (0, 0, 0)
    assert g.view(1)["revealed"] == [0, None, None] and not g.over and g.to_act == [1]


def test_the_self_kill_endgame_the_other_player_wins():
    g = position(
        2,
        rooms={"red": [0]},
        others="hall",
        secrets=[0, 1],
        steps=["black:draw", "black:draw"] * 3 + ["roll:black", "kill:0"],
    )
    assert g.over and g.winners == [1] and g.phase == "over" and g.to_act == []
    assert g.scores == [0, 1]
    assert last(g, "game_over")["winners"] == [1]


def test_you_may_not_kill_yourself_while_another_figure_shares_your_room():
    g = position(
        3,
        rooms={"red": [0, 9]},
        others="hall",
        secrets=[0, 1, 2],
        steps=["black:draw", "black:draw", "black:draw"] * 3 + ["roll:black"],
    )
    assert g.legal_actions(0) == [{"type": "kill", "figure": 9}]
    exc = refused(g, 0, {"type": "kill", "figure": 0})
    assert exc.code == "illegal_action" and "yourself" in exc.reason and "shares your room" in exc.reason


def test_killing_an_innocent_reveals_nothing():
    g = position(3, rooms={"red": [0, 9, 1]}, others="hall", secrets=[0, 1, 2], steps=["black:kill:9"])
    assert g.status[9] == "killed" and g.alive == [True, True, True]
    ev = last(g, "kill")
    assert (ev["seat"], ev["figure"], ev["room"], sorted(ev["room_figures"])) == (0, 9, "red", [0, 1, 9])
    assert not [e for e in g.events if e["type"] == "eliminated"]
    assert g.view(2)["revealed"] == [None, None, None] and g.to_act == [1]


def test_killing_a_players_figure_reveals_and_eliminates_them():
    g = position(3, rooms={"red": [0, 1]}, others="hall", secrets=[0, 1, 2], steps=["black:kill:1"])
    assert g.alive == [True, False, True] and g.status[1] == "killed"
    ev = last(g, "eliminated")
    assert (ev["seat"], ev["figure"], ev["by"]) == (1, 1, 0)
    for seat in (None, 0, 1, 2):
        assert g.view(seat)["revealed"] == [None, 1, None]
    assert not g.over and g.legal_actions(1) == []
    # the eliminated seat can no longer act
    play(g, ["black:draw"])  # seat 2
    assert g.to_act == [0]


def test_eliminated_seats_are_skipped_in_turn_order():
    g = position(4, rooms={"red": [0, 2]}, others="hall", secrets=[0, 1, 2, 3], steps=["black:kill:2"])
    order = []
    for _ in range(6):
        order.append(g.to_act[0])
        play(g, ["black:draw"])
    assert order == [1, 3, 0, 1, 3, 0]


def test_the_game_ends_when_exactly_one_players_character_remains():
    g = position(3, rooms={"red": [0, 1, 2]}, others="hall", secrets=[0, 1, 2], steps=["black:kill:1"])
    assert not g.over and g.winners == []
    play(g, ["black:draw"])  # seat 2 draws
    play(g, ["black:kill:2"])  # seat 0 kills seat 2's figure: one character left
    assert g.over and g.winners == [0] and g.to_act == [] and g.phase == "over"
    assert g.scores == [1, 0, 0]
    ev = last(g, "game_over")
    assert ev["winners"] == [0] and ev["secrets"] == [0, 1, 2]
    for seat in (None, 0, 1, 2):
        v = g.view(seat)
        assert v["over"] and v["winners"] == [0] and v["revealed"] == [0, 1, 2]
    for action in ({"type": "roll"}, {"type": "draw"}, {"type": "kill", "figure": 0}):
        assert refused(g, 0, action).code == "game_over"


def test_two_players_one_kill_of_the_other_ends_it():
    g = position(2, rooms={"blue": [0, 1]}, others="hall", secrets=[1, 0], steps=["roll:black"])
    # seat 0 is figure 1; seat 1 is figure 0, in the same room
    g.act(0, {"type": "kill", "figure": 0})
    assert g.over and g.winners == [0] and g.alive == [True, False]


def test_killing_innocents_never_ends_the_game():
    g = position(
        2,
        rooms={"red": [0, 2, 3, 4, 5]},
        others="hall",
        secrets=[0, 1],
        steps=["black:kill:2", "black:draw", "black:kill:3", "black:draw", "black:kill:4"],
    )
    assert not g.over and g.alive == [True, True] and g.view(None)["killed"] == [2, 3, 4]


# ================================================================== options
@pytest.mark.parametrize("players,first", [(2, 1), (4, 2), (5, 4), (8, 7)])
def test_first_seat_option(players, first):
    g = CostumeParty(players, 0, first_seat=first, faces=["black"])
    assert g.to_act == [first] and g.events[[e["type"] for e in g.events].index("start")]["seat"] == first
    order = []
    for _ in range(players + 1):
        order.append(g.to_act[0])
        g.act(g.to_act[0], {"type": "roll"})
        g.act(g.to_act[0], {"type": "draw"})
    assert order == [(first + i) % players for i in range(players + 1)]


@pytest.mark.parametrize("bad", [3, -1, "1", True, 1.0, None])
def test_first_seat_must_be_a_seat(bad):
    with pytest.raises(ValueError):
        CostumeParty(3, 0, first_seat=bad)


@pytest.mark.parametrize(
    "adjacency",
    [
        "hexagon",  # no such preset
        5,
        {r: sorted(n) for r, n in RING_AND_MIDDLE.items() if r != "hall"},  # a room missing
        {**{r: sorted(n) for r, n in RING_AND_MIDDLE.items()}, "attic": []},  # an extra room
        {**{r: sorted(n) for r, n in RING_AND_MIDDLE.items()}, "blue": ["yellow", "green", "hall", "red"]},  # one-way
        {**{r: sorted(n) for r, n in RING_AND_MIDDLE.items()}, "blue": ["blue", "yellow", "green", "hall"]},  # self
        {**{r: sorted(n) for r, n in RING_AND_MIDDLE.items()}, "blue": ["yellow", "green", "hall", "attic"]},
        {**{r: sorted(n) for r, n in RING_AND_MIDDLE.items()}, "blue": None},  # not a list of rooms
        {**{r: sorted(n) for r, n in RING_AND_MIDDLE.items()}, "blue": 3},
    ],
    ids=[
        "unknown_preset",
        "not_a_map",
        "missing_room",
        "extra_room",
        "one_way",
        "self_loop",
        "unknown_neighbour",
        "none_neighbours",
        "int_neighbours",
    ],
)
def test_invalid_adjacency_raises_value_error(adjacency):
    with pytest.raises(ValueError):
        CostumeParty(3, 0, adjacency=adjacency)


@pytest.mark.parametrize(
    "faces",
    [
        [],
        "black",
        ["purple", "black"],
        ["hall", "black"],
        ["black", None],
        [["black"]],
        None,
        ["blue", "red"],
        ["blue", "yellow", "red", "green"],
    ],
    ids=["empty", "a_string", "unknown_face", "hall_face", "none_face", "nested", "none", "no_black", "colors_only"],
)
def test_invalid_faces_raise_value_error(faces):
    """Faces are room colors and black, at least one black (or no one could ever kill)."""
    with pytest.raises(ValueError):
        CostumeParty(3, 0, faces=faces)


def _deal(players=2):
    return {"secrets": list(range(players)), "deck": list(range(players, 20)), "rooms": list(SPREAD)}


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.pop("rooms"),
        lambda d: d.pop("secrets"),
        lambda d: d.update(secrets=[0]),  # one secret for two seats
        lambda d: d.update(secrets=[0, 0]),  # a card twice
        lambda d: d.update(deck=d["deck"][:-1]),  # a card missing
        lambda d: d.update(deck=d["deck"] + [20]),  # no such card
        lambda d: d.update(rooms=d["rooms"][:-1]),
        lambda d: d.update(rooms=d["rooms"][:-1] + ["attic"]),
        lambda d: d.update(secrets=["0", 1]),  # not a card
    ],
    ids=[
        "no_rooms",
        "no_secrets",
        "too_few_secrets",
        "duplicate",
        "missing_card",
        "unknown_card",
        "short_rooms",
        "unknown_room",
        "string_card",
    ],
)
def test_invalid_deal_raises_value_error(change):
    deal = _deal()
    change(deal)
    with pytest.raises(ValueError):
        CostumeParty(2, 0, deal=deal)


def test_a_deal_sets_up_exactly_that_position():
    deal = {"secrets": [7, 3], "deck": [f for f in range(20) if f not in (7, 3)][::-1], "rooms": list(SPREAD)}
    g = CostumeParty(2, 0, deal=deal)
    assert g.secrets == [7, 3] and g.deck == deal["deck"] and g.room_of == SPREAD
    assert g.view(0)["my_character"] == 7 and g.view(1)["my_character"] == 3


def test_the_view_adjacency_is_a_copy():
    """A view is the seat's snapshot: editing its adjacency must not rewire the board."""
    g = CostumeParty(3, 0)
    v = g.view(0)
    v["adjacency"]["red"].clear()
    v["adjacency"]["blue"].append("red")
    assert {r: set(n) for r, n in g.view(1)["adjacency"].items()} == RING_AND_MIDDLE
    assert {r: set(n) for r, n in g.adjacency.items()} == RING_AND_MIDDLE


# ================================================== reasons are specific
@pytest.mark.parametrize(
    "steps,seat,action,code,words",
    [
        ([], 1, {"type": "roll"}, "not_your_turn", ["seat 1", "turn"]),
        ([], 0, {"type": "draw"}, "illegal_action", ["roll"]),
        ([], 0, {"type": "move", "figure": 1, "to": "red"}, "illegal_action", ["roll"]),
        ([], 0, {"type": "roll", "figure": 1}, "malformed_action", ["unexpected", "figure"]),
        ([], 0, {"type": "kill"}, "malformed_action", ["missing", "figure"]),
        ([], 0, {"type": "kill", "figure": "1"}, "malformed_action", ["figure", "wrong type"]),
        ([], 0, {"type": "kill", "figure": True}, "malformed_action", ["figure", "wrong type"]),
        ([], 0, {"type": "teleport"}, "malformed_action", ["teleport"]),
        ([], 0, "roll", "malformed_action", ["dict"]),
        ([], 5, {"type": "roll"}, "malformed_action", ["no seat 5"]),
        (["roll:black"], 0, {"type": "kill", "figure": 3}, "illegal_action", ["same room"]),
        (["roll:black"], 0, {"type": "kill", "figure": 0}, "illegal_action", ["yourself"]),
        (["roll:black"], 0, {"type": "kill", "figure": 25}, "illegal_action", ["no figure 25"]),
        (["roll:black"], 0, {"type": "roll"}, "illegal_action", ["kill or draw"]),
        (["black:draw", "black:draw"] * 3 + ["roll:black"], 0, {"type": "draw"}, "illegal_action", ["3", "must kill"]),
        (
            ["black:kill:5", "black:draw", "roll:black"],
            0,
            {"type": "kill", "figure": 5},
            "illegal_action",
            ["already left"],
        ),
        (["roll:red"], 0, {"type": "move", "figure": 0, "to": "blue"}, "illegal_action", ["red", "next to"]),
    ],
)
def test_illegal_action_reasons_are_specific(steps, seat, action, code, words):
    g = position(2, rooms={"red": [0, 5, 6], "green": [3]}, others="hall", secrets=[0, 1], steps=steps)
    exc = refused(g, seat, action)
    assert exc.code == code
    for word in words:
        assert word in str(exc), (word, str(exc))
    assert exc.reason in str(exc) and str(seat) in str(exc)


# ==================================================== the position helper
def test_position_helper_builds_what_it_says():
    g = position(3, rooms={"red": [0], "blue": [1, 2]}, others="hall", secrets=[0, 1, 2], deck=list(range(19, 2, -1)))
    assert g.room_of[0] == "red" and g.room_of[1] == g.room_of[2] == "blue"
    assert all(g.room_of[f] == "hall" for f in range(3, 20)) and g.deck[0] == 19
    with pytest.raises(ValueError, match="no room"):
        position(3, rooms={"red": [0]})
    with pytest.raises(ValueError, match="twice"):
        position(3, rooms={"red": [0], "blue": [0]}, others="hall")
    with pytest.raises(ValueError, match="cannot read step"):
        position(3, steps=["dance"])
    with pytest.raises(IllegalAction):
        position(3, rooms={"red": [0, 5]}, others="hall", secrets=[0, 1, 2], steps=["black:kill:7"])
    # raw history entries and dict actions work too
    g = position(
        2,
        rooms=SPREAD,
        secrets=[0, 1],
        steps=[
            {"seat": 0, "action": {"type": "roll"}},
            {"seat": "chance", "kind": "die", "outcome": "black"},
            {"type": "draw"},
            "roll:yellow",
        ],
    )
    assert g.face_up[0] == [g.deal["deck"][0]] and g.phase == "move" and g.last_roll == "yellow"
    # a position replays: same deal + history gives the same game
    again = CostumeParty.replay(2, g.seed, g.history, deal=g.deal)
    assert again.events == g.events
    assert make_deal(2, rooms=SPREAD, secrets=[0, 1])["deck"] == [
        c for c in CostumeParty(2, 0).deal["secrets"] + CostumeParty(2, 0).deal["deck"] if c not in (0, 1)
    ]


def test_a_random_game_plays_to_a_single_winner():
    for seed in range(20):
        g = CostumeParty(4, seed)
        rng = random.Random(seed)
        while not g.over:
            seat = g.to_act[0]
            g.act(seat, rng.choice(g.legal_actions(seat)))
        assert len(g.winners) == 1 and g.alive.count(True) == 1 and g.alive[g.winners[0]]

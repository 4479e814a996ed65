"""Big Brother: The Game: one test (or table) per rule of the rulebook and per rules
decision (shared/design/rules-decisions.md, docs/big_brother.md), through the real engine.

Positions are built with the public API only: a custom ``track`` puts the space under test
where a known roll lands, ``deal`` fixes the card orders, and the dice are forced with
``apply_history`` (an action followed by its recorded chance outcomes), the same path a
replay takes. The rulebook's numbers are restated here as literals on purpose.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

import brady_widgets.big_brother.invariants  # noqa: F401  (registers the invariants)
from brady_widgets.big_brother.content import CONFRONTATION_CARDS, GOSSIP_WORDS
from brady_widgets.big_brother.rules import BigBrother, nominate, rank_sums
from brady_widgets.engine.errors import IllegalAction
from brady_widgets.engine.game import LegalList
from brady_widgets.testing import check_invariants

#: rulebook, "Sequence of Play" / "Big Brother for 4 Players": rounds, turns each a round
ROUNDS = {4: 2, 5: 3, 6: 4}
TURNS_EACH = {4: 2, 5: 1, 6: 1}
DEAL = {"deck": list(range(len(CONFRONTATION_CARDS))), "camera": [0, 1, 2, 3, 4, 5]}
CONF = {"kind": "confrontation", "room": None}
GOSSIP = {"kind": "gossip", "room": None}
CAMERA = {"kind": "camera", "room": None}


def room(name: str) -> dict:
    return {"kind": "room", "room": name}


def track(spaces: dict[int, dict] | None = None, length: int = 32) -> list[dict]:
    """A test board: the Living Room at 0, confrontation spaces elsewhere, except ``spaces``."""
    t = [dict(CONF) for _ in range(length)]
    t[0] = room("Living Room")
    for k, s in (spaces or {}).items():
        t[k] = dict(s)
    return t


def game(players: int = 4, spaces: dict | None = None, **options) -> BigBrother:
    options.setdefault("deal", DEAL)
    return BigBrother(players, 0, track=track(spaces), **options)


def act(g: BigBrother, seat: int, action: dict, at=None) -> list[dict]:
    return g.act(seat, action, at=g.clock if at is None else at)


def forced(g: BigBrother, seat: int, action: dict, *chance: tuple, at=None) -> None:
    """``seat`` takes ``action``; its chance outcomes are ``chance`` ((kind, outcome), ...)."""
    g.apply_history(
        [{"seat": seat, "action": action, "at": g.clock if at is None else at}]
        + [{"seat": "chance", "kind": k, "outcome": o} for k, o in chance]
    )


def roll(g: BigBrother, a: int, b: int, *dice: int) -> None:
    """The mover rolls ``a``, ``b``; ``dice``: the one-die rolls that follow (roll-offs)."""
    forced(g, g.mover, {"type": "roll"}, ("dice", [a, b]), *[("die", d) for d in dice])


def vote_all(g: BigBrother, choice: dict[int, int] | None = None) -> None:
    """Everybody waited on votes: ``choice[seat]`` or their first legal vote."""
    choice = choice or {}
    for s in list(g.to_act):
        target = choice.get(s)
        if target is None:
            target = next(a["target"] for a in g.legal_actions(s) if a["type"] == "vote")
        act(g, s, {"type": "vote", "target": target})


def auto(g: BigBrother, stop, limit: int = 5000) -> BigBrother:
    """Play first legal actions (no claims) until ``stop(g)``."""
    for _ in range(limit):
        if g.over or stop(g):
            return g
        if not g.to_act:
            g.advance(g.next_deadline())
            continue
        s = g.to_act[0]
        a = next(a for a in g.legal_actions(s) if a["type"] != "claim")
        act(g, s, a)
    raise AssertionError("did not stop")


def votes(legal: list[dict], kind: str = "vote") -> list[int]:
    return [a["target"] for a in legal if a["type"] == kind]


def types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


# ------------------------------------------------------------------- rounds
@pytest.mark.parametrize("players", [4, 5, 6])
def test_rounds_by_player_count_and_turns_each(players):
    g = BigBrother(players, 3)
    auto(g, lambda g: g.over)
    rounds = [e for e in g.events if e["type"] == "round"]
    assert len(rounds) == ROUNDS[players] == g.rounds
    for e in rounds:
        seats = e["order"]
        in_house = players - (e["round"] - 1)
        assert len(seats) == in_house * TURNS_EACH[players]
        assert seats[:in_house] * TURNS_EACH[players] == seats  # the 4-player round: twice round
    assert len([e for e in g.events if e["type"] == "evicted"]) == players - 2
    check_invariants(g)


def test_four_players_take_two_turns_before_the_count():
    g = game(4)
    assert g.order == [0, 1, 2, 3, 0, 1, 2, 3]
    for k in range(8):
        assert g.phase == "roll" and g.mover == k % 4
        roll(g, 2, 2)  # space 4: a confrontation ends the turn
        vote_all(g)
    assert g.phase == "evict_vote" and "count" in types(g.events)


@pytest.mark.parametrize("first_seat,order", [(0, [0, 1, 2, 3, 4]), (2, [2, 3, 4, 0, 1]), (4, [4, 0, 1, 2, 3])])
def test_the_youngest_starts_then_clockwise(first_seat, order):
    g = game(5, first_seat=first_seat)
    assert g.order == order and g.mover == first_seat


def test_every_round_starts_with_the_first_seat_or_the_next_still_in():
    g = BigBrother(5, 11, first_seat=1)
    auto(g, lambda g: len(g.evicted) == 1)
    out = g.evicted[0]
    start = 1 if out != 1 else 2
    assert g.order[0] == start and out not in g.order
    assert g.order == [(start + k) % 5 for k in range(5) if (start + k) % 5 != out]


# ------------------------------------------------------------------- a turn
def test_a_turn_goes_on_until_a_confrontation_card_is_resolved():
    g = game(4, {5: room("Kitchen"), 9: GOSSIP, 13: CAMERA})
    roll(g, 2, 3)  # Kitchen
    assert g.phase == "roll" and g.mover == 0 and g.pos[0] == 5
    roll(g, 1, 3)  # the confrontation at 9? no: 9 is gossip
    assert g.phase == "gossip_pick"
    forced(g, 0, {"type": "gossip", "partner": 1, "side": "-"}, ("gossip_dice", [1, 1]))
    act(g, 0, {"type": "gossip_card", "target": 2})
    act(g, 1, {"type": "gossip_card", "target": 3})
    assert g.phase == "roll" and g.mover == 0
    roll(g, 2, 2)  # camera at 13
    assert g.phase == "roll" and g.mover == 0 and g.cam_held[0] == [0]
    roll(g, 1, 1)  # 15: confrontation
    assert g.phase == "vote" and g.mover == 0
    assert sorted(g.to_act) == [0, 1, 2, 3]  # everybody votes, the lander included
    vote_all(g)
    assert g.phase == "roll" and g.mover == 1 and g.pos[1] == 0


def test_movement_is_clockwise_and_wraps_around_the_track():
    g = game(4, {12: room("Kitchen"), 24: room("Kitchen")})
    roll(g, 6, 6)
    assert g.pos[0] == 12
    roll(g, 6, 6)
    roll(g, 6, 5)  # 24 + 11 = 35: space 3
    assert g.pos[0] == 3 and g.last_roll == {"seat": 0, "dice": [6, 5], "from": 24, "to": 3}
    assert g.phase == "vote"


def test_a_confrontation_asks_the_plus_question_of_the_top_card_and_votes_are_secret():
    deck = list(range(len(CONFRONTATION_CARDS)))
    deck[0], deck[7] = 7, 0
    g = game(4, deal={"deck": deck, "camera": DEAL["camera"]})
    roll(g, 3, 4)
    card = g.view(None)["card"]
    assert card["id"] == 7 and card["sign"] == "+" and card["question"] == CONFRONTATION_CARDS[7]["plus"]
    act(g, 0, {"type": "vote", "target": 2})
    for seat in (None, 1, 2, 3):
        v = g.view(seat)
        assert v["card"]["voted"] == [0] and v["my_choice"] is None
        assert "my_vote" not in types(v["log"])
    assert g.view(0)["my_choice"] == {"vote": 2}
    assert g.view(0)["my_cards"][2] == 3 and g.view(1)["my_cards"] == [4, 0, 4, 4]
    vote_all(g)
    assert g.box_total == 4 and g.view(None)["box_count"] == 4


# ------------------------------------------------------------------ vote cards
def test_each_player_holds_four_cards_for_each_other_seat():
    for n in (4, 5, 6):
        g = BigBrother(n, 0)
        for s in range(n):
            assert g.view(s)["my_cards"] == [0 if t == s else 4 for t in range(n)]


def test_no_vote_for_yourself_and_the_supply_runs_out():
    # four Storerooms in a row, each an open vote for player 4 (seat 3)
    g = game(4, {2: room("Storeroom"), 4: room("Storeroom"), 6: room("Storeroom"), 8: room("Storeroom")})
    for _k in range(4):
        roll(g, 1, 1)
        assert g.phase == "choose" and votes(g.legal_actions(0), "choose") == [1, 2, 3]
        with pytest.raises(IllegalAction) as err:
            act(g, 0, {"type": "choose", "target": 0})
        assert err.value.code == "illegal_action"
        act(g, 0, {"type": "choose", "target": 3})
    assert g.hand[0][3] == 0 and g.box[0][3] == 4
    roll(g, 1, 2)  # 11: confrontation
    assert votes(g.legal_actions(0)) == [1, 2]  # the substitution rule: any card still held
    before = g.to_json()
    with pytest.raises(IllegalAction) as err:
        act(g, 0, {"type": "vote", "target": 3})
    assert err.value.code == "illegal_action" and "no vote card left" in str(err.value)
    assert g.to_json() == before
    assert votes(g.legal_actions(1)) == [0, 2, 3]


def test_the_substitution_rule_and_the_shield_shape_each_voters_list():
    g = game(4, {2: room("Storeroom"), 4: room("Storeroom"), 6: room("Storeroom"), 8: room("Storeroom"),
                 10: room("Toilet/Shower")})  # fmt: skip
    for _ in range(4):
        roll(g, 1, 1)
        act(g, 0, {"type": "choose", "target": 3})
    roll(g, 1, 1)  # Toilet/Shower: nobody may vote for seat 0 now
    roll(g, 1, 2)  # 13: confrontation
    assert g.shield == 0
    assert votes(g.legal_actions(1)) == [2, 3] and votes(g.legal_actions(0)) == [1, 2]
    assert sorted(g.to_act) == [0, 1, 2, 3]


# ------------------------------------------------------------------- rooms
def test_kitchen_nothing_happens():
    g = game(4, {5: room("Kitchen")})
    roll(g, 1, 4)
    assert g.phase == "roll" and g.mover == 0 and g.box_total == 0
    assert types(g.events)[-2:] == ["roll", "room"]


def test_toilet_shower_no_votes_for_you_for_the_rest_of_your_turn():
    g = game(4, {4: room("Toilet/Shower")})
    roll(g, 2, 2)
    assert g.shield == 0 and g.view(None)["shielded"] == 0
    roll(g, 1, 2)  # 7: confrontation
    assert g.targets == [1, 2, 3]
    for s in (1, 2, 3):
        assert 0 not in votes(g.legal_actions(s))
    with pytest.raises(IllegalAction, match="Toilet/Shower"):
        act(g, 1, {"type": "vote", "target": 0})
    vote_all(g)
    assert g.shield is None and g.mover == 1
    roll(g, 3, 4)
    assert 0 in votes(g.legal_actions(1))  # seat 0's turn is over: votes for them again


def test_the_shield_stops_rewards_too():
    g = game(4, {4: room("Toilet/Shower"), 8: room("Garden")})
    roll(g, 2, 2)
    roll(g, 2, 2, 1, 5, 5)  # Garden: seat 1 rolls lowest but may not vote for the shielded mover
    assert g.box_total == 0
    assert g.events[-1]["type"] == "no_card" and g.events[-1]["why"] == "garden"


@pytest.mark.parametrize(
    "dice,loser",
    [((1, 5, 6), 1), ((6, 2, 4), 2), ((4, 4, 3), 3), ((2, 2, 5, 3, 1), 2), ((1, 1, 1, 6, 6, 2), 3)],
    ids=["1-lowest", "2-lowest", "3-lowest", "tie-1-2-reroll", "three-way-tie"],
)
def test_garden_the_lowest_roller_gives_you_a_vote(dice, loser):
    g = game(4, {5: room("Garden")})
    roll(g, 2, 3, *dice)
    assert g.box[loser][0] == 1 and g.box_total == 1
    assert g.open_votes == [{"owner": loser, "target": 0, "why": "garden"}]
    assert g.phase == "roll" and g.mover == 0


@pytest.mark.parametrize(
    "dice,top", [((1, 5, 6), 3), ((6, 2, 4), 1), ((5, 5, 3, 2, 6), 2)], ids=["3-highest", "1-highest", "tie-reroll"]
)
def test_living_room_you_vote_for_the_highest_roller(dice, top):
    g = game(4, {6: room("Living Room")})
    roll(g, 3, 3, *dice)
    assert g.box[0][top] == 1 and g.open_votes == [{"owner": 0, "target": top, "why": "living_room"}]
    assert g.phase == "roll"


def test_living_room_without_a_card_for_the_highest_you_vote_with_another():
    g = game(4, {2: room("Storeroom"), 4: room("Storeroom"), 6: room("Storeroom"), 8: room("Storeroom"),
                 10: room("Living Room")})  # fmt: skip
    for _ in range(4):
        roll(g, 1, 1)
        act(g, 0, {"type": "choose", "target": 3})
    roll(g, 1, 1, 1, 2, 6)  # seat 3 rolls highest, but seat 0 has no card 4 left
    assert g.phase == "choose" and votes(g.legal_actions(0), "choose") == [1, 2]
    assert "no card" in g.view(0)["prompt"]
    act(g, 0, {"type": "choose", "target": 2})
    assert g.box[0][2] == 1 and g.open_votes[-1]["why"] == "living_room"


def test_storeroom_an_open_vote_for_whom_you_choose():
    g = game(5, {3: room("Storeroom")})
    roll(g, 1, 2)
    assert g.phase == "choose" and g.to_act == [0]
    assert votes(g.legal_actions(0), "choose") == [1, 2, 3, 4]
    act(g, 0, {"type": "choose", "target": 4})
    assert g.box[0][4] == 1 and g.view(2)["open_votes"] == [{"owner": 0, "target": 4, "why": "storeroom"}]
    assert g.phase == "roll"


def test_diary_room_the_player_you_name_gives_you_a_vote():
    g = game(4, {3: room("Diary Room")})
    roll(g, 1, 2)
    assert g.phase == "choose" and votes(g.legal_actions(0), "choose") == [1, 2, 3]
    act(g, 0, {"type": "choose", "target": 2})
    assert g.box[2][0] == 1 and g.open_votes == [{"owner": 2, "target": 0, "why": "diary_room"}]


@pytest.mark.parametrize(
    "bedroom,tags,allowed",
    [
        ("Men's Bedroom", ["woman", "man", "woman", "man"], [1, 3]),
        ("Women's Bedroom", ["woman", "man", "woman", "man"], [2]),
        ("Women's Bedroom", ["woman", "man", None, "man"], [1, 2, 3]),  # no woman to vote for: any card
        ("Men's Bedroom", None, [1, 2, 3]),  # tags off
        ("Women's Bedroom", None, [1, 2, 3]),
    ],
)
def test_bedrooms_vote_openly_for_a_tagged_player(bedroom, tags, allowed):
    g = game(4, {5: room(bedroom)}, tags=tags)
    roll(g, 2, 3)
    assert g.phase == "choose" and votes(g.legal_actions(0), "choose") == allowed
    act(g, 0, {"type": "choose", "target": allowed[-1]})
    assert g.open_votes == [{"owner": 0, "target": allowed[-1], "why": "bedroom"}]


def test_bedroom_with_no_card_left_for_the_tagged_player_any_card():
    g = game(4, {2: room("Storeroom"), 4: room("Storeroom"), 6: room("Storeroom"), 8: room("Storeroom"),
                 10: room("Women's Bedroom")}, tags=["man", "man", "woman", "man"])  # fmt: skip
    for _ in range(4):
        roll(g, 1, 1)
        act(g, 0, {"type": "choose", "target": 2})
    roll(g, 1, 1)
    assert votes(g.legal_actions(0), "choose") == [1, 3]


# ------------------------------------------------------------------- gossip
def _gossip(g, side="+", dice=(2, 3), partner=1):
    roll(g, 1, 1)  # space 2: gossip
    assert g.phase == "gossip_pick"
    forced(g, 0, {"type": "gossip", "partner": partner, "side": side}, ("gossip_dice", list(dice)), at=1000)


def test_gossip_pick_a_partner_still_in_and_a_side():
    g = game(4, {2: GOSSIP})
    roll(g, 1, 1)
    legal = g.legal_actions(0)
    assert sorted((a["partner"], a["side"]) for a in legal) == [(p, s) for p in (1, 2, 3) for s in ("+", "-")]


@pytest.mark.parametrize(
    "side,dice,word", [("+", (2, 3), "creative"), ("-", (6, 1), "a daydreamer"), ("+", (1, 6), "generous")]
)
def test_gossip_word_is_looked_up_by_the_lander_die_then_the_partner_die(side, dice, word):
    g = game(4, {2: GOSSIP})
    _gossip(g, side, dice)
    assert g.gossip["word"] == word == GOSSIP_WORDS[side][dice[0] - 1][dice[1] - 1]
    assert g.view(3)["gossip"]["word"] == word and word in g.view(3)["prompt"]


def test_gossip_match_each_gives_the_other_a_vote():
    g = game(4, {2: GOSSIP})
    _gossip(g)
    assert g.phase == "gossip" and sorted(g.to_act) == [0, 1]
    assert g.next_deadline() == 1000 + 10_000 and g.view(2)["deadline"] == 11_000  # the countdown
    act(g, 0, {"type": "gossip_card", "target": 3})
    assert g.hand[0][3] == 3  # held out until the reveal
    assert g.view(1)["gossip"]["picked"] == [0] and "chosen" not in g.view(1)["gossip"]
    act(g, 1, {"type": "gossip_card", "target": 3})
    assert g.phase == "roll" and g.mover == 0 and g.next_deadline() is None
    assert g.hand[0][3] == 4 and g.hand[1][3] == 4  # the shown cards go back to hand
    assert g.box[0][1] == 1 and g.box[1][0] == 1 and g.box_total == 2
    reveal = next(e for e in g.events if e["type"] == "gossip_reveal")
    assert reveal["match"] and reveal["shown"] == {"0": 3, "1": 3}


def test_gossip_about_an_evicted_player_is_allowed():
    g = BigBrother(5, 4, track=track({k: GOSSIP for k in range(2, 32, 2)}), deal=DEAL)
    auto(g, lambda g: len(g.evicted) == 1 and g.phase == "roll")
    out, p = g.evicted[0], g.pos[g.mover]
    steps = next(k for k in range(2, 6) if (p + k) % 32 % 2 == 0 and (p + k) % 32)
    roll(g, 1, steps - 1)
    assert g.phase == "gossip_pick"
    partner = next(s for s in g.in_house if s != g.mover)
    assert out not in [a["partner"] for a in g.legal_actions(g.mover)]
    forced(g, g.mover, {"type": "gossip", "partner": partner, "side": "+"}, ("gossip_dice", [1, 1]))
    assert out in votes(g.legal_actions(g.mover), "gossip_card")


def test_gossip_mismatch_nothing_happens():
    g = game(4, {2: GOSSIP})
    _gossip(g)
    act(g, 0, {"type": "gossip_card", "target": 3})
    act(g, 1, {"type": "gossip_card", "target": 2})
    assert g.box_total == 0 and g.hand[0][3] == 4 and g.phase == "roll"
    assert not next(e for e in g.events if e["type"] == "gossip_reveal")["match"]


@pytest.mark.parametrize("who", [[0], [1], []])
def test_gossip_missed_deadline_counts_as_no_match(who):
    g = game(4, {2: GOSSIP})
    _gossip(g)
    for s in who:
        act(g, s, {"type": "gossip_card", "target": 3}, at=5000)
    with pytest.raises(IllegalAction) as err:  # the deadline must be applied first
        act(g, 1 - who[0] if who else 0, {"type": "gossip_card", "target": 3}, at=11_000)
    assert err.value.code == "illegal_action"
    g.advance(11_000)
    assert g.phase == "roll" and g.box_total == 0 and g.hand[0][3] == 4 and g.hand[1][3] == 4
    reveal = next(e for e in g.events if e["type"] == "gossip_reveal")
    assert reveal["why"] == "time" and not reveal["match"] and reveal["shown"] == {str(s): 3 for s in who}


def test_gossip_json_round_trip_mid_countdown():
    g = game(4, {2: GOSSIP})
    _gossip(g)
    act(g, 0, {"type": "gossip_card", "target": 2}, at=4000)
    copy = BigBrother.from_json(g.to_json())
    assert copy.to_json() == g.to_json() and copy.clock == 4000 and copy.next_deadline() == 11_000
    for s in (None, 0, 1, 2, 3):
        assert copy.view(s) == g.view(s)
    for x in (g, copy):
        act(x, 1, {"type": "gossip_card", "target": 2}, at=9999)
    assert copy.to_json() == g.to_json() and g.box[0][1] == 1


# ------------------------------------------------------------------- camera
def _camera_game(**kw):
    # camera card 0: seat 0's line is "rolls a double"
    return game(4, {2: CAMERA, 5: room("Kitchen")}, **kw)


def test_camera_card_is_private_and_a_caught_behaviour_can_be_claimed():
    g = _camera_game()
    roll(g, 1, 1)  # camera space: seat 0 draws card 0 (a double by seat 0 itself never counts)
    assert g.cam_held[0] == [0] and g.view(None)["camera"]["held"] == [1, 0, 0, 0]
    assert g.view(0)["my_camera"] == [
        {"card": 0, "code": "roll_double", "text": "rolls a double", "claimable": [], "caught_this_round": False}
    ]
    assert "camera_card" not in types(g.view(1)["log"]) and g.view(1)["my_camera"] == []
    roll(g, 1, 2)  # Kitchen
    roll(g, 1, 3)  # 9: confrontation
    vote_all(g)
    assert not [a for a in g.legal_actions(0) if a["type"] == "claim"]
    roll(g, 3, 3)  # seat 1 rolls a double, lands on 6: confrontation
    claim = {"type": "claim", "card": 0, "culprit": 1}
    assert claim in g.legal_actions(0)  # alongside the vote
    assert g.view(0)["my_camera"][0]["claimable"] == [1]
    assert g.view(1)["my_camera"] == [] and "claimable" not in json.dumps(g.view(2)["camera"])
    before = g.box[1][0]
    act(g, 0, claim)
    assert g.box[1][0] == before + 1 and g.open_votes[-1] == {"owner": 1, "target": 0, "why": "camera"}
    # rulebook, "Camera Space (Red)": the card stays "face down in front of you"; one catch
    # per card and round ("Once the next round begins, you can catch people again")
    assert g.cam_held[0] == [0] and g.view(3)["camera"]["shown"] == [
        {"card": 0, "holder": 0, "culprit": 1, "text": "rolls a double", "round": 1}
    ]
    assert g.view(3)["camera"]["held"] == [1, 0, 0, 0] and g.view(0)["my_camera"][0]["caught_this_round"]
    assert not [a for a in g.legal_actions(0) if a["type"] == "claim"]  # this round: caught already
    with pytest.raises(IllegalAction):
        act(g, 0, claim)
    check_invariants(g)


def test_camera_claims_are_for_the_round_only():
    g = _camera_game()
    roll(g, 1, 1)
    roll(g, 2, 2)  # 6: confrontation
    vote_all(g)
    roll(g, 2, 2)  # seat 1 doubles
    vote_all(g)
    assert {"type": "claim", "card": 0, "culprit": 1} in g.legal_actions(0)
    auto(g, lambda g: g.phase == "evict_vote")  # the box is opened: no more catches
    assert not [a for a in g.legal_actions(0) if a["type"] == "claim"]
    with pytest.raises(IllegalAction) as err:
        act(g, 0, {"type": "claim", "card": 0, "culprit": 1})
    assert err.value.code in ("illegal_action", "not_your_turn")
    auto(g, lambda g: g.round == 2 or g.over)
    if 0 not in g.out:
        assert not [a for a in g.legal_actions(0) if a["type"] == "claim"]  # last round's double lapsed


def test_camera_behaviour_before_the_draw_does_not_count():
    g = game(4, {2: CAMERA}, first_seat=1)  # seat 1 goes first and doubles before seat 0 draws
    roll(g, 2, 2)
    vote_all(g)
    roll(g, 3, 4)
    vote_all(g)
    roll(g, 3, 4)
    vote_all(g)
    roll(g, 1, 1)  # seat 0 draws camera card 0
    assert g.cam_held[0] == [0]
    assert not [a for a in g.legal_actions(0) if a["type"] == "claim"]


def test_camera_pile_runs_out():
    g = game(4, {2: CAMERA, 4: CAMERA, 6: CAMERA, 8: CAMERA, 10: CAMERA, 12: CAMERA, 14: CAMERA})
    for _ in range(7):
        roll(g, 1, 1)
    assert g.cam_held[0] == [0, 1, 2, 3, 4, 5] and g.events[-1]["type"] == "camera_empty"
    assert g.view(None)["camera"]["left"] == 0


def test_a_camera_card_that_caught_somebody_catches_again_in_the_next_round():
    # rulebook, "Camera Space (Red)": "place the card face down in front of you on the
    # table" ... "Once the next round begins, you can catch people again."
    g = _camera_game(first_seat=1)
    roll(g, 2, 2)  # seat 1 doubles before seat 0 holds a card: never counts
    vote_all(g)
    roll(g, 1, 2)
    vote_all(g)
    roll(g, 1, 2)
    vote_all(g)
    roll(g, 1, 1)  # seat 0 draws camera card 0 ("rolls a double")
    roll(g, 1, 2)  # Kitchen
    roll(g, 1, 3)
    vote_all(g)
    roll(g, 3, 3)  # seat 1's second turn: a double
    act(g, 0, {"type": "claim", "card": 0, "culprit": 1})
    assert g.cam_held[0] == [0] and not [a for a in g.legal_actions(0) if a["type"] == "claim"]
    auto(g, lambda g: g.round == 2 and g.phase == "roll" and g.mover == 1)
    assert 0 not in g.out and 1 not in g.out and g.cam_held[0] == [0]
    assert not [a for a in g.legal_actions(0) if a["type"] == "claim"]  # last round's double lapsed
    roll(g, 4, 4)  # round 2: seat 1 doubles again
    claim = {"type": "claim", "card": 0, "culprit": 1}
    assert claim in g.legal_actions(0)
    before = g.box[1][0]
    act(g, 0, claim)
    assert g.box[1][0] == before + 1 and [c["round"] for c in g.view(2)["camera"]["shown"]] == [1, 2]
    check_invariants(g)


# rulebook, "Women's Bedroom", Note: "If you no longer have vote cards for the person you
# must or want to vote for, you may choose another card that you still have."
RULEBOOK_SUBSTITUTION = "If you no longer have vote cards for the person you must or want to vote for"


def test_the_rulebook_says_a_reward_may_be_paid_with_another_card():
    from pathlib import Path

    book = Path(__file__).resolve().parents[1] / ".." / "shared" / "rulebooks" / "big_brother_the_game.txt"
    if book.exists():  # the shared rulebooks sit next to the worktrees (not in CI's checkout)
        assert RULEBOOK_SUBSTITUTION in book.read_text()
    doc = " ".join((Path(__file__).resolve().parents[1] / "docs" / "big_brother.md").read_text().split())
    assert RULEBOOK_SUBSTITUTION in doc and "Rewards paid with another card" in doc


def _drain(g: BigBrother, giver: int, target: int, first: int = 0) -> None:
    """Four confrontation turns (track spaces 2, 3, 4 ...) in which ``giver`` votes for
    ``target`` each time: ``giver`` has no card ``target`` left."""
    for _ in range(4):
        roll(g, 1, 2)
        vote_all(g, {giver: target, **({0: 3} if giver != 0 else {})})
    assert g.hand[giver][target] == 0


def _pay_position(spaces: dict) -> BigBrother:
    g = game(4, spaces)
    _drain(g, 1, 0)  # seat 1 gave all four of its cards 1 -> seat 0 in secret votes
    assert g.mover == 0 and g.pos[0] == 3
    return g


def _paid(g: BigBrother, giver: int, owed_to: int, why: str, pay_with: int) -> None:
    assert g.phase == "pay" and g.to_act == [giver]
    view = g.view(2)
    assert view["paying"] == {"giver": giver, "target": owed_to, "why": why}
    assert f"Player {giver + 1} owes Player {owed_to + 1} a vote card" in view["prompt"]
    choices = [a["target"] for a in g.legal_actions(giver) if a["type"] == "pay"]
    assert owed_to not in choices and giver not in choices and pay_with in choices
    assert all(not g.legal_actions(s) for s in range(4) if s != giver)  # the game waits on the giver
    with pytest.raises(IllegalAction):
        act(g, giver, {"type": "pay", "target": owed_to})  # the card that is gone
    before = g.hand[giver][pay_with]
    act(g, giver, {"type": "pay", "target": pay_with})
    assert g.hand[giver][pay_with] == before - 1
    assert g.open_votes[-1] == {"owner": giver, "target": pay_with, "why": why, "instead": owed_to}
    assert g.phase != "pay" and g.view(2)["paying"] is None
    check_invariants(g)


def test_garden_reward_without_the_card_is_paid_with_another_card_of_the_givers_choice():
    g = _pay_position({5: room("Garden")})
    roll(g, 1, 1, 1, 5, 6)  # seat 0 to the Garden; seat 1 rolls lowest, holds no card 1
    assert types(g.events)[-1] == "owes"
    with pytest.raises(IllegalAction):
        act(g, 0, {"type": "roll"})  # the mover waits for the card
    _paid(g, 1, 0, "garden", 3)
    assert g.phase == "roll" and g.mover == 0 and g.legal_actions(0) == [{"type": "roll"}]


def test_diary_room_named_housemate_without_the_card_pays_with_another():
    g = _pay_position({5: room("Diary Room")})
    roll(g, 1, 1)
    act(g, 0, {"type": "choose", "target": 1})
    _paid(g, 1, 0, "diary_room", 2)
    assert g.phase == "roll" and g.mover == 0


def test_gossip_match_partner_without_the_card_pays_with_another():
    g = _pay_position({5: GOSSIP})
    roll(g, 1, 1)
    forced(g, 0, {"type": "gossip", "partner": 1, "side": "+"}, ("gossip_dice", [2, 3]))
    act(g, 0, {"type": "gossip_card", "target": 2})
    act(g, 1, {"type": "gossip_card", "target": 2})  # a match: 0 gives 1 a card; 1 owes 0 one
    assert g.box[0][1] == 1 and g.next_deadline() is None
    _paid(g, 1, 0, "gossip", 3)
    assert g.phase == "roll" and g.mover == 0


def test_camera_catch_of_a_culprit_without_the_card_pays_with_another_mid_vote():
    g = _camera_game()
    roll(g, 1, 1)  # seat 0 draws card 0 ("rolls a double")
    roll(g, 1, 2)  # Kitchen
    roll(g, 1, 3)  # 9: confrontation
    vote_all(g, {1: 0})
    for _ in range(3):  # seats 1, 2, 3 (no doubles)
        roll(g, 1, 2)
        vote_all(g, {1: 0})
    assert g.hand[1][0] == 0
    roll(g, 1, 3)  # seat 0: 13
    vote_all(g)
    roll(g, 2, 2)  # seat 1 doubles onto 7: a confrontation vote begins
    assert g.phase == "vote"
    act(g, 0, {"type": "vote", "target": 2})
    act(g, 0, {"type": "claim", "card": 0, "culprit": 1})
    assert g.resume == "vote"
    _paid(g, 1, 0, "camera", 3)
    assert g.phase == "vote" and 0 not in g.to_act and 1 in g.to_act  # the question goes on
    vote_all(g)
    assert g.mover == 2


def test_no_eligible_card_at_all_nothing_goes_in():
    g = _pay_position({5: room("Garden")})
    g.hand[1] = [0, 0, 0, 0]  # (a position no game reaches this early: seat 1 holds nothing)
    roll(g, 1, 1, 1, 5, 6)
    assert g.phase == "roll" and types(g.events)[-1] == "no_card"


def test_a_reward_being_paid_survives_json_and_replay():
    g = _pay_position({5: room("Garden")})
    roll(g, 1, 1, 1, 5, 6)
    copy = BigBrother.from_json(g.to_json())
    assert copy.phase == "pay" and copy.to_json() == g.to_json()
    for s in (None, 0, 1, 2, 3):
        assert copy.view(s) == g.view(s)
    for x in (g, copy):
        act(x, 1, {"type": "pay", "target": 2})
    assert copy.to_json() == g.to_json()


def test_a_gossip_countdown_that_ends_while_a_reward_is_paid():
    g = game(4, {5: GOSSIP})
    _drain(g, 1, 0)
    roll(g, 1, 1)
    forced(g, 0, {"type": "gossip", "partner": 1, "side": "+"}, ("gossip_dice", [2, 3]))
    g.owed.append({"giver": 1, "target": 0, "why": "camera"})  # as a catch mid-gossip leaves it
    g._settle()
    g._cache_reset()
    assert g.phase == "pay" and g.resume == "gossip"
    check_invariants(g)
    g.advance(g.next_deadline())  # the countdown ends: no match, and the payment still waits
    assert g.phase == "pay" and g.resume == "roll" and g.next_deadline() is None
    act(g, 1, {"type": "pay", "target": 2})
    assert g.phase == "roll" and g.mover == 0
    check_invariants(g)


# ---------------------------------------------------------- nominations
@pytest.mark.parametrize(
    "totals,nominees",
    [
        ({0: 5, 1: 3, 2: 1, 3: 7}, [1, 2]),
        ({0: 2, 1: 2, 2: 2, 3: 9}, [0, 1, 2]),  # a tie at the boundary: all of them
        ({0: 0, 1: 4, 2: 4, 3: 4, 4: 6}, [0, 1, 2, 3]),
        ({0: 1, 1: 1, 2: 5, 3: 5}, [0, 1]),
        ({0: 3, 1: 3, 2: 3}, [0, 1, 2]),
        ({2: 6, 4: 0, 5: 1}, [4, 5]),
    ],
)
def test_nominations_the_fewest_voted_at_least_two_ties_at_the_boundary(totals, nominees):
    assert nominate(totals) == nominees


def test_nominations_count_the_box_then_every_card_goes_back():
    g = BigBrother(4, 5)
    auto(g, lambda g: g.phase == "evict_vote")
    count = next(e for e in g.events if e["type"] == "count")
    assert count["purpose"] == "nominations"
    assert g.nominees == nominate({s: count["totals"][s] for s in range(4)})
    assert count["totals"] == [sum(row[t] for row in count["box"]) for t in range(4)]
    assert g.box_total == 0 and all(g.hand[s][t] == (0 if s == t else 4) for s in range(4) for t in range(4))
    assert g.view(1)["count"]["box"] == count["box"]  # at the count every card is shown
    assert g.view(None)["nominees"] == g.nominees


# ------------------------------------------------------------------ eviction
def _eviction_with_two_nominees():
    for seed in range(60):
        g = BigBrother(4, seed)
        auto(g, lambda g: g.phase == "evict_vote")
        if len(g.nominees) == 2:
            return g
    raise AssertionError("no seed gives two nominees")


def _keep_it_tied(g):
    """One question: the nominees vote first, then each other voter votes for the nominee
    with fewer votes so far (the lower seat on a tie)."""
    a, b = g.nominees
    for s in sorted(g.to_act, key=lambda s: (s not in (a, b), s)):
        total = {t: sum(g.box[o][t] for o in range(g.players)) for t in (a, b)}
        pick = min(votes(g.legal_actions(s)), key=lambda t: (total[t], t))
        act(g, s, {"type": "vote", "target": pick})


def test_eviction_three_minus_questions_nominees_only():
    g = _eviction_with_two_nominees()
    a, b = g.nominees
    assert (
        g.card is not None
        and g.sign == "-"
        and g.view(None)["card"]["question"] == CONFRONTATION_CARDS[g.card]["minus"]
    )
    assert sorted(g.to_act) == [0, 1, 2, 3]  # the nominees vote too
    assert votes(g.legal_actions(a)) == [b] and votes(g.legal_actions(b)) == [a]
    other = next(s for s in range(4) if s not in (a, b))
    assert votes(g.legal_actions(other)) == [a, b]
    for q in range(3):
        assert g.view(None)["card"]["number"] == q + 1
        vote_all(g, {other: a, **{s: a for s in range(4) if s not in (a, b)}})
    assert a in g.evicted and g.pos[a] is None
    assert g.box_total == 0  # everyone gets their cards back


def test_eviction_tie_extra_cards_up_to_ten_then_a_die():
    g = _eviction_with_two_nominees()
    a, b = g.nominees
    while g.phase == "evict_vote":
        _keep_it_tied(g)
    ties = [e for e in g.events if e["type"] == "tie"]
    assert [e["extra"] for e in ties] == list(range(1, 11))
    counts = [e for e in g.events if e["type"] == "count" and e["purpose"] == "eviction"]
    assert len(counts) == 11 and all(e["totals"][a] == e["totals"][b] for e in counts)
    offs = [e for e in g.events if e["type"] == "roll_off" and e["why"] == "eviction"]
    assert offs
    last = offs[-1]["rolls"]
    low = min(last.values())
    assert [int(s) for s, r in last.items() if r == low] == [g.evicted[-1]]  # the lowest roll is evicted


def test_a_voter_with_no_eligible_card_is_skipped():
    g = _eviction_with_two_nominees()
    a, b = g.nominees
    others = [s for s in range(4) if s not in (a, b)]
    for _ in range(4):  # three cards and a first extra card: each nominee used its 4 cards
        _keep_it_tied(g)
    assert g.phase == "evict_vote" and g.extra == 2  # tied after 3 cards and after the 1st extra
    assert g.hand[a][b] == 0 and g.hand[b][a] == 0
    assert sorted(g.to_act) == others  # the nominees are skipped: no eligible card
    assert g.legal_actions(a) == [] and g.legal_actions(b) == []


def test_evicted_players_keep_voting_but_get_no_votes():
    g = BigBrother(4, 8)
    auto(g, lambda g: len(g.evicted) == 1)
    out = g.evicted[0]
    auto(g, lambda g: g.phase == "vote")
    assert out in g.to_act and out not in g.targets
    for s in g.to_act:
        assert out not in votes(g.legal_actions(s))
    with pytest.raises(IllegalAction, match="evicted"):
        act(g, g.to_act[0] if g.to_act[0] != out else g.to_act[1], {"type": "vote", "target": out})
    assert g.view(None)["positions"][out] is None


# ------------------------------------------------------------- the return, the final
@pytest.mark.parametrize(
    "ranks,sums",
    [
        ({0: [2, 3], 1: [2, 3]}, {2: 2, 3: 4}),
        ({0: [2, 3], 1: [3, 2]}, {2: 3, 3: 3}),
        ({4: [0, 1, 2, 3], 5: [3, 2, 1, 0]}, {0: 5, 1: 5, 2: 5, 3: 5}),
        ({4: [0, 1, 2, 3], 5: [1, 0, 2, 3]}, {0: 3, 1: 3, 2: 6, 3: 8}),
    ],
)
def test_return_rank_sums(ranks, sums):
    assert rank_sums(ranks) == sums


def _at_return(seed=2, players=4):
    g = BigBrother(players, seed)
    auto(g, lambda g: g.phase == "return")
    return g


def test_the_two_finalists_rank_the_evicted_in_secret_the_best_returns():
    g = _at_return()
    f1, f2 = g.finalists
    e1, e2 = g.evicted
    assert sorted(g.to_act) == [f1, f2] and votes(g.legal_actions(f1), "rank") == [e1, e2]
    act(g, f1, {"type": "rank", "target": e2})
    assert g.ranks[f1] == [e2, e1]  # the last place needs no choice
    assert g.view(f1)["my_choice"] == {"rank": [e2, e1]} and g.view(f2)["my_choice"] is None
    assert g.view(f2)["ranks"] is None and g.view(e1)["ranks"] is None
    act(g, f2, {"type": "rank", "target": e2})
    assert g.returned == e2 and g.candidates == sorted([f1, f2, e2]) and g.phase == "final_vote"
    assert g.view(e1)["ranks"] == {str(f1): [e2, e1], str(f2): [e2, e1]}
    assert all(g.pos[s] == 0 for s in g.candidates) and g.pos[e1] is None


def test_a_tied_return_is_settled_by_a_die_the_highest_returns():
    g = _at_return()
    f1, f2 = g.finalists
    e1, e2 = g.evicted
    act(g, f1, {"type": "rank", "target": e1})
    forced(g, f2, {"type": "rank", "target": e2}, ("die", 2), ("die", 5))
    assert g.returned == e2  # e1 rolled 2, e2 rolled 5 (the tied roll in eviction order)


def test_final_vote_three_plus_questions_candidates_only_the_most_voted_wins():
    g = _at_return()
    f1, f2 = g.finalists
    for f in (f1, f2):
        act(g, f, g.legal_actions(f)[0])
    cands = g.candidates
    assert len(cands) == 3 and g.sign == "+"
    out = next(s for s in range(4) if s not in cands)
    assert out in g.to_act  # the evicted still votes
    for s in range(4):
        assert set(votes(g.legal_actions(s))) == set(cands) - {s}
    win = cands[0]
    for _ in range(3):
        vote_all(g, {s: win for s in range(4) if s != win})
    assert g.over and g.winners == [win] and g.scores == [int(s == win) for s in range(4)]
    assert g.view(None)["phase"] == "over" and g.to_act == []


def test_final_vote_tie_extra_cards_then_the_highest_die_wins():
    g = _at_return(seed=3)
    for f in g.finalists:
        act(g, f, g.legal_actions(f)[0])
    while g.phase == "final_vote":
        for s in list(g.to_act):
            total = {t: sum(g.box[o][t] for o in range(4)) for t in g.candidates}
            pick = min(votes(g.legal_actions(s)), key=lambda t: (total[t], t))
            act(g, s, {"type": "vote", "target": pick})
    assert g.over
    ties = [e["extra"] for e in g.events if e["type"] == "tie" and e["purpose"] == "final"]
    assert ties and ties == list(range(1, len(ties) + 1)) and len(ties) <= 10
    final = [e for e in g.events if e["type"] == "count" and e["purpose"] == "final"][-1]
    top = max(final["totals"][s] for s in g.candidates)
    tied = [s for s in g.candidates if final["totals"][s] == top]
    assert g.winners[0] in tied
    if len(tied) > 1:
        offs = [e for e in g.events if e["type"] == "roll_off" and e["why"] == "final"]
        best = max(offs[-1]["rolls"].values())
        assert [int(s) for s, r in offs[-1]["rolls"].items() if r == best] == g.winners


# -------------------------------------------------------------- illegal actions
def _positions():
    g0 = game(4, {2: GOSSIP, 5: room("Storeroom")})
    g1 = game(4, {2: GOSSIP})
    roll(g1, 1, 1)
    g2 = game(4, {2: GOSSIP})
    _gossip(g2)
    g3 = game(4)
    roll(g3, 3, 4)
    g4 = game(4, {5: room("Storeroom")})
    roll(g4, 2, 3)
    return {"roll": g0, "gossip_pick": g1, "gossip": g2, "vote": g3, "choose": g4}


ILLEGAL = [
    ("roll", 1, {"type": "roll"}, "not_your_turn"),
    ("roll", 0, {"type": "vote", "target": 1}, "illegal_action"),
    ("roll", 0, {"type": "roll", "extra": 1}, "malformed_action"),
    ("roll", 0, {"type": "dance"}, "malformed_action"),
    ("roll", 7, {"type": "roll"}, "malformed_action"),
    ("gossip_pick", 0, {"type": "gossip", "partner": 0, "side": "+"}, "illegal_action"),
    ("gossip_pick", 0, {"type": "gossip", "partner": 1, "side": "sideways"}, "illegal_action"),
    ("gossip_pick", 0, {"type": "gossip", "partner": 9, "side": "+"}, "illegal_action"),
    ("gossip_pick", 0, {"type": "gossip", "partner": "1", "side": "+"}, "malformed_action"),
    ("gossip", 2, {"type": "gossip_card", "target": 3}, "not_your_turn"),
    ("gossip", 0, {"type": "gossip_card", "target": 0}, "illegal_action"),
    ("gossip", 0, {"type": "roll"}, "illegal_action"),
    ("vote", 0, {"type": "vote", "target": 0}, "illegal_action"),
    ("vote", 1, {"type": "vote", "target": True}, "malformed_action"),
    ("vote", 1, {"type": "vote"}, "malformed_action"),
    ("vote", 1, {"type": "claim", "card": 0, "culprit": 2}, "illegal_action"),
    ("vote", 1, {"type": "rank", "target": 2}, "illegal_action"),
    ("choose", 0, {"type": "choose", "target": 0}, "illegal_action"),
    ("choose", 1, {"type": "choose", "target": 2}, "not_your_turn"),
    ("choose", 0, {"type": "vote", "target": 2}, "illegal_action"),
]


@pytest.mark.parametrize(
    "phase,seat,action,code", ILLEGAL, ids=[f"{p}-{a.get('type')}-{c}-{i}" for i, (p, s, a, c) in enumerate(ILLEGAL)]
)
def test_illegal_actions_are_refused_with_the_right_code_and_change_nothing(phase, seat, action, code):
    g = _positions()[phase]
    assert g.phase == phase
    before, events = g.to_json(), len(g.events)
    views = [g.view(s) for s in (None, 0, 1, 2, 3)]
    with pytest.raises(IllegalAction) as err:
        g.act(seat, action, at=g.clock)
    assert err.value.code == code and err.value.reason
    assert g.to_json() == before and len(g.events) == events
    assert [g.view(s) for s in (None, 0, 1, 2, 3)] == views


def test_the_fast_path_takes_only_the_handed_out_action_itself():
    # act() accepts a legal action this game handed out (the very object) in one pass;
    # a look-alike of another type, a stale object or a time out of range takes the
    # full checks, with their errors, and changes nothing
    from brady_widgets.engine import FrozenAction

    g = _positions()["vote"]
    handed = g.legal_actions(1)
    card = handed[0]
    t = card["target"]
    before = g.to_json()
    for bad, code in [
        (FrozenAction(type="vote", target=float(t)), "malformed_action"),  # == the card, a float
        (FrozenAction(type="vote", target=t, extra=1), "malformed_action"),
        (FrozenAction(type="vote", target=1), "illegal_action"),  # your own number
    ]:
        with pytest.raises(IllegalAction) as err:
            g.act(1, bad, at=g.clock)
        assert err.value.code == code, bad
    for at, code in [(g.clock - 1, "malformed_action"), (float("nan"), "malformed_action"), (True, "malformed_action")]:
        with pytest.raises(IllegalAction) as err:
            g.act(1, card, at=at)
        assert err.value.code == code, at
    with pytest.raises(IllegalAction) as err:
        g.act(7, card, at=g.clock)  # no seat 7
    assert err.value.code == "malformed_action"
    assert {"type": "vote", "target": 1} in g.legal_actions(2)
    with pytest.raises(IllegalAction) as err:
        g.act(2, FrozenAction(type="vote", target=True), at=g.clock)  # == seat 2's card for 1, a bool
    assert err.value.code == "malformed_action"
    assert g.to_json() == before
    g.act(1, card, at=g.clock)
    kept = g.history[-1]["action"]
    assert kept == {"type": "vote", "target": t} and kept is card  # read-only: shared, not copied
    with pytest.raises(TypeError):
        kept["target"] = 0
    assert g.legal_actions(1) == [] and BigBrother.from_json(g.to_json()).to_json() == g.to_json()
    plain = dict(g.legal_actions(2)[0])
    g.act(2, plain, at=g.clock)
    plain["target"] = 99  # a plain dict is copied: changing it later changes nothing
    assert g.history[-1]["action"]["target"] != 99


def test_a_handed_out_gossip_card_at_the_deadline_waits_for_advance():
    g = _positions()["gossip"]
    due = g.next_deadline()
    card = g.legal_actions(0)[0]
    before = g.to_json()
    with pytest.raises(IllegalAction) as err:
        g.act(0, card, at=due)
    assert err.value.code == "illegal_action" and "advance" in str(err.value)
    assert g.to_json() == before
    g.act(0, card, at=due - 1)
    assert g.history[-1]["at"] == due - 1


def test_every_action_needs_a_time_and_the_game_over_refuses_all():
    g = game(4)
    with pytest.raises(IllegalAction) as err:
        g.act(0, {"type": "roll"})
    assert err.value.code == "malformed_action"
    g = _at_return()
    auto(g, lambda g: False)
    with pytest.raises(IllegalAction) as err:
        g.act(0, {"type": "roll"}, at=g.clock)
    assert err.value.code == "game_over"


# -------------------------------------------------------------- options, determinism
@pytest.mark.parametrize(
    "options,match",
    [
        ({"first_seat": 4}, "first_seat"),
        ({"first_seat": True}, "first_seat"),
        ({"gossip_ms": 0}, "gossip_ms"),
        ({"gossip_ms": 2.5}, "gossip_ms"),
        ({"tags": ["man", "woman"]}, "tags"),
        ({"tags": ["man", "boy", None, None]}, "tags"),
        ({"track": track()[:31]}, "32"),
        ({"track": [dict(CONF)] * 32}, "Living Room"),
        ({"track": track({3: {"kind": "pool", "room": None}})}, "kind"),
        ({"track": track({3: room("Attic")})}, "room"),
        ({"track": track({3: {"kind": "gossip", "room": "Kitchen"}})}, "room"),
        ({"track": [room("Living Room")] + [room("Kitchen")] * 31}, "confrontation"),
    ],
)
def test_options_are_validated(options, match):
    with pytest.raises((ValueError, TypeError), match=match):
        BigBrother(4, 0, **options)


def test_unknown_options_and_bad_deals_are_refused():
    with pytest.raises(TypeError):
        BigBrother(4, 0, board="x")
    with pytest.raises(ValueError):
        BigBrother(4, 0, deal={"deck": [0, 1], "camera": DEAL["camera"]})
    with pytest.raises(ValueError):
        BigBrother(3, 0)


def test_same_seed_same_actions_same_times_same_game():
    a = BigBrother(6, 12)
    auto(a, lambda g: g.over)
    b = BigBrother(6, 12)
    for h in a.history:
        if h["seat"] != "chance":
            b.apply_step(h)
    assert b.to_json() == a.to_json() and b.winners == a.winners
    assert BigBrother(6, 12).deal == a.deal and BigBrother(6, 13).deal != a.deal


def test_chance_outcomes_are_the_exact_two_dice_odds():
    g = game(4, {2: GOSSIP})
    outcomes = g.chance_outcomes()
    assert len(outcomes) == 36 and sum(p for _, p in outcomes) == 1
    sums = {}
    for (a, b), p in outcomes:
        sums[a + b] = sums.get(a + b, 0) + p
    assert sums[7] == 6 * sums[2] == sum(p for _, p in outcomes) / 6


def test_view_shows_the_landing_odds_from_the_movers_space():
    g = BigBrother(4, 0)
    odds = g.view(None)["land_odds"]
    assert len(odds) == 32 and odds[0] == pytest.approx(0.0292, abs=1e-4)
    assert all(p >= 0 for p in odds)


def test_frames_stay_small():
    g = BigBrother(6, 2)
    auto(g, lambda g: g.round == 2)
    for s in (None, 0, 5):
        v = dict(g.view(s))
        v.pop("log")
        assert len(json.dumps(v)) < 8000


# ----------------------------------------------------------- the leak test's reach
def test_resample_redraws_the_other_seats_secret_votes():
    g = game(4)
    roll(g, 3, 4)
    act(g, 1, {"type": "vote", "target": 2})
    act(g, 2, {"type": "vote", "target": 3})
    rng = random.Random(0)
    seen = set()
    for _ in range(20):
        twin = g.resample(0, rng)
        assert twin.view(0) == g.view(0)
        seen.add(json.dumps(twin.full_view()["ballot"], sort_keys=True))
        assert g.resample(1, rng).full_view()["ballot"]["1"] == 2  # your own vote is kept
    assert len(seen) > 1


def test_resample_redraws_the_partners_gossip_card_and_other_holders_camera_cards():
    g = game(4, {2: GOSSIP, 4: CAMERA})
    roll(g, 1, 1)
    forced(g, 0, {"type": "gossip", "partner": 1, "side": "+"}, ("gossip_dice", [1, 1]))
    act(g, 1, {"type": "gossip_card", "target": 2})
    rng = random.Random(1)
    cards = {json.dumps(g.resample(0, rng).full_view()["gossip"]["chosen"]) for _ in range(20)}
    assert len(cards) > 1
    act(g, 0, {"type": "gossip_card", "target": 3})
    roll(g, 1, 1)  # camera: seat 0 draws
    held = {g.resample(1, rng).full_view()["camera_held"][0][0] for _ in range(20)}
    assert len(held) > 1
    assert {g.resample(0, rng).full_view()["camera_held"][0][0] for _ in range(5)} == {0}


# ------------------------------------------------- every camera behaviour is detected
def _holder_draws(g):
    roll(g, 1, 1)  # the holder lands on the camera space at 2 and draws the top card
    roll(g, 1, 2)  # 5: a confrontation ends the holder's turn
    vote_all(g)


def _gossip_with(partner, match):
    def script(g):
        roll(g, 4, 5)  # 9: gossip
        forced(g, g.mover, {"type": "gossip", "partner": partner(g), "side": "+"}, ("gossip_dice", [1, 1]))
        lander, other = g.mover, partner(g)
        third = next(s for s in range(g.players) if s not in (lander, other))
        act(g, lander, {"type": "gossip_card", "target": third})
        if match:
            act(g, other, {"type": "gossip_card", "target": third})

    return script


BEHAVIOURS = [
    # (line, camera card, holder seat, the culprit's turn)
    ("roll_double", 0, 0, lambda g: roll(g, 2, 2)),
    ("land_room Kitchen", 0, 1, lambda g: roll(g, 3, 3)),
    ("pass_room Living Room", 0, 2, lambda g: [roll(g, 6, 6, 1, 2, 3, 4, 5), roll(g, 6, 6), roll(g, 5, 5)]),
    ("land_kind gossip", 0, 3, lambda g: roll(g, 4, 5)),
    ("roll_total 7", 0, 4, lambda g: roll(g, 3, 4)),
    ("open_vote for the holder", 0, 5, lambda g: [roll(g, 4, 6), act(g, g.mover, {"type": "choose", "target": 5})]),
    ("roll_face 6", 1, 0, lambda g: roll(g, 6, 1)),
    ("land_room Garden", 1, 1, lambda g: roll(g, 6, 6, 1, 2, 3, 4, 5)),
    ("long_turn 3", 1, 3, lambda g: [roll(g, 3, 3), roll(g, 3, 3, 1, 2, 3, 4, 5), roll(g, 1, 2)]),
    ("share_space", 1, 4, lambda g: roll(g, 2, 3)),
    ("gossips", 2, 4, _gossip_with(lambda g: (g.mover + 2) % 6, False)),
    ("gossip_match", 3, 3, _gossip_with(lambda g: (g.mover + 2) % 6, True)),
    ("open_vote for anyone", 4, 4, lambda g: [roll(g, 4, 6), act(g, g.mover, {"type": "choose", "target": 2})]),
    ("pass_room Storeroom", 4, 2, lambda g: roll(g, 6, 6, 1, 2, 3, 4, 5)),
    ("land_room Toilet/Shower", 5, 1, lambda g: roll(g, 6, 5)),
]
SPACES = {2: CAMERA, 6: room("Kitchen"), 9: GOSSIP, 10: room("Storeroom"), 12: room("Garden"),
          11: room("Toilet/Shower"), 24: room("Kitchen")}  # fmt: skip


@pytest.mark.parametrize("line,card,holder,culprit_turn", BEHAVIOURS, ids=[b[0] for b in BEHAVIOURS])
def test_every_camera_behaviour_is_detected_and_can_be_claimed(line, card, holder, culprit_turn):
    camera = [card] + [c for c in range(6) if c != card]
    g = BigBrother(6, 0, track=track(SPACES), deal={"deck": DEAL["deck"], "camera": camera}, first_seat=holder)
    _holder_draws(g)
    assert g.cam_held[holder] == [card]
    culprit = g.mover
    assert culprit == (holder + 1) % 6
    claim = {"type": "claim", "card": card, "culprit": culprit}
    assert claim not in g.legal_actions(holder)
    culprit_turn(g)
    assert claim in g.legal_actions(holder), f"{line}: not detected"
    caught = [a["culprit"] for a in g.legal_actions(holder) if a["type"] == "claim"]
    # a gossip has two gossipers: both are seen
    assert caught == ([culprit] if not line.startswith("gossip") else sorted({culprit, (culprit + 2) % 6}))
    act(g, holder, claim)
    assert g.cam_shown[-1]["culprit"] == culprit
    check_invariants(g)


def test_no_catch_while_the_holder_is_shielded_then_again_later_in_the_round():
    g = BigBrother(4, 0, track=track({2: CAMERA, 8: room("Toilet/Shower")}), deal=DEAL)
    claim = {"type": "claim", "card": 0, "culprit": 1}  # card 0, seat 0's line: "rolls a double"
    roll(g, 1, 1)
    roll(g, 1, 2)  # 5: confrontation
    vote_all(g)
    roll(g, 2, 2)  # seat 1 doubles
    vote_all(g)
    for _ in range(2):  # seats 2 and 3
        roll(g, 3, 4)
        vote_all(g)
    assert claim in g.legal_actions(0) and g.mover == 0
    roll(g, 1, 2)  # seat 0's second turn of the round: the Toilet/Shower
    assert g.shield == 0 and claim not in g.legal_actions(0)
    roll(g, 1, 1)  # 10: confrontation, still shielded
    assert claim not in g.legal_actions(0)
    vote_all(g)
    assert g.shield is None and g.round == 1 and claim in g.legal_actions(0)
    act(g, 0, claim)
    assert g.box[1][0] >= 1 and g.cam_shown[0]["culprit"] == 1


def test_resample_redraws_a_finalists_ranking_until_both_are_in():
    g = BigBrother(5, 2)
    auto(g, lambda g: g.phase == "return")
    f1, f2 = g.finalists
    act(g, f1, g.legal_actions(f1)[-1])
    rng = random.Random(2)
    seen = {json.dumps(g.resample(f2, rng).full_view()["pending_ranks"][str(f1)]) for _ in range(20)}
    assert len(seen) > 1
    assert {json.dumps(g.resample(f1, rng).full_view()["pending_ranks"][str(f1)]) for _ in range(5)} == {
        json.dumps(g.ranks[f1])
    }


VIEW_KEYS = {
    "game", "players", "viewer", "me", "round", "rounds", "turn", "turns", "order", "mover", "phase", "prompt",
    "to_act", "track", "positions", "evicted", "returned", "tags", "shielded", "last_roll", "card", "cards_read",
    "cards_left", "box_count", "open_votes", "gossip", "choosing", "paying", "camera", "nominees", "finalists",
    "candidates",
    "count", "ranks", "land_odds", "my_cards", "my_camera", "my_choice", "over", "winners", "log", "clock", "deadline",
}  # fmt: skip
TEACHER_KEYS = {"hands", "box", "ballot", "deck", "camera_deck", "camera_held", "pending_ranks"}


def test_view_keys_and_the_teachers_reveal():
    g = BigBrother(5, 1)
    auto(g, lambda g: g.phase == "vote")
    for seat in (None, 0, 4):
        assert set(g.view(seat)) == VIEW_KEYS
    full = g.full_view()
    assert set(full) == VIEW_KEYS | TEACHER_KEYS
    assert full["hands"] == g.hand and full["box"] == g.box
    assert g.view(2)["me"] == "Player 3" and g.view(None)["me"] is None
    assert g.view(None)["track"] == [s["room"] or s["kind"] for s in g.track]
    assert g.view(None)["prompt"].startswith("Everybody votes in secret")


# ------------------------------------------------- views: shared read-only parts
def _step_randomly(g, rng):
    legal = [g.legal_actions(s) for s in range(g.players)]
    can = [s for s in range(g.players) if legal[s]]
    due = g.next_deadline()
    at = g.clock + rng.randrange(3001)
    if can and (due is None or at < due):
        s = rng.choice(can)
        g.act(s, rng.choice(legal[s]), at=at)
    else:
        g.advance(due)


def _fresh_view(g, seat):
    """The view as a game that never cached one gives it (a deep copy has no cache)."""
    return g.clone().view(seat)


def test_views_of_one_state_share_read_only_parts_and_follow_every_step():
    from brady_widgets.engine import FrozenEvent, FrozenList

    g, rng = BigBrother(6, 3), random.Random(3)
    kinds = set()
    for _ in range(260):
        a, b = g.view(1), g.view(4)
        assert a == _fresh_view(g, 1) and b == _fresh_view(g, 4) and g.view(None) == _fresh_view(g, None)
        assert a["log"] is not b["log"] and a is not b
        for key in ("positions", "order", "to_act", "track", "camera"):
            assert a[key] is b[key]  # one read-only copy for the state's views
            with pytest.raises(TypeError):
                a[key].clear()
        for key in ("card", "count", "last_roll", "open_votes"):
            if a[key]:
                kinds.add(key)
                assert isinstance(a[key], (FrozenList, FrozenEvent))
                with pytest.raises(TypeError):
                    a[key].clear()
        a["phase"] = "scribbled"  # the view's own dict is the caller's
        assert g.view(1)["phase"] == g.phase
        _step_randomly(g, rng)
        if g.over:
            break
    assert kinds == {"card", "count", "last_roll", "open_votes"}
    full = g.full_view()
    assert type(full["positions"]) is list and type(full["camera"]) is dict  # the reveal: plain copies


def test_a_view_after_several_secret_votes_follows_them_without_making_the_public_part_again(monkeypatch):
    # _view carries the last state's public part over when every step since is a secret
    # vote on a question that goes on (the Scheduler asks a housemate only on news, so it
    # often sees several at once): the view must be the one a fresh game gives, and votes
    # that end a question on the way (the next question's votes going on after them) must
    # make it again
    made = []
    public = BigBrother._public
    monkeypatch.setattr(BigBrother, "_public", lambda g, fresh: made.append(fresh) or public(g, fresh))
    carried = spanning = 0
    g, rng = BigBrother(6, 3), random.Random(3)
    g.view(0)
    while not g.over:
        start, events = len(g.history), len(g.events)
        for _ in range(rng.randrange(1, 9)):  # 1 to 8 steps between two views
            _step_randomly(g, rng)
            if g.over:
                break
        steps, new = g.history[start:], [e["type"] for e in g.events[events:]]
        del made[:]
        seats = (rng.randrange(6), None)
        views = [g.view(seat) for seat in seats]
        if all(h.get("action", {}).get("type") == "vote" for h in steps) and new[-1:] == ["my_vote"]:
            if len(new) == len(steps):  # each a vote that left the question going on
                assert made == []
                carried += 1
            elif "votes_in" in new:  # a question ended among them, the next one goes on
                assert made == [False]
                spanning += 1
        for seat, view in zip(seats, views):
            assert view == _fresh_view(g, seat)
    assert carried > 10 and spanning > 5


def test_a_copy_of_the_game_does_not_keep_read_only_view_parts_as_plain_lists():
    import pickle

    g, rng = BigBrother(5, 8), random.Random(8)
    for _ in range(40):
        g.view(0)
        _step_randomly(g, rng)
    for other in (g.clone(), pickle.loads(pickle.dumps(g))):
        v = other.view(0)
        with pytest.raises(TypeError):
            v["track"].append("x")
        assert v == g.view(0)


def test_claims_kept_per_holder_are_what_the_rules_give_at_every_step():
    # _claims_by_seat keeps every holder's claims between steps and makes again only the
    # holders a filed fact or a drawn card concerns: at every step (the kept answer asked
    # first, so a stale entry would be caught) it must equal the claims worked out afresh
    # for every seat, and every legal list must hold exactly those claims
    checked = 0
    for seed in range(6):
        g, rng = BigBrother(4 + seed % 3, 70 + seed), random.Random(seed)
        while not g.over:
            if g.facts and g.phase in ("roll", "gossip_pick", "gossip", "vote", "choose"):
                kept = {s: list(c) for s, c in g._claims_by_seat().items()}
                fresh = {}
                for s in range(g.players):
                    if g.cam_held[s] and s not in g.out and s != g.shield:
                        mine = g._claims_now(s, g.facts)
                        if mine:
                            fresh[s] = mine
                assert kept == fresh
                for s in range(g.players):
                    assert [a for a in g.legal_actions(s) if a["type"] == "claim"] == fresh.get(s, [])
                checked += len(fresh)
            _step_randomly(g, rng)
    assert checked >= 50


def test_kept_claims_and_filled_legal_lists_are_what_a_fresh_game_gives():
    # a camera holder's claims are kept between steps (and its legal list filled in after
    # each step): at every step they must be what the rules give now, as a copy that has
    # kept nothing (a clone) works them out
    claims_seen = 0
    for seed in range(3):
        g, rng = BigBrother(4 + seed, 40 + seed), random.Random(seed)
        step = 0
        while not g.over and step < 400:
            if step % 3 == 0:
                fresh = g.clone()
                for s in range(g.players):
                    mine = g.legal_actions(s)
                    assert mine == fresh.legal_actions(s)
                    claims_seen += sum(a["type"] == "claim" for a in mine)
                    if g.facts and s not in g.out and s != g.shield:
                        assert g._claims(s) == g._claims_now(s, g.facts)
            _step_randomly(g, rng)
            step += 1
    assert claims_seen >= 10


def test_legal_lists_are_handed_out_read_only():
    """legal_actions hands out the kept list itself (no copy per call): read-only, the same
    object until the seat's options change, and a plain list once copied (CONTRIBUTING)."""
    g = BigBrother(6, 3)
    rng = random.Random(3)
    for _ in range(200):
        if g.over:
            break
        lists = {s: g.legal_actions(s) for s in range(6)}
        for s, legal in lists.items():
            assert type(legal) is LegalList and legal is g.legal_actions(s)
            with pytest.raises(TypeError, match="legal actions are read-only"):
                legal.append({"type": "roll"})
            assert type(copy.deepcopy(legal)) is list and list(legal) == legal
        can = [s for s in lists if lists[s]]
        if not can:
            g.advance(g.next_deadline())
            continue
        s = rng.choice(can)
        g.act(s, rng.choice(lists[s]), at=g.clock + 100)


def test_the_same_vote_list_is_handed_out_again_once_a_voter_ran_out_of_a_number():
    """A voter's vote list is one read-only list per table size and targets, handed out at
    every question that gives it, in every game, whether the voter holds every number or
    not (a bot keeps its reading of a list it was handed before); its votes are in the order
    of the question's targets."""
    handed: dict[tuple, LegalList] = {}  # (players, targets) -> the list (kept: ids stay unique)
    partial = 0
    for seed in range(4):
        g, rng = BigBrother(5 + seed % 2, 60 + seed), random.Random(seed)
        while not g.over:
            if g.phase in ("vote", "evict_vote", "final_vote"):
                for s in g.waiting:
                    legal = g.legal_actions(s)
                    if any(a["type"] != "vote" for a in legal):
                        continue  # (a camera holder's list adds its claims)
                    targets = tuple(a["target"] for a in legal)
                    assert list(targets) == [t for t in g.targets if t != s and g.hand[s][t]]
                    first = handed.setdefault((g.players, targets), legal)
                    assert legal is first, (g.players, targets)
                    partial += g.hand[s].count(0) > 1
            _step_randomly(g, rng)
    assert partial > 20  # (questions to a voter that ran out of a number)


def test_a_game_keeps_its_state_in_slots_and_apply_history_puts_it_back():
    # CPython (3.11, 3.12) keeps a __dict__ of at most 30 attributes in its fast inline
    # layout: the game's own state is in __slots__, so the kernel's and the caches stay under
    import pickle

    g, rng = BigBrother(6, 5), random.Random(5)
    while not g.over:
        g.view(rng.randrange(6))
        _step_randomly(g, rng)
        if len(g.history) == 60:
            # a refused record undoes the steps it applied, the slots' state included
            before, view = g.to_json(), g.full_view()
            s = next(s for s in range(g.players) if g.legal_actions(s))
            step = {"seat": s, "action": g.legal_actions(s)[0], "at": g.clock}
            with pytest.raises((IllegalAction, ValueError)):
                g.apply_history([step, {"seat": s, "action": {"type": "pay", "target": 99}, "at": g.clock}])
            assert g.to_json() == before and g.full_view() == view
    assert len(vars(g)) <= 30, sorted(vars(g))
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):  # every protocol (0 and 1 need __getstate__)
        other = pickle.loads(pickle.dumps(g, protocol))
        assert other.full_view() == g.full_view() and other.to_json() == g.to_json()


def test_gossip_picks_kept_for_every_game_are_the_house_of_this_game():
    # a mover's gossip picks are kept per table size and house for every game
    # (_PICK_LISTS): at every gossip pick of games at every table size, with evictions
    # and a return changing the house, the list handed out must be a gossip with each
    # other housemate still in, on each side, in seat order
    picks = 0
    seen = set()
    for seed in range(12):
        g, rng = BigBrother(4 + seed % 3, 90 + seed), random.Random(seed)
        while not g.over:
            if g.phase == "gossip_pick":
                want = [
                    {"type": "gossip", "partner": p, "side": side}
                    for p in g.in_house
                    if p != g.mover
                    for side in ("+", "-")
                ]
                assert [a for a in g.legal_actions(g.mover) if a["type"] == "gossip"] == want
                picks += 1
                seen.add((g.players, tuple(g.in_house)))
            _step_randomly(g, rng)
    assert picks >= 60 and len(seen) >= 8

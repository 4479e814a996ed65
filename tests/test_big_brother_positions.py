"""The tutorial's seeded Big Brother positions: each is where its docstring says, the same
on every call, legal under the conformance invariants, and shows the rule it is for."""

from __future__ import annotations

import pytest

import brady_widgets.big_brother.invariants  # noqa: F401  (registers the invariants)
from brady_widgets.big_brother import positions as P
from brady_widgets.big_brother.content import CAMERA_CARDS, DEFAULT_TRACK
from brady_widgets.testing import check_invariants

#: position -> (phase, mover or None, the seats the game waits on)
EXPECTED = {
    "start": ("roll", 0, [0]),
    "rolled": ("vote", 0, [0, 1, 2, 3, 4]),
    "gossip_pick": ("gossip_pick", 0, [0]),
    "gossip_countdown": ("gossip", 0, [0, 1]),
    "camera_card": ("roll", 0, [0]),
    "camera_claim": ("vote", 1, [0, 1, 2, 3, 4]),
    "confrontation": ("vote", 0, [0, 1, 2, 3, 4]),
    "nominations": ("vote", 4, [0]),
    "eviction": ("evict_vote", None, [0]),
    "after_eviction": ("roll", 0, [0]),
    "the_return": ("return", None, [0, 1]),
    "final_vote": ("final_vote", None, [0, 1, 2, 3, 4]),
    "room:Kitchen": ("roll", 0, [0]),
    "room:Garden": ("roll", 0, [0]),
    "room:Toilet/Shower": ("roll", 0, [0]),
    "room:Living Room": ("roll", 0, [0]),
    "room:Storeroom": ("choose", 0, [0]),
    "room:Diary Room": ("choose", 0, [0]),
    "room:Men's Bedroom": ("choose", 0, [0]),
    "room:Women's Bedroom": ("choose", 0, [0]),
}


@pytest.mark.parametrize("name", sorted(P.POSITIONS))
def test_each_position_is_where_it_says_and_the_same_every_time(name):
    assert set(P.POSITIONS) == set(EXPECTED)
    g = P.POSITIONS[name]()
    phase, mover, to_act = EXPECTED[name]
    assert g.phase == phase
    assert g.to_act == to_act
    if mover is not None:
        assert g.mover == mover
    assert g == P.POSITIONS[name]()  # seeded: the same game, history and RNG included
    check_invariants(g)
    assert not g.over


@pytest.mark.parametrize("name", [n for n in P.POSITIONS if n.startswith("room:")])
def test_each_room_position_stands_on_its_room(name):
    g = P.POSITIONS[name]()
    room = name.split(":", 1)[1]
    assert DEFAULT_TRACK[g.pos[0]]["room"] == room
    assert g.events[-1]["type"] in ("room", "shielded", "open_vote", "highest", "no_card") or g.phase == "choose"
    assert any(e["type"] == "room" and e["room"] == room and e["seat"] == 0 for e in g.events)


def test_room_rules_have_happened():
    garden = P.room("Garden")
    assert garden.open_votes == [{"owner": 2, "target": 0, "why": "garden"}]  # Player 3 rolled the lowest
    living = P.room("Living Room")
    assert living.open_votes == [{"owner": 0, "target": 3, "why": "living_room"}]  # Player 4 rolled the highest
    toilet = P.room("Toilet/Shower")
    assert toilet.shield == 0
    kitchen = P.room("Kitchen")
    assert kitchen.open_votes == [] and kitchen.box_total == 0
    diary = P.room("Diary Room")
    assert diary.choosing == {"room": "Diary Room", "mode": "diary"}
    with pytest.raises(ValueError, match="room must be one of"):
        P.room("Attic")


def test_the_gossip_countdown_has_a_word_and_a_deadline():
    g = P.gossip_countdown()
    v = g.view(0)
    assert v["gossip"]["lander"] == 0 and v["gossip"]["partner"] == 1
    assert v["gossip"]["dice"] == [3, 5] and v["gossip"]["word"]
    assert g.next_deadline() == g.clock + 10_000
    g.advance(g.next_deadline())  # nobody picked: no match, Player 1 rolls on
    assert g.phase == "roll" and g.mover == 0 and g.box_total == 0


def test_the_camera_card_is_private_and_the_catch_is_claimable():
    g = P.camera_card()
    assert g.cam_held[0] == [0]
    assert g.view(0)["my_camera"][0]["text"] == CAMERA_CARDS[0][0]["text"] == "rolls a double"
    for seat in (None, 1, 2):
        assert "rolls a double" not in str(g.view(seat))
    c = P.camera_claim()
    assert {"type": "claim", "card": 0, "culprit": 1} in c.legal_actions(0)
    P.act(c, 0, {"type": "claim", "card": 0, "culprit": 1})
    assert c.open_votes[-1] == {"owner": 1, "target": 0, "why": "camera"}


def test_nominations_count_the_round_when_player_1_votes():
    g = P.nominations()
    assert g.round == 1 and g.turn == 4
    P.vote_all(g)
    assert g.nominees == [3, 4] and g.phase == "evict_vote"
    assert g.count["purpose"] == "nominations" and g.count["totals"][3] == g.count["totals"][4] == 0


def test_player_1s_last_vote_of_round_1_cannot_change_the_nominees():
    """The tutorial's step 6 says so: whichever card Player 1 uses, Players 4 and 5 are nominated."""
    targets = [a["target"] for a in P.nominations().legal_actions(0) if a["type"] == "vote"]
    assert sorted(targets) == [2, 3, 4]  # all four cards for Player 2 are in the box already
    for t in targets:
        g = P.nominations()
        P.act(g, 0, {"type": "vote", "target": t})
        assert g.nominees == [3, 4], t


@pytest.mark.parametrize("vote,out", [(3, 3), (4, 4)])
def test_the_eviction_is_tied_and_player_1_decides(vote, out):
    g = P.eviction()
    totals = [sum(g.box[o][t] for o in range(5)) for t in range(5)]
    assert totals[3] == totals[4] == 7 and g.questions == 2
    P.act(g, 0, {"type": "vote", "target": vote})
    assert g.evicted == [out]


def test_after_the_eviction_round_two_starts_without_player_5():
    g = P.after_eviction()
    assert g.evicted == [4] and g.round == 2 and g.order == [0, 1, 2, 3] and g.pos[4] is None


def test_the_return_and_the_final():
    g = P.the_return()
    assert g.finalists == [0, 1] and g.evicted_now() == [4, 3, 2]
    f = P.final_vote()
    assert f.returned == 2 and f.candidates == [0, 1, 2]
    assert f.view(None)["card"]["purpose"] == "final" and f.view(None)["card"]["targets"] == [0, 1, 2]
    with pytest.raises(RuntimeError, match="did not finish"):
        P.final_vote(ranks=(2,))  # Player 3 first, then nothing: two places are left to rank


def test_helpers():
    assert P.dice_for(2) == (1, 1) and P.dice_for(12) == (6, 6)
    for s in range(2, 13):
        a, b = P.dice_for(s)
        assert a + b == s and 1 <= a <= 6 and 1 <= b <= 6 and (a != b or s in (2, 12))
    with pytest.raises(ValueError):
        P.dice_for(13)
    assert P.space_of("Garden") == 12 and P.space_of("gossip") == 1
    g = P.start()
    P.roll_to(g, 10)
    assert g.pos[0] == 10 and g.last_roll["dice"] == [6, 4]

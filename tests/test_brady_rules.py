"""The Brady Bunch Party Game: one test (or table) per rule of the rulebook and per
rules decision (shared/design/rules-decisions.md), through the real engine.

The rulebook's tables are restated here as literals on purpose: a test that
imported ``content.py`` would agree with any typo in it.
"""

from __future__ import annotations

import json
import pickle
import random
from collections import Counter
from fractions import Fraction

import pytest

from brady_widgets.brady_bunch.positions import brady_deal, brady_play, brady_position
from brady_widgets.brady_bunch.rules import BradyBunch, classify
from brady_widgets.engine.errors import IllegalAction
from brady_widgets.testing import check_invariants, random_playout

# ----------------------------------------------------------- rulebook tables
#: "Number of Snoop cards revealed each round" (rounds 1..4)
REVEALS = {3: [1, 1, 1, 1], 4: [2, 1, 1, 2], 5: [2, 2, 2, 2], 6: [3, 2, 2, 3], 7: [3, 3, 3, 3], 8: [3, 3, 3, 3]}
#: Cousin Oliver: "6-player game: 2 each round; 7: 3 in rounds 1 and 4, 2 in rounds 2 and 3; 8: 3 each round"
OLIVER_REVEALS = {6: [2, 2, 2, 2], 7: [3, 2, 2, 3], 8: [3, 3, 3, 3]}
#: Help Tokens by number of players
TOKENS = {
    3: ["woman"],
    4: ["woman", "man"],
    5: ["woman", "man"],
    6: ["woman", "dog"],
    7: ["woman", "man", "dog"],
    8: ["woman", "man", "dog"],
}
#: Tattletales by number of players
TATTLETALES = {3: 1, 4: 1, 5: 2, 6: 2, 7: 3, 8: 3}
ALL_KIDS = {"Greg", "Peter", "Bobby", "Marcia", "Jan", "Cindy", "Oliver"}


def slot(view: dict, kid: str) -> dict:
    return next(s for s in view["kids"] if s["kid"] == kid)


def types(log: list[dict]) -> list[str]:
    return [e["type"] for e in log]


def step_round(g: BradyBunch, cookie: str | None = None, until_phase: str | tuple = ()) -> None:
    """Play the rest of the round with simple choices: seeded Snoops, first legal
    card and peek, pass claims, cookie to ``cookie`` (default the first kid),
    no Oliver exposure, no token, end the round; stop before the signs, or at a
    phase of ``until_phase``."""
    until = (until_phase,) if isinstance(until_phase, str) else until_phase
    start = g.round
    while not g.over and g.phase not in until:
        if g.round != start and g.phase == "reveal":
            return
        p = g.phase
        seat = g.to_act[0]
        legal = g.legal_actions(seat)
        if p == "play" and seat == 0:
            action = {"type": "lights_out"}
        elif p == "talk":
            action = {"type": "cookie", "kid": cookie or g.player_kids[0]}
        elif p == "final":
            action = {"type": "end_round"}
        elif p in ("claims", "expose", "help"):
            action = {"type": "pass"}
        elif p in ("signs", "accuse"):
            return
        else:
            action = legal[0]
        g.act(seat, action)


def finished(players: int, seed: int = 0, **options) -> BradyBunch:
    g = BradyBunch(players, seed, **options)
    for _ in range(4):
        step_round(g)
    return g


# ==================================================================== set-up
@pytest.mark.parametrize("players", range(3, 9))
def test_setup_hands_deck_snoop_deck_tokens(players):
    g = BradyBunch(players, seed=players)
    k = players - 1
    full = g.full_view()
    assert g.player_kids == list(g.kid_seat)[:k] and len(set(g.player_kids)) == k
    assert set(g.player_kids) <= ALL_KIDS
    assert all(len(h) == 3 for h in full["hands"].values()) and set(full["hands"]) == set(g.player_kids)
    assert len(full["deck"]) == 48 - 3 * k
    cards = Counter([c for h in full["hands"].values() for c in h] + full["deck"])
    assert cards == Counter({v: 8 for v in range(1, 7)})
    # the Snoop deck: two cards of each kid in play; the unused characters set aside
    assert full["snoop_cards"] == {kid: 2 for kid in g.player_kids}
    assert g.view(None)["snoop_deck"] == 2 * k
    assert g.view(0)["tokens"] == TOKENS[players] and g.view(0)["tattletale_count"] == TATTLETALES[players]
    assert g.view(None)["reveals"] == REVEALS[players]
    # Alice is seat 0, kids at 1..; every kid sees its own hand only
    assert g.seat_kid == {s: kid for s, kid in enumerate(g.player_kids, start=1)}
    for seat in range(1, players):
        v = g.view(seat)
        assert v["role"] == "kid" and v["me"] == g.seat_kid[seat]
        assert v["hand"] == sorted(full["hands"][g.seat_kid[seat]])
    assert g.view(0)["role"] == "alice" and g.view(0)["hand"] is None and g.view(None)["hand"] is None
    assert g.phase == "reveal" and g.to_act == [0] and g.round == 1


def test_setup_three_players_silent_kid():
    g = BradyBunch(3, seed=1, kids=["Greg", "Jan"], silent="Bobby")
    assert g.kids == ["Greg", "Jan", "Bobby"] and g.kid_seat["Bobby"] is None
    assert g.full_view()["snoop_cards"] == {"Greg": 2, "Jan": 2}  # the silent kid's cards stay out
    assert slot(g.view(None), "Bobby")["silent"] and slot(g.view(None), "Bobby")["hand"] == 0
    assert len(g.full_view()["deck"]) == 42
    assert BradyBunch(3, 0).options["silent"] not in BradyBunch(3, 0).player_kids
    with pytest.raises(ValueError, match="silent"):
        BradyBunch(4, 0, silent="Bobby")
    with pytest.raises(ValueError, match="silent"):
        BradyBunch(3, 0, kids=["Greg", "Jan"], silent="Greg")


@pytest.mark.parametrize("players", [6, 7, 8])
def test_setup_cousin_oliver_takes_his_snoop_cards(players):
    g = BradyBunch(players, seed=2, cousin_oliver=True)
    assert "Oliver" in g.player_kids
    snoop = g.full_view()["snoop_cards"]
    assert "Oliver" not in snoop and snoop == {k: 2 for k in g.player_kids if k != "Oliver"}
    v = g.view(None)
    assert v["cousin_oliver"] and v["oliver_cards"] == 2 and v["reveals"] == OLIVER_REVEALS[players]
    assert BradyBunch(players, 2).view(None)["oliver_cards"] is None


@pytest.mark.parametrize(
    "players,options,match",
    [
        (5, {"cousin_oliver": True}, "6 to 8"),
        (6, {"cousin_oliver": True, "kids": ["Greg", "Marcia", "Peter", "Jan", "Bobby"]}, "Oliver"),
        (4, {"kids": ["Greg", "Greg", "Jan"]}, "different characters"),
        (4, {"kids": ["Greg", "Jan"]}, "3 different"),
        (4, {"kids": ["Greg", "Jan", "Alice"]}, "characters"),
        (4, {"max_questions": -1}, "max_questions"),
        (4, {"max_questions": True}, "max_questions"),
        (4, {"volunteer": "yes"}, "volunteer"),
        (4, {"cousin_oliver": 1}, "cousin_oliver"),
    ],
)
def test_bad_options_are_refused(players, options, match):
    with pytest.raises(ValueError, match=match):
        BradyBunch(players, 0, **options)


@pytest.mark.parametrize("players", [2, 9])
def test_player_count_3_to_8(players):
    with pytest.raises(ValueError, match="3 to 8"):
        BradyBunch(players, 0)


@pytest.mark.parametrize(
    "deal,match",
    [
        ({"hands": {"Greg": [1, 1, 1]}, "deck": []}, "hands"),
        ({"hands": {"Greg": [7, 1, 1], "Marcia": [1, 1, 1], "Peter": [1, 1, 2]}, "deck": [2] * 39}, "48 Mischief"),
        ({"hands": {"Greg": [1, 1], "Marcia": [1, 1, 1], "Peter": [1, 1, 2]}, "deck": [2] * 40}, "3 card"),
        ("nonsense", "deal must be"),
    ],
)
def test_bad_deals_are_refused(deal, match):
    with pytest.raises(ValueError, match=match):
        BradyBunch(4, 0, deal=deal)


# ========================================================== Snoop cards
@pytest.mark.parametrize("players,oliver", [(p, False) for p in range(3, 9)] + [(p, True) for p in (6, 7, 8)])
def test_snoop_reveals_every_round(players, oliver):
    g = BradyBunch(players, seed=10 + players, cousin_oliver=oliver)
    table = (OLIVER_REVEALS if oliver else REVEALS)[players]
    drawn = Counter()
    for r in range(1, 5):
        assert g.round == r and g.phase == "reveal"
        outcomes = g.chance_outcomes()  # exact odds: the cards left in the Snoop deck
        left = g.full_view()["snoop_cards"]
        assert {k: p for k, p in outcomes} == {k: Fraction(c, sum(left.values())) for k, c in left.items() if c}
        g.act(0, {"type": "reveal_snoops"})
        assert len(g.snoops) == table[r - 1] == len(g.view(None)["snoops"])
        assert [h["kind"] for h in g.history[-table[r - 1] :]] == ["snoop"] * table[r - 1]
        drawn.update(g.snoops)
        step_round(g)
    # Snoop cards are discarded at the end of each round: none drawn twice more than its 2 copies
    assert all(n <= 2 for n in drawn.values()) and ("Oliver" not in drawn or not oliver)
    assert sum(drawn.values()) == sum(table)
    assert set(drawn) <= set(g.player_kids)


def _five(**options):
    """5 players: Alice, Greg 1, Marcia 2, Peter 3, Jan 4."""
    return brady_position(
        5,
        hands={"Greg": [1, 2, 3], "Marcia": [4, 5, 6], "Peter": [6, 6, 5], "Jan": [1, 1, 2]},
        deck=[3, 4, 5, 6],
        seed=5,
        volunteer=False,
        **options,
    )


def test_snoop_order_follows_the_draw():
    g = brady_play(_five(), ["snoops:Jan,Greg", "lights_out", "plays:Greg=1,Marcia=4,Peter=6,Jan=2"])
    assert g.phase == "snoop" and g.view(None)["snooper"] == "Jan" and g.to_act == [4]
    assert g.view(None)["snoop_queue"] == [["Jan", 1], ["Greg", 1]]
    # Jan looks at any other kid's card, not her own
    assert {a["kid"] for a in g.legal_actions(4)} == {"Greg", "Marcia", "Peter"}
    brady_play(g, ["peek:Peter"])
    assert g.view(None)["snooper"] == "Greg" and g.to_act == [1]
    brady_play(g, ["peek:Jan"])
    assert g.phase == "talk"
    assert g.view(4)["peeks"] == [{"round": 1, "kid": "Peter", "value": 6, "via": "snoop"}]
    assert g.view(1)["peeks"] == [{"round": 1, "kid": "Jan", "value": 2, "via": "snoop"}]
    log = types(g.view(None)["log"])
    assert log.index("eyes_closed") < log.index("peeked") < log.index("eyes_open")


def test_a_kid_drawn_twice_looks_at_two_different_cards():
    g = brady_play(_five(), ["snoops:Jan,Jan", "lights_out", "plays:Greg=1,Marcia=4,Peter=6,Jan=2"])
    assert g.view(None)["snoops"] == ["Jan", "Jan"] and g.view(None)["snoop_queue"] == [["Jan", 2]]
    brady_play(g, ["peek:Peter"])
    assert g.to_act == [4] and {a["kid"] for a in g.legal_actions(4)} == {"Greg", "Marcia"}
    with pytest.raises(IllegalAction) as info:
        g.act(4, {"type": "peek", "kid": "Peter"})
    assert info.value.code == "illegal_action" and "just looked" in info.value.reason
    brady_play(g, ["peek:Greg"])
    assert [(p["kid"], p["value"]) for p in g.view(4)["peeks"]] == [("Peter", 6), ("Greg", 1)]
    assert g.phase == "talk"


def test_drawn_twice_snoops_at_the_place_of_the_first_card():
    g = brady_position(
        6,
        seed=6,
        volunteer=False,
        steps=[
            {"seat": 0, "action": {"type": "reveal_snoops"}},
            {"seat": "chance", "kind": "snoop", "outcome": "Jan"},
            {"seat": "chance", "kind": "snoop", "outcome": "Greg"},
            {"seat": "chance", "kind": "snoop", "outcome": "Jan"},
            "lights_out",
        ],
    )
    for seat in range(1, 6):
        g.act(seat, g.legal_actions(seat)[0])
    assert g.view(None)["snoop_queue"] == [["Jan", 2], ["Greg", 1]]
    order = []
    while g.phase == "snoop":
        order.append(g.view(None)["snooper"])
        g.act(g.to_act[0], g.legal_actions(g.to_act[0])[0])
    assert order == ["Jan", "Jan", "Greg"]


def test_forced_snoops_must_be_possible():
    with pytest.raises(ValueError, match="reveals 2"):
        brady_position(5, steps=["snoops:Jan"])
    with pytest.raises(ValueError, match="Snoop deck"):  # Oliver's Snoop cards are in his hand
        brady_position(6, cousin_oliver=True, steps=["snoops:Oliver,Greg"])
    g = brady_position(4, volunteer=False, steps=["snoops:Greg,Greg"])
    assert g.snoops == ["Greg", "Greg"] and g.full_view()["snoop_cards"]["Greg"] == 0
    step_round(g)
    with pytest.raises(ValueError, match="Snoop deck"):  # both Greg cards are discarded
        brady_play(g, ["snoops:Greg"])
    # the engine refuses an impossible forced outcome too, and changes nothing
    before = g.to_json()
    with pytest.raises(ValueError, match="impossible"):
        g.apply_history(
            [{"seat": 0, "action": {"type": "reveal_snoops"}}, {"seat": "chance", "kind": "snoop", "outcome": "Greg"}]
        )
    assert g.to_json() == before
    assert g.chance_outcomes() and "Greg" not in dict(g.chance_outcomes())


def test_requests_to_a_snoop_are_public_and_once_each():
    g = brady_play(_five(), ["snoops:Jan,Greg"])
    legal = g.legal_actions(0)
    assert {"type": "request", "kid": "Jan", "about": "Peter"} in legal
    assert {"type": "request", "kid": "Jan", "about": "Jan"} not in legal
    assert {"type": "request", "kid": "Marcia", "about": "Peter"} not in legal
    brady_play(g, ["request:Jan:Peter"])
    assert g.view(3)["requests"] == [{"snoop": "Jan", "about": "Peter"}]
    assert all(e["type"] != "request" or e["about"] == "Peter" for e in g.view(2)["log"])
    assert not any(a["type"] == "request" and a["kid"] == "Jan" for a in g.legal_actions(0))
    with pytest.raises(IllegalAction, match="is not a Snoop"):
        g.act(0, {"type": "request", "kid": "Marcia", "about": "Peter"})
    with pytest.raises(IllegalAction, match="once"):
        g.act(0, {"type": "request", "kid": "Jan", "about": "Greg"})


# ========================================================== the silent kid
def _three(**kw):
    """3 players: Alice, Greg 1, Jan 2, silent Bobby; Bobby's cards are the deck's tops."""
    return brady_position(
        3,
        hands={"Greg": [1, 2, 3], "Jan": [4, 5, 6]},
        deck=[6, 1, 2, 5, 3, 4, 4, 6, 1, 2],
        kids=["Greg", "Jan"],
        silent="Bobby",
        volunteer=False,
        **kw,
    )


def test_silent_kid_plays_the_top_card_each_round_and_kids_draw_after():
    g = _three(steps=["snoops:Greg"])
    assert g.full_view()["board"]["Bobby"] == 6 and slot(g.view(1), "Bobby")["played"]
    assert slot(g.view(1), "Bobby")["face_up"] is None  # face down
    assert "silent_play" in types(g.view(None)["log"])
    assert g.to_act == [0, 1, 2]  # the silent kid is no seat
    brady_play(g, ["lights_out", "plays:Greg=1,Jan=4", "peek:Bobby"])
    assert g.view(1)["peeks"] == [{"round": 1, "kid": "Bobby", "value": 6, "via": "snoop"}]
    brady_play(g, ["cookie:Jan", "peek:Bobby", "use_token:woman", "peek:Bobby", "end_round"])
    assert g.view(2)["peeks"][-1]["value"] == 6 and g.view(0)["peeks"][-1] == {
        "round": 1,
        "kid": "Bobby",
        "value": 6,
        "via": "woman",
    }
    # Greg and Jan drew the next two cards, then Bobby takes the one after at the next reveal
    assert g.view(1)["hand"] == [1, 2, 3] and g.view(2)["hand"] == [2, 5, 6]
    brady_play(g, ["snoops:Jan"])
    assert g.full_view()["board"]["Bobby"] == 5 and g.full_view()["tucked_cards"]["Bobby"] == [6]
    for _ in range(3):
        step_round(g)
    assert g.full_view()["tucked_cards"]["Bobby"] == [6, 5, 4, 2]  # the tops left after each round's draws
    brady_play(g, ["Greg:sign:+", "Jan:sign:+"] if g.cookies["Greg"] else ["Jan:sign:+"])
    assert {"type": "accuse", "kid": "Bobby"} in g.legal_actions(0)  # Alice may accuse the silent kid
    brady_play(g, ["accuse:Bobby"])
    assert g.final_scores["Bobby"] == 17 and g.over


def test_silent_kid_cannot_be_questioned_or_given_a_cookie():
    g = _three(steps=["snoops:Greg", "lights_out", "plays:Greg=1,Jan=4", "peek:Jan"])
    assert g.phase == "talk"
    kids_asked = {a["kid"] for a in g.legal_actions(0) if a["type"].startswith("ask_")}
    assert kids_asked == {"Greg", "Jan"}
    assert {a["kid"] for a in g.legal_actions(0) if a["type"] == "cookie"} == {"Greg", "Jan"}
    with pytest.raises(IllegalAction, match="silent kid") as info:
        g.act(0, {"type": "cookie", "kid": "Bobby"})
    assert info.value.code == "illegal_action"
    with pytest.raises(IllegalAction, match="silent kid"):
        g.act(0, {"type": "ask_played", "kid": "Bobby", "round": 1})
    # but kids may talk about the silent kid
    brady_play(g, ["ask_looked:Greg", "say_looked:Bobby"])
    assert g.talk[-1]["subject"] == "Bobby"


# ==================================================================== cookies
def test_cookie_is_mandatory_one_a_round_and_its_kid_peeks_not_at_own_card():
    g = brady_play(
        _five(), ["snoops:Jan,Greg", "lights_out", "plays:Greg=1,Marcia=4,Peter=6,Jan=2", "peek:Peter", "peek:Jan"]
    )
    assert g.phase == "talk"
    legal = g.legal_actions(0)
    assert {"type": "end_round"} not in legal  # no ending the round without a cookie
    assert {a["kid"] for a in legal if a["type"] == "cookie"} == {"Greg", "Marcia", "Peter", "Jan"}
    brady_play(g, ["cookie:Marcia"])
    assert g.phase == "cookie_peek" and g.to_act == [2] and g.view(None)["cookie"] == "Marcia"
    assert {a["kid"] for a in g.legal_actions(2)} == {"Greg", "Peter", "Jan"}
    with pytest.raises(IllegalAction, match="your own card"):
        g.act(2, {"type": "peek", "kid": "Marcia"})
    brady_play(g, ["peek:Jan"])
    assert g.view(2)["peeks"] == [{"round": 1, "kid": "Jan", "value": 2, "via": "cookie"}]
    assert g.phase == "help"
    brady_play(g, ["pass"])
    assert not any(a["type"] == "cookie" for a in g.legal_actions(0))  # not more than one a round
    assert slot(g.view(None), "Marcia")["cookies"] == 1


def test_the_same_kid_may_get_the_cookie_every_round():
    g = BradyBunch(4, seed=3, volunteer=False)
    for _ in range(4):
        step_round(g, cookie="Peter")
    assert g.cookies == {"Greg": 0, "Marcia": 0, "Peter": 4}
    assert g.phase == "signs" and g.to_act == [g.kid_seat["Peter"]]


# ================================================================ help tokens
@pytest.mark.parametrize("players", range(3, 9))
def test_help_tokens_by_player_count_once_a_round_after_the_cookie_peek(players):
    g = BradyBunch(players, seed=20 + players, volunteer=False)
    step_round(g, until_phase="cookie_peek")
    assert g.to_act == [g.kid_seat[g.player_kids[0]]]
    with pytest.raises(IllegalAction) as info:  # not before the cookie kid has looked
        g.act(0, {"type": "use_token", "token": "woman"})
    assert info.value.code == "not_your_turn"
    g.act(g.to_act[0], g.legal_actions(g.to_act[0])[0])
    assert g.phase == "help" and g.legal_actions(0) == [{"type": "use_token", "token": t} for t in TOKENS[players]] + [
        {"type": "pass"}
    ]
    used = []
    for r in range(1, 5):
        if r > 1:
            step_round(g, until_phase=("help", "final"))
        if not g.tokens:
            assert g.phase == "final"  # nothing left to spend: the step is skipped
            break
        token = g.tokens[-1]
        g.act(0, {"type": "use_token", "token": token})
        used.append(token)
        assert g.phase == "help_peek" and g.view(None)["token_used"] == token
        seen = set()
        for _ in range({"woman": 1, "man": 1, "dog": 2}[token]):
            kids = {a["kid"] for a in g.legal_actions(0)}
            assert not kids & seen  # the dog looks at two different cards
            kid = sorted(kids)[0]
            g.act(0, {"type": "peek", "kid": kid})
            seen.add(kid)
            assert g.view(0)["peeks"][-1] == {
                "round": r,
                "kid": kid,
                "value": g.full_view()["board"][kid],
                "via": token,
            }
        assert g.phase == "final"  # at most one token a round
        assert not any(a["type"] == "use_token" for a in g.legal_actions(0))
        g.act(0, {"type": "end_round"})
    assert sorted(used) == sorted(TOKENS[players])


def test_alice_may_pass_on_the_help_token():
    g = BradyBunch(4, seed=1, volunteer=False)
    step_round(g, until_phase="help")
    g.act(0, {"type": "pass"})
    assert g.phase == "final" and g.tokens == ["woman", "man"] and "no_token" in types(g.view(1)["log"])
    g3 = BradyBunch(3, seed=2, volunteer=False)
    step_round(g3, until_phase="help")
    with pytest.raises(IllegalAction, match=r"Alice has \['woman'\] left"):
        g3.act(0, {"type": "use_token", "token": "dog"})


# ============================================== tucked cards, drawing back to 3
def test_tucked_cards_cannot_be_peeked_and_kids_draw_back_to_three():
    g = _five()
    hands0 = g.full_view()["hands"]
    brady_play(
        g,
        [
            "snoops:Jan,Greg",
            "lights_out",
            "plays:Greg=1,Marcia=4,Peter=6,Jan=2",
            "peek:Peter",
            "peek:Jan",
            "cookie:Greg",
            "peek:Peter",
            "pass",
            "end_round",
        ],
    )
    # each kid drew one card, in seat order, from the top of the deck: back to 3
    assert [g.view(s)["hand"] for s in (1, 2, 3, 4)] == [[2, 3, 3], [4, 5, 6], [5, 5, 6], [1, 1, 6]]
    assert all(len(g.full_view()["hands"][k]) == 3 for k in hands0)
    assert g.view(None)["deck_count"] == 48 - 12 - 4
    draws = [e for e in g.view(1)["log"] if e["type"] == "draw"]
    assert draws == [{"type": "draw", "step": draws[0]["step"], "seat": 1, "kid": "Greg", "value": 3, "round": 1}]
    assert not any(e["type"] == "draw" for e in g.view(0)["log"])  # a draw is private
    assert slot(g.view(None), "Peter")["tucked"] == 1
    brady_play(g, ["snoops:Marcia,Peter", "lights_out", "plays:Greg=2,Marcia=5,Peter=5,Jan=1"])
    # the Snoops see this round's cards only: the tucked round-1 cards are safe
    brady_play(g, ["peek:Peter"])
    assert g.view(2)["peeks"] == [{"round": 2, "kid": "Peter", "value": 5, "via": "snoop"}]
    for _ in range(3):
        step_round(g)
    # no draw after round 4
    assert g.phase == "signs" and all(len(h) == 2 for h in g.full_view()["hands"].values())
    assert g.view(None)["deck_count"] == 48 - 12 - 12


# ============================================================== Cousin Oliver
def _oliver():
    """6 players with Cousin Oliver: Alice, Greg 1, Marcia 2, Peter 3, Jan 4, Oliver 5."""
    return brady_position(
        6,
        seed=7,
        volunteer=False,
        cousin_oliver=True,
        hands={"Greg": [1, 1, 1], "Marcia": [2, 2, 2], "Peter": [6, 6, 6], "Jan": [3, 3, 3], "Oliver": [4, 4, 4]},
    )


def _to_cookie(g, snoops, cookie):
    brady_play(g, [f"snoops:{snoops}", "lights_out"])
    for seat in range(1, g.players):
        g.act(seat, g.legal_actions(seat)[0])
    while g.phase == "snoop":
        g.act(g.to_act[0], g.legal_actions(g.to_act[0])[0])
    brady_play(g, [f"cookie:{cookie}"])


def test_cousin_oliver_exposes_before_the_cookie_peek_once_a_round_twice_a_game():
    g = _oliver()
    _to_cookie(g, "Greg,Peter", "Jan")
    assert g.phase == "expose" and g.to_act == [5]
    assert {a["kid"] for a in g.legal_actions(5) if a["type"] == "expose"} == {"Greg", "Marcia", "Peter", "Jan"}
    assert {"type": "pass"} in g.legal_actions(5)
    with pytest.raises(IllegalAction, match="not his own"):
        g.act(5, {"type": "expose", "kid": "Oliver"})
    brady_play(g, ["expose:Peter"])
    for seat in [None, *range(6)]:  # face up in every seat's view
        v = g.view(seat)
        assert slot(v, "Peter")["face_up"] == 6 and v["exposed"] == [{"round": 1, "kid": "Peter", "value": 6}]
        assert v["oliver_cards"] == 1
    assert g.phase == "cookie_peek" and g.to_act == [4]  # one exposure a round, then the cookie kid
    assert {a["kid"] for a in g.legal_actions(4)} == {"Greg", "Marcia", "Oliver"}  # not the face-up card
    log = types(g.view(None)["log"])
    assert log.index("cookie") < log.index("expose")
    brady_play(g, ["peek:Oliver", "pass", "end_round"])
    assert slot(g.view(None), "Peter")["face_up"] is None  # tucked at the end of the round
    _to_cookie(g, "Marcia,Jan", "Greg")
    brady_play(g, ["pass"])  # Oliver may keep his card
    assert g.view(None)["oliver_cards"] == 1 and "no_expose" in types(g.view(None)["log"])
    brady_play(g, ["peek:Peter", "pass", "end_round"])
    _to_cookie(g, "Greg,Marcia", "Greg")
    brady_play(g, ["expose:Jan"])
    assert g.view(None)["oliver_cards"] == 0
    brady_play(g, ["peek:Peter", "pass", "end_round"])
    _to_cookie(g, "Peter,Jan", "Greg")
    assert g.phase == "cookie_peek"  # no Oliver cards left: no expose step
    assert [e["kid"] for e in g.view(1)["exposed"]] == ["Peter", "Jan"]


# =========================================================== signs & scoring
def test_cookie_signs_are_secret_until_shown_together():
    g = BradyBunch(5, seed=4, volunteer=False)
    cookies = ["Greg", "Greg", "Jan", "Greg"]
    for c in cookies:
        step_round(g, cookie=c)
    assert g.phase == "signs" and sorted(g.to_act) == [1, 4]  # only kids with cookies choose
    assert g.legal_actions(2) == []
    with pytest.raises(IllegalAction) as info:
        g.act(2, {"type": "sign", "plus": True})
    assert info.value.code == "not_your_turn"
    g.act(1, {"type": "sign", "plus": False})
    for seat in [None, 0, 2, 3, 4]:
        v = g.view(seat)
        assert slot(v, "Greg")["signed"] and slot(v, "Greg")["sign"] is None
        assert not any(e["type"] == "my_sign" for e in v["log"])
    assert g.view(1)["my_sign"] == "-" and g.view(4)["my_sign"] is None
    g.act(4, {"type": "sign", "plus": True})
    assert g.phase == "accuse"
    for seat in [None, 0, 1, 2, 3, 4]:
        v = g.view(seat)
        assert slot(v, "Greg")["sign"] == "-" and slot(v, "Jan")["sign"] == "+" and slot(v, "Marcia")["sign"] is None
    signs = [e for e in g.view(None)["log"] if e["type"] == "signs"]
    assert signs[0]["signs"] == {"Greg": "-", "Jan": "+"}
    g.act(0, {"type": "accuse", "kid": "Peter"})
    tucked = g.full_view()["tucked_cards"]
    # all of a kid's cookies take the same sign: Greg's three cookies count -3
    assert g.final_scores == {
        "Greg": sum(tucked["Greg"]) - 3,
        "Marcia": sum(tucked["Marcia"]),
        "Peter": sum(tucked["Peter"]),
        "Jan": sum(tucked["Jan"]) + 1,
    }
    reveal = {e["kid"]: e for e in g.view(None)["log"] if e["type"] == "reveal"}
    assert (
        reveal["Greg"]["sign"] == "-"
        and reveal["Marcia"]["sign"] is None
        and reveal["Greg"]["score"] == g.final_scores["Greg"]
    )
    assert [slot(g.view(None), k)["score"] for k in g.kids] == [g.final_scores[k] for k in g.kids]


@pytest.mark.parametrize(
    "players,scores,troublemakers,tattletales",
    [
        # the rulebook example (4 players: 1 Tattletale)
        (4, {"Peter": 19, "Jan": 15, "Greg": 10}, ["Peter"], ["Greg"]),
        # a tie for the high score: all are Troublemakers
        (4, {"Peter": 19, "Jan": 19, "Greg": 10}, ["Peter", "Jan"], ["Greg"]),
        # a tie for the low score: all are Tattletales
        (4, {"Peter": 19, "Jan": 10, "Greg": 10}, ["Peter"], ["Jan", "Greg"]),
        # 5 players, 2 Tattletales: ties at the boundary all count
        (5, {"A": 20, "B": 12, "C": 9, "D": 9}, ["A"], ["C", "D"]),
        (5, {"A": 20, "B": 9, "C": 9, "D": 9}, ["A"], ["B", "C", "D"]),
        (5, {"A": 20, "B": 12, "C": 10, "D": 9}, ["A"], ["C", "D"]),
        (5, {"A": 20, "B": 10, "C": 10, "D": 9}, ["A"], ["B", "C", "D"]),
        # a Troublemaker is never a Tattletale
        (4, {"A": 12, "B": 12, "C": 12}, ["A", "B", "C"], []),
        (5, {"A": 12, "B": 12, "C": 8, "D": 12}, ["A", "B", "D"], ["C"]),
        (3, {"A": 14, "B": 14, "S": 9}, ["A", "B"], ["S"]),
        # 8 players, 3 Tattletales
        (8, {"A": 24, "B": 20, "C": 16, "D": 14, "E": 12, "F": 12, "G": 11}, ["A"], ["E", "F", "G"]),
        (8, {"A": 24, "B": 20, "C": 16, "D": 12, "E": 12, "F": 12, "G": 11}, ["A"], ["D", "E", "F", "G"]),
        (7, {"A": 24, "B": 20, "C": 16, "D": 14, "E": 12, "F": 12}, ["A"], ["D", "E", "F"]),
    ],
)
def test_classify_troublemakers_tattletales_sidekicks(players, scores, troublemakers, tattletales):
    roles = classify(scores, players)
    assert sorted(roles["troublemakers"]) == sorted(troublemakers)
    assert sorted(roles["tattletales"]) == sorted(tattletales)
    assert sorted(roles["sidekicks"]) == sorted(set(scores) - set(troublemakers) - set(tattletales))


# The rulebook's example, played through the real engine: 4 players, kids Peter,
# Jan and Greg; Peter plays 6 5 4 4 = 19, Jan 4 4 4 3 = 15, Greg 4 4 3 3 = 14
# with all four cookies at minus = 10.
EXAMPLE_DEAL = {
    "hands": {"Peter": [6, 5, 4], "Jan": [4, 4, 4], "Greg": [4, 4, 3]},
    "deck": [4, 3, 3, 1, 1, 1, 2, 2, 2],  # draws after rounds 1-3, in seat order Peter, Jan, Greg
}
EXAMPLE_PLAYS = [(6, 4, 4), (5, 4, 4), (4, 4, 3), (4, 3, 3)]
EXAMPLE_SNOOPS = ["Peter,Jan", "Greg", "Peter", "Jan,Greg"]


def _example_game(accuse: str | None) -> BradyBunch:
    deal = brady_deal(4, EXAMPLE_DEAL["hands"], EXAMPLE_DEAL["deck"], kids=["Peter", "Jan", "Greg"])
    assert deal["hands"] == EXAMPLE_DEAL["hands"] and deal["deck"][:9] == EXAMPLE_DEAL["deck"]
    g = BradyBunch(4, seed=0, deal=deal, kids=["Peter", "Jan", "Greg"], volunteer=False)
    for r, (plays, snoops) in enumerate(zip(EXAMPLE_PLAYS, EXAMPLE_SNOOPS), start=1):
        p, j, gr = plays
        brady_play(g, [f"snoops:{snoops}", "lights_out", f"plays:Peter={p},Jan={j},Greg={gr}"])
        while g.phase == "snoop":
            g.act(g.to_act[0], g.legal_actions(g.to_act[0])[0])
        brady_play(g, ["ask_played:Peter", "say_card:1", "cookie:Greg", "peek:Peter"])
        brady_play(g, ["use_token:woman", "peek:Peter"] if r == 1 else ["pass"] if g.phase == "help" else [])
        brady_play(g, ["end_round"])
    brady_play(g, ["Greg:sign:-"])
    if accuse:
        brady_play(g, [f"accuse:{accuse}"])
    return g


def test_rulebook_example_alice_and_greg_win():
    g = _example_game("Peter")
    assert g.over and g.final_scores == {"Peter": 19, "Jan": 15, "Greg": 10}
    assert g.roles == {"troublemakers": ["Peter"], "sidekicks": ["Jan"], "tattletales": ["Greg"]}
    assert g.winners == [0, 3]  # Alice and Greg
    assert g.scores == [1, 0, 0, 1]
    over = g.view(2)
    assert over["accused"] == "Peter" and over["winners"] == [0, 3] and over["roles"]["tattletales"] == ["Greg"]
    assert slot(over, "Peter")["cards"] == [6, 5, 4, 4] and slot(over, "Greg")["cookies"] == 4
    assert [e for e in over["log"] if e["type"] == "accusation"][0]["right"] is True
    check_invariants(g)


def test_rulebook_example_with_a_wrong_accusation_troublemaker_and_sidekick_win():
    g = _example_game("Jan")
    assert g.winners == [1, 2] and g.scores == [0, 1, 1, 0]
    g2 = _example_game("Greg")
    assert g2.winners == [1, 2]


def test_tied_troublemakers_alice_wins_naming_any():
    # Peter 6 5 4 4 = 19 and Jan 6 5 4 4 = 19 tie; Greg takes the four cookies at minus
    hands = {"Peter": [6, 5, 4], "Jan": [6, 5, 4], "Greg": [1, 1, 1]}
    base = dict(kids=["Peter", "Jan", "Greg"], volunteer=False)
    for accused, winners in [("Peter", [0, 3]), ("Jan", [0, 3]), ("Greg", [1, 2])]:
        g = brady_position(4, hands=hands, deck=[4, 4, 1], **base)
        for r in range(4):
            brady_play(g, ["reveal", "lights_out"])
            p, j = ({1: 6, 2: 5}.get(r + 1, 4), {1: 6, 2: 5}.get(r + 1, 4))
            brady_play(g, [f"plays:Peter={p},Jan={j},Greg={g.full_view()['hands']['Greg'][0]}"])
            step_round(g, cookie="Greg")
        brady_play(g, ["sign:-", f"accuse:{accused}"])
        assert sorted(g.roles["troublemakers"]) == ["Jan", "Peter"]
        assert g.winners == winners, accused


@pytest.mark.parametrize("accused,winners", [("Bobby", [0, 1]), ("Greg", [2]), ("Jan", [2])])
def test_silent_kid_as_troublemaker(accused, winners):
    """Bobby (silent) takes 6 6 6 6 = 24; Greg plays 1 1 1 1 = 4 (Tattletale); Jan
    3 3 3 3 + 4 cookies = 16 (Sidekick). The silent kid is no seat, so never a winner."""
    g = brady_position(
        3,
        hands={"Greg": [1, 1, 1], "Jan": [3, 3, 3]},
        deck=[6, 1, 3] * 3 + [6],
        kids=["Greg", "Jan"],
        silent="Bobby",
        volunteer=False,
    )
    for _ in range(4):
        step_round(g, cookie="Jan")
    brady_play(g, ["sign:+", f"accuse:{accused}"])
    assert g.final_scores == {"Greg": 4, "Jan": 16, "Bobby": 24}
    assert g.roles == {"troublemakers": ["Bobby"], "sidekicks": ["Jan"], "tattletales": ["Greg"]}
    assert g.winners == winners


# ================================================================ table talk
def test_volunteered_claims_are_public_and_never_checked():
    g = brady_play(
        brady_position(5, hands={"Greg": [1, 2, 3], "Marcia": [4, 5, 6], "Peter": [6, 6, 5], "Jan": [1, 1, 2]}, seed=5),
        ["snoops:Jan,Greg", "lights_out", "plays:Greg=1,Marcia=4,Peter=6,Jan=2", "peek:Peter", "peek:Jan"],
    )
    assert g.phase == "claims" and sorted(g.to_act) == [1, 2, 3, 4]
    brady_play(g, ["Peter:claim:Peter:1"])  # a lie: Peter played 6
    assert g.phase == "claims" and 3 not in g.to_act  # one claim a kid
    brady_play(g, ["Greg:claim:Jan:2", "Jan:pass", "Marcia:claim:Greg:5"])
    assert g.phase == "talk"
    expected = [
        {
            "i": 0,
            "round": 1,
            "about_round": 1,
            "speaker": "Peter",
            "kind": "played",
            "subject": "Peter",
            "value": 1,
            "yes": None,
            "question": None,
        },
        {
            "i": 1,
            "round": 1,
            "about_round": 1,
            "speaker": "Greg",
            "kind": "played",
            "subject": "Jan",
            "value": 2,
            "yes": None,
            "question": None,
        },
        {
            "i": 2,
            "round": 1,
            "about_round": 1,
            "speaker": "Marcia",
            "kind": "played",
            "subject": "Greg",
            "value": 5,
            "yes": None,
            "question": None,
        },
    ]
    for seat in [None, *range(5)]:
        v = g.view(seat)
        assert v["talk"] == expected
        assert len([e for e in v["log"] if e["type"] == "claim"]) == 3 and "silent" in types(v["log"])


def test_questions_and_answers_are_public_and_lies_are_accepted():
    g = brady_play(
        _five(), ["snoops:Jan,Greg", "lights_out", "plays:Greg=1,Marcia=4,Peter=6,Jan=2", "peek:Peter", "peek:Jan"]
    )
    brady_play(g, ["ask_played:Peter"])
    assert g.phase == "answer" and g.to_act == [3]
    assert g.view(1)["pending"] == {"question": "ask_played", "kid": "Peter", "round": 1, "about": None}
    assert g.legal_actions(3) == [{"type": "say_card", "value": v} for v in range(1, 7)]
    brady_play(g, ["say_card:2"])  # Peter played 6: the lie is accepted
    brady_play(g, ["ask_looked:Jan", "say_looked:nobody"])  # Jan looked at Peter: another lie
    brady_play(g, ["ask_number:Greg", "say_number:Jan:5"])
    brady_play(g, ["ask_truth:Jan:Peter", "say_yes_no:yes"])
    brady_play(g, ["ask_suspect:Marcia", "say_suspect:Peter"])
    talk = g.view(None)["talk"]
    assert [(t["speaker"], t["kind"], t["subject"], t["value"], t["yes"], t["question"]) for t in talk] == [
        ("Peter", "played", "Peter", 2, None, "ask_played"),
        ("Jan", "looked", "nobody", None, None, "ask_looked"),
        ("Greg", "looked", "Jan", 5, None, "ask_number"),
        ("Jan", "vouch", "Peter", None, True, "ask_truth"),
        ("Marcia", "suspect", "Peter", None, None, "ask_suspect"),
    ]
    for seat in range(5):
        v = g.view(seat)
        assert v["talk"] == talk and [e["type"] for e in v["log"]].count("question") == 5
    assert g.phase == "talk" and g.view(None)["questions"] == 5
    with pytest.raises(IllegalAction, match="does not fit"):
        brady_play(g, ["ask_played:Greg"]).act(1, {"type": "say_yes_no", "yes": True})
    # questions may be about an earlier round, not a later one
    brady_play(g, ["say_card:1", "cookie:Greg", "peek:Peter", "pass"])
    assert g.phase == "final"
    with pytest.raises(IllegalAction, match="rounds 1..1"):
        g.act(0, {"type": "ask_played", "kid": "Greg", "round": 2})
    brady_play(g, ["ask_played:Greg:1", "say_card:1", "end_round"])
    step_round(g, until_phase="talk")
    assert {"type": "ask_played", "kid": "Greg", "round": 1} in g.legal_actions(0)  # earlier rounds stay open
    brady_play(g, ["ask_played:Jan:1", "say_card:2"])
    assert (g.talk[-1]["round"], g.talk[-1]["about_round"]) == (2, 1)


def test_max_questions_caps_questions_per_round():
    g = brady_position(4, seed=3, volunteer=False, max_questions=2)
    step_round(g, until_phase="talk")
    brady_play(g, ["ask_played:Greg", "say_card:3", "ask_suspect:Peter", "say_suspect:Greg"])
    assert not any(a["type"].startswith("ask_") for a in g.legal_actions(0))
    assert g.view(None)["max_questions"] == 2 and g.view(None)["questions"] == 2
    with pytest.raises(IllegalAction, match="2 questions") as info:
        g.act(0, {"type": "ask_played", "kid": "Greg", "round": 1})
    assert info.value.code == "illegal_action"
    step_round(g, until_phase="final")
    assert g.legal_actions(0) == [{"type": "end_round"}]  # the cap covers final questions too
    g.act(0, {"type": "end_round"})
    step_round(g, until_phase="talk")
    assert g.view(None)["questions"] == 0 and any(a["type"] == "ask_played" for a in g.legal_actions(0))
    g0 = brady_position(4, seed=3, volunteer=False, max_questions=0)
    step_round(g0, until_phase="talk")
    assert all(a["type"] == "cookie" for a in g0.legal_actions(0))
    gn = brady_position(4, seed=3, volunteer=False)  # no cap (the rulebook)
    step_round(gn, until_phase="talk")
    for _ in range(12):
        brady_play(gn, ["ask_suspect:Greg", "say_suspect:Peter"])
    assert any(a["type"] == "ask_suspect" for a in gn.legal_actions(0))


def test_volunteer_off_skips_the_claims():
    g = brady_play(
        _five(), ["snoops:Jan,Greg", "lights_out", "plays:Greg=1,Marcia=4,Peter=6,Jan=2", "peek:Peter", "peek:Jan"]
    )
    assert g.phase == "talk"


# ============================================================ private peeks
def test_peeks_are_private_but_that_a_peek_happened_is_public():
    g = brady_play(
        _five(),
        [
            "snoops:Jan,Greg",
            "lights_out",
            "plays:Greg=1,Marcia=4,Peter=6,Jan=2",
            "peek:Peter",
            "peek:Marcia",
            "cookie:Peter",
            "peek:Jan",
            "use_token:man",
            "peek:Greg",
        ],
    )
    owner = {4: ("Peter", 6, "snoop"), 1: ("Marcia", 4, "snoop"), 3: ("Jan", 2, "cookie"), 0: ("Greg", 1, "man")}
    for seat in [None, *range(5)]:
        v = g.view(seat)
        peek_events = [e for e in v["log"] if e["type"] == "peek"]
        if seat in owner:
            kid, value, via = owner[seat]
            assert v["peeks"] == [{"round": 1, "kid": kid, "value": value, "via": via}]
            assert [(e["kid"], e["value"], e["via"]) for e in peek_events] == [(kid, value, via)]
        else:
            assert v["peeks"] == [] and peek_events == []
        # everyone sees who looked and how, not at what
        peeked = [e for e in v["log"] if e["type"] == "peeked"]
        assert [(e["seat"], e["via"]) for e in peeked] == [(4, "snoop"), (1, "snoop"), (3, "cookie"), (0, "man")]
        assert all("kid" not in e and "value" not in e for e in peeked)
        # no face-down card value anywhere in the view but the viewer's own
        assert all(s["face_up"] is None for s in v["kids"])


# ========================================================== illegal actions
def test_every_illegal_action_code_with_a_helpful_message():
    g = _five()
    before = g.to_json()
    cases = [
        (1, {"type": "play", "value": 1}, "not_your_turn", "not seat 1's turn"),
        (0, {"type": "reveal_snoops", "extra": 1}, "malformed_action", "unexpected ['extra']"),
        (0, {"type": "dance"}, "malformed_action", "unknown action type"),
        (0, "reveal_snoops", "malformed_action", "must be a dict"),
        (9, {"type": "reveal_snoops"}, "malformed_action", "no seat 9"),
        (0, {"type": "lights_out"}, "illegal_action", "Alice reveals the Snoop cards"),
    ]
    for seat, action, code, text in cases:
        with pytest.raises(IllegalAction) as info:
            g.act(seat, action)
        assert info.value.code == code and text in str(info.value), (action, str(info.value))
        assert g.to_json() == before
    brady_play(g, ["snoops:Jan,Greg"])
    before = g.to_json()
    cases = [
        (1, {"type": "play", "value": 6}, "you hold [1, 2, 3]"),
        (1, {"type": "play", "value": "6"}, "wrong type"),
        (0, {"type": "request", "kid": "Zeke", "about": "Greg"}, "no kid 'Zeke'"),
        (0, {"type": "request", "kid": "Jan", "about": "Jan"}, "another kid"),
        (0, {"type": "cookie", "kid": "Greg"}, "kids play Mischief cards"),
    ]
    for seat, action, text in cases:
        with pytest.raises(IllegalAction) as info:
            g.act(seat, action)
        assert info.value.code in ("illegal_action", "malformed_action") and text in info.value.reason, (
            action,
            str(info.value),
        )
        assert g.to_json() == before
    brady_play(g, ["lights_out", "plays:Greg=1,Marcia=4,Peter=6,Jan=2"])
    with pytest.raises(IllegalAction, match="your own card"):
        g.act(4, {"type": "peek", "kid": "Jan"})
    with pytest.raises(IllegalAction, match="no kid 'nobody'"):
        g.act(4, {"type": "peek", "kid": "nobody"})
    brady_play(g, ["peek:Peter", "peek:Jan"])
    for action, text in [
        ({"type": "ask_truth", "kid": "Greg", "about": "Greg", "round": 1}, "about another kid"),
        ({"type": "ask_played", "kid": "nobody", "round": 1}, "no kid 'nobody'"),
        ({"type": "ask_played", "kid": "Greg", "round": 0}, "rounds 1..1"),
    ]:
        with pytest.raises(IllegalAction, match=text) as info:
            g.act(0, action)
        assert info.value.code == "illegal_action"
    brady_play(g, ["cookie:Greg", "peek:Peter"])
    with pytest.raises(IllegalAction, match=r"Alice has \['woman', 'man'\] left"):
        g.act(0, {"type": "use_token", "token": "dog"})
    game = _example_game("Peter")
    with pytest.raises(IllegalAction) as info:
        game.act(0, {"type": "accuse", "kid": "Jan"})
    assert info.value.code == "game_over" and "over" in str(info.value)


# ============================================== determinism, JSON, replay
def test_same_seed_and_same_actions_give_the_same_game():
    a = random_playout(BradyBunch(6, 42, max_questions=2), rng=1, views_every=10)
    b = BradyBunch(6, 42, max_questions=2)
    for h in a.history:
        if h["seat"] != "chance":
            b.act(h["seat"], h["action"])
    assert b.to_json() == a.to_json() and b.winners == a.winners
    c = BradyBunch.replay(6, 42, a.history, deal=a.deal, max_questions=2)  # chance from the record
    assert c.history == a.history and c.full_view() == a.full_view() and c.events == a.events
    assert BradyBunch(6, 43).deal != BradyBunch(6, 42).deal


@pytest.mark.parametrize(
    "players,options", [(3, {}), (5, {"max_questions": 1}), (7, {"cousin_oliver": True, "max_questions": 1})]
)
def test_to_json_round_trip_mid_game_and_at_the_end(players, options):
    g = BradyBunch(players, 8, **options)
    rng = random.Random(8)
    k = 0
    while not g.over:
        seat = rng.choice(g.to_act)
        g.act(seat, rng.choice(g.legal_actions(seat)))
        k += 1
        if k % 7 == 0 or g.over:
            copy_ = BradyBunch.from_json(g.to_json())
            assert copy_.to_json() == g.to_json() and copy_.full_view() == g.full_view()
            assert all(copy_.view(s) == g.view(s) for s in [None, *range(players)])
    data = json.loads(g.to_json())
    assert data["game"] == "brady_bunch" and data["options"] == g.options


def test_position_builder_round_trips_and_reports_bad_steps():
    g = _example_game(None)
    assert BradyBunch.from_json(g.to_json()).full_view() == g.full_view()
    with pytest.raises(IllegalAction, match="step 2"):
        brady_position(4, steps=["snoops:Greg,Marcia", "lights_out", "Greg:play:9"])
    with pytest.raises(ValueError, match="several seats"):
        brady_position(4, steps=["snoops:Greg,Marcia", "play:3"])
    with pytest.raises(ValueError, match="only 8 cards"):
        brady_position(4, hands={"Greg": [6, 6, 6]}, deck=[6] * 6)
    with pytest.raises(ValueError, match="not playing kids"):
        brady_position(4, hands={"Bobby": [1, 2, 3]})


def test_own_actions_fit_their_schema_and_forgeries_take_the_full_checks():
    """BradyBunch._accepts_turn skips the schema checks for the module's own read-only
    actions (their ids in _OURS_IDS): every one of them must fit its schema exactly, and
    a FrozenAction built elsewhere must still be checked in full."""
    from brady_widgets.brady_bunch import rules as R
    from brady_widgets.engine.game import FrozenAction

    for players in range(3, 9):
        for oliver in (False, True) if players >= 6 else (False,):
            g = R.BradyBunch(players, 1, cousin_oliver=oliver)
            t = g._tables
            every = [a for rows in (t.talk, t.final) for row in rows for a in row[0]]
            every += [a for row in t.answers.values() for a in row[0]]
            every += [*t.claims[0], *t.reveal[0], *t.signs[0], *t.accuse[0]]
            every += [*t.peek.values(), *t.expose.values(), *(a for r in t.requests.values() for a in r)]
            every += [*R._PLAY.values(), *R._USE_TOKEN.values(), R._LIGHTS_OUT, R._PASS]
            for a in every:
                assert id(a) in R._OURS_IDS and type(a) is FrozenAction
                schema = R.BradyBunch.action_schema[a["type"]]
                assert set(a) == {"type", *schema}
                assert all(type(a[k]) is typ for k, typ in schema.items())
    g = R.BradyBunch(5, 3, max_questions=2)
    g.act(0, g.legal_actions(0)[0])  # reveal: now "play"
    forged = FrozenAction(type="play", value="6")
    seat = g.to_act[-1]
    with pytest.raises(IllegalAction) as e:
        g.act(seat, forged)
    assert e.value.code == "malformed_action"
    # an equal copy (not the handed-out object) is still legal through the key look-up
    g.act(0, dict(g.legal_actions(0)[-1]))


def test_shuffled_deck_is_random_shuffle():
    """The set-up's written-out shuffle deals what random.Random.shuffle deals, and leaves
    the RNG in the same state (fails if a Python release changes shuffle)."""
    from brady_widgets.brady_bunch.rules import full_deck, shuffled_deck

    for seed in [*range(300), 2**64 + 5, -7]:
        a, b = random.Random(seed), random.Random(seed)
        cards = full_deck()
        a.shuffle(cards)
        assert shuffled_deck(b) == cards
        assert a.getstate() == b.getstate()


@pytest.mark.parametrize("players", [3, 5, 8])
def test_kept_seats_are_the_seats_now(players):
    # act keeps the play phase's seats to act for the next action (see BradyBunch.act):
    # after every action they must be what _seats_now works out afresh
    rng = random.Random(players)
    for seed in range(20):
        g = BradyBunch(players, seed, max_questions=2)
        while not g.over:
            seat = rng.choice(g.to_act)
            g.act(seat, rng.choice(g.legal_actions(seat)))
            if g._seats is not None:
                assert g._seats == g._seats_now(), (seed, len(g.history), g.phase)
                assert g.to_act == g._seats_now()


def test_a_game_keeps_its_state_in_slots_and_apply_history_puts_it_back():
    # CPython (3.11, 3.12) keeps a __dict__ of at most 30 attributes in its fast inline
    # layout: the game's own state is in __slots__, so the kernel's and the caches stay under
    g = BradyBunch(8, 5, max_questions=2)
    rng = random.Random(5)
    while not g.over:
        g.view(rng.randrange(8))
        s = rng.choice(g.to_act)
        g.act(s, rng.choice(g.legal_actions(s)))
        if len(g.history) == 40:
            # a refused record undoes the steps it applied, the slots' state included
            before, view = g.to_json(), g.full_view()
            legal = g.legal_actions(g.to_act[0])
            s = g.to_act[0]
            with pytest.raises(IllegalAction):
                g.apply_history(
                    [{"seat": s, "action": legal[0]}, {"seat": s, "action": {"type": "accuse", "kid": "x"}}]
                )
            assert g.to_json() == before and g.full_view() == view
    assert len(vars(g)) <= 30, sorted(vars(g))
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):  # every protocol (0 and 1 need __getstate__)
        assert pickle.loads(pickle.dumps(g, protocol)).full_view() == g.full_view()

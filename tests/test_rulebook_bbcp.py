"""Big Brother: The Game and Costume Party Detective, read sentence by sentence.

Each test quotes the rulebook sentence (``shared/rulebooks/big_brother_the_game.txt``,
``shared/rulebooks/costume_party_detective.txt``) or the rules decision
(``shared/design/rules-decisions.md``) it checks, and drives the real engine to the
situation: the legal actions, the outcome and what each seat sees. These are the rules the
audit proved that ``test_big_brother_rules.py`` and ``test_costume_rules.py`` do not
already pin (the evicted and the roll-offs, what the views hide, whole games read against
the sequence of play, the last turns of a party); expected values come from the rules as
written, not from the engine.
"""

from __future__ import annotations

import json
import random

import pytest

from brady_widgets.big_brother.content import CONFRONTATION_CARDS
from brady_widgets.big_brother.rules import BigBrother
from brady_widgets.costume_party.positions import position
from brady_widgets.costume_party.rules import CostumeParty
from brady_widgets.engine.errors import IllegalAction

# ====================================================================== Big Brother
#: rulebook, "Sequence of Play": rounds by player count; "Big Brother for 4 Players": turns each
ROUNDS = {4: 2, 5: 3, 6: 4}
TURNS_EACH = {4: 2, 5: 1, 6: 1}
DEAL = {"deck": list(range(len(CONFRONTATION_CARDS))), "camera": [0, 1, 2, 3, 4, 5]}
CONF = {"kind": "confrontation", "room": None}


def board(spaces: dict[int, dict] | None = None) -> list[dict]:
    """A 32-space test board: the Living Room at 0, confrontation spaces elsewhere, except ``spaces``."""
    t = [dict(CONF) for _ in range(32)]
    t[0] = {"kind": "room", "room": "Living Room"}
    for k, s in (spaces or {}).items():
        t[k] = dict(s)
    return t


def room(name: str) -> dict:
    return {"kind": "room", "room": name}


def bb(players: int, spaces: dict | None = None, **options) -> BigBrother:
    options.setdefault("deal", DEAL)
    return BigBrother(players, 0, track=board(spaces), **options)


def act(g: BigBrother, seat: int, action: dict) -> None:
    g.act(seat, action, at=g.clock)


def forced_roll(g: BigBrother, a: int, b: int, *dice: int) -> None:
    """The mover rolls ``a`` + ``b``; ``dice``: the one-die rolls of a roll-off that follows."""
    g.apply_history(
        [
            {"seat": g.mover, "action": {"type": "roll"}, "at": g.clock},
            {"seat": "chance", "kind": "dice", "outcome": [a, b]},
        ]
        + [{"seat": "chance", "kind": "die", "outcome": d} for d in dice]
    )


def first_votes(g: BigBrother) -> None:
    """Everybody the game waits on casts their first legal vote."""
    for s in list(g.to_act):
        act(g, s, next(a for a in g.legal_actions(s) if a["type"] == "vote"))


def play_until(g: BigBrother, stop, rng: random.Random | None = None, limit: int = 20_000) -> BigBrother:
    """Play (first legal action, or a random one with ``rng``; never a claim) until ``stop(g)``."""
    for _ in range(limit):
        if g.over or stop(g):
            return g
        if not g.to_act:
            g.advance(g.next_deadline())
            continue
        s = g.to_act[0] if rng is None else rng.choice(g.to_act)
        legal = [a for a in g.legal_actions(s) if a["type"] != "claim"]
        act(g, s, legal[0] if rng is None else rng.choice(legal))
    raise AssertionError("the game did not get there")


def one_evicted(players: int = 5, spaces: dict | None = None, **options) -> BigBrother:
    """Round 1 played on a board of confrontation spaces (and ``spaces``, never reached: every
    turn rolls 1 + 1 onto space 2, 4, ...): one housemate evicted, round 2's first roll."""
    g = bb(players, spaces, **options)
    while g.round == 1:
        if g.phase == "roll":
            forced_roll(g, 1, 1)
        first_votes(g)
    assert g.phase == "roll" and len(g.evicted) == 1
    return g


def views(g) -> dict:
    return {s: g.view(s) for s in [None, *range(g.players)]}


def test_every_pawn_starts_on_the_living_room_space():
    """ "Each player places their pawn on the living room space. This is where the game
    starts and ends." """
    for n in (4, 5, 6):
        g = BigBrother(n, 3)
        assert g.track[0] == {"kind": "room", "room": "Living Room"}
        for v in views(g).values():
            assert v["positions"] == [0] * n
            assert v["track"][0] == "Living Room"


@pytest.mark.parametrize("players", [3, 7, 1, 12])
def test_four_to_six_players_only(players):
    """Components: "6 neck tags, numbered 1 to 6", "6 pawns"; rules decision: "Players 4-6"."""
    with pytest.raises(ValueError, match="4 to 6 players"):
        BigBrother(players, 0)


@pytest.mark.parametrize("room_name,why", [("Garden", "garden"), ("Living Room", "living_room")])
def test_the_roll_offs_are_for_the_housemates_still_in_the_game(room_name, why):
    """Garden: "every player still in the game rolls a die. Whoever rolls the lowest must put
    a vote card with your number into the ballot box." Living Room: "The other players each
    roll a die. You must put a vote card into the ballot box for the player who rolls the
    highest." An evicted housemate rolls no die (nobody may vote for them; they give no
    card), and neither does the housemate who landed there."""
    g = one_evicted(5, {4: room(room_name)})  # (a second Living Room space: a board may have one)
    out, mover = g.evicted[0], g.mover
    others = [s for s in range(5) if s not in (mover, out)]
    steps = 4 - g.pos[mover]
    a, b = steps - 1, 1
    # the roll-off: distinct dice, the lowest (Garden) or highest (Living Room) is the last roller
    dice = list(range(2, 2 + len(others)))
    if room_name == "Garden":
        dice.reverse()
    mark = len(g.events)
    forced_roll(g, a, b, *dice)
    rolloff = [e for e in g.events[mark:] if e["type"] == "roll_off"]
    assert len(rolloff) == 1 and rolloff[0]["why"] == why
    assert sorted(int(s) for s in rolloff[0]["rolls"]) == others  # never the evicted, never the mover
    picked = others[-1]
    opened = [e for e in g.events[mark:] if e["type"] == "open_vote"]
    if room_name == "Garden":
        assert [(e["seat"], e["target"]) for e in opened] == [(picked, mover)]
    else:
        assert [(e["seat"], e["target"]) for e in opened] == [(mover, picked)]


def test_only_the_plus_question_is_read_on_a_confrontation_space_and_only_the_minus_one_at_an_eviction():
    """ "Read out only the situation description and the + question." "The + questions are
    asked when a player lands on a confrontation space, or during the final vote. The -
    questions are asked only when voting someone out." No seat's screen holds the other
    question of the card being read."""
    g = bb(5)
    forced_roll(g, 1, 1)
    assert g.phase == "vote"
    card = CONFRONTATION_CARDS[g.card]
    for v in views(g).values():
        text = json.dumps(v)
        assert v["card"]["sign"] == "+" and v["card"]["question"] == card["plus"]
        assert card["minus"] not in text
    g = one_evicted(5)
    while g.phase != "evict_vote":
        if g.phase == "roll":
            forced_roll(g, 1, 1)
        first_votes(g)
    card = CONFRONTATION_CARDS[g.card]
    for v in views(g).values():
        assert v["card"]["sign"] == "-" and v["card"]["question"] == card["minus"]
        assert card["plus"] not in json.dumps(v)


@pytest.mark.parametrize("players,seed", [(4, 1), (5, 2), (6, 3), (4, 11), (5, 12), (6, 13)])
def test_a_whole_game_follows_the_sequence_of_play(players, seed):
    """ "With 6 players there are 4 rounds, with 5 players 3 rounds, and with 4 players 2
    rounds. Each round consists of one turn per player" ("each round lasts twice as long"
    with 4). "At the end of each round, 2 or more players are nominated. One of the
    nominated players is then voted out." "Play continues until only 2 players remain in
    the game." "There are therefore always 3 candidates for victory." "The + questions are
    asked when a player lands on a confrontation space, or during the final vote. The -
    questions are asked only when voting someone out." "Confrontation cards are set aside
    after use." Read off a whole random game's public log."""
    g = play_until(BigBrother(players, seed), lambda g: False, rng=random.Random(seed))
    log = g.view(None)["log"]
    in_house = list(range(players))
    turns = 0
    rounds = 0
    cards = []
    for ev in log:
        if ev["type"] == "turn":
            assert ev["seat"] in in_house
            turns += 1
        elif ev["type"] == "nominated":
            rounds += 1
            assert turns == len(in_house) * TURNS_EACH[players]  # every housemate in had their turns
            assert len(ev["seats"]) >= 2 and set(ev["seats"]) <= set(in_house)
            turns = 0
        elif ev["type"] == "evicted":
            in_house.remove(ev["seat"])
        elif ev["type"] == "card":
            cards.append(ev["card"])
            assert ev["sign"] == {"confrontation": "+", "final": "+", "eviction": "-"}[ev["purpose"]]
        elif ev["type"] == "returned":
            assert len(ev["candidates"]) == 3 and len(in_house) == 2
            assert set(in_house) < set(ev["candidates"])
    assert rounds == ROUNDS[players] and len(in_house) == 2
    assert len(set(cards[: len(CONFRONTATION_CARDS)])) == len(cards[: len(CONFRONTATION_CARDS)])  # none read twice
    assert len(g.winners) == 1 and g.winners[0] in g.candidates


def test_the_final_candidates_stand_in_the_living_room_and_everybody_votes():
    """Final Vote: "The candidates place their pawns in the living room on the board, so
    that everyone can see them clearly." "All players, including the 3 candidates, vote
    after each question." "Note: Votes can only be cast for the 3 candidates." Evicted
    Players: "Players who are voted out during the game no longer have a pawn on the
    board ... but they continue to vote as normal." """
    g = play_until(BigBrother(5, 4), lambda g: g.phase == "final_vote")
    stays_out = [s for s in g.evicted if s not in g.candidates]
    assert len(g.candidates) == 3 and len(stays_out) == 2
    for v in views(g).values():
        assert [v["positions"][s] for s in g.candidates] == [0, 0, 0]
        assert [v["positions"][s] for s in stays_out] == [None, None]
    assert sorted(g.to_act) == list(range(5))  # the candidates and the evicted alike
    for s in range(5):
        assert sorted(a["target"] for a in g.legal_actions(s)) == [c for c in g.candidates if c != s]


def test_a_gossip_card_stays_hidden_until_both_show_it():
    """Gossip: "the two gossipers (without consulting each other!) each take from their own
    supply one vote card ... and keep the card hidden in their hand. At 0 the gossipers
    must show their vote card to the others." """
    g = bb(5, {2: {"kind": "gossip", "room": None}})
    forced_roll(g, 1, 1)
    g.apply_history(
        [
            {"seat": 0, "action": {"type": "gossip", "partner": 1, "side": "+"}, "at": g.clock},
            {"seat": "chance", "kind": "gossip_dice", "outcome": [2, 3]},
        ]
    )
    act(g, 0, {"type": "gossip_card", "target": 3})
    for s, v in views(g).items():
        assert v["gossip"]["picked"] == [0]  # that a card was taken is seen ...
        assert "chosen" not in v["gossip"]
        mine = [e for e in v["log"] if e["type"] == "my_gossip_card"]
        assert mine == [] if s != 0 else [e["target"] for e in mine] == [3]  # ... which one only by its owner
        assert (v["my_choice"] == {"gossip_card": 3}) == (s == 0)
    act(g, 1, {"type": "gossip_card", "target": 3})
    for v in views(g).values():  # both shown to everybody at once
        reveal = [e for e in v["log"] if e["type"] == "gossip_reveal"]
        assert reveal and reveal[-1]["shown"] == {"0": 3, "1": 3} and reveal[-1]["match"]


def test_the_camera_line_is_seen_by_its_holder_only_until_it_catches():
    """Camera Space: "take a camera card from the pile and look at what is written next to
    your number. Do not tell the others what it says; place the card face down in front of
    you." "Show your camera card to the others as proof." """
    from brady_widgets.big_brother.content import CAMERA_CARDS

    g = bb(5, {2: {"kind": "camera", "room": None}})
    forced_roll(g, 1, 1)  # seat 0 draws camera card 0
    text = CAMERA_CARDS[0][0]["text"]
    for s, v in views(g).items():
        seen = text in json.dumps(v)
        assert seen == (s == 0), s
        assert v["camera"]["held"] == [1, 0, 0, 0, 0]  # that a card lies in front of them is public


def test_evicted_housemates_leave_the_board_and_take_no_more_turns():
    """Voting Out: "The pawn of the voted-out player is removed from the board." Evicted
    Players: "Players who are voted out during the game no longer have a pawn on the
    board. Votes can no longer be cast for these players, but they continue to vote as
    normal." """
    g = one_evicted(6)
    out = g.evicted[0]
    for v in views(g).values():
        assert v["positions"][out] is None
    assert out not in g.order
    forced_roll(g, 1, 1)
    assert out in g.to_act  # votes on the + question
    assert all(a["target"] != out for s in range(6) for a in g.legal_actions(s))


def test_cards_come_back_after_the_nominations_and_after_the_eviction():
    """Nominations: "Before the voting out, everyone takes back their own vote cards."
    Voting Out: "Everyone gets their own vote cards back." """
    g = bb(4)
    full = [[0 if t == s else 4 for t in range(4)] for s in range(4)]
    while g.phase != "evict_vote":
        if g.phase == "roll":
            forced_roll(g, 1, 1)
        first_votes(g)
    assert [g.view(s)["my_cards"] for s in range(4)] == full and g.view(None)["box_count"] == 0
    while g.phase == "evict_vote":
        first_votes(g)
    assert len(g.evicted) == 1
    assert [g.view(s)["my_cards"] for s in range(4)] == full and g.view(None)["box_count"] == 0


def _storeroom_spent() -> BigBrother:
    """Four Storerooms in a row, each an open vote for Player 4: the fifth finds Player 1
    without a card with number 4."""
    g = bb(4, {k: room("Storeroom") for k in (2, 4, 6, 8, 10)})
    for _ in range(4):
        forced_roll(g, 1, 1)
        act(g, 0, {"type": "choose", "target": 3})
    forced_roll(g, 1, 1)
    return g


def _eviction() -> BigBrother:
    g = bb(5)
    while g.phase != "evict_vote":
        if g.phase == "roll":
            forced_roll(g, 1, 1)
        first_votes(g)
    return g


def _bedroom() -> BigBrother:
    # Player 1 in the Men's Bedroom; Players 3 and 5 are tagged "man", Player 2 "woman"
    g = bb(5, {2: room("Men's Bedroom")}, tags=["man", "woman", "man", None, "man"])
    forced_roll(g, 1, 1)
    return g


def _gossip() -> BigBrother:
    g = bb(5, {2: {"kind": "gossip", "room": None}})
    forced_roll(g, 1, 1)
    return g


def _the_return() -> BigBrother:
    return play_until(BigBrother(5, 4), lambda g: g.phase == "return")


#: (position, seat, action, the rule in the engine's reason, the sentence on the screen)
REFUSED = [
    (lambda: bb(5), 0, {"type": "vote", "target": 1}, "rolls the dice", "Not now: roll the dice."),
    (_gossip, 0, {"type": "roll"}, "gossip space",
     "Not now: pick a housemate to gossip with and a side of the gossip table."),
    (_gossip, 0, {"type": "gossip", "partner": 0, "side": "+"},
     "gossip with another housemate still in the house: Player 2, Player 3, Player 4 or Player 5",
     "Gossip with another housemate who is still in the house."),
    (_gossip, 0, {"type": "gossip", "partner": 1, "side": "x"},
     "the gossip table has a + side and a - side", "The gossip table has a + side and a - side: pick one of them."),
    (_bedroom, 0, {"type": "choose", "target": 1}, "in the Men's Bedroom you vote openly for your favourite man",
     "In the Men's Bedroom you vote openly for a housemate tagged man (any card only if you hold none for one)."),
    (_storeroom_spent, 0, {"type": "choose", "target": 3}, "no vote card left with number 4",
     "You have no vote card left with Ana's number: choose from the cards you still hold."),
    (_eviction, 0, {"type": "roll"}, "Eviction vote", "Not now: vote in secret on the eviction question."),
    (_the_return, 0, {"type": "vote", "target": 4}, "rank the evicted housemates",
     "Not now: rank the evicted housemates, best first."),
    # a number no housemate wears (Player 5 typed as 5): it was "That move is not allowed right now."
    (_gossip, 0, {"type": "gossip", "partner": 5, "side": "+"}, "there is no seat 5",
     "There is no such housemate: a seat is 0 to 4 (Player 1 to Player 5)."),
    (_bedroom, 0, {"type": "choose", "target": -1}, "there is no seat -1",
     "There is no such housemate: a seat is 0 to 4 (Player 1 to Player 5)."),
]  # fmt: skip


@pytest.mark.parametrize("make,seat,action,rule,sentence", REFUSED, ids=[str(i) for i in range(len(REFUSED))])
def test_an_illegal_move_is_refused_with_the_rule_and_changes_nothing(make, seat, action, rule, sentence):
    """Vote Cards: "You never have a card with your own number on the front ... When voting,
    you must choose from the vote cards you still have in your possession." Men's Bedroom:
    "openly put a vote card of your favourite gentleman into the ballot box." Gossip Space:
    "chooses another player who has not yet been voted out to gossip with"; "You may always
    choose for yourself which side of the table you use." A move the rules refuse raises
    the engine's IllegalAction naming the rule, changes nothing, and the screen says it in
    a plain sentence."""
    from brady_widgets.session import session_for

    g = make()
    names = ["Jo", "Sam", "Kim", "Ana", "Lee", "Max"][: g.players]
    presenter = session_for("big_brother", game=g, humans=[seat], pace=0, names=names).presenter
    before = g.to_json()
    with pytest.raises(IllegalAction) as err:
        g.act(seat, action, at=g.clock)
    assert err.value.code == "illegal_action" and rule in err.value.reason
    assert "[" not in err.value.reason  # a sentence, no Python list
    assert g.to_json() == before
    assert presenter.refusal_text("illegal_action", action, seat) == sentence


# ============================================================= Costume Party Detective
@pytest.mark.parametrize("players", [0, 1, 9, 20])
def test_two_to_eight_players_only(players):
    """Rules decision: "Players: 2 to 8." """
    with pytest.raises(ValueError, match="2 to 8 players"):
        CostumeParty(players, 0)


@pytest.mark.parametrize("players,seed", [(p, s) for p in range(2, 9) for s in (1, 2, 3)])
def test_a_whole_party_follows_the_rulebook(players, seed):
    """Read against every step of a random party (the public log, checked as it grows):

    * "then players take turns, in clockwise order"; "eliminated players are skipped";
    * "On your turn: First, roll the die.";
    * "When you kill a character you must kill a character that is located in the same
      room as your (secret) character";
    * "Once you have three face up cards in front of you, you no longer have the option to
      draw a card"; a drawn card is never a player's ("the rest of deck of Character Cards
      ... These are the innocent partygoers");
    * "If you removed another player's character, that player must reveal his/her card and
      is eliminated from the game";
    * "The game is over when only one player's character remains on the board. That player
      is the winner!" """
    rng = random.Random(seed)
    g = CostumeParty(players, seed, first_seat=seed % players)
    secrets = list(g.secrets)
    expected_turn = seed % players
    alive = [True] * players
    for _ in range(5000):
        if g.over:
            break
        seat = g.to_act[0]
        assert g.to_act == [seat]
        if g.phase == "roll":
            assert seat == expected_turn and alive[seat]
            assert g.legal_actions(seat) == [{"type": "roll"}]
        action = dict(rng.choice(g.legal_actions(seat)))
        mine_room = g.room_of[secrets[seat]]
        face_up = len(g.face_up[seat])
        mark = len(g.events)
        g.act(seat, action)
        new = g.events[mark:]
        if action["type"] == "kill":
            kill = next(e for e in new if e["type"] == "kill")
            assert kill["room"] == mine_room and secrets[seat] in kill["room_figures"]
            if action["figure"] in secrets:
                victim = secrets.index(action["figure"])
                alive[victim] = False
                for s in [None, *range(players)]:
                    assert g.view(s)["revealed"][victim] == action["figure"]
        if action["type"] == "draw":
            assert face_up < 3
            assert next(e for e in new if e["type"] == "draw")["card"] not in secrets
        assert g.alive == alive
        on_board = [s for s in range(players) if g.room_of[secrets[s]] is not None]
        assert on_board == [s for s in range(players) if alive[s]]
        assert g.over == (len(on_board) == 1)
        if not g.over and g.phase == "roll":  # the turn passed: the next seat still in, clockwise
            nxt = (seat + 1) % players
            while not alive[nxt]:
                nxt = (nxt + 1) % players
            expected_turn = nxt
            assert g.turn == expected_turn
    assert g.over and g.winners == [s for s in range(players) if alive[s]] and len(g.winners) == 1
    assert g.room_of[secrets[g.winners[0]]] is not None
    assert all(g.legal_actions(s) == [] for s in range(players))


def test_an_eliminated_player_learns_no_other_identity():
    """Killing a Character: "Players that have been eliminated from the game must not talk
    about other players' identities." On screen: the eliminated player's view shows their
    own card and the revealed ones, never a living player's."""
    g = position(4, rooms={"red": [0, 1]}, others="hall", secrets=[0, 1, 2, 3], steps=["black:kill:1"])
    assert g.alive == [True, False, True, True]
    v = g.view(1)
    assert v["my_character"] == 1 and v["revealed"] == [None, 1, None, None]
    assert [e["figure"] for e in v["log"] if e["type"] == "secret"] == [1]
    assert "secrets" not in v and "deck" not in v


def test_a_drawn_card_lies_face_up_in_front_of_its_drawer_for_everybody():
    """Black, choice 2: "Draw the top Character Card, reveal it, and remove the
    corresponding Character Figure from the board. ... Place the card face up in front of
    you and the Character Figure back in the box." """
    g = position(3, rooms={"red": [0]}, others="hall", secrets=[0, 1, 2], deck=list(range(3, 20)), steps=["black:draw"])
    for s in (None, 0, 1, 2):
        v = g.view(s)
        assert v["face_up"] == [[3], [], []] and 3 in v["left"]
        assert all(3 not in figs for figs in v["rooms"].values())
        assert v["deck_count"] == 16

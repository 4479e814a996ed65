"""The Brady Bunch Party Game and Brouhaha (with Total Black), sentence by sentence.

Each test quotes the rulebook sentence it checks (shared/rulebooks/*.txt; where the
rulebook is silent, shared/design/rules-decisions.md) and drives the real engine
(seeded, or on a fixed deal) to the situation: the legal actions, the outcome, and
what each seat sees. The rules tests/test_brady_rules.py and tests/test_brouhaha_rules.py
already prove rule by rule are not repeated here; these are the whole-game counts, the
edge cases and the refusals that name the rule they enforce.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from brady_widgets.brady_bunch.bots import BOTS, alice_trust
from brady_widgets.brady_bunch.content import QUESTIONS
from brady_widgets.brady_bunch.positions import brady_play, brady_position
from brady_widgets.brady_bunch.presenter import BradyBunchPresenter
from brady_widgets.brady_bunch.rules import BradyBunch
from brady_widgets.brady_bunch.widget import BradyBunchWidget
from brady_widgets.brouhaha.positions import PLAY, SLAP, deal_with, run
from brady_widgets.brouhaha.rules import Brouhaha
from brady_widgets.engine.errors import IllegalAction
from brady_widgets.testing.widgets import send
from brady_widgets.total_black.rules import TotalBlack
from brady_widgets.widget import MSG

# ================================================================ Brady Bunch
#: "Number of Snoop cards revealed each round" and the Cousin Oliver variant's counts
REVEALS = {3: 4, 4: 6, 5: 8, 6: 10, 7: 12, 8: 12}
OLIVER_REVEALS = {6: 8, 7: 10, 8: 12}


def _play_out(g: BradyBunch, rng: random.Random) -> BradyBunch:
    """Random legal actions to the end (questions capped by the game's option)."""
    for _ in range(5000):
        if g.over:
            return g
        seat = rng.choice(g.to_act)
        g.act(seat, rng.choice(g.legal_actions(seat)))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    "players,oliver",
    [(3, False), (4, False), (5, False), (6, False), (7, False), (8, False), (6, True), (7, True), (8, True)],
)
def test_a_whole_game_keeps_the_rulebooks_counts(players, oliver):
    """ "The game is played in 4 rounds"; "Each kid selects 1 Mischief card ... each round";
    "Each kid draws a new Mischief card, bringing their hand back to 3 cards"; "At the end of
    the game, the numbers on each of your four Mischief cards are totaled"; "Each round, Alice
    must reward one kid with a Cookie ... Alice may not give out more than 1 Cookie per round";
    "Once per round ... Alice may also spend a Help Token ... Discard the Help Token after use";
    the Snoop cards revealed each round; Cousin Oliver "expose[s] 2 Mischief cards over the
    course of the 4 rounds. He may not expose 2 cards in the same round"; "Add up the numbers
    on the cards, including adding or subtracting for Cookies"."""
    for seed in range(3):
        g = BradyBunch(players, seed, cousin_oliver=oliver, max_questions=1)
        start_tokens = list(g.tokens)
        _play_out(g, random.Random(seed))
        log = g.full_view()["log"]
        kids = g.kids
        assert all(len(g.tucked[k]) == 4 for k in kids)  # four cards each, silent kid too
        assert sum(g.cookies.values()) == 4  # one Cookie a round, every round
        assert Counter(e["round"] for e in log if e["type"] == "cookie") == {1: 1, 2: 1, 3: 1, 4: 1}
        tokens = [e for e in log if e["type"] == "token"]
        assert len({e["round"] for e in tokens}) == len(tokens) <= len(start_tokens)  # once a round at most
        assert sorted(g.tokens + [e["token"] for e in tokens]) == sorted(start_tokens)  # each spent once
        snoops = sum(len(e["kids"]) for e in log if e["type"] == "snoops")
        assert snoops == (OLIVER_REVEALS if oliver else REVEALS)[players]
        # "Discard the Snoop cards at the end of each round": none comes back into the deck
        in_deck = 2 * (len(g.player_kids) - (1 if oliver else 0))
        assert sum(g.snoop_deck.values()) == in_deck - snoops
        # "Starting with the kid to Alice's left and continuing clockwise, each kid reveals"
        assert [e["kid"] for e in log if e["type"] == "reveal"] == kids
        if oliver:
            assert all("Oliver" not in e["kids"] for e in log if e["type"] == "snoops")  # his cards are his
            oliver_seat = g.kid_seat["Oliver"]
            assert all(e["seat"] != oliver_seat for e in log if e["type"] == "peeked" and e["via"] == "snoop")
            exposes = [e["round"] for e in log if e["type"] == "expose"]
            assert len(exposes) == len(set(exposes)) <= 2 and g.oliver_cards == 2 - len(exposes)
        # every card accounted for: the hands, the tucked cards and the deck
        held = sum(len(h) for h in g.hands.values())
        assert held == 2 * len(g.player_kids)  # 3 dealt + 3 drawn - 4 played
        assert held + sum(len(t) for t in g.tucked.values()) + len(g.deck) == 48
        for kid in kids:
            sign = g.signs.get(kid, 1)
            assert g.final_scores[kid] == sum(g.tucked[kid]) + sign * g.cookies.get(kid, 0)
        # "Alice gathers all the Snoop cards": she may have accused any kid at the table
        assert g.accused in kids


def _lowest_tie_game(accuse: str) -> BradyBunch:
    # Peter 6+6+5+5 = 22 and the four Cookies at + (26); Jan and Greg 1+1+2+2 = 6 each
    g = brady_position(
        4,
        hands={"Peter": [6, 6, 5], "Jan": [1, 1, 2], "Greg": [1, 1, 2]},
        deck=[5, 2, 2, 3, 3, 3, 4, 4, 4],
        kids=["Peter", "Jan", "Greg"],
        volunteer=False,
    )
    plays = [(6, 1, 1), (6, 1, 1), (5, 2, 2), (5, 2, 2)]
    for p, j, gr in plays:
        brady_play(g, ["reveal", "lights_out", f"plays:Peter={p},Jan={j},Greg={gr}"])
        while g.phase == "snoop":
            g.act(g.to_act[0], g.legal_actions(g.to_act[0])[0])
        brady_play(g, ["cookie:Peter"])
        g.act(g.to_act[0], g.legal_actions(g.to_act[0])[0])  # the Cookie kid looks
        if g.phase == "help":
            brady_play(g, ["pass"])
        brady_play(g, ["end_round"])
    brady_play(g, ["sign:+", f"accuse:{accuse}"])
    return g


def test_a_tie_for_the_lowest_score_makes_every_tied_kid_a_tattletale_and_a_winner():
    """ "If there is a tie for the lowest score, then all the kids with the lowest score become
    Tattletales, and they all win if Alice identifies the Troublemaker." """
    g = _lowest_tie_game("Peter")
    assert g.final_scores == {"Peter": 26, "Jan": 6, "Greg": 6}
    assert g.roles == {"troublemakers": ["Peter"], "sidekicks": [], "tattletales": ["Jan", "Greg"]}
    assert g.winners == [0, 2, 3]  # Alice, Jan and Greg
    assert g.view(3)["winners"] == [0, 2, 3]
    # "If Alice's guess is incorrect, the Troublemaker and Sidekicks win!" (no Sidekick here)
    assert _lowest_tie_game("Jan").winners == [1]


def test_three_players_the_silent_kid_can_be_snooped_and_is_never_a_snoop():
    """3 Players: "the top card on the Mischief deck is placed on the silent Brady kid's space";
    "snooping kids may look at the silent Brady kid's card if they choose"; set-up: "Remove any
    unused characters (2 of each) from the Snoop cards" (rules-decisions: the silent kid's
    Snoop cards stay out of the deck)."""
    for seed in range(6):
        g = BradyBunch(3, seed, kids=["Greg", "Jan"], silent="Bobby", volunteer=False)
        assert g.snoop_deck == {"Greg": 2, "Jan": 2}
        brady_play(g, ["reveal"])
        assert g.view(None)["snoops"][0] in ("Greg", "Jan")
        top = g.full_view()["board"]["Bobby"]
        assert top is not None and g.view(None)["kids"][2]["face_up"] is None  # face down
        brady_play(g, ["lights_out", "plays:Greg=" + str(g.hands["Greg"][0]) + ",Jan=" + str(g.hands["Jan"][0])])
        snoop = g.seat_kid[g.to_act[0]]
        assert {a["kid"] for a in g.legal_actions(g.to_act[0])} == {"Greg", "Jan", "Bobby"} - {snoop}
        g.act(g.to_act[0], {"type": "peek", "kid": "Bobby"})
        seat = g.kid_seat[snoop]
        assert g.view(seat)["peeks"] == [{"round": 1, "kid": "Bobby", "value": top, "via": "snoop"}]
        other = 3 - seat
        assert g.view(other)["peeks"] == [] and g.view(0)["peeks"] == []


def test_a_kid_plays_one_card_a_round():
    """ "Each kid selects 1 Mischief card ... from their hand and places it face down": a second
    card in the same round is refused, and changes nothing."""
    g = brady_position(4, hands={"Greg": [1, 2, 3]}, kids=["Greg", "Marcia", "Peter"], steps=["reveal", "Greg:play:1"])
    before = g.to_json()
    with pytest.raises(IllegalAction) as info:
        g.act(1, {"type": "play", "value": 2})
    assert info.value.code == "not_your_turn" and g.to_json() == before
    assert g.view(1)["hand"] == [2, 3] and g.view(1)["my_cards"] == [1]
    assert all(s["face_up"] is None for s in g.view(2)["kids"])  # played face down: nobody sees it


def test_a_kid_with_several_cookies_chooses_one_sign_for_all_of_them():
    """Scoring: "If a kid has more than 1 Cookie, all their Cookies must be either + or –";
    "each kid with Cookies shows whether their Cookies will add to or subtract from their
    score" (a kid without one chooses nothing)."""
    g = _lowest_tie_game("Peter")
    signs = [e for e in g.full_view()["log"] if e["type"] == "signed"]
    assert [e["kid"] for e in signs] == ["Peter"]  # Peter's four Cookies: one choice
    assert g.final_scores["Peter"] == 22 + 4
    g2 = brady_position(4, kids=["Peter", "Jan", "Greg"], volunteer=False, seed=1)
    for _ in range(4):
        brady_play(g2, ["reveal", "lights_out"])
        while g2.phase != "talk":
            g2.act(g2.to_act[0], g2.legal_actions(g2.to_act[0])[0])
        brady_play(g2, ["cookie:Jan"])
        while g2.phase != "final":
            g2.act(g2.to_act[0], g2.legal_actions(g2.to_act[0])[-1])
        brady_play(g2, ["end_round"])
    assert g2.phase == "signs" and g2.to_act == [2]  # only Jan, holding all four Cookies
    brady_play(g2, ["Jan:sign:-"])
    with pytest.raises(IllegalAction):
        g2.act(2, {"type": "sign", "plus": True})
    assert g2.phase == "accuse" and g2.view(1)["kids"][1]["sign"] == "-"


# ----------------------------------------------------- refusals that name the rule
def _five(**steps_and_options) -> BradyBunch:
    return brady_position(
        5,
        hands={"Greg": [1, 2, 3], "Marcia": [4, 5, 6], "Peter": [6, 6, 5], "Jan": [1, 1, 2]},
        seed=5,
        volunteer=False,
        **steps_and_options,
    )


def _refusal(g: BradyBunch, seat: int, action: dict) -> tuple[str, str]:
    """(the engine's reason, the sentence the seat's widget shows); the game unchanged."""
    before = g.to_json()
    with pytest.raises(IllegalAction) as info:
        g.act(seat, action)
    assert info.value.code == "illegal_action" and g.to_json() == before
    w = BradyBunchWidget(game=g, humans=[seat], pace=0)
    send(w, {"type": MSG.ACT, "action": action})
    assert w.error["code"] == "illegal_action" and g.to_json() == before
    return info.value.reason, w.error["message"]


ROUND_ONE = ["snoops:Jan,Greg", "lights_out", "plays:Greg=1,Marcia=4,Peter=6,Jan=2"]
REFUSALS = {
    # "look at any 1 Mischief card played by another kid"
    "a Snoop looks at another kid's card, never their own": (
        ROUND_ONE,
        4,
        {"type": "peek", "kid": "Jan"},
        "your own card",
        "You cannot look at your own card: look at another kid's card.",
    ),
    # "If Alice draws the same kid twice during one round, they may look at 2 separate Mischief cards."
    "a Snoop drawn twice looks at two separate cards": (
        ["snoops:Jan,Jan", "lights_out", "plays:Greg=1,Marcia=4,Peter=6,Jan=2", "peek:Peter"],
        4,
        {"type": "peek", "kid": "Peter"},
        "just looked at Peter's card",
        "You have just looked at Peter's card: look at a different kid's card.",
    ),
    # "The kid who was given a Cookie gets to look at a Mischief card played by another kid."
    "the Cookie kid looks at another kid's card": (
        [*ROUND_ONE, "peek:Peter", "peek:Marcia", "cookie:Greg"],
        1,
        {"type": "peek", "kid": "Greg"},
        "your own card",
        "You cannot look at your own card: look at another kid's card.",
    ),
    # "Alice may not give out more than 1 Cookie per round."
    "one Cookie a round": (
        [*ROUND_ONE, "peek:Peter", "peek:Marcia", "cookie:Greg", "peek:Peter", "pass"],
        0,
        {"type": "cookie", "kid": "Marcia"},
        "only one Cookie a round",
        "Alice gives one Cookie a round, and Greg has this round's Cookie.",
    ),
    # "Once per round ... Alice may also spend a Help Token"
    "one Help Token a round": (
        [*ROUND_ONE, "peek:Peter", "peek:Marcia", "cookie:Greg", "peek:Peter", "use_token:woman", "peek:Jan"],
        0,
        {"type": "use_token", "token": "man"},
        "only one Help Token a round",
        "Alice spends one Help Token a round, and she has spent the woman's token.",
    ),
    # "after the kid given a Cookie has looked at a Mischief card": the moment passes with a pass
    "the Help Token's moment has passed": (
        [*ROUND_ONE, "peek:Peter", "peek:Marcia", "cookie:Greg", "peek:Peter", "pass"],
        0,
        {"type": "use_token", "token": "man"},
        "once a round, right after the Cookie kid has looked",
        "Alice spends a Help Token right after the Cookie kid looks, once a round: not now.",
    ),
    # "Once per round—after the kid given a Cookie has looked at a Mischief card—Alice may also
    # spend a Help Token": not before the Cookie
    "the Help Token comes after the Cookie kid's look": (
        [*ROUND_ONE, "peek:Peter", "peek:Marcia"],
        0,
        {"type": "use_token", "token": "woman"},
        "after the kid given the Cookie has looked",
        "Alice spends a Help Token after the kid given the Cookie has looked at a card.",
    ),
    # "5 players: the woman's token and the man's token" (the dog's is not hers)
    "a Help Token Alice does not hold": (
        [*ROUND_ONE, "peek:Peter", "peek:Marcia", "cookie:Greg", "peek:Peter"],
        0,
        {"type": "use_token", "token": "dog"},
        "Alice has ['woman', 'man'] left",
        "Alice does not hold the dog's token: she spends a Help Token she still has.",
    ),
    # "When Alice plays the dog's token, Alice may look at 2 Mischief cards" (two different ones)
    "the dog's token looks at two different cards": (
        "dog",
        0,
        {"type": "peek", "kid": "Greg"},
        "just looked at Greg's card",
        "You have just looked at Greg's card: look at a different kid's card.",
    ),
    # Cousin Oliver: "selecting one kid and flipping over their Mischief card" (another kid's)
    "Cousin Oliver exposes another kid's card": (
        "oliver",
        5,
        {"type": "expose", "kid": "Oliver"},
        "not his own",
        "Cousin Oliver turns another kid's card face up, not his own.",
    ),
    # a kid who is not at the table: the sentence never repeats what was sent
    "a kid who is not at the table": (
        [*ROUND_ONE, "peek:Peter", "peek:Marcia"],
        0,
        {"type": "cookie", "kid": "Zed {}"},
        "there is no kid",
        "There is no such kid at this table: choose one of the kids on the board.",
    ),
    # Alice's questions in the talk: about a kid at the table and a round played so far (the
    # widget said "Not now: Alice asks questions, then gives a Cookie", at her questions)
    "a question about a kid who is not at the table": (
        [*ROUND_ONE, "peek:Peter", "peek:Marcia"],
        0,
        {"type": "ask_truth", "kid": "Greg", "about": "Zed {}", "round": 1},
        "there is no kid",
        "There is no such kid at this table: ask about one of the kids on the board.",
    ),
    "a question about a round not played yet": (
        [*ROUND_ONE, "peek:Peter", "peek:Marcia"],
        0,
        {"type": "ask_played", "kid": "Greg", "round": 3},
        "questions are about rounds 1..1",
        "Alice asks about this round or an earlier one: round 1 so far.",
    ),
    # Scoring: "Alice selects the kid most likely to be the Troublemaker" at the end of the game
    "the accusation waits for the end of the game": (
        [*ROUND_ONE, "peek:Peter", "peek:Marcia"],
        0,
        {"type": "accuse", "kid": "Peter"},
        "at the end of the game",
        "Alice accuses a kid at the end of the game, after round 4 and the Cookie signs.",
    ),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_a_refused_move_names_the_rule_it_breaks(case):
    steps, seat, action, reason, shown = REFUSALS[case]
    if steps == "dog":  # 6 players: Alice holds the woman's token and the dog's token
        g = brady_position(6, seed=3, volunteer=False, steps=["reveal", "lights_out"])
        while g.phase != "help":
            s = g.to_act[0]
            legal = g.legal_actions(s)
            cookie = [a for a in legal if a["type"] == "cookie"]
            g.act(s, cookie[0] if cookie else legal[0])
        brady_play(g, ["use_token:dog", "peek:Greg"])
    elif steps == "oliver":  # 6 players, Cousin Oliver at seat 5, at his exposure
        g = brady_position(6, seed=1, cousin_oliver=True, volunteer=False, steps=["reveal", "lights_out"])
        while g.phase != "expose":
            s = g.to_act[0]
            legal = g.legal_actions(s)
            cookie = [a for a in legal if a["type"] == "cookie"]
            g.act(s, cookie[0] if cookie else legal[0])
        assert g.kid_seat["Oliver"] == seat
    else:
        g = _five(steps=steps)
    got_reason, got_shown = _refusal(g, seat, action)
    assert reason in got_reason and got_shown == shown


def test_the_silent_kid_cannot_take_a_cookie_in_the_widgets_words():
    """3 Players / rules-decisions: the silent kid "sits at the table without a player"; the
    Cookie goes to one of the kids (the widget said "Not now", although it was the time)."""
    g = brady_position(3, kids=["Greg", "Jan"], silent="Bobby", volunteer=False, steps=["reveal", "lights_out"])
    while g.phase != "talk":
        g.act(g.to_act[0], g.legal_actions(g.to_act[0])[0])
    reason, shown = _refusal(g, 0, {"type": "cookie", "kid": "Bobby"})
    assert "silent kid" in reason and shown == "Bobby is the silent kid and cannot take a Cookie."


# ------------------------------------------------ "Helpful Alice Questions"
#: the rulebook's four questions, word for word (the engine's kinds in their order)
HELPFUL_ALICE_QUESTIONS = {
    "ask_played": "What Mischief card did you play?",
    "ask_looked": "Whose Mischief card did you look at?",
    "ask_number": "What number did they play?",
    "ask_truth": "Is _____ telling the truth about the Mischief card you played?",
}


def _greg_claims_peters_card(claim: int) -> BradyBunch:
    """Round 1 of a 4-player game: Peter (a hand of 1s: a would-be Tattletale) plays 1;
    Greg, snooping, says "Peter played <claim>"; Alice asks Peter whether Greg is telling
    the truth about the card Peter played."""
    g = brady_position(
        4,
        hands={"Greg": [6, 6, 5], "Peter": [1, 1, 1], "Jan": [3, 4, 4]},
        kids=["Greg", "Peter", "Jan"],
        steps=["snoops:Greg,Jan", "lights_out", "plays:Greg=6,Peter=1,Jan=3", "peek:Peter", "peek:Greg"],
    )
    brady_play(g, [f"Greg:claim:Peter:{claim}", "Peter:pass", "Jan:claim:Jan:3"])
    brady_play(g, ["ask_truth:Peter:Greg"])
    return g


def test_the_fourth_helpful_question_asks_about_the_card_the_asked_kid_played():
    """Helpful Alice Questions: "Is _____ telling the truth about the Mischief card you
    played?" (rules-decisions: "Alice's four 'Helpful Alice Questions' as question types"):
    the asked kid judges what another kid said about the asked kid's own card, sees that
    statement when asked, and its answer is about that card."""
    for kind, text in HELPFUL_ALICE_QUESTIONS.items():
        assert QUESTIONS[kind] == text.replace("_____", "{about}")
    g = _greg_claims_peters_card(1)
    assert g.pending == {"question": "ask_truth", "kid": "Peter", "round": 1, "about": "Greg"}
    w = BradyBunchWidget(game=g, humans=[2], pace=0)
    shown = [line["text"] for line in w.log_lines if line.get("type") == "question"]
    assert shown[-1] == "Alice asks Peter: “Is Greg telling the truth about the Mischief card you played? (round 1)”"
    # the asked kid sees what Greg said about Peter's card, not what Greg said he played
    assert w.view["pending_said"] == "Peter played 1 (Toys Left Out) in round 1."
    g.act(2, {"type": "say_yes_no", "yes": True})
    assert (
        BradyBunchPresenter.statement_text(g.talk[-1]) == "Yes, Greg told the truth about the card I played in round 1."
    )


@pytest.mark.parametrize("claim,truth", [(1, True), (5, False)])
def test_a_tattletale_bot_answers_the_fourth_question_about_its_own_card(claim, truth):
    """A Tattletale "help[s] Alice identify the Troublemaker" (bots: a Tattletale always
    tells the truth): asked whether Greg told the truth about the card it played, Peter
    (who played a 1) says yes to "Peter played 1" and no to "Peter played 5"."""
    g = _greg_claims_peters_card(claim)
    bot = BOTS["smart"](2, 0)
    assert bot.choose(g.view(2), g.legal_actions(2)) == {"type": "say_yes_no", "yes": truth}


def test_alice_checks_an_answer_to_the_fourth_question_against_the_card_she_saw():
    """Alice Strategy Tips: "use a Help Token to verify information given to you by a possible
    Tattletale. If they are telling the truth, you can probably trust them": Peter's "no,
    Greg did not tell the truth about my card" is a lie once Alice has seen Peter's 1 (Greg
    said 1), and costs Peter her trust."""
    g = _greg_claims_peters_card(1)
    g.act(2, {"type": "say_yes_no", "yes": False})
    brady_play(g, ["cookie:Jan", "peek:Greg", "use_token:woman", "peek:Peter"])
    trust = alice_trust(g.view(0))
    assert trust["Peter"] < 0.2 and trust["Greg"] > 0.55


# =================================================================== Brouhaha
def _four(**options) -> Brouhaha:
    from brady_widgets.brouhaha import positions as P

    return Brouhaha(4, 0, deal=deal_with(4, P.BASE_FIXED), **options)


def test_bang_costs_only_the_slapper_who_has_a_reserve():
    """Bang Variation: "When two players make a mistake ... each one loses a card from his
    Reserve (if they have one)": one slapper with a Reserve loses its card, the other, with
    none, loses nothing; the lost card leaves the game, public."""
    g = _four(bang=True)
    run(
        g,
        [
            (0, PLAY("cow"), 100),
            (1, PLAY("cow"), 200),
            (1, SLAP, 1000),
            (0, SLAP, 1300),
            ("adv", 2800),
            (0, {"type": "pass", "card": "lion"}, 3000),
            (1, {"type": "pass", "card": "wolf"}, 3100),
            (2, {"type": "pass", "card": "yak"}, 3200),
            (3, {"type": "pass", "card": "dog"}, 3300),
            (0, PLAY("duck"), 3400),
            (2, PLAY("bison"), 3500),
            (2, SLAP, 3600),
            (0, SLAP, 3700),
        ],
    )
    assert g.phase == "reveal" and g.view(3)["reveal"]["cards"] == ["bison", "duck"]  # turned over: public
    run(g, [("adv", 5200)])
    v = g.view(3)
    assert v["reserves"] == [[], ["cow"], [], []] and v["lost"] == ["cow"] and v["scores"] == [0, 1, 0, 0]
    assert g.phase == "play" and not g.over


# =================================================================== Total Black
def test_total_black_deals_one_card_to_each_of_42_players():
    """Total Black Variation (for 42 players): "Deal 42 "Animal" cards to the 42 players (one
    card per player)." Each player sees only its own card; everybody has exactly one partner."""
    g = TotalBlack(42, 7)
    assert len(g.cards) == 42 and Counter(g.cards) == Counter({a: 2 for a in set(g.cards)})
    assert len(set(g.cards)) == 21
    for seat in (0, 17, 41):
        v = g.view(seat)
        assert v["my_card"] == g.cards[seat] and "cards" not in v
        assert not any(e.get("card") for e in v["log"] if e.get("seat") not in (seat, None))
    assert g.view(None)["my_card"] is None and g.view(None)["pairs"] == 21


def test_a_request_and_an_answer_at_their_time_are_never_told_not_now():
    """A Snoop request in the play step, and an answer to Alice's question, refused by the
    rules were told "Not now: the kids play Mischief cards..." / "Not now: the asked kid
    answers." at the very moment for them. Each names what was wrong, from the seat's view."""
    g = _five(steps=["snoops:Jan,Greg"])
    assert g.phase == "play"
    _, shown = _refusal(g, 0, {"type": "request", "kid": "Marcia", "about": "Peter"})
    assert shown.startswith("Marcia is not a Snoop this round: ask a Snoop (") and "Jan" in shown, shown
    _, shown = _refusal(g, 0, {"type": "request", "kid": "Jan", "about": "Zed {}"})
    assert shown == "There is no such kid at this table: ask the Snoop to look at one of the kids on the board."
    g = _five(steps=[*ROUND_ONE, "peek:Peter", "peek:Marcia", "ask_played:Greg"])
    greg = g.kid_seat["Greg"]
    assert g.phase == "answer" and g.to_act == [greg]
    _, shown = _refusal(g, greg, {"type": "say_card", "value": 9})
    assert shown == "A Mischief card is a number from 1 to 6."
    _, shown = _refusal(g, greg, {"type": "say_yes_no", "yes": True})
    assert shown == "Answer the question Alice asked: “What Mischief card did you play?”"
    g = _five(steps=[*ROUND_ONE, "peek:Peter", "peek:Marcia", "ask_looked:Jan"])
    jan = g.kid_seat["Jan"]
    _, shown = _refusal(g, jan, {"type": "say_looked", "kid": "Jan"})
    assert shown == "Name another kid than yourself (or nobody, if you looked at no card)."


def test_a_claim_of_a_card_that_does_not_exist_names_the_cards():
    """A kid's claim in the claims step of a card numbered 9 was told "Not now: the kids may
    each make one claim." at that very step; the Mischief cards are numbered 1 to 6."""
    hands = {"Greg": [1, 2, 3], "Marcia": [4, 5, 6], "Peter": [6, 6, 5], "Jan": [1, 1, 2]}
    g = brady_position(5, hands=hands, seed=5, volunteer=True, steps=[*ROUND_ONE, "peek:Peter", "peek:Marcia"])
    assert g.phase == "claims"
    seat = g.to_act[0]
    kid = g.seat_kid[seat]
    _, shown = _refusal(g, seat, {"type": "claim", "kid": kid, "value": 9})
    assert shown == "A Mischief card is a number from 1 to 6."

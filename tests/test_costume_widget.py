"""CostumePartyWidget without a browser: full games through the view's messages,
the log's texts, the odds panel in the synced view, and a quick leak check
(the thorough leak test is the conformance kit's)."""

from __future__ import annotations

import json
import random
import re

import pytest

from brady_widgets.costume_party import odds
from brady_widgets.costume_party.content import CHARACTERS, ROOM_NAMES, ROOMS, figure_label
from brady_widgets.costume_party.rules import CostumeParty
from brady_widgets.costume_party.widget import CostumePartyWidget
from brady_widgets.testing.widgets import legal_of, send
from brady_widgets.widget import MSG, STATIC, GameWidget

SYNCED = list(GameWidget.GAME_TRAITS)


def click_through(w, rng, limit=3000):
    """What a student does in the view: pick a legal action, click it (as a message)."""
    for _ in range(limit):
        if w.game.over:
            return
        assert legal_of(w) and w.view["to_act"] == [w.seat]
        assert legal_of(w) == w.game.legal_actions(w.seat)
        send(w, {"type": MSG.ACT, "action": rng.choice(legal_of(w))})
        assert w.error == {}, w.error
    raise AssertionError("no end")


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2), (6, 3)])
def test_full_game_vs_random_bots_through_messages(players, seed):
    w = CostumePartyWidget(players=players, seed=seed, bot="random", pace=0)
    click_through(w, random.Random(seed))
    assert w.game.over and len(w.winners) == 1
    assert w.view["over"] and w.view["phase"] == "over" and w.view["winners"] == w.winners
    assert w.replay["active"] and legal_of(w) == []
    assert w.log_lines[-1]["type"] == "game_over"
    winner = w.settings["names"][w.winners[0]]
    assert w.log_lines[-1]["text"] == f"Game over: {winner} won."


def test_full_game_vs_detective_bots():
    from brady_widgets.costume_party.bots import BOTS

    assert "detective" in BOTS
    w = CostumePartyWidget(players=4, seed=5, pace=0)  # the default bot
    click_through(w, random.Random(5))
    assert w.game.over and w.winners


def test_view_is_the_seats_view_without_log_plus_odds():
    w = CostumePartyWidget(players=4, seed=7, bot="random", pace=0)
    rng = random.Random(0)
    for _ in range(25):
        if w.game.over:
            break
        own = w.game.view(w.seat)
        panel = odds.panel(own)
        own.pop("log")
        assert {k: v for k, v in w.view.items() if k != "odds"} == own
        assert w.view["odds"] == panel
        w.act(rng.choice(legal_of(w)))


def test_log_texts_use_names_and_labels():
    names = ["Ann", "Ben", "Cid"]
    w = CostumePartyWidget(players=3, seed=3, bot="random", pace=0, names=names)
    click_through(w, random.Random(3))
    game = w.game
    texts = {e["i"]: e["text"] for e in w.log_lines}
    events = game.log_for(0)
    for i, text in texts.items():
        ev = events[i]
        assert "{" not in text and "None" not in text
        if "seat" in ev and ev["type"] not in ("game_over",):
            assert names[ev["seat"]] in text
        if ev["type"] == "move":
            assert figure_label(ev["figure"]) in text and ROOM_NAMES[ev["to"]] in text
        if ev["type"] == "kill":
            assert figure_label(ev["figure"]) in text and ROOM_NAMES[ev["room"]] in text
    w.set_reveal(True)  # the unfiltered log names every secret character
    assert sum("is secretly" in e["text"] for e in w.log_lines if e["type"] == "secret") in (0, 3)


def test_describe_every_event_type():
    w = CostumePartyWidget(players=2, seed=1, bot="random", pace=0, names=["Ann", "Ben"])
    cases = {
        "secret": ({"type": "secret", "seat": 0, "figure": 0}, "Ann is secretly Polly the Pirate."),
        "start": ({"type": "start", "seat": 1}, "The party starts: Ben rolls first."),
        "roll": ({"type": "roll", "seat": 0, "face": "red"}, "Ann rolled red (Red Kitchen)."),
        "black": ({"type": "roll", "seat": 0, "face": "black"}, "Ann rolled black."),
        "no_move": (
            {"type": "no_move", "seat": 0, "face": "blue"},
            "No figure can move into or out of Blue Ballroom: the turn passes.",
        ),
        "move": (
            {"type": "move", "seat": 1, "figure": 1, "from": "hall", "to": "green"},
            "Ben moved Ada the Astronaut from Middle Hall to Green Garden.",
        ),
        "draw": (
            {"type": "draw", "seat": 1, "card": 2, "gone": False},
            "Ben drew Wendell the Wizard, who left the party.",
        ),
        "draw_gone": (
            {"type": "draw", "seat": 1, "card": 2, "gone": True},
            "Ben drew Wendell the Wizard, who was already gone.",
        ),
        "kill": (
            {"type": "kill", "seat": 0, "figure": 3, "room": "yellow", "room_figures": [3, 4]},
            "Ann killed Kit the Knight in Yellow Library.",
        ),
        "eliminated": (
            {"type": "eliminated", "seat": 1, "figure": 3, "by": 0},
            "Ben was Kit the Knight and is out of the game.",
        ),
        "game_over": ({"type": "game_over", "winners": [0], "secrets": [5, 3]}, "Game over: Ann won."),
    }
    for name, (event, text) in cases.items():
        assert w.presenter.describe(event) == text, name


def test_content_for_the_view_comes_from_content_py():
    w = CostumePartyWidget(players=3, seed=1, bot="random", pace=0)
    content = w.content
    assert [r["id"] for r in content["rooms"]] == ROOMS
    assert all(
        r["name"] == ROOM_NAMES[r["id"]] and re.fullmatch(r"#[0-9A-Fa-f]{6}", r["color"]) for r in content["rooms"]
    )
    assert [(f["name"], f["costume"], f["emoji"]) for f in content["figures"]] == [tuple(c) for c in CHARACTERS]
    assert w.settings["names"] == ["Player 1", "Bot 2", "Bot 3"]
    assert w.settings["mode"] == "bots" and w.settings["pace"] == 0


def test_move_flow_the_view_relies_on():
    """The view derives movable figures and targets from ``legal`` only: check that it suffices."""
    w = CostumePartyWidget(players=3, seed=17, bot="random", pace=0)
    rng = random.Random(2)
    for _ in range(200):
        if w.view["phase"] == "move" and legal_of(w):
            break
        if w.game.over:
            pytest.fail("no move phase for the human")
        w.act(rng.choice(legal_of(w)))
    face = w.view["last_roll"]
    for a in legal_of(w):
        room_now = next(r for r, figs in w.view["rooms"].items() if a["figure"] in figs)
        assert face in (room_now, a["to"])
    a = legal_of(w)[0]
    send(w, {"type": MSG.ACT, "action": a})
    assert w.error == {}
    assert {"seat": w.humans[0], "action": a} in w.game.history
    mine = [e for e in w.log_lines if e["type"] == "move" and e["seat"] == 0]
    assert mine and mine[-1]["text"].startswith(f"Player 1 moved {figure_label(a['figure'])} from")


def test_synced_state_holds_no_opponent_secret():
    """Quick check: the same public history with the opponents' hidden cards
    resampled gives exactly the same synced state (the kit's leak test is thorough)."""
    rng = random.Random(99)
    g = CostumeParty(4, 41)
    for _ in range(60):
        if g.over:
            break
        s = g.to_act[0]
        g.act(s, rng.choice(g.legal_actions(s)))
    for seat in range(4):
        base = CostumePartyWidget(game=g.clone(), humans=[seat], pace=0, bot="random")
        for k in range(3):
            twin = g.resample(seat, random.Random(k))
            other = CostumePartyWidget(game=twin, humans=[seat], pace=0, bot="random")
            assert other.get_state(SYNCED) == base.get_state(SYNCED)
            other.close()
        text = json.dumps(base.get_state(SYNCED))
        assert '"secrets"' not in text and '"deck"' not in text and '"seed"' not in text
        for opp in range(4):
            if opp != seat and g.alive[opp]:
                assert f"is secretly {figure_label(g.secrets[opp])}" not in text
        base.close()


def test_testids_in_the_docstring_are_in_the_bundle():
    """The browser tests code against the data-testid table: the view must carry every one."""
    import brady_widgets.costume_party.widget as mod

    doc = mod.__doc__
    ids = set(re.findall(r"``([a-z-]+)(?:-<[a-z]+>)?``", doc.split("Stable ``data-testid``")[1].split("Views are")[0]))
    ids -= {
        "data-testid",
        "data-phase",
        "data-seat",
        "data-room",
        "data-turn",
        "data-alive",
        "data-curtain",
        "data-reveal",
        "aria-pressed",
        "aria-live",
        "role",
        "id",
    }
    assert {
        "roll",
        "figure",
        "room",
        "kill",
        "draw",
        "lift-curtain",
        "replay-back",
        "replay-forward",
        "reveal-toggle",
        "error",
        "winner",
        "log",
        "odds",
    } <= ids
    bundle = (STATIC / "costume_party.js").read_text()
    missing = [i for i in sorted(ids) if f'"{i}"' not in bundle and f"`{i}-" not in bundle and f'"{i}-' not in bundle]
    assert not missing, missing


def _black_roll(rooms: list[str], deck: list[int], draws: int = 0) -> CostumePartyWidget:
    """A 2-player party whose die only shows black, seat 0 (the Pirate, figure 0) to act
    on black after ``draws`` draws by each seat; the screen is seat 0's."""
    g = CostumeParty(2, seed=1, faces=["black"], deal={"secrets": [0, 1], "deck": deck, "rooms": rooms})
    for _ in range(draws):
        for seat in (0, 1):
            g.act(seat, {"type": "roll"})
            g.act(seat, {"type": "draw"})
    g.act(0, {"type": "roll"})
    return CostumePartyWidget(game=g, humans=[0], pace=0, bot={})


def test_black_refusals_say_the_rules_decision_in_the_partys_words():
    """rules-decisions.md: "With three face-up cards, or an empty deck, you must kill" and
    "You may not kill yourself while another figure shares your room": a refused click on
    black says which rule refused it, not only "make a kill or draw a card"."""
    rooms = ["blue"] * 20
    rooms[0] = rooms[2] = "hall"  # the Pirate shares the hall with the Wizard
    w = _black_roll(rooms, list(range(3, 20)) + [2])
    send(w, {"type": MSG.ACT, "action": {"type": "kill", "figure": 0}})
    assert w.error["message"] == "You may not kill yourself while another figure shares your room."
    send(w, {"type": MSG.ACT, "action": {"type": "kill", "figure": 1}})
    assert w.error["message"] == f"You can only kill a figure in your own room: {figure_label(1)} is elsewhere."
    alone = ["blue"] * 20
    alone[0] = "hall"
    w = _black_roll(alone, list(range(2, 20)), draws=3)  # three face-up cards each
    send(w, {"type": MSG.ACT, "action": {"type": "draw"}})
    assert w.error["message"] == "You have three face-up cards: you must kill."
    w = _black_roll(alone, list(range(2, 8)) + list(range(8, 20)), draws=0)
    w.game.deck.clear()  # the deck has run out
    send(w, {"type": MSG.ACT, "action": {"type": "draw"}})
    assert w.error["message"] == "The deck is empty: you must kill."

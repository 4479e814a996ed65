"""The Big Brother widget without a browser: the message handler driven as the view
drives it, on virtual time. Acting by message (roll, gossip, secret vote, a room's
choice, a camera claim, ranks), the hot-seat curtain (nothing secret under it, each
voter in turn, the gossip countdown running while the screen is passed), the gossip
deadline passing by ``advance_time``, typed errors shown in the ``error`` trait with
the game unchanged, a long 'game' of bad messages, the odds panel from the seat's
view, the log's wording, the text view, nothing secret in the synced traits (the
conformance kit's leak test with the widget, in every phase), and every update of
whole 6-player games under 8 KB. The browser test is
tests/e2e/test_big_brother_browser.py."""

from __future__ import annotations

import json
import random

import pytest

from brady_widgets.big_brother import positions as P
from brady_widgets.big_brother.content import DEFAULT_TRACK
from brady_widgets.big_brother.odds import expected_rolls, landing_odds
from brady_widgets.big_brother.rules import BigBrother
from brady_widgets.big_brother.widget import BigBrotherWidget
from brady_widgets.engine.errors import IllegalAction
from brady_widgets.testing import check_leaks
from brady_widgets.testing.widgets import FRAME_LIMIT, legal_of, play_randomly, record_frames, send
from brady_widgets.widget import MSG

ROLL = {"type": "roll"}


def W(**kw):
    kw.setdefault("pace", 0)
    return BigBrotherWidget(**kw)


class Idle:
    """Acts only when the game waits on it, with its first legal action (never claims)."""

    def __init__(self, seat, seed):
        self.seat = seat

    def choose(self, view, legal):
        return next((a for a in legal if a["type"] != "claim"), legal[0])


class Silent(Idle):
    """Never picks a gossip card (so the countdown runs out); otherwise as Idle."""

    def plan(self, view, legal):
        if view["phase"] == "gossip" or self.seat not in view["to_act"]:
            return None
        return self.choose(view, legal)


def until(w, pred, person=None, limit=20_000):
    """Bots play; the person (seat shown) acts with ``person(legal)`` or a random legal
    action, until ``pred()``."""
    rng = random.Random(0)
    send(w, {"type": MSG.CLOCK, "id": "t"})
    send(w, {"type": MSG.START})  # the person presses Start
    for _ in range(limit):
        if pred():
            return
        if w.curtain.get("up"):
            send(w, {"type": MSG.LIFT_CURTAIN})
        legal = [a for a in legal_of(w) if a["type"] != "claim"]
        if legal and w.seat in w.game.to_act:
            a = person(legal) if person else rng.choice(legal)
            send(w, {"type": MSG.ACT, "action": a, "at": w.now})
        else:
            w.advance_time(50)
    raise AssertionError("the condition never came")


# --------------------------------------------------------------- set-up
def test_content_once_the_board_not_in_every_view_and_a_clock_that_waits():
    w = W(players=5, seed=3, bot=Idle)
    assert w.settings["keys"] == {"r": "roll", "R": "roll"}
    assert w.content["track"] == [[s["kind"], s["room"]] for s in DEFAULT_TRACK]
    assert set(w.content["rooms"]) >= {"Garden", "Diary Room", "Toilet/Shower"} and w.content["gossip_ms"] == 10_000
    assert "track" not in w.view and "Garden" not in json.dumps(w.view)
    assert w.clock["realtime"] is True and w.clock["running"] is False and w.game.history == []
    assert w.seat == 0 and w.view["my_cards"] == [0, 4, 4, 4, 4] and legal_of(w) == [ROLL]
    with record_frames(w) as frames:
        send(w, {"type": MSG.CLOCK, "id": "v"})
        send(w, {"type": MSG.START})  # the person presses Start
        send(w, {"type": MSG.ACT, "action": ROLL})
        w.advance_time(2000)
    assert frames and all("content" not in f["traits"] for f in frames)  # sent once, at the start
    assert w.clock["running"] is True and w.clock["sync"] == "v"
    assert w.view["last_roll"]["seat"] == 0 and w.game.history[0]["action"] == ROLL


def test_default_bots_are_the_medium_housemates():
    from brady_widgets.big_brother.bots import BOTS

    w = W(players=4, seed=2)
    assert {type(b) for b in w.bots.values()} == {BOTS["medium"]}
    assert set(BOTS) >= {"random", "easy", "medium", "hard"}


# ---------------------------------------------------------- acting by message
def test_a_whole_turn_by_message_roll_vote_and_the_vote_stays_secret():
    w = W(game=P.confrontation(), humans=[0], bot=Idle)
    send(w, {"type": MSG.CLOCK, "id": "t"})
    send(w, {"type": MSG.START})  # the person presses Start
    assert w.view["phase"] == "vote" and w.view["card"]["sign"] == "+"
    votes = [a for a in legal_of(w) if a["type"] == "vote"]
    assert votes and all(a["target"] != 0 for a in votes)
    target = votes[-1]["target"]
    before = w.view["my_cards"][target]
    send(w, {"type": MSG.ACT, "action": votes[-1], "at": w.now})
    assert not w.error
    assert w.game.view(0)["my_cards"][target] == before - 1 or w.game.phase != "vote"
    mine = [e for e in w.game.events if e["type"] == "my_vote" and e["seat"] == 0]
    assert mine and mine[-1]["target"] == target
    # another seat's screen never shows the person's choice
    other = W(game=BigBrother.from_json(w.game.to_json()), humans=[1], bot=Idle)
    assert "(you secretly vote" not in json.dumps(other.log_lines) or all(
        e.get("seat") != 0 for e in other.log_lines if e["type"] == "my_vote"
    )


def test_gossip_pick_and_gossip_card_by_message_and_a_match():
    g = P.gossip_pick()
    w = W(game=g, humans=[0, 1], bot=Idle)
    send(w, {"type": MSG.CLOCK, "id": "t"})
    send(w, {"type": MSG.START})  # the person presses Start
    picks = [a for a in legal_of(w) if a["type"] == "gossip"]
    assert {a["side"] for a in picks} == {"+", "-"}
    send(w, {"type": MSG.ACT, "action": {"type": "gossip", "partner": 1, "side": "-"}, "at": w.now})
    assert w.view["phase"] == "gossip" and w.view["gossip"]["partner"] == 1
    assert w.clock["deadline"] == w.view["gossip"]["deadline"]  # the countdown is the shared clock's
    send(w, {"type": MSG.ACT, "action": {"type": "gossip_card", "target": 2}, "at": w.now})
    assert w.seat == 1  # the other person is to pick: the screen follows (bots mode, two people)
    assert w.view["my_choice"] is None and w.game.view(0)["my_choice"] == {"gossip_card": 2}
    assert w.view["gossip"]["picked"] == [0] and "chosen" not in w.view["gossip"]
    send(w, {"type": MSG.ACT, "action": {"type": "gossip_card", "target": 2}, "at": w.now})
    reveal = [e for e in w.game.events if e["type"] == "gossip_reveal"][-1]
    assert reveal["match"] is True and reveal["shown"] == {"0": 2, "1": 2}
    assert any("a match!" in e["text"] for e in w.log_lines)


def test_the_gossip_deadline_passes_by_advance_time_as_no_match():
    w = W(game=P.gossip_countdown(), humans=[0], bot=Silent)
    send(w, {"type": MSG.CLOCK, "id": "t"})
    send(w, {"type": MSG.START})  # the person presses Start
    deadline = w.view["gossip"]["deadline"]
    assert w.clock["deadline"] == deadline and w.game.clock < deadline
    w.advance_time(deadline - w.now - 100)
    assert w.view["phase"] == "gossip"  # not yet
    w.advance_time(100 + w.lag + 10)
    reveal = [e for e in w.game.events if e["type"] == "gossip_reveal"][-1]
    assert reveal["why"] == "time" and reveal["match"] is False
    assert w.view["gossip"] is None and w.clock["deadline"] is None
    assert any("time ran out" in e["text"] for e in w.log_lines)


def test_the_gossip_countdown_is_labelled_gossip_and_only_while_a_gossip_is_open():
    """Issue 25 item 4: a window's countdown is labelled; Big Brother's one window is the
    gossip's 10 s, named "Gossip" in the clock (the game itself has no time limit)."""
    w = W(game=P.gossip_pick(), humans=[0], bot=Silent)
    send(w, {"type": MSG.CLOCK, "id": "t"})
    send(w, {"type": MSG.START})
    assert w.clock["window"] is None and w.clock["label"] == "" and w.clock["end"] is None  # no gossip yet
    send(w, {"type": MSG.ACT, "action": {"type": "gossip", "partner": 1, "side": "+"}, "at": w.now})
    deadline = w.view["gossip"]["deadline"]
    assert w.clock["label"] == "Gossip" and w.clock["window"] == deadline == w.clock["deadline"]
    assert w.clock["end"] is None
    w.advance_time(deadline - w.now + w.lag + 10)  # the countdown runs out: no window, no label
    assert w.view["gossip"] is None and w.clock["window"] is None and w.clock["label"] == ""
    # another seat's screen (a watcher's, the public view) shows the same labelled countdown
    g = P.gossip_countdown()
    assert w.presenter.countdowns(g.view(2)) == {"end": None, "window": g.deadline, "label": "Gossip"}
    assert w.presenter.countdowns(g.view(None))["label"] == "Gossip"


def test_a_room_choice_and_a_camera_claim_by_message():
    w = W(game=P.room("Storeroom"), humans=[0], bot=Idle)
    send(w, {"type": MSG.CLOCK, "id": "t"})
    send(w, {"type": MSG.START})  # the person presses Start
    chooses = [a for a in legal_of(w) if a["type"] == "choose"]
    assert w.view["phase"] == "choose" and chooses
    send(w, {"type": MSG.ACT, "action": chooses[0], "at": w.now})
    assert any(v["why"] == "storeroom" and v["owner"] == 0 for v in w.view["open_votes"])
    c = W(game=P.camera_claim(), humans=[0], bot=Idle)
    send(c, {"type": MSG.CLOCK, "id": "t"})
    send(c, {"type": MSG.START})  # the person presses Start
    claim = next(a for a in legal_of(c) if a["type"] == "claim")
    assert c.view["my_camera"][0]["claimable"] == [claim["culprit"]]
    send(c, {"type": MSG.ACT, "action": claim, "at": c.now})
    assert not c.error and c.view["camera"]["shown"][-1]["culprit"] == claim["culprit"]
    assert any("shows a camera card" in e["text"] for e in c.log_lines)


# ------------------------------------------------------------------- hot-seat
def test_hot_seat_curtain_between_people_and_nothing_secret_under_it():
    w = W(players=4, seed=5, mode="hotseat")
    assert w.curtain == {"up": True, "seat": 0} and w.seat == -1 and legal_of(w) == []
    assert w.view["my_cards"] is None and w.view["odds"] is None and w.view["viewer"] is None
    send(w, {"type": MSG.ACT, "action": ROLL})  # under the curtain: refused, nothing changes
    assert w.error["code"] == "not_your_turn" and w.game.history == []
    send(w, {"type": MSG.CLOCK, "id": "t"})
    send(w, {"type": MSG.START})  # the person presses Start
    rng = random.Random(3)
    curtains = vote_curtains = 0
    for _ in range(4000):
        if w.game.over:
            break
        if w.curtain["up"]:
            curtains += 1
            vote_curtains += w.game.phase in ("vote", "evict_vote", "final_vote")
            state = json.dumps({k: w.get_state()[k] for k in w.GAME_TRAITS})
            assert '"my_cards": null' in state.replace('":null', '": null') and w.view["my_camera"] is None
            assert not any(e["type"] in ("my_vote", "my_gossip_card", "camera_card", "my_rank") for e in w.log_lines)
            send(w, {"type": MSG.LIFT_CURTAIN})
            assert w.seat == w.curtain["seat"] or w.seat in w.game.to_act
        legal = [a for a in legal_of(w) if a["type"] != "claim"]
        if legal:
            send(w, {"type": MSG.ACT, "action": rng.choice(legal), "at": w.now})
            assert not w.error, w.error
        else:
            w.advance_time(100)
    assert w.game.over and w.game.winners
    assert curtains > 20 and vote_curtains > 10  # each voter took the screen in turn
    assert w.seat == -1 and w.view["my_cards"] is None  # after the game: the public view


def test_hot_seat_gossip_countdown_keeps_running_while_the_screen_is_passed():
    w = W(game=P.gossip_countdown(), mode="hotseat", humans=[0, 1, 2, 3, 4])
    send(w, {"type": MSG.CLOCK, "id": "t"})
    send(w, {"type": MSG.START})  # the person presses Start
    assert w.curtain["up"] and w.curtain["seat"] == 0
    deadline = w.clock["deadline"]
    w.advance_time(deadline - w.now + w.lag + 1)  # nobody lifts the curtain in time
    assert w.game.phase != "gossip"
    reveal = [e for e in w.game.events if e["type"] == "gossip_reveal"][-1]
    assert reveal["why"] == "time" and not reveal["match"]
    # a group can give itself more time
    slow = W(game=P.gossip_countdown(gossip_ms=30_000), mode="hotseat", humans=[0, 1, 2, 3, 4])
    assert slow.clock["deadline"] == 30_000


# ------------------------------------------------------------------- errors
BAD = [
    ({"type": MSG.ACT, "action": {"type": "roll", "seat": 1}}, "malformed_action"),
    ({"type": MSG.ACT, "action": {"type": "vote"}}, "malformed_action"),
    ({"type": MSG.ACT, "action": {"type": "vote", "target": "2"}}, "malformed_action"),
    ({"type": MSG.ACT, "action": {"type": "dance"}}, "malformed_action"),
    ({"type": MSG.ACT, "action": {"type": "vote", "target": 2}}, "illegal_action"),  # it is time to roll
    ({"type": MSG.ACT, "action": {"type": "vote", "target": 9}}, "illegal_action"),
    ({"type": MSG.ACT, "action": {"type": "claim", "card": 0, "culprit": 1}}, "illegal_action"),
    ({"type": MSG.ACT, "action": ROLL, "at": "soon"}, "malformed_message"),
    ({"type": MSG.ACT, "action": ROLL, "rev": "x"}, "malformed_message"),
    ({"type": MSG.REPLAY, "step": 1}, "replay_unavailable"),
    ({"type": MSG.REVEAL, "on": True}, "teacher_only"),
    ({"type": MSG.PAGE, "list": "cards", "before": 1}, "malformed_message"),
    ({"type": "dance"}, "unknown_message"),
    ("roll", "malformed_message"),
]


@pytest.mark.parametrize("msg, code", BAD)
def test_bad_input_is_a_typed_error_in_the_view_and_changes_nothing(msg, code):
    w = W(players=4, seed=2, bot=Idle)
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    before, view = w.game.to_json(), dict(w.view)
    send(w, msg)
    assert w.error["code"] == code and w.error["message"]
    assert w.game.to_json() == before and w._sched.pending(0) == 0 and w.view["phase"] == view["phase"]
    assert f"Error: {w.error['message']}" in w.text() and code not in w.text()  # a sentence, the code logged
    send(w, {"type": MSG.CLEAR_ERROR})
    assert w.error == {}


def test_a_game_of_bad_messages_each_refused_and_the_game_still_ends():
    """A person who sends a bad message between legal ones for a whole game: every bad
    one is an error and changes nothing; the next legal action clears it."""
    w = W(players=6, seed=9, bot="easy")
    send(w, {"type": MSG.CLOCK, "id": "t"})
    send(w, {"type": MSG.START})  # the person presses Start
    rng = random.Random(4)
    junk = [m for m, _ in BAD] + [
        {"type": MSG.ACT, "action": {"type": "vote", "target": 0}},  # yourself
        {"type": MSG.ACT, "action": {"type": "rank", "target": 1}},
        {"type": MSG.ACT, "action": {"type": "gossip", "partner": 0, "side": "+"}},
        {"type": MSG.ACT, "action": {"type": "choose", "target": 7}},
        {"type": MSG.ACT, "action": {"type": "gossip_card", "target": -1}},
        {"type": MSG.ACT, "action": None},
        {"type": MSG.ACT, "action": [ROLL]},
        {"type": MSG.LIFT_CURTAIN, "extra": 1},
        {"type": MSG.OPTION, "name": "odds", "value": 1},
    ]
    refused = 0
    for _ in range(20_000):
        if w.game.over:
            break
        before = w.game.to_json()
        msg = rng.choice(junk)
        n = w.error.get("n", 0)
        send(w, msg)
        if w.error.get("n", 0) > n:
            refused += 1
            assert w.game.to_json() == before, msg
        legal = [a for a in legal_of(w) if a["type"] != "claim"]
        if legal and 0 in w.game.to_act:
            send(w, {"type": MSG.ACT, "action": rng.choice(legal), "at": w.now})
            assert not w.error, w.error
        else:
            w.advance_time(rng.randint(20, 400))
    assert w.game.over and w.game.winners and refused > 100


# ------------------------------------------------------------------- odds
def test_the_odds_panel_is_the_exact_landing_chance_from_the_movers_space():
    w = W(players=5, seed=4, bot="medium")
    send(w, {"type": MSG.CLOCK, "id": "t"})
    send(w, {"type": MSG.START})  # the person presses Start
    kinds = [s["kind"] for s in DEFAULT_TRACK]
    seen = 0
    rng = random.Random(2)
    for _ in range(3000):
        if w.game.over or seen > 40:
            break
        odds = w.view["odds"]
        assert odds["sums"] == [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
        if w.game.phase in ("roll", "gossip_pick", "gossip", "choose"):
            mover = w.game.mover
            start = w.game.pos[mover]
            exact = landing_odds(kinds, start)
            assert odds["mover"] == mover and odds["start"] == start
            assert odds["land"] == pytest.approx([float(p) for p in exact], abs=6e-5)
            assert odds["rolls"] == pytest.approx(float(expected_rolls(kinds, start)), abs=1e-3)
            seen += 1
        else:
            assert "land" not in odds
        legal = [a for a in legal_of(w) if a["type"] != "claim"]
        if legal and 0 in w.game.to_act:
            send(w, {"type": MSG.ACT, "action": rng.choice(legal), "at": w.now})
        else:
            w.advance_time(200)
    assert seen > 10, "the landing odds were never compared"


# --------------------------------------------------------------------- log
def test_every_event_of_a_game_is_worded_for_the_log():
    kinds = set()
    for seed, players in ((11, 6), (3, 4), (8, 5)):
        w = W(
            game=BigBrother(players, seed, tags=["man", "woman"] * 2 + ["man", None][: players - 4]),
            humans=[],
            bot="hard",
        )
        w.run_bots()
        w.advance_time(3_000_000)
        assert w.game.over
        for e in w.game.events:
            text = w.presenter.describe(e)
            assert text and text != e["type"] and "?" not in text.replace("?'", "").replace("? ", "").rstrip("?"), (
                e,
                text,
            )
            kinds.add(e["type"])
    assert {"setup", "round", "turn", "roll", "card", "my_vote", "votes_in", "count", "nominated", "evicted",
            "return_vote", "ranks", "returned", "winner", "open_vote", "room", "gossip", "gossip_reveal",
            "camera_drawn", "camera_card", "roll_off"} <= kinds, kinds  # fmt: skip


def test_a_private_line_says_you_only_on_its_own_seats_screen():
    """A secret vote, ranking, camera card or gossip card is a line of its seat's log only:
    there it says "you"; on the teacher's reveal (every seat's lines, a bots-only game
    included) it names the seat, for there "you" would be nobody."""
    private = {"my_vote", "my_rank", "camera_card", "my_gossip_card"}
    game = BigBrother(6, 11, tags=["man", "woman"] * 3)
    w = W(game=game, humans=[], bot="hard")
    w.run_bots()
    w.advance_time(3_000_000)
    assert game.over
    mine = W(game=BigBrother.from_json(game.to_json()), humans=[0], bot=Idle)
    w.set_reveal(True)
    seen = set()
    for e in game.events:
        if e["type"] not in private:
            continue
        seen.add(e["type"])
        text = w.presenter.describe(e)
        assert "you" not in text.lower() and w.names[e["seat"]] in text, (e, text)
        if e["seat"] == 0:
            own = mine.presenter.describe(e)
            assert own.lower().startswith(("(you ", "(your ")) and w.names[0] not in own, (e, own)
    assert {"my_vote", "my_rank", "camera_card"} <= seen, seen


# -------------------------------------------------------------- no secrets
PHASES = {"roll", "gossip_pick", "gossip", "vote", "choose", "evict_vote", "return", "final_vote", "over"}


def test_nothing_secret_in_the_synced_traits_in_any_phase():
    """The kit's leak test with the widget: a widget on the real game and one on a game
    with every hidden thing redrawn (same public history) sync identical state, in each
    phase, for the person's seat; several games so that every phase comes."""
    seen: set = set()
    compares = changed = 0
    rng = random.Random(5)
    for seed in (21, 4, 13, 2, 7):
        w = W(players=5, seed=seed, humans=[0], bot="hard")
        send(w, {"type": MSG.CLOCK, "id": "t"})
        send(w, {"type": MSG.START})  # the person presses Start
        local: set = set()
        for _ in range(20_000):
            phase = w.game.phase
            if phase not in local:
                local.add(phase)
                stats = check_leaks(
                    w.game,
                    rng,
                    seats=[0],
                    samples=1,
                    widget_factory=lambda game, seat: W(game=game, humans=[seat], bot=Idle),
                )
                compares += stats.widget_compares
                changed += stats.changed
            if w.game.over:
                break
            legal = [a for a in legal_of(w) if a["type"] != "claim"]
            if legal and 0 in w.game.to_act and rng.random() < 0.9:
                send(w, {"type": MSG.ACT, "action": rng.choice(legal), "at": w.now})
            else:
                w.advance_time(rng.randint(50, 600))
        seen |= local
        if seen >= PHASES:
            break
    assert seen >= PHASES, PHASES - seen
    assert compares >= len(PHASES) and changed > 0, (compares, changed)


def test_the_synced_state_never_holds_another_seats_vote_cards_or_choices():
    w = W(players=6, seed=8, humans=[0], bot="medium")
    send(w, {"type": MSG.CLOCK, "id": "t"})
    send(w, {"type": MSG.START})  # the person presses Start
    for _ in range(3000):
        if w.game.over:
            break
        state = json.dumps({k: w.get_state()[k] for k in w.GAME_TRAITS})
        for key in ('"hands"', '"ballot"', '"camera_deck"', '"camera_held"', '"pending_ranks"', '"deck"'):
            assert key not in state
        assert w.view["my_cards"] == w.game.hand[0]
        gos = w.view["gossip"]
        if gos is not None:
            assert "chosen" not in gos
        legal = [a for a in legal_of(w) if a["type"] != "claim"]
        if legal and 0 in w.game.to_act:
            send(w, {"type": MSG.ACT, "action": legal[0], "at": w.now})
        else:
            w.advance_time(300)
    assert w.game.over


# ------------------------------------------------------------------ frames
@pytest.mark.parametrize("mode", ["bots", "hotseat"])
def test_every_update_of_a_whole_6_player_game_is_under_8_kb(mode):
    kw = {"humans": [0]} if mode == "bots" else {"mode": "hotseat"}
    w = W(players=6, seed=1, **kw)
    with record_frames(w) as frames:
        if mode == "bots":
            play_randomly(w, random.Random(1), max_steps=50_000)
        else:
            until(w, lambda: w.game.over)
    assert w.game.over and w.game.winners
    sizes = [f["bytes"] for f in frames]
    assert len(sizes) > 100
    assert max(sizes) <= FRAME_LIMIT, (max(sizes), [f["traits"] for f in frames if f["bytes"] > FRAME_LIMIT][:3])


# ------------------------------------------------------------- Python API
def test_the_python_api_mirrors_the_buttons():
    w = W(players=4, seed=1, bot=Idle)
    w.run_bots()
    w.act(ROLL)
    assert w.view["last_roll"]["seat"] == 0
    with pytest.raises(IllegalAction) as info:
        w.act({"type": "rank", "target": 1})
    assert info.value.code == "illegal_action" and w.error["code"] == "illegal_action"


def test_the_text_view_says_what_the_screen_shows():
    w = W(game=P.confrontation(), humans=[0], bot=Idle)
    send(w, {"type": MSG.CLOCK, "id": "t"})
    send(w, {"type": MSG.START})  # the person presses Start
    text = w.text()
    g = w.game
    assert "Your vote cards (number×copies): " in text and "Question (+" in text
    held = ", ".join(f"{t + 1}×{n}" for t, n in enumerate(g.hand[0]) if n)
    assert held in text
    twin = g.resample(0, random.Random(1))
    tw = W(game=twin, humans=[0], bot=Idle)
    real = W(game=BigBrother.from_json(g.to_json()), humans=[0], bot=Idle)
    assert tw.text() == real.text()
    real.set_reveal(True)
    assert all(f"{w.names[s]} holds" in real.text() for s in range(1, 3))


# ------------------------------------------------------ names and the pay phase
def test_prompts_name_the_seats_as_the_seat_bar_does():
    """The seat bar says "Bot 3": the prompt, "me" and the log say it too (the engine's
    own prompt says "Player 3", its neck tag)."""
    w = W(players=5, seed=4, humans=[0], bot=Idle)
    assert w.settings["names"] == ["Player 1", "Bot 2", "Bot 3", "Bot 4", "Bot 5"]
    seen = set()
    for _ in range(400):
        k = len(w.game.history)
        until(w, lambda: len(w.game.history) > k or w.game.over)
        v = w.view
        seen.add(v["phase"])
        for n in range(2, 6):
            assert f"Player {n}" not in v["prompt"], v["prompt"]
        if v["phase"] in ("roll", "choose", "gossip_pick") and v["mover"] != 0:
            name = f"Bot {v['mover'] + 1}"
            assert v["prompt"].startswith(name), v["prompt"]
            assert w.game.view(0)["prompt"].startswith(f"Player {v['mover'] + 1}")  # the engine's own words
        assert v["me"] == "Player 1"
        if v["phase"] == "evict_vote":
            assert v["prompt"].startswith("Eviction vote (nominees: ") and "Bot " in v["prompt"]
            break
    assert {"roll", "vote", "evict_vote"} <= seen, seen

    class Never(Idle):
        def plan(self, view, legal):
            return None

    w = W(game=BigBrother(5, 4, first_seat=2), humans=[0], bot=Never)
    send(w, {"type": MSG.CLOCK, "id": "t"})
    assert w.view["prompt"] == "Bot 3 rolls the dice." and w.game.view(0)["prompt"] == "Player 3 rolls the dice."
    assert not [e for e in w.log_lines if "Player 3" in json.dumps(e)]


def _owing_game() -> BigBrother:
    """Seat 1 gave its four cards 1 in secret votes; seat 0 then lands in the Garden and
    seat 1 rolls lowest: seat 1 owes seat 0 a card it no longer has."""
    track = [{"kind": "confrontation", "room": None} for _ in range(32)]
    track[0] = {"kind": "room", "room": "Living Room"}
    track[5] = {"kind": "room", "room": "Garden"}
    g = BigBrother(4, 0, track=track)
    chance = lambda k, o: {"seat": "chance", "kind": k, "outcome": o}  # noqa: E731
    for _ in range(4):
        g.apply_history([{"seat": g.mover, "action": ROLL, "at": 0}, chance("dice", [1, 2])])
        for s in list(g.to_act):
            t = 0 if s == 1 else next(a["target"] for a in g.legal_actions(s) if a["target"] != 0)
            g.act(s, {"type": "vote", "target": 3 if s == 0 else t}, at=0)
    g.apply_history([{"seat": 0, "action": ROLL, "at": 0}, chance("dice", [1, 1]), chance("die", 1),
                     chance("die", 5), chance("die", 6)])  # fmt: skip
    assert g.phase == "pay" and g.to_act == [1]
    return g


def test_a_reward_owed_is_paid_by_message_and_worded_for_people():
    w = W(game=_owing_game(), humans=[1], bot=Idle)
    send(w, {"type": MSG.CLOCK, "id": "t"})
    send(w, {"type": MSG.START})
    v = w.view
    assert v["paying"] == {"giver": 1, "target": 0, "why": "garden"}
    assert (
        v["prompt"]
        == "Player 2 owes Bot 1 a vote card but has none left: Player 2 chooses another card to put in the box."
    )
    assert sorted(a["target"] for a in legal_of(w)) == [2, 3]
    box = json.dumps(w.game.box)
    send(w, {"type": MSG.ACT, "action": {"type": "pay", "target": 0}, "at": w.now})
    assert w.error and json.dumps(w.game.box) == box  # the card that is gone: refused, nothing changed
    send(w, {"type": MSG.ACT, "action": {"type": "pay", "target": 3}, "at": w.now})
    assert not w.error and w.game.box[1][3] == 1 and w.view["phase"] != "pay" and w.view["paying"] is None
    words = [w.presenter.describe(e) for e in w.game.events if e["type"] in ("owes", "open_vote")][-2:]
    assert words == [
        "Player 2 owes Bot 1 a vote for gardening (the Garden) but has no such card left: Player 2 chooses another card",
        "Player 2 has no card for Bot 1 left and pays for gardening (the Garden) with a card for Bot 4",
    ]
    assert "Player 2 owes Bot 1" not in "\n".join(w.text())

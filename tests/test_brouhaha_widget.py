"""The Brouhaha widget without a browser: the message handler driven as the view
drives it, on virtual time. Acting by message (play, take back, slap, Hunter, pass),
a stamped slap race over a 200 ms link won within the lag and lost without it, typed
errors shown in the ``error`` trait with the game unchanged, the one-keyboard mode
(public view only, a slap key per person, helpers that never slap), the odds panel
from the seat's view, the log's wording, nothing secret in the synced traits (the
conformance kit's leak test with the widget, in every phase), and every update of a
whole 10-player game under 8 KB. The browser test is tests/e2e/test_brouhaha_browser.py."""

from __future__ import annotations

import json
import random

import pytest

from brady_widgets.brouhaha.odds import share_chance
from brady_widgets.brouhaha.rules import Brouhaha
from brady_widgets.brouhaha.widget import PARTY_KEYS, BrouhahaWidget
from brady_widgets.engine.errors import IllegalAction
from brady_widgets.scheduler import Later
from brady_widgets.testing import check_leaks
from brady_widgets.testing.widgets import FRAME_LIMIT, legal_of, play_randomly, record_frames, send
from brady_widgets.widget import MSG

SLAP = {"type": "slap"}


def W(**kw):
    kw.setdefault("pace", 0)
    return BrouhahaWidget(**kw)


def run_until(w, pred, step=10, limit=60_000):
    for _ in range(limit // step):
        if pred():
            return w.now
        w.advance_time(step)
    raise AssertionError("the condition never came")


class Idle:
    """Never acts of its own accord; passes its first card when the game waits on it."""

    def __init__(self, seat, seed):
        self.seat = seat

    def plan(self, view, legal):
        if view["phase"] == "pass" and self.seat in view["to_act"]:
            return legal[0]
        return None

    def choose(self, view, legal):
        return legal[0]


class Racer(Idle):
    """Plays ``card`` at once, then slaps exactly 1000 ms after it sees another seat cry its cry."""

    card = None

    def plan(self, view, legal):
        play = {"type": "play", "card": self.card}
        if view["phase"] == "play" and view["my_down"] is None and play in legal:
            return play
        cries = view["cries"]
        mine = cries[self.seat]
        if view["phase"] == "play" and SLAP in legal and any(c == mine for s, c in enumerate(cries) if s != self.seat):
            return Later(1000, SLAP)
        return super().plan(view, legal)


def shared_species(seed=0):
    """A 3-player game's seed-0 deal and an animal both seat 0 and seat 1 hold."""
    deal = Brouhaha(3, seed).deal
    both = [a for a in deal["hands"][0] if a in deal["hands"][1] and a != "hunter"]
    assert both, deal
    return deal, both[0]


# --------------------------------------------------------------- set-up
def test_keys_content_once_and_a_clock_that_waits_for_the_view():
    w = W(players=5, seed=3)
    assert w.settings["keys"] == {" ": "slap", "t": "take_back", "Backspace": "take_back"}
    assert w.clock["realtime"] is True and w.clock["running"] is False and w.game.history == []
    content = w.content
    assert len(content["animals"]) == 21 and {"id", "name", "emoji"} == set(content["animals"][0])
    assert sorted(len(v) for v in content["cries"].values()) == [3] * 7
    assert "animals" not in w.view and "name" not in json.dumps(w.view)  # content is not in every view
    assert w.seat == 0 and w.view["my_hand"] == w.game.view(0)["my_hand"]
    with record_frames(w) as frames:
        send(w, {"type": MSG.CLOCK, "id": "v"})
        send(w, {"type": MSG.START})  # the person presses Start
        w.advance_time(3000)
    assert frames and all("content" not in f["traits"] for f in frames)  # sent once, at the start
    assert w.clock["running"] is True and w.clock["sync"] == "v"
    solo = W(players=3, cries="solo")
    assert sorted(len(v) for v in solo.content["cries"].values()) == [1] * 21


def test_real_time_refuses_hot_seat_and_bad_party_settings():
    with pytest.raises(ValueError, match="real time"):
        W(players=3, mode="hotseat")
    with pytest.raises(TypeError, match="either humans"):
        W(players=3, humans=[0], party=[1])
    for bad in ({0: "t"}, {0: "h"}, {0: "A"}, {0: "ab"}, {0: "1"}, {0: "a", 1: "a"}, {5: "a"}, [], {True: "a"}):
        with pytest.raises(ValueError):
            W(players=4, party=bad)
    assert W(players=4, party=[0, 3]).party == {0: PARTY_KEYS[0], 3: PARTY_KEYS[1]}


# ---------------------------------------------------------- acting by message
def test_play_take_back_and_switch_by_message():
    w = W(players=4, seed=5, bot=Idle)
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    hand = w.view["my_hand"]
    animals = [c for c in dict.fromkeys(hand) if c != "hunter"]
    send(w, {"type": MSG.ACT, "action": {"type": "play", "card": animals[0]}, "at": w.now})
    assert not w.error and w.view["my_down"] == animals[0]
    assert w.view["cries"][0] is not None and w.game.view(1)["cries"][0] == w.view["cries"][0]
    assert {"type": "take_back"} in legal_of(w) and SLAP in legal_of(w)
    send(w, {"type": MSG.ACT, "action": {"type": "play", "card": animals[1]}, "at": w.now})  # a switch
    assert w.view["my_down"] == animals[1] and animals[0] in w.view["my_hand"]
    send(w, {"type": MSG.ACT, "action": {"type": "take_back"}, "at": w.now})
    assert w.view["my_down"] is None and w.view["cries"][0] is None and sorted(w.view["my_hand"]) == sorted(hand)
    assert [h["action"]["type"] for h in w.game.history if h.get("seat") == 0] == ["play", "play", "take_back"]
    assert any("switched to a card" in e["text"] for e in w.log_lines)


def test_a_stale_rev_is_dropped_quietly():
    w = W(players=3, seed=1, bot=Idle)
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    card = next(c for c in w.view["my_hand"] if c != "hunter")
    rev = w.rev
    send(w, {"type": MSG.ACT, "action": {"type": "play", "card": card}, "rev": rev})
    send(w, {"type": MSG.ACT, "action": {"type": "take_back"}, "rev": rev})  # drawn before the play
    assert w.view["my_down"] == card and not w.error and w.rev == rev + 1


# ------------------------------------------------------------- the slap race
def race(lag, link_ms=200, reaction_ms=700):
    """Seat 0 (a person) and seat 1 (a bot slapping exactly 1000 ms after it sees the
    matching cry) hold the same animal; seat 2 is idle. The person reacts ``reaction_ms``
    after their screen shows the match, over a link delaying each message ``link_ms``.
    Returns (first slapper, the person's stamp - the match's time, error)."""
    deal, animal = shared_species()
    racer = type("R", (Racer,), {"card": animal})
    w = W(game=Brouhaha(3, 0, deal=deal), humans=[0], bot=lambda s, seed: (racer if s == 1 else Idle)(s, seed), lag=lag)
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    run_until(w, lambda: w.view["cries"][1] is not None)  # the bot played its card
    send(w, {"type": MSG.ACT, "action": {"type": "play", "card": animal}, "at": w.now})
    shown = w.now  # the kernel applied the person's card (not a race) and synced the match
    assert w.view["cries"][0] == w.view["cries"][1]
    press = shown + link_ms + reaction_ms  # the screen shows it link_ms later; the key press
    stamp = press - link_ms  # game time as that screen saw it (its offset measured over the link)
    run_until(w, lambda: w.now >= press + link_ms, step=5)  # the message is on its way
    send(w, {"type": MSG.ACT, "action": SLAP, "at": stamp})
    w.advance_time(lag + 50)
    slaps = [e for e in w.game.events if e["type"] == "slap"]
    return slaps[0]["seat"], stamp - shown, w.error, w


def test_the_earlier_stamp_wins_the_slap_race_within_the_lag():
    first, reaction, error, w = race(lag=250)
    assert reaction == pytest.approx(700) and first == 0 and not error
    # both slapped: the reveal shows both cards, a match, and the view froze
    reveal = next(e for e in w.game.events if e["type"] == "reveal")
    assert reveal["seats"] == [0, 1] and reveal["match"] is True
    first_slap = next(h for h in w.game.history if h.get("seat") == 0 and h["action"] == SLAP)
    bot_slap = next(h for h in w.game.history if h.get("seat") == 1 and h["action"] == SLAP)
    assert first_slap["at"] < bot_slap["at"]


def test_without_the_settle_window_the_link_decides_the_race():
    first, _, error, _ = race(lag=0)
    assert first == 1 and not error  # the person's slap came second (still legal: the reveal)


# ------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    "msg, code",
    [
        ({"type": MSG.ACT, "action": {"type": "play"}}, "malformed_action"),
        ({"type": MSG.ACT, "action": {"type": "play", "card": 7}}, "malformed_action"),
        ({"type": MSG.ACT, "action": {"type": "fly"}}, "malformed_action"),
        ({"type": MSG.ACT, "action": SLAP}, "illegal_action"),  # no card down
        ({"type": MSG.ACT, "action": {"type": "take_back"}}, "illegal_action"),
        ({"type": MSG.ACT, "action": {"type": "play", "card": "unicorn"}}, "illegal_action"),
        ({"type": MSG.ACT, "action": {"type": "hunt", "target": 1}}, "illegal_action"),  # nobody has a card down
        ({"type": MSG.ACT, "action": SLAP, "at": "soon"}, "malformed_message"),
        ({"type": "dance"}, "unknown_message"),
        ({"type": MSG.OPTION, "name": "speech", "value": True}, "malformed_message"),
    ],
)
def test_bad_input_is_a_typed_error_in_the_view_and_changes_nothing(msg, code):
    w = W(players=4, seed=2, bot=Idle)
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    before = w.game.to_json()
    send(w, msg)
    assert w.error["code"] == code and w.error["message"]
    assert w.game.to_json() == before and w._sched.pending(0) == 0
    assert f"Error: {w.error['message']}" in w.text() and code not in w.text()  # a sentence, the code logged
    send(w, {"type": MSG.CLEAR_ERROR})
    assert w.error == {}


def test_a_race_lost_in_the_kernel_is_shown_as_an_error():
    """Two bots slap at 1000 ms; the person's slap, stamped 50 ms later, was legal when it
    arrived (the bots' slaps wait out the lag) but comes third: refused when applied."""
    deal = Brouhaha(3, 0).deal
    animal = next(a for a in deal["hands"][1] if a in deal["hands"][2] and a != "hunter")
    racer = type("R", (Racer,), {"card": animal})
    w = W(game=Brouhaha(3, 0, deal=deal), humans=[0], bot=lambda s, seed: racer(s, seed))
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    run_until(w, lambda: w.view["cries"][1] is not None and w.view["cries"][2] is not None)
    matched = w.game.clock
    mine = next(c for c in w.view["my_hand"] if c != "hunter")
    send(w, {"type": MSG.ACT, "action": {"type": "play", "card": mine}, "at": w.now})
    run_until(w, lambda: w.now >= matched + 1050, step=5)
    assert w.view["phase"] == "play"  # the bots' slaps wait out the lag
    send(w, {"type": MSG.ACT, "action": SLAP, "at": w.now})
    assert not w.error and w._sched.pending(0) == 1
    w.advance_time(400)
    assert [e["seat"] for e in w.game.events if e["type"] == "slap"] == [1, 2]
    # (the engine's code for a seat that has nothing to do in the frozen reveal)
    assert w.error["code"] in ("illegal_action", "not_your_turn") and w._sched.pending(0) == 0
    assert w.error["message"] == "Two players have already slapped: the cards are being shown."
    assert not any(h.get("seat") == 0 and h["action"] == SLAP for h in w.game.history)


# ------------------------------------------------------- the one-keyboard mode
def test_one_keyboard_shows_only_public_facts_and_each_key_slaps_for_its_seat():
    w = W(players=4, seed=6, party={0: "a", 2: "l"}, bot="medium")
    assert w.seat == -1 and w.view["viewer"] is None and w.view["my_hand"] is None and w.view["odds"] is None
    assert w.content["party"] == {"keys": {"0": "a", "2": "l"}}
    assert w.names[0] == "Player 1 (A)" and w.names[2] == "Player 3 (L)" and w.names[1] == "Bot 2"
    assert w.settings["humans"] == [0, 2] and legal_of(w) == []
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    # the helpers play the people's cards; they never slap for them
    run_until(w, lambda: w.game.view(0)["my_down"] is not None and w.game.view(2)["my_down"] is not None)
    assert w.seat == -1 and w.view["my_hand"] is None
    before = len(w.game.history)
    send(w, {"type": MSG.ACT, "action": {"type": "slap", "seat": 2}, "rev": 0, "at": w.now})
    assert not w.error, w.error
    w.advance_time(300)
    assert any(h.get("seat") == 2 and h["action"] == SLAP for h in w.game.history[before:])
    for action, code in (
        ({"type": "slap", "seat": 1}, "not_your_turn"),  # a bot's seat has no key
        ({"type": "slap"}, "malformed_action"),
        ({"type": "play", "card": "cow"}, "malformed_action"),
    ):
        snapshot = w.game.to_json()
        send(w, {"type": MSG.ACT, "action": action, "rev": 0})
        assert w.error["code"] == code and w.game.to_json() == snapshot
    # to the end: only the people's keys slap for seats 0 and 2, the screen never shows a seat
    rng = random.Random(3)
    for _ in range(4000):
        if w.game.over:
            break
        if rng.random() < 0.2:
            send(w, {"type": MSG.ACT, "action": {"type": "slap", "seat": rng.choice([0, 2])}, "rev": 0, "at": w.now})
        w.advance_time(rng.randint(20, 300))
        assert w.seat == -1 and w.view["my_hand"] is None and w.view["my_down"] is None
    assert w.game.over and w.game.winners


def test_one_keyboard_helpers_pass_and_hunt_but_never_slap():
    w = W(players=5, seed=9, party=[0, 1, 2, 3, 4], bot="hard")
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    w.advance_time(120_000)
    kinds = {h["action"]["type"] for h in w.game.history if isinstance(h.get("seat"), int)}
    assert "slap" not in kinds and "play" in kinds
    assert not w.error


# ------------------------------------------------------------------- odds
def test_the_odds_panel_is_the_exact_share_chance_of_the_seats_view():
    w = W(players=6, seed=4, bot="medium")
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    seen = 0
    rng = random.Random(2)
    for _ in range(600):
        if w.game.over:
            break
        if w.view["my_down"] is None and w.view["phase"] == "play":
            plays = [a for a in legal_of(w) if a["type"] == "play"]
            if plays:
                send(w, {"type": MSG.ACT, "action": rng.choice(plays), "at": w.now})
        odds = w.view["odds"]
        if w.view["my_down"] in (None, "hunter"):
            assert odds is None
        else:
            p = share_chance(w.game.view(0))
            assert odds["fraction"] == f"{p.numerator}/{p.denominator}" or (
                p.denominator == 1 and odds["fraction"] == str(p.numerator)
            )
            assert odds["p"] == pytest.approx(float(p)) and odds["mine"] == w.view["my_down"]
            seen += odds["p"] > 0
        w.advance_time(50)
    assert seen > 0, "the odds never showed a chance above 0: the test proved nothing"


# --------------------------------------------------------------------- log
def test_every_event_of_a_game_is_worded_for_the_log():
    g = Brouhaha(6, 11, bang=True)
    w = W(game=g, humans=[0], bot="easy")
    w.run_bots()
    w.advance_time(400_000)
    assert w.game.over
    kinds = {e["type"] for e in w.game.events}
    assert {"play", "slap", "reveal", "game_over", "deal", "start"} <= kinds
    for e in w.game.events:
        text = w.presenter.describe(e)
        assert text and text != e["type"], e
    # the log the screen shows is the seat's own: its first entry, paged in, is its own deal
    first = w.page_of("log", 1)["items"]
    assert [x["type"] for x in first] == ["deal"] and first[0]["seat"] == 0
    assert first[0]["text"].startswith("Player 1 is dealt ")


# -------------------------------------------------------------- no secrets
def _phases_of(w, wanted, budget_ms=300_000, step=40):
    """Advance a bot game (the person at seat 0 keeps a card face down), yielding once in
    each phase of ``wanted`` it reaches."""
    seen = set()
    rng = random.Random(0)
    for _ in range(budget_ms // step):
        plays = [a for a in legal_of(w) if a["type"] == "play"]
        if w.view["my_down"] is None and plays:  # the person keeps a card down
            send(w, {"type": MSG.ACT, "action": rng.choice(plays), "at": w.now})
        phase = w.game.phase
        if phase in wanted and phase not in seen:
            seen.add(phase)
            yield phase
        if w.game.over or seen == wanted:
            return
        w.advance_time(step)


def test_nothing_secret_in_the_synced_traits_in_any_phase():
    """The kit's leak test with the widget: a widget on the real game and one on a game
    with every hidden card redrawn (same public history) sync identical state, for the
    shown seat and for the one-keyboard screen (the public view)."""
    w = W(players=5, seed=21, humans=[0], bot="hard")
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    rng = random.Random(5)
    stats_changed = compares = odds_shown = 0
    phases = []
    wanted = {"play", "slap", "reveal", "hunt", "pass"}
    for phase in _phases_of(w, wanted):
        phases.append(phase)
        odds_shown += w.view["odds"] is not None
        g = w.game
        stats = check_leaks(
            g, rng, seats=[0], samples=2, widget_factory=lambda game, seat: W(game=game, humans=[seat], bot=Idle)
        )
        party = check_leaks(
            g,
            rng,
            seats=[None],
            samples=2,
            widget_seats=[None],
            widget_factory=lambda game, seat: W(game=game, party={0: "a", 3: "l"}, bot=Idle),
        )
        stats_changed += stats.changed + party.changed
        compares += stats.widget_compares + party.widget_compares
    assert {"play", "slap", "reveal", "pass"} <= set(phases), phases
    assert compares >= 8 and stats_changed > 0, (compares, stats_changed)
    assert odds_shown, "the odds panel was never compared"


def test_the_synced_state_never_names_another_seats_cards():
    w = W(players=4, seed=8, humans=[0], bot="medium")
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    for _ in range(400):
        if w.game.over:
            break
        w.advance_time(100)
        state = json.dumps({k: w.get_state()[k] for k in w.GAME_TRAITS})
        assert '"hands"' not in state and '"down"' not in state and '"passes"' not in state
        view = w.view
        assert view["my_hand"] == w.game.hands[0]
        hunt = view["hunt"]
        if hunt is not None and hunt["hunter"] != 0:
            assert "target" not in hunt


# ------------------------------------------------------------------ frames
def test_every_update_of_a_whole_10_player_game_is_under_8_kb():
    w = W(players=10, seed=1, humans=[0])
    with record_frames(w) as frames:
        play_randomly(w, random.Random(1), max_steps=50_000)
    assert w.game.over and w.game.winners
    sizes = [f["bytes"] for f in frames]
    assert len(sizes) > 100
    assert max(sizes) <= FRAME_LIMIT, (max(sizes), [f["traits"] for f in frames if f["bytes"] > FRAME_LIMIT][:3])


def test_the_python_api_mirrors_the_keys():
    w = W(players=3, seed=1, bot=Idle)
    w.run_bots()
    card = next(c for c in w.view["my_hand"] if c != "hunter")
    w.act({"type": "play", "card": card})
    assert w.view["my_down"] == card
    with pytest.raises(IllegalAction) as info:
        w.act({"type": "play", "card": "unicorn"})
    assert info.value.code == "illegal_action" and w.error["code"] == "illegal_action"
    w.act({"type": "take_back"})
    assert w.view["my_down"] is None and not w.error


def test_the_text_view_says_what_the_screen_shows():
    """Own hand and face-down card; no other seat's hand, also against a redrawn game."""
    from brady_widgets.brouhaha.content import ANIMALS
    from brady_widgets.brouhaha.text import hand_text

    names = {a["id"]: a["name"] for a in ANIMALS} | {"hunter": "Hunter"}
    w = W(players=4, seed=3, bot="medium")
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    card = next(c for c in w.view["my_hand"] if c != "hunter")
    w.act({"type": "play", "card": card})
    w.advance_time(4000)
    text = w.text()
    g = w.game
    assert f"Your hand: {hand_text(g.hands[0], names.get)}." in text
    assert "Your face-down card: " in text and "Table (cry of the face-down card; Reserve):" in text
    for s in range(1, 4):
        assert f"holds {hand_text(g.hands[s], names.get)}" not in text
    twin = g.resample(0, random.Random(1))
    assert twin.full_view() != g.full_view()
    tw = W(game=twin, humans=[0], bot=Idle)
    real = W(game=Brouhaha.from_json(g.to_json()), humans=[0], bot=Idle)
    assert tw.text() == real.text()
    real.set_reveal(True)
    assert all(f"holds {hand_text(g.hands[s], names.get)}" in real.text() for s in range(4))

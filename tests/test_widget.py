"""GameWidget, the shared adapter, without a browser.

The view talks to Python only through custom messages, so these tests call the
widget's message handler with the dicts the comm would deliver
(``w._on_view_msg(w, content, buffers)``) or use the Python API, and assert on
the synced traits. Costume Party is the concrete game; the game-specific parts
(board texts, odds, a full game through the view's messages) are in
``test_costume_widget.py``.
"""

from __future__ import annotations

import asyncio
import copy
import json
import random

import pytest

from brady_widgets.costume_party.presenter import CostumePartyPresenter
from brady_widgets.costume_party.rules import CostumeParty
from brady_widgets.costume_party.widget import CostumePartyWidget
from brady_widgets.engine.errors import IllegalAction
from brady_widgets.testing.widgets import legal_of, send
from brady_widgets.widget import MSG, WIDGET_ERROR_CODES, GameWidget, WidgetError

SYNCED = list(GameWidget.GAME_TRAITS)


def snapshot(w):
    """Game + every synced trait except ``error`` (the one a refusal may change)."""
    state = w.get_state(SYNCED)
    state.pop("error")
    return w.game.to_json(), json.dumps(state, sort_keys=True)


def make(**kw):
    kw.setdefault("bot", "random")
    kw.setdefault("pace", 0)
    return CostumePartyWidget(**kw)


def play_human(w, rng, limit=5000):
    """Play the shown human seat(s) by messages until the game ends."""
    for _ in range(limit):
        if w.game.over:
            return
        if w.curtain["up"]:
            send(w, {"type": MSG.LIFT_CURTAIN})
        assert legal_of(w), f"a human must be able to act: {w!r} {w.error}"
        send(w, {"type": MSG.ACT, "action": rng.choice(legal_of(w))})
        assert w.error == {}, w.error
    raise AssertionError("the game did not end")


# --------------------------------------------------------------- construction
def test_synced_traits_are_exactly_the_contract():
    from anywidget import AnyWidget

    w = make()
    plain = AnyWidget()
    extra = set(w.traits(sync=True)) - set(plain.traits(sync=True)) - {"_esm", "_css", "_anywidget_id"}
    plain.close()
    assert extra == set(SYNCED)
    w.close()


def test_unknown_keyword_raises_type_error():
    with pytest.raises(TypeError, match="colour"):
        make(colour="red")
    with pytest.raises(TypeError):
        CostumePartyWidget(game=CostumeParty(3, 1), first_seat=1)  # options belong to the engine
    with pytest.raises(TypeError):
        CostumePartyWidget(game="not an engine")


@pytest.mark.parametrize(
    "kwargs",
    [
        {"humans": (4,)},
        {"humans": (-1,)},
        {"humans": (0, 0)},
        {"humans": ("0",)},
        {"mode": "solo"},
        {"pace": -1},
        {"pace": float("nan")},
        {"pace": True},
        {"bot": "nobody"},
        {"names": ["a", "b"]},
        {"players": 9},
    ],
)
def test_bad_arguments_raise(kwargs):
    with pytest.raises((ValueError, TypeError)):
        make(**kwargs)


def test_engine_options_and_deal_pass_through():
    deal = {"secrets": [3, 4], "deck": [i for i in range(20) if i not in (3, 4)], "rooms": ["hall"] * 20}
    w = make(players=2, first_seat=1, deal=deal, humans=(1,))
    assert w.game.deal["secrets"] == [3, 4]
    assert w.view["my_character"] == 4 and w.seat == 1
    assert w.game.options["first_seat"] == 1


def test_repr_is_deterministic():
    a, b = make(seed=4), make(seed=4)
    assert repr(a) == repr(b)
    # the repr is the text view (tests/test_every_game.py): what nbviewer and saved outputs show
    assert "0x" not in repr(a) and repr(a) == a.text() and repr(a).startswith("Costume Party Detective")


def test_default_bot_is_the_detective_when_registered():
    from brady_widgets.costume_party.bots import BOTS

    assert CostumePartyWidget.default_bot == "detective"
    w = CostumePartyWidget(pace=0, seed=2)
    assert len(w.bots) == 3 and all(type(b) is BOTS["detective"] for b in w.bots.values())


# ------------------------------------------------------------ bots see views
def test_bots_get_deep_copies_of_their_view_and_legal_only():
    seen = []

    class Scripted:
        def __init__(self, seat, seed):
            self.seat, self.seed = seat, seed

        def choose(self, view, legal):
            seen.append((self.seat, copy.deepcopy(view), copy.deepcopy(legal)))
            action = legal[0]
            for figs in view["rooms"].values():  # a careless bot scribbles on what it got
                figs.clear()
            for nbrs in view["adjacency"].values():
                nbrs.clear()
            legal.append({"type": "junk"})
            return action

    w = make(players=3, seed=11, bot=lambda seat, seed: Scripted(seat, seed))
    assert {b.seed for b in w.bots.values()} == {11}
    rng = random.Random(5)
    for _ in range(12):
        if w.game.over:
            break
        before = len(w.game.history)
        w.act(rng.choice(legal_of(w)))
        assert len(w.game.history) > before
    assert seen, "the scripted bots never played"
    for seat, view, legal in seen:
        assert seat in (1, 2)
        assert view["viewer"] == seat
        assert "secrets" not in view and "deck" not in view
        assert all(isinstance(a, dict) and a["type"] in ("roll", "move", "kill", "draw") for a in legal)
    assert sum(len(figs) for figs in w.game.view(None)["rooms"].values()) > 0
    assert all(w.game.view(None)["adjacency"].values()), "a bot's scribbles reached the engine"
    assert all(w.view["adjacency"].values())


# ------------------------------------------------------------- error handling
BAD_MESSAGES = [
    None,
    "act",
    [],
    {},
    {"type": 5},
    {"type": "dance"},
    {"type": "act"},
    {"type": "act", "action": None},
    {"type": "act", "action": "roll"},
    {"type": "act", "action": {"type": "fly"}},
    {"type": "act", "action": {"type": "roll", "extra": 1}},
    {"type": "act", "action": {"type": "move", "figure": "3", "to": "red"}},
    {"type": "act", "action": {"type": "kill", "figure": 99}},
    {"type": "act", "action": {"type": "roll"}, "seat": 1},
    {"type": "reveal", "on": "yes"},
    {"type": "reveal"},
    {"type": "replay", "step": 0},
    {"type": "clear_error", "x": 1},
]


@pytest.mark.parametrize("msg", BAD_MESSAGES, ids=[repr(m)[:40] for m in BAD_MESSAGES])
def test_bad_messages_become_errors_and_change_nothing(msg):
    w = make(seed=3)
    before = snapshot(w)
    send(w, msg)  # must not raise
    assert w.error and w.error["code"] in WIDGET_ERROR_CODES + (
        "malformed_action",
        "illegal_action",
        "not_your_turn",
        "game_over",
    )
    assert isinstance(w.error["message"], str) and w.error["message"]
    assert snapshot(w) == before
    send(w, {"type": MSG.CLEAR_ERROR})
    assert w.error == {}


def test_illegal_click_shows_the_engines_message():
    w = make(seed=3)
    send(w, {"type": "act", "action": {"type": "draw"}})  # it is time to roll
    assert w.error["code"] == "illegal_action"
    assert "roll" in w.error["message"]
    send(w, {"type": "act", "action": {"type": "roll"}})
    assert w.error == {}  # a good action clears the banner


def test_not_your_turn_and_game_over():
    w = make(players=3, seed=8, first_seat=1, humans=(0,))
    # a new game starts the bots at once: seat 1 and 2 have played, seat 0 is to act
    assert w.game.to_act == [0] and len(w.game.history) > 0
    w2 = CostumePartyWidget(game=CostumeParty(3, 8, first_seat=1), humans=[0], bot="random", pace=0)
    before = snapshot(w2)
    send(w2, {"type": "act", "action": {"type": "roll"}})
    assert w2.error["code"] == "not_your_turn" and snapshot(w2) == before
    with pytest.raises(IllegalAction):
        w2.act({"type": "roll"})
    assert w2.error["code"] == "not_your_turn"
    play_human(w, random.Random(1))
    before = snapshot(w)
    send(w, {"type": "act", "action": {"type": "roll"}})
    assert w.error["code"] == "game_over" and snapshot(w) == before


def test_unexpected_exceptions_surface_as_internal_error(caplog):
    w = make(seed=3)

    def boom(*args, **kwargs):
        raise RuntimeError("kaboom")

    w.game.act = boom  # an engine bug
    with caplog.at_level("WARNING", logger="brady_widgets.refusals"):
        send(w, {"type": "act", "action": {"type": "roll"}})
    # the person reads a sentence; the developer gets the exception and its traceback in the log
    assert {k: v for k, v in w.error.items() if k != "n"} == {
        "code": "internal_error",
        "message": "Something went wrong, so nothing changed. Try again.",
    }
    assert "RuntimeError: kaboom" in caplog.text and "Traceback" in caplog.text


def test_failing_bot_is_reported_not_swallowed():
    class Broken:
        def choose(self, view, legal):
            return {"type": "fly"}

    w = make(players=2, seed=1, bot=lambda seat, seed: Broken())
    while w.game.to_act == [0]:
        w.act(legal_of(w)[0])
    assert w.error["code"] == "bot_error" and "Bot 2" in w.error["message"]
    assert w.settings["paused"] is True  # the view offers "let the bots play" again
    with pytest.raises(WidgetError):
        w.run_bots()
    send(w, {"type": MSG.RUN_BOTS})
    assert w.error["code"] == "bot_error"


def test_python_api_mirrors_the_clicks():
    w = make(seed=6)
    assert w.seat == 0 and legal_of(w) == [{"type": "roll"}]
    w.act({"type": "roll"})
    assert w.game.history[0] == {"seat": 0, "action": {"type": "roll"}}
    with pytest.raises(IllegalAction):
        w.act({"type": "roll", "bogus": True})
    assert w.error["code"] == "malformed_action"
    assert w.winners == []


# -------------------------------------------------------------- the curtain
def hotseat(**kw):
    kw.setdefault("players", 3)
    kw.setdefault("seed", 21)
    return make(mode="hotseat", **kw)


def assert_public(w):
    assert w.seat == -1
    assert legal_of(w) == []
    assert w.view["viewer"] is None and w.view["my_character"] is None
    assert "secrets" not in w.view and "deck" not in w.view
    assert w.view["odds"] is None
    assert all(e["type"] != "secret" for e in w.log_lines)


def test_hotseat_curtain_hides_everything_secret():
    w = hotseat()
    assert w.settings["humans"] == [0, 1, 2] and dict(w.bots) == {}
    assert w.curtain == {"up": True, "seat": 0}
    assert_public(w)
    w.lift_curtain()
    assert w.curtain["up"] is False and w.seat == 0
    assert w.view["my_character"] == w.game.secrets[0]
    assert legal_of(w) == w.game.legal_actions(0)
    assert any(e["type"] == "secret" for e in w.log_lines)
    # seat 0 finishes a turn: the curtain comes down on seat 1
    while w.game.to_act == [0]:
        w.act(legal_of(w)[0])
    assert w.curtain == {"up": True, "seat": 1}
    assert_public(w)
    before = snapshot(w)
    send(w, {"type": MSG.ACT, "action": {"type": "roll"}})  # nobody may act behind the curtain
    assert w.error["code"] == "not_your_turn" and "curtain" in w.error["message"]
    assert snapshot(w) == before
    send(w, {"type": MSG.LIFT_CURTAIN})
    assert w.seat == 1 and w.view["my_character"] == w.game.secrets[1]
    assert legal_of(w) == w.game.legal_actions(1)


def test_curtain_state_does_not_depend_on_any_secret():
    """Two deals differing only in the players' secrets sync the same state behind the curtain."""
    rooms = CostumeParty(3, 5).deal["rooms"]
    deck = list(range(3, 20))
    states = []
    for secrets in ([0, 1, 2], [2, 0, 1]):
        w = hotseat(deal={"secrets": secrets, "deck": deck, "rooms": rooms})
        states.append(w.get_state(SYNCED))
        assert w.curtain["up"]
    assert states[0] == states[1]


def test_hotseat_with_bots_and_bots_mode_switching():
    w = make(mode="hotseat", humans=(0, 2), players=3, seed=4)
    assert set(w.bots) == {1} and w.curtain == {"up": True, "seat": 0}
    w.lift_curtain()
    while w.game.to_act == [0]:
        w.act(legal_of(w)[0])
    # seat 1 (a bot) played synchronously; the curtain now asks for seat 2
    assert w.game.to_act == [2] and w.curtain == {"up": True, "seat": 2}
    # in "bots" mode with two humans the screen simply follows the turn
    v = make(mode="bots", humans=(0, 1), players=3, seed=4)
    while v.game.to_act == [0]:
        v.act(legal_of(v)[0])
    assert v.seat == 1 and v.curtain["up"] is False and legal_of(v) == v.game.legal_actions(1)


# ----------------------------------------------------------- teacher reveal
def test_reveal_mode_is_explicit_and_shows_everything():
    w = make(seed=9, teacher=True)
    assert "secrets" not in w.view and w.settings["reveal"] is False and w.settings["teacher"] is True
    secrets_in_log = [e for e in w.log_lines if e["type"] == "secret"]
    assert len(secrets_in_log) == 1
    send(w, {"type": MSG.REVEAL, "on": True})
    assert w.settings["reveal"] is True
    assert w.view["secrets"] == w.game.secrets and w.view["deck"] == w.game.deck
    assert len([e for e in w.log_lines if e["type"] == "secret"]) == 4
    assert legal_of(w) == w.game.legal_actions(0)  # the teacher may still play the shown seat
    w.set_reveal(False)
    assert "secrets" not in w.view
    r = make(seed=9, reveal=True)
    assert r.view["secrets"] == r.game.secrets
    with pytest.raises(WidgetError):
        w.set_reveal("on")


def test_reveal_overrides_the_curtain_and_restores_it():
    w = hotseat()
    w.set_reveal(True)
    assert w.curtain["up"] is False and "secrets" in w.view and legal_of(w) == []
    w.set_reveal(False)
    assert w.curtain == {"up": True, "seat": 0}
    assert_public(w)


# ------------------------------------------------------------------- replay
def finished(seed=12, players=3, **kw):
    w = make(seed=seed, players=players, **kw)
    play_human(w, random.Random(seed))
    return w


def test_replay_is_closed_until_the_game_is_over():
    w = make(seed=12)
    assert w.replay["active"] is False
    send(w, {"type": MSG.REPLAY, "step": 0})
    assert w.error["code"] == "replay_unavailable"
    with pytest.raises(WidgetError):
        w.replay_to(0)


def test_replay_steps_through_the_history_from_the_shown_seat():
    w = finished()
    n = w.replay["length"]
    assert w.replay == {"step": n, "length": n, "active": True}
    assert n == sum(1 for h in w.game.history if h["seat"] != "chance")
    final_view = w.view
    send(w, {"type": MSG.REPLAY, "step": 0})
    assert w.error == {} and w.replay["step"] == 0 and legal_of(w) == []
    fresh = CostumeParty.replay(3, w.game.seed, [], deal=w.game.deal, **w.game.options)
    expected = fresh.view(0)
    expected.pop("log")
    assert {k: v for k, v in w.view.items() if k != "odds"} == expected
    assert [e["type"] for e in w.log_lines] == ["secret", "start"]
    # every step equals an engine replayed to that many player actions
    for step in (1, n // 2, n - 1):
        w.replay_to(step)
        actions = 0
        for i, h in enumerate(w.game.history):
            if h["seat"] != "chance":
                if actions == step:
                    prefix = w.game.history[:i]
                    break
                actions += 1
        past = CostumeParty.replay(3, w.game.seed, prefix, deal=w.game.deal, **w.game.options)
        want = past.view(0)
        want.pop("log")
        assert {k: v for k, v in w.view.items() if k != "odds"} == want
        assert sum(1 for h in past.history if h["seat"] != "chance") == step
    send(w, {"type": MSG.REPLAY, "step": n})
    assert w.view == final_view and w.replay["step"] == n
    for bad in (-1, n + 1, "1", True, 1.0):
        send(w, {"type": MSG.REPLAY, "step": bad})
        assert w.error["code"] == "malformed_message"
        assert w.replay["step"] == n


def test_replay_in_reveal_mode_shows_the_full_history():
    w = finished(seed=13)
    w.set_reveal(True)
    w.replay_to(2)
    assert w.view["secrets"] == w.game.secrets
    assert len([e for e in w.log_lines if e["type"] == "secret"]) == 3


# ------------------------------------------------------------ bytes per update
def record_updates(w):
    sent = []
    w._send = lambda msg, buffers=None: sent.append(msg)
    return sent


@pytest.mark.parametrize("players", [4, 8])
def test_one_action_is_one_update_under_8_kb(players):
    w = make(players=players, seed=31)
    sent = record_updates(w)
    rng = random.Random(players)
    sizes = []
    while not w.game.over:
        before = len(sent)
        send(w, {"type": MSG.ACT, "action": rng.choice(legal_of(w))})
        assert w.error == {}
        updates = sent[before:]
        assert len(updates) == 1 and updates[0]["method"] == "update"
        sizes.append(len(json.dumps(updates[0]["state"], separators=(",", ":"))))
    assert len(sizes) > 10
    assert max(sizes) < 8192, max(sizes)
    # the whole initial state too (what the view receives when it opens)
    assert len(json.dumps(w.get_state(SYNCED))) < 8192


def test_log_is_trimmed_and_not_duplicated_in_view():
    w = finished(seed=14, players=4)
    assert "log" not in w.view
    full = w.game.log_for(0)
    n = len(w.log_lines)
    assert 5 <= n <= GameWidget.log_limit < len(full)
    # the newest entries, in order, within the byte budget
    assert [e["i"] for e in w.log_lines] == list(range(len(full) - n, len(full)))
    assert len(json.dumps(w.log_lines, separators=(",", ":")).encode()) <= GameWidget.log_budget
    assert all(set(e) <= {"i", "type", "step", "action", "seat", "text"} and e["text"] for e in w.log_lines)
    # numbered as the replay counts: the replay's "Action n" is the log's n
    replay_steps = [h for h in w.game.history if h.get("seat") != "chance"]
    assert all(
        e["action"] == sum(1 for h in w.game.history[: e["step"]] if h.get("seat") != "chance") for e in w.log_lines
    )
    assert w.log_lines[-1]["action"] == len(replay_steps) == w.replay["length"]


# ------------------------------------------------------------------- pacing
def test_paced_bots_act_later_on_the_running_loop():
    async def scenario():
        w = CostumePartyWidget(players=3, seed=2, bot="random", pace=0.01, humans=(0,))
        sent = record_updates(w)
        while w.game.to_act == [0]:
            w.act(legal_of(w)[0])
        # the turn went to a bot: nothing was played synchronously
        assert w.game.to_act == [1]
        assert w.settings["paused"] is False and w._pending is not None
        history = len(w.game.history)
        for _ in range(400):
            await asyncio.sleep(0.01)
            if w.game.to_act == [0] or w.game.over:
                break
        assert len(w.game.history) > history
        assert w.game.to_act == [0] or w.game.over
        assert w._pending is None
        # each paced bot action was its own update message
        assert len(sent) >= 3
        return w

    w = asyncio.run(scenario())
    assert w.error == {}


def test_paced_new_game_with_a_bot_first_starts_after_construction():
    async def scenario():
        w = CostumePartyWidget(players=2, seed=2, bot="random", pace=0.01, humans=(1,))
        assert w.game.history == [] and w.game.to_act == [0]  # not synchronous
        for _ in range(400):
            await asyncio.sleep(0.01)
            if w.game.to_act == [1]:
                break
        assert w.game.to_act == [1] and w.game.history
        w.close()  # closing cancels anything still scheduled

    asyncio.run(scenario())


def test_without_a_loop_pace_is_ignored_and_bots_play_at_once():
    w = CostumePartyWidget(players=2, seed=2, bot="random", pace=0.5, humans=(1,))
    assert w.game.to_act == [1] and w.game.history


def test_a_given_position_waits_for_run_bots():
    g = CostumeParty(3, 4, first_seat=2)
    w = CostumePartyWidget(game=g, humans=[0], bot="random", pace=0)
    assert w.game.history == [] and w.settings["paused"] is True
    send(w, {"type": MSG.RUN_BOTS})
    assert w.game.to_act == [0] and w.settings["paused"] is False and w.error == {}


def test_refresh_after_driving_the_engine_directly():
    w = CostumePartyWidget(players=3, seed=4, bot="random", pace=0)
    w.game.act(0, {"type": "roll"})
    assert legal_of(w) == [{"type": "roll"}]  # stale until refreshed
    w.refresh()
    assert legal_of(w) == w.game.legal_actions(0) and w.view["last_roll"] == w.game.last_roll


def test_spectator_widget_with_no_humans():
    w = CostumePartyWidget(players=3, seed=4, humans=(), bot="random", pace=0)
    assert w.game.over and w.seat == -1 and w.view["viewer"] is None and legal_of(w) == []
    assert w.view["odds"] is not None and w.curtain["up"] is False


def _junk(rng, depth=0):
    kind = rng.randrange(8 if depth < 3 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False, 0, -1, 7, 10**12, 1.5, float("inf")])
    if kind == 2:
        return rng.choice(["", "act", "roll", "move", "kill", "draw", "red", "hall", "type", "\x00", "é" * 3])
    if kind == 3:
        return rng.randrange(-3, 25)
    if kind == 4:
        return rng.choice(list(MSG.ALL))
    if kind == 5:
        return [_junk(rng, depth + 1) for _ in range(rng.randrange(3))]
    keys = ["type", "action", "step", "on", "figure", "to", "seat", "x"]
    return {rng.choice(keys): _junk(rng, depth + 1) for _ in range(rng.randrange(4))}


def test_fuzzed_messages_never_raise_and_never_change_the_game():
    rng = random.Random(2024)
    w = make(seed=5)
    legal_before = None
    for _ in range(400):
        msg = _junk(rng)
        if isinstance(msg, dict) and rng.random() < 0.5:
            msg["type"] = rng.choice([MSG.ACT, MSG.REPLAY, MSG.REVEAL])
            if msg["type"] == MSG.ACT:
                msg["action"] = _junk(rng)
        if isinstance(msg, dict) and msg.get("type") in (MSG.LIFT_CURTAIN, MSG.CLEAR_ERROR, MSG.RUN_BOTS, MSG.REVEAL):
            continue  # valid intents: they may change the shown state on purpose
        game_before = w.game.to_json()
        legal_before = legal_of(w)
        send(w, msg)
        if w.game.to_json() != game_before:
            # only a well-formed legal action may change the game
            assert msg["type"] == MSG.ACT and msg["action"] in legal_before, msg
            assert w.error == {}
        else:
            assert w.error.get("code"), msg
    assert legal_before is not None


def _fresh_log_lines(w):
    """The log window built with no remembered entries (every line described anew)."""
    w.session.__dict__.pop("_entries_memo", None)
    return w._state()["log_lines"]


class _ViewerSaysPresenter(CostumePartyPresenter):
    """A log whose every line says who looks (what describe may read: seat, reveal, names)."""

    def describe(self, ev):
        return f"[{self.table._shown} {self.table._reveal}] {super().describe(ev)}"


class _ViewerSays(CostumePartyWidget):
    presenter_class = _ViewerSaysPresenter


@pytest.mark.parametrize("game", ["costume_party", "brady_bunch", "viewer_says"])
def test_remembered_log_lines_equal_fresh_ones_across_seats_reveal_and_names(game):
    # a click re-sends the whole log window: its lines are remembered per event, and must
    # still be exactly what describing every event again gives, whoever looks (Brady's log
    # says "You" to the seat it is about), under the reveal, and after a rename
    from brady_widgets.engine.registry import load_widget

    cls = _ViewerSays if game == "viewer_says" else load_widget(game)
    w = cls(players=4, seed=5, mode="hotseat", pace=0)
    rng = random.Random(5)
    for step in range(400):
        if w.game.over:
            break
        if w.curtain.get("up"):
            w.lift_curtain()
        if step % 17 in (0, 1):  # on, then off: the early lines (hands dealt) are in the window
            w.set_reveal(step % 17 == 0)
        if step == 20:
            w.names = ("Zed", *w.names[1:])
        w._refresh()
        assert w.log_lines == _fresh_log_lines(w), f"step {step}"
        legal = legal_of(w)
        if w.reveal or not legal:
            w.set_reveal(False)
            continue
        send(w, {"type": MSG.ACT, "action": rng.choice(legal)})
    assert step > 30 and w.settings["names"][0] == "Zed"


def test_game_updates_skip_the_buffer_walk_and_send_what_ipywidgets_would(monkeypatch):
    import ipywidgets.widgets.widget as ipw

    w = make(players=4, seed=3)
    sent, walks = [], []
    monkeypatch.setattr(type(w), "_send", lambda self, msg, buffers=None: sent.append((msg, buffers)))
    real = ipw._remove_buffers
    monkeypatch.setattr(ipw, "_remove_buffers", lambda state: walks.append(sorted(state)) or real(state))
    send(w, {"type": MSG.ACT, "action": legal_of(w)[0]})
    assert len(sent) == 1 and walks == []
    msg, buffers = sent[0]
    state, paths, bufs = real(w.get_state(sorted(msg["state"])))
    assert msg == {"method": "update", "state": state, "buffer_paths": paths} and buffers == bufs == []
    # anything but the game traits (here the full state) still goes through ipywidgets
    w.send_state()
    assert walks and "_esm" in walks[-1] and "_esm" in sent[-1][0]["state"]

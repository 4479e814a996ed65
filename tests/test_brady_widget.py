"""BradyBunchWidget without a browser: games driven through the view's messages,
every phase reached by a human seat, typed errors, the hot-seat curtain over the
private moments (peeks), reveal, replay, and the leak test on the synced state."""

from __future__ import annotations

import copy
import json
import random
import re

import pytest

from brady_widgets.brady_bunch.content import KID_COLORS, KIDS, MISCHIEF, QUESTIONS
from brady_widgets.brady_bunch.presenter import PRIVATE_EVENTS, BradyBunchPresenter
from brady_widgets.brady_bunch.rules import PHASE_TEXT, BradyBunch
from brady_widgets.brady_bunch.widget import BradyBunchWidget
from brady_widgets.engine.errors import IllegalAction
from brady_widgets.testing import check_leaks
from brady_widgets.testing.widgets import legal_of, send
from brady_widgets.widget import MSG, STATIC, GameWidget, WidgetError

SYNCED = list(GameWidget.GAME_TRAITS)
BOT = "random"  # fast; the default bot is tested on its own below
#: every log event type of the engine (CONTRIBUTING.md)
EVENT_TYPES = (
    "setup hand round snoops silent_play request lights_out played my_card eyes_closed peeked peek "
    "eyes_open claim silent question cookie expose no_expose token no_token round_end draw scoring "
    "signed my_sign signs reveal accusation game_over"
).split()


#: tests that compute the real odds panel (a Monte Carlo run of ~0.15 s per Alice
#: refresh); elsewhere the panel is left out so whole games stay fast.
REAL_ODDS = {
    "test_odds_panel_for_alice",
    "test_trust_option_moves_the_trusted_odds_and_nothing_else",
    "test_synced_state_holds_no_other_seats_secrets[5-21-options0]",
    "test_odds_are_cached_per_view",
    "test_a_question_alone_does_not_recompute_the_odds",
    "test_the_trust_option_takes_a_trust_per_speaker",
    "test_a_replay_shows_the_odds_panels_its_live_screens_computed_and_the_memo_is_bounded",
}


@pytest.fixture(autouse=True)
def _quick_odds(request, monkeypatch):
    if request.node.name not in REAL_ODDS:
        monkeypatch.setattr(BradyBunchPresenter, "odds", lambda self, view: None)


def pick(rng, legal):
    """A click policy that keeps Alice's question rounds short: ask now and then, else move on."""
    asks = [a for a in legal if a["type"].startswith("ask_")]
    rest = [a for a in legal if not a["type"].startswith("ask_")]
    if asks and (not rest or rng.random() < 0.25):
        return rng.choice(asks)
    return rng.choice(rest or legal)


def click_through(w, rng, limit=5000, phases=None):
    """What a student does in the view: pick a legal action, click it (as a message)."""
    for _ in range(limit):
        if w.game.over:
            return w
        if w.curtain["up"]:
            assert legal_of(w) == []
            send(w, {"type": MSG.LIFT_CURTAIN})
            continue
        assert legal_of(w) and w.seat in w.view["to_act"], (w.view["phase"], w.seat)
        assert legal_of(w) == w.game.legal_actions(w.seat)
        if phases is not None:
            phases.add((w.view["role"], w.view["phase"]))
        send(w, {"type": MSG.ACT, "action": pick(rng, legal_of(w))})
        assert w.error == {}, w.error
    raise AssertionError("no end")


# ------------------------------------------------------------------- games
@pytest.mark.parametrize("players,seed,options", [(5, 1, {}), (3, 2, {}), (6, 3, {"cousin_oliver": True}), (8, 4, {})])
def test_alice_plays_a_whole_game_through_messages(players, seed, options):
    w = BradyBunchWidget(players=players, seed=seed, bot=BOT, pace=0, **options)
    assert w.seat == 0 and w.view["role"] == "alice" and w.view["me"] == "Alice"
    click_through(w, random.Random(seed))
    assert w.game.over and w.view["over"] and w.view["phase"] == "over"
    assert w.view["winners"] == w.winners and legal_of(w) == [] and w.replay["active"]
    assert w.log_lines[-1]["type"] == "game_over" and w.log_lines[-1]["text"].startswith("Game over: ")
    assert w.view["accused"] in w.game.kids
    assert all(k["score"] is not None and len(k["cards"]) == 4 for k in w.view["kids"])


def test_alice_plays_a_whole_game_through_the_python_api():
    w = BradyBunchWidget(seed=9, bot=BOT, pace=0)
    rng = random.Random(9)
    while not w.game.over:
        w.act(pick(rng, legal_of(w)))
        assert w.error == {}
    assert w.game.phase == "over" and w.winners == w.game.winners
    right = w.view["accused"] in w.view["roles"]["troublemakers"]
    assert (0 in w.winners) == right


def test_a_kid_plays_against_a_bot_alice():
    w = BradyBunchWidget(humans=(2,), seed=5, bot=BOT, pace=0, max_questions=4)
    assert w.seat == 2 and w.view["role"] == "kid" and w.view["me"] == "Marcia"
    assert w.view["phase"] == "play" and all(a["type"] == "play" for a in legal_of(w))
    assert w.view["hand"] == sorted(w.game.hands["Marcia"])
    click_through(w, random.Random(5))
    assert w.game.over


def test_default_bot_is_the_registry_default():
    registry = BradyBunchPresenter.bot_registry()
    assert BradyBunchWidget.default_bot in registry
    w = BradyBunchWidget(seed=4, pace=0)  # default bot
    click_through(w, random.Random(4))
    assert w.game.over
    if "smart" in registry:
        assert BradyBunchWidget.default_bot == "smart"


def test_every_phase_is_reached_by_a_human_seat():
    seen: set = set()
    for seed in range(3):
        click_through(BradyBunchWidget(seed=seed, bot=BOT, pace=0), random.Random(seed), phases=seen)
        for seat in (1, 2, 5):
            w = BradyBunchWidget(
                players=6, seed=seed, humans=(seat,), bot=BOT, pace=0, cousin_oliver=True, max_questions=3
            )  # a random Alice would ask ~100 questions a round
            click_through(w, random.Random(seed + 10 * seat), phases=seen)
    alice = {p for r, p in seen if r == "alice"}
    kid = {p for r, p in seen if r == "kid"}
    assert alice == {"reveal", "play", "talk", "help", "help_peek", "final", "accuse"}, alice
    assert kid == {"play", "snoop", "claims", "answer", "expose", "cookie_peek", "signs"}, kid
    assert alice | kid | {"over"} == set(PHASE_TEXT)


def test_widget_rejects_unknown_keywords_and_defaults_to_five_players():
    with pytest.raises(TypeError):
        BradyBunchWidget(colour="red")
    w = BradyBunchWidget(bot=BOT, pace=0)
    assert w.game.players == 5 and w.humans == (0,) and w.mode == "bots"
    assert w.settings["names"] == ["Alice", "Greg", "Marcia", "Peter", "Jan"]
    named = BradyBunchWidget(players=3, bot=BOT, pace=0, names=["Ann", "Ben", "Cid"])
    assert named.settings["names"] == ["Ann", "Ben", "Cid"]
    assert named.view["silent"] and named.view["kids"][-1]["silent"]


# ------------------------------------------------------------------ errors
def test_bad_messages_never_raise_and_set_typed_errors():
    w = BradyBunchWidget(seed=1, bot=BOT, pace=0)
    before = w.game.to_json()
    cases = [
        ("not a dict", "malformed_message"),
        ({"type": "dance"}, "unknown_message"),
        ({"type": MSG.ACT}, "malformed_message"),
        ({"type": MSG.ACT, "action": {"type": "accuse", "kid": "Greg"}}, "illegal_action"),
        ({"type": MSG.ACT, "action": {"type": "peek", "kid": 3}}, "malformed_action"),
        ({"type": MSG.ACT, "action": {"type": "reveal_snoops", "extra": 1}}, "malformed_action"),
        ({"type": MSG.ACT, "action": "reveal"}, "malformed_action"),
        ({"type": MSG.REPLAY, "step": 0}, "replay_unavailable"),
        ({"type": MSG.REVEAL, "on": True}, "teacher_only"),  # a student's widget
        ({"type": MSG.REVEAL, "on": "yes"}, "teacher_only"),
        ({"type": MSG.PAGE, "list": "hands", "before": 3}, "malformed_message"),
        ({"type": MSG.PAGE, "list": "talk", "before": -1}, "malformed_message"),
        ({"type": MSG.ACT, "action": {"type": "reveal_snoops"}, "rev": "0"}, "malformed_message"),
    ]
    for msg, code in cases:
        send(w, msg)  # never raises
        assert w.error.get("code") == code, (msg, w.error)
        assert w.error["message"]
        assert w.game.to_json() == before
        send(w, {"type": MSG.CLEAR_ERROR})
        assert w.error == {}
    with pytest.raises(IllegalAction) as exc:
        w.act({"type": "lights_out"})
    assert exc.value.code == "illegal_action" and w.error["code"] == "illegal_action"
    # a good click clears the error
    send(w, {"type": MSG.ACT, "action": {"type": "reveal_snoops"}})
    assert w.error == {} and w.view["phase"] == "play"


def test_fuzzed_messages_never_raise_or_change_the_game_unless_legal():
    rng = random.Random(3)
    w = BradyBunchWidget(seed=3, bot=BOT, pace=0)
    junk = [
        None,
        1,
        "x",
        [],
        {},
        {"type": None},
        {"type": "act", "action": {"type": "peek"}},
        {"type": "act", "action": {"type": "claim", "kid": "Zed", "value": 9}},
        {"type": "act", "action": {"type": "ask_truth", "kid": "Greg", "about": "Greg", "round": 7}},
        {"type": "lift_curtain", "x": 1},
        {"type": "replay", "step": "2"},
    ]
    for _ in range(300):
        if w.game.over:
            break
        msg = rng.choice(junk + [{"type": "act", "action": pick(rng, legal_of(w))}] * 3)
        before = w.game.to_json()
        legal = msg.get("action") in legal_of(w) if isinstance(msg, dict) and msg.get("type") == "act" else False
        send(w, msg)
        if not legal:
            assert w.game.to_json() == before and w.error
        else:
            assert w.error == {}


def test_not_your_turn_when_a_bot_must_act():
    g = BradyBunch(5, 2)
    g.act(0, {"type": "reveal_snoops"})
    w = BradyBunchWidget(game=g, humans=[0], bot=BOT, pace=0)  # a given position: bots wait
    g.act(0, {"type": "lights_out"})
    w.refresh()
    assert w.view["phase"] == "play" and legal_of(w) == [] and w.settings["paused"]
    send(w, {"type": MSG.ACT, "action": {"type": "lights_out"}})
    assert w.error["code"] == "not_your_turn"
    send(w, {"type": MSG.RUN_BOTS})
    assert w.view["phase"] == "talk" and legal_of(w)


# ------------------------------------------------------------- log texts
def test_describe_every_event_type_with_private_ones_for_their_seat():
    seen = {}
    for players, opts, humans in ((3, {}, (1,)), (6, {"cousin_oliver": True}, (0,)), (5, {"max_questions": 3}, (2,))):
        for seed in range(4):
            w = BradyBunchWidget(players=players, seed=seed, bot=BOT, pace=0, humans=humans, **opts)
            click_through(w, random.Random(seed))
            shown = w._shown
            for ev in w.game.log_for(shown):
                text = w.presenter.describe(ev)
                assert text != ev["type"] and "{" not in text and "None" not in text, (ev, text)
                seen.setdefault(ev["type"], text)
                if ev["type"] in PRIVATE_EVENTS:
                    assert text.startswith("You "), text
            w.set_reveal(True)  # the teacher's log names whose secret it is
            for e in w.log_lines:
                if e["type"] in PRIVATE_EVENTS:
                    assert not e["text"].startswith("You "), e
    assert set(EVENT_TYPES) <= set(seen) | {"no_expose", "expose"}, sorted(set(EVENT_TYPES) - set(seen))
    assert "expose" in seen or "no_expose" in seen


def test_describe_texts():
    w = BradyBunchWidget(bot=BOT, pace=0, humans=(4,))
    assert w._shown == 4
    d = w.presenter.describe
    assert d({"type": "peek", "seat": 4, "kid": "Greg", "value": 5, "via": "snoop", "round": 1}) == (
        "You looked at Greg's card as a Snoop: 5 (Broken Lamp)."
    )
    assert d({"type": "peek", "seat": 2, "kid": "Jan", "value": 5, "via": "cookie", "round": 1}) == (
        "Marcia looked at Jan's card with the Cookie: 5 (Broken Lamp)."
    )
    assert (
        d({"type": "my_card", "seat": 4, "kid": "Jan", "value": 6, "round": 1})
        == "You played 6 (Broken Vase) face down."
    )
    assert d({"type": "peeked", "seat": 0, "via": "dog", "round": 2}) == "Alice looks at a card with the dog's token."
    assert d({"type": "question", "seat": 0, "question": "ask_truth", "kid": "Greg", "about": "Jan", "round": 2}) == (
        "Alice asks Greg: “Is Jan telling the truth about the Mischief card you played? (round 2)”"
    )
    claim = {
        "type": "claim",
        "seat": 1,
        "speaker": "Greg",
        "kind": "looked",
        "subject": "Jan",
        "value": 3,
        "about_round": 2,
        "round": 2,
        "yes": None,
        "question": "ask_number",
    }
    assert d(claim) == "Greg: “I looked at Jan's card in round 2: it was 3 (Skull in Fridge).”"
    assert d({"type": "reveal", "kid": "Jan", "cards": [6, 5, 3, 5], "cookies": 2, "sign": "-", "score": 17}) == (
        "Jan reveals 6 + 5 + 3 + 5, -2 for 2 Cookies = 17."
    )
    assert d({"type": "accusation", "seat": 0, "kid": "Peter", "right": False}) == "Alice accuses Peter: wrong!"


def test_content_for_the_view_comes_from_content_py():
    w = BradyBunchWidget(bot=BOT, pace=0)
    c = w.content
    assert [k["name"] for k in c["kids"]] == KIDS and all(k["color"] == KID_COLORS[k["name"]] for k in c["kids"])
    assert {x["value"]: x["name"] for x in c["cards"]} == MISCHIEF
    assert c["questions"] == QUESTIONS and {t["id"] for t in c["tokens"]} == {"woman", "man", "dog"}
    assert c["seat_kid"] == {"1": "Greg", "2": "Marcia", "3": "Peter", "4": "Jan"}


def test_view_is_the_seats_view_without_log_plus_odds():
    w = BradyBunchWidget(seed=6, bot=BOT, pace=0, humans=(1,))
    rng = random.Random(6)
    for _ in range(40):
        if w.game.over:
            break
        own = w.game.view(w.seat)
        own.pop("log")
        talk = own.pop("talk")
        # pending_said: what the asked-about kid said, read from the whole talk (window_facts)
        assert ("pending_said" in w.view) == ((own.get("pending") or {}).get("question") == "ask_truth")
        assert {k: v for k, v in w.view.items() if k not in ("odds", "talk", "pending_said")} == own
        # the talk is a window: the newest statements, each with its display text
        window = w.view["talk"]
        assert [{k: v for k, v in t.items() if k != "text"} for t in window] == talk[len(talk) - len(window) :]
        assert all(t["text"] == BradyBunchPresenter.statement_text(t) for t in window)
        assert w.view["odds"] is None  # Alice's notebook is Alice's
        w.act(pick(rng, legal_of(w)))


def test_odds_panel_for_alice():
    from brady_widgets.brady_bunch import odds

    w = BradyBunchWidget(seed=2, bot=BOT, pace=0)
    own = w.game.view(0)
    assert w.view["odds"] == odds.panel(own, trust=0.7)
    assert w.settings["options"] == {"trust": 0.7}
    json.dumps(w.view["odds"])


def test_odds_are_cached_per_view(monkeypatch):
    from brady_widgets.brady_bunch import odds

    w = BradyBunchWidget(seed=2, bot=BOT, pace=0)
    first = w.view["odds"]
    assert first and [k["kid"] for k in first["kids"]] == w.game.kids
    calls = []
    real = odds.panel
    monkeypatch.setattr(odds, "panel", lambda view, trust: calls.append(trust) or real(view, trust=trust))
    w.set_reveal(False)  # same view, same trust: no new Monte Carlo run
    assert calls == [] and w.view["odds"] == first
    w.act({"type": "reveal_snoops"})
    assert calls == [0.7]


def _game_with_claims(seed=3):
    """Alice (human) after a round of the smart bots' volunteered claims."""
    w = BradyBunchWidget(players=4, seed=seed, pace=0)
    w.act({"type": "reveal_snoops"})
    w.act({"type": "lights_out"})
    assert w.game.phase == "talk" and w.view["talk"], "the bots made no claims"
    return w


def test_trust_option_moves_the_trusted_odds_and_nothing_else():
    w = _game_with_claims()
    before = copy.deepcopy(w.view)
    msgs = []
    w.on_msg(lambda *a: msgs.append(a))
    w._on_view_msg(w, {"type": "option", "name": "trust", "value": 0.95})
    assert w.error == {} and w.option("trust") == 0.95 and w.settings["options"] == {"trust": 0.95}
    after = w.view
    assert after["odds"]["trust"] == 0.95
    assert [k["p_highest"] for k in after["odds"]["kids"]] == [k["p_highest"] for k in before["odds"]["kids"]]
    assert [k["p_highest_trust"] for k in after["odds"]["kids"]] != [
        k["p_highest_trust"] for k in before["odds"]["kids"]
    ]
    assert {k: v for k, v in after.items() if k != "odds"} == {k: v for k, v in before.items() if k != "odds"}
    # trust 1/6 believes a claim exactly as much as chance: the talk carries no information
    w.set_option("trust", 1 / 6)
    kids = w.view["odds"]["kids"]
    assert all(abs(k["p_highest_trust"] - k["p_highest"]) < 0.03 for k in kids), kids


@pytest.mark.parametrize(
    "msg",
    [
        {"type": "option", "name": "trust", "value": 1.5},
        {"type": "option", "name": "trust", "value": -0.1},
        {"type": "option", "name": "trust", "value": "high"},
        {"type": "option", "name": "trust", "value": True},
        {"type": "option", "name": "trust", "value": None},
        {"type": "option", "name": "pace", "value": 0.5},
        {"type": "option", "name": 3, "value": 0.5},
        {"type": "option", "name": "trust"},
    ],
)
def test_bad_option_messages_are_typed_errors_and_change_nothing(msg):
    w = BradyBunchWidget(players=4, seed=1, bot=BOT, pace=0)
    before = (copy.deepcopy(w.view), w.game.to_json(), w.option("trust"))
    w._on_view_msg(w, msg)  # never raises
    assert w.error["code"] == "malformed_message", w.error
    assert (w.view, w.game.to_json(), w.option("trust")) == before


def test_trust_is_a_constructor_argument_and_is_checked():
    assert BradyBunchWidget(players=4, seed=1, bot=BOT, pace=0, trust=0.4).option("trust") == 0.4
    with pytest.raises(ValueError, match="trust"):
        BradyBunchWidget(players=4, seed=1, bot=BOT, pace=0, trust=2)
    with pytest.raises(WidgetError):
        BradyBunchWidget(players=4, seed=1, bot=BOT, pace=0).set_option("trust", "x")
    # a misspelt option is a TypeError that names the options there are
    with pytest.raises(TypeError, match=r"view options: \['trust'\]"):
        BradyBunchWidget(players=4, seed=1, bot=BOT, pace=0, truts=0.4)


# ---------------------------------------------------------------- hot-seat
def public_view(g):
    v = g.view(None)
    v.pop("log")
    return v


def test_hotseat_curtain_over_every_private_moment():
    """Every seat is human: the curtain comes down between different seats, and while
    it is up the synced state is the public view (no hand, no peek, no legal action)."""
    w = BradyBunchWidget(players=4, seed=8, mode="hotseat", bot=BOT, pace=0)
    rng = random.Random(8)
    private_seen = 0
    ups = 0
    while not w.game.over:
        if w.curtain["up"]:
            ups += 1
            g = w.game
            assert w.seat == -1 and legal_of(w) == [] and w.view["viewer"] is None
            public = public_view(g)
            public_talk = public.pop("talk")
            assert {k: v for k, v in w.view.items() if k not in ("odds", "talk", "pending_said")} == public and w.view[
                "odds"
            ] is None
            assert [t["i"] for t in w.view["talk"]] == [t["i"] for t in public_talk][
                len(public_talk) - len(w.view["talk"]) :
            ]
            assert all(e["type"] not in PRIVATE_EVENTS for e in w.log_lines)
            assert w.view["hand"] is None and w.view["peeks"] == [] and w.view["my_sign"] is None
            assert w.curtain["seat"] in g.to_act
            send(w, {"type": MSG.LIFT_CURTAIN})
            assert not w.curtain["up"] and w.seat in w.game.to_act
            continue
        phase = w.view["phase"]
        if phase in ("snoop", "cookie_peek"):  # eyes closed: only the looker's screen
            kid = w.view["me"]
            assert w.view["role"] == "kid" and w.view["snooper" if phase == "snoop" else "cookie"] == kid
            private_seen += 1
        seat = w.seat
        send(w, {"type": MSG.ACT, "action": pick(rng, legal_of(w))})
        assert w.error == {}
        if not w.game.over and w.game.to_act and seat not in w.game.to_act:
            assert w.curtain["up"] or w.seat in w.game.to_act
    assert ups > 20 and private_seen >= 4


def test_hotseat_starts_behind_the_curtain_for_alice():
    w = BradyBunchWidget(players=3, mode="hotseat", bot=BOT, pace=0)
    assert w.curtain == {"up": True, "seat": 0} and legal_of(w) == []
    text = json.dumps(w.get_state(SYNCED))
    assert '"hands"' not in text and "dealt" not in text
    w.lift_curtain()
    assert w.seat == 0 and legal_of(w) == [{"type": "reveal_snoops"}]


# --------------------------------------------------------- reveal, replay
def test_reveal_mode_shows_every_secret():
    w = BradyBunchWidget(seed=3, bot=BOT, pace=0, teacher=True)
    w.act({"type": "reveal_snoops"})
    assert "hands" not in w.view and "dealt" not in json.dumps(w.log_lines)
    send(w, {"type": MSG.REVEAL, "on": True})
    assert w.settings["reveal"] and w.view["hands"] == {k: sorted(v) for k, v in w.game.hands.items()}
    assert any(e["type"] == "hand" and "was dealt" in e["text"] for e in w.log_lines)
    send(w, {"type": MSG.REVEAL, "on": False})
    assert "hands" not in w.view


def test_replay_after_the_game():
    w = BradyBunchWidget(seed=12, bot=BOT, pace=0)
    click_through(w, random.Random(12))
    n = w.replay["length"]
    assert n > 20 and w.replay == {"step": n, "length": n, "active": True}
    send(w, {"type": MSG.REPLAY, "step": 1})
    assert w.replay["step"] == 1 and w.view["phase"] == "play" and legal_of(w) == []
    assert not w.view["over"]
    send(w, {"type": MSG.REPLAY, "step": n + 5})
    assert w.error["code"] == "malformed_message"
    send(w, {"type": MSG.REPLAY, "step": n})
    assert w.view["over"] and w.replay["step"] == n


# -------------------------------------------------------------------- leaks
def widget_factory(game, seat):
    return BradyBunchWidget(game=game, humans=[seat], pace=0, bot=BOT)


@pytest.mark.parametrize("players,seed,options", [(5, 21, {}), (3, 22, {}), (6, 23, {"cousin_oliver": True})])
def test_synced_state_holds_no_other_seats_secrets(players, seed, options):
    """The engine's resample redraws everything a seat cannot know: the widget's
    synced state for that seat must not change (the conformance kit's leak test)."""
    rng = random.Random(seed)
    g = BradyBunch(players, seed, max_questions=2, **options)
    changed = compares = 0
    step = 0
    while not g.over:
        if step % 9 == 0 or g.phase in ("snoop", "cookie_peek", "help_peek", "signs", "accuse"):
            stats = check_leaks(g, rng=step, samples=1, widget_factory=widget_factory)
            changed += stats.changed
            compares += stats.widget_compares
        s = g.to_act[0]
        g.act(s, pick(rng, g.legal_actions(s)))
        step += 1
    check_leaks(g, rng=0, samples=1, widget_factory=widget_factory)
    assert changed > 0 and compares > 10 * players


def test_no_secret_text_in_alices_synced_state():
    w = BradyBunchWidget(seed=14, bot=BOT, pace=0)
    rng = random.Random(14)
    while not w.game.over:
        text = json.dumps(w.get_state(SYNCED))
        for key in (
            '"hands"',
            '"board"',
            '"deck"',
            '"all_peeks"',
            '"chosen_signs"',
            '"tucked_cards"',
            "was dealt",
            " drew ",
        ):
            assert key not in text, key
        kid_peeks = [p for p in w.game.peeks.values() if p]
        assert w.view["peeks"] == w.game.peeks[0]
        w.act(pick(rng, legal_of(w)))
    assert kid_peeks


def test_testids_in_the_docstring_are_in_the_bundle():
    import brady_widgets.brady_bunch.widget as mod

    doc = mod.__doc__
    table = doc.split("Stable ``data-testid``")[1]
    ids = set(re.findall(r"``([a-z-]+)(?:-<[a-z]+>)*``", table))
    ids -= {
        "data-testid",
        "data-phase",
        "data-seat",
        "data-kid",
        "data-state",
        "data-turn",
        "data-curtain",
        "data-reveal",
        "data-role",
        "aria-pressed",
        "aria-live",
        "aria-current",
        "role",
    }
    assert {"reveal-snoops", "lights-out", "ask", "end-round", "accuse", "play", "peek", "lift-curtain", "odds"} <= ids
    bundle = (STATIC / "brady_bunch.js").read_text()
    missing = [i for i in sorted(ids) if f'"{i}"' not in bundle and f"`{i}-" not in bundle and f'"{i}-' not in bundle]
    assert not missing, missing


def test_a_question_alone_does_not_recompute_the_odds(monkeypatch):
    """The odds cache is keyed on the view keys the odds read (``odds.VIEW_KEYS``):
    Alice asking a question changes her view (phase, pending) but not the odds;
    the answer (a new statement) does."""
    from brady_widgets.brady_bunch import odds

    w = BradyBunchWidget(players=4, seed=3, pace=0)
    w.act({"type": "reveal_snoops"})
    w.act({"type": "lights_out"})
    assert w.game.phase == "talk" and w.seat == 0
    calls = []
    real = odds.panel
    monkeypatch.setattr(odds, "panel", lambda view, trust: calls.append(1) or real(view, trust=trust))
    w.game.act(0, {"type": "ask_played", "kid": "Greg", "round": 1})  # the bot has not answered yet
    w.refresh()
    assert w.view["phase"] == "answer" and w.view["pending"] and calls == []
    w.run_bots()  # Greg answers
    assert w.view["phase"] == "talk" and calls == [1]


def test_an_asked_kid_sees_the_statement_asked_about_even_beyond_the_talk_window():
    """The synced talk is a window of the newest statements; asked whether a kid told
    the truth about the asked kid's card, the asked kid's screen still shows what that kid
    said about it (pending_said)."""
    w = BradyBunchWidget(players=8, seed=6, bot=BOT, pace=0, humans=tuple(range(1, 8)))
    rng = random.Random(6)
    seen = 0
    for _ in range(3000):
        if w.game.over:
            break
        q = w.game.view(None).get("pending") or {}
        if q.get("question") == "ask_truth" and w.seat == w.game.kid_seat[q["kid"]]:
            talk = w.game.view(w.seat)["talk"]
            rnd = q["round"]
            said = [
                t
                for t in talk
                if t["speaker"] == q["about"]
                and t["kind"] in ("played", "looked")
                and t["value"] is not None
                and t["subject"] == q["kid"]
                and t["about_round"] == rnd
            ]
            expected = BradyBunchPresenter.statement_text(said[-1]) if said else None
            assert w.view["pending_said"] == expected
            if said and said[-1]["i"] < w.view["talk"][0]["i"]:
                seen += 1  # the statement is no longer in the synced window
        legal = legal_of(w)
        if not legal:
            w.run_bots()
            continue
        send(w, {"type": MSG.ACT, "action": pick(rng, legal)})
    assert seen > 0, "no question about a statement older than the window: the test proved nothing"


def test_the_trust_option_takes_a_trust_per_speaker():
    from brady_widgets.brady_bunch import odds

    per = {"Greg": 0.9, "Peter": 0.3, "Jan": 0.5}
    w = BradyBunchWidget(players=4, seed=3, pace=0, trust=per)
    assert w.option("trust") == per and w.view["odds"]["trust"] == per
    # the panel is the one odds.panel gives for that view and that trust
    view = w.game.view(0)
    assert w.view["odds"]["kids"] == odds.panel(view, trust=per)["kids"]
    before = w.get_state()
    for bad in ({"Bob": 0.5}, {}, {"Greg": 2}, {"Greg": True}):
        send(w, {"type": MSG.OPTION, "name": "trust", "value": bad})
        assert w.error["code"] == "malformed_message"
        assert w.option("trust") == per
    send(w, {"type": MSG.OPTION, "name": "trust", "value": 0.5})
    assert w.option("trust") == 0.5 and w.view["odds"]["trust"] == 0.5
    assert before["settings"]["options"]["trust"] == per


def test_a_replay_shows_the_odds_panels_its_live_screens_computed_and_the_memo_is_bounded(monkeypatch):
    """Replaying a finished game whose steps the projector showed live computes no odds
    panel again (each is a Monte Carlo run, ~10 ms at 8 players: 68 ms a replay step was what
    froze the rooms server); a game nobody watched pays once per new panel; the memo of panels
    is bounded."""
    from brady_widgets.brady_bunch import odds as odds_module
    from brady_widgets.brady_bunch import presenter as presenter_module
    from brady_widgets.session import session_for

    def played(watched: bool):
        t = session_for("brady_bunch", players=5, seed=11, humans=list(range(5)), pace=0)
        bots = {s: t._bot_factory("easy")(s, 40 + s) for s in range(5)}
        while not t.game.over:
            if watched:
                t.state_for(None)
            s = t.game.to_act[0]
            t.act_for(s, bots[s].choose(t.game.view(s), t.game.legal_actions(s)))
        if watched:
            t.state_for(None)  # the projector shows the end too
        return t

    calls = []
    real = odds_module.panel
    monkeypatch.setattr(odds_module, "panel", lambda *a, **k: calls.append(1) or real(*a, **k))
    for watched, want_calls in ((True, False), (False, True)):
        t = played(watched)
        del calls[:]
        for k in range(t._n_actions() + 1):
            t.state_for(None, replay_step=k)
        assert bool(calls) is want_calls, (watched, len(calls))
    monkeypatch.setattr(presenter_module, "ODDS_MEMO", 5)
    t = played(True)
    assert len(t.presenter.__dict__["_odds_memo"]) == 5

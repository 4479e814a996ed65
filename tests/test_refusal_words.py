"""Words for people (issue 25, item 4): every refusal a student can cause is a short
sentence in the game's words, and every end banner says who won and why.

Every registered game and the two toy games: each refusal code a view's message can
cause (the engine's ``not_your_turn``, ``illegal_action``, ``malformed_action``,
``game_over``; the widget's ``malformed_message``, ``unknown_message``,
``teacher_only``, ``replay_unavailable``) goes through the widget's message handler,
and the shown text (the ``error`` trait's message and the text view) must be a
sentence with no code, no braces, no "seat N" and no action dict; the rooms server's
own codes get sentences too. ``js/test/make_refusal_fixtures.py`` writes the same
refusals for the views (``js/test/refusals.test.js`` draws each one). The end banner
(``view["end"]``, drawn by the shared frame) names the winners and the reason, per game,
on seeded bot games.
"""

from __future__ import annotations

import re

import pytest

from brady_widgets.engine.errors import ERROR_CODES, IllegalAction
from brady_widgets.engine.registry import load_game, load_widget
from brady_widgets.frames import WIDGET_ERROR_CODES, _error_dict
from brady_widgets.presenter import REFUSALS
from brady_widgets.rooms.server import ROOM_ERROR_CODES, RoomError
from brady_widgets.session import session_for
from brady_widgets.testing.widgets import illegal_action_for, send
from brady_widgets.widget import MSG
from toys import GAMES, TOYS, registered  # the toy games of tests/ (tests/toys.py)

#: every code a person's screen may be given
ALL_CODES = set(ERROR_CODES) | set(WIDGET_ERROR_CODES) | set(ROOM_ERROR_CODES)
#: the refusals a student's own messages cause (bot_error and internal_error are not theirs)
STUDENT_CODES = set(ERROR_CODES) | {"malformed_message", "unknown_message", "teacher_only", "replay_unavailable"}
PLAYERS = {"brady_bunch": 5, "big_brother": 6}


@pytest.fixture(scope="module", autouse=True)
def toys():
    with registered():
        yield


def assert_sentence(text: str, where: str = "") -> None:
    """A short sentence for a person: a capital first, a full stop last, no developer text."""
    assert isinstance(text, str) and 8 <= len(text) <= 240, (where, text)
    assert text[0].isupper() and text.rstrip()[-1] in ".!?", (where, text)
    assert not re.search(r"[{}\[\]<>]", text), (where, text)  # no dict, list or repr
    assert not re.search(r"\bseat\s*-?\d", text, re.I), (where, text)
    assert "'type'" not in text and '"type"' not in text and "Error" not in text, (where, text)
    for code in ALL_CODES:
        assert code not in text, (where, code, text)
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), (where, text)  # no identifier


def one_plain_action(name: str) -> bool:
    """Whether the game has one action that takes no arguments (Total Black's Hold): a
    seat that may not take it has nothing to do (``not_your_turn``), so no move of it is
    ever ``illegal_action``."""
    schema = load_game(name).action_schema
    return len(schema) == 1 and not next(iter(schema.values()))


def finished(name: str, players: int, seed: int):
    """An engine played to its end by the game's default bots (virtual time)."""
    w = load_widget(name)(players=players, seed=seed, humans=(), pace=0)
    w.run_bots()
    for _ in range(200):
        if w.game.over:
            break
        w.advance_time(60_000)
    assert w.game.over
    return w


def refusals(name: str) -> list[tuple[str, dict, object]]:
    """``(what was tried, the error shown, the text view then)`` for every refusal a view can cause."""
    players = PLAYERS.get(name, 4)
    realtime = load_game(name).realtime
    out = []

    def tried(label, w, msg, seat_clock=True):
        if realtime and seat_clock:  # the person pressed Start (before it, an act is refused as not started)
            send(w, {"type": MSG.CLOCK, "id": "v"})
            send(w, {"type": MSG.START})
        send(w, msg)
        assert w.error, (name, label)
        out.append((label, dict(w.error), w.text()))

    W = load_widget(name)
    if realtime:  # a real-time game waits for Start: an act before it is refused in words
        early = W(game=load_game(name)(players, 3), humans=[0], pace=0)
        legal0 = early.game.legal_actions(0) or [{"type": "x"}]
        tried("an act before Start", early, {"type": MSG.ACT, "action": legal0[0], "rev": early.rev}, seat_clock=False)
    w = W(game=load_game(name)(players, 3), humans=[0], pace=0)
    rev = w.rev
    tried("an unknown message", w, {"type": "dance"})
    tried("an act without its keys", w, {"type": MSG.ACT})
    tried("an act with a bad rev", w, {"type": MSG.ACT, "action": {"type": "x"}, "rev": "one"})
    tried("an action that is not a dict", w, {"type": MSG.ACT, "action": "slap", "rev": rev})
    tried("an action of no kind", w, {"type": MSG.ACT, "action": {"type": "fly"}, "rev": w.rev})
    illegal = illegal_action_for(w.game, 0)
    # (the toy Swap's seat 0 may always do all it ever may; so may a seat of a game of one plain action)
    if name not in {t.name for t in TOYS} and not one_plain_action(name):
        assert illegal is not None, name
        tried("a move that is not legal now", w, {"type": MSG.ACT, "action": illegal, "rev": w.rev})
    tried("a reveal on a student's widget", w, {"type": MSG.REVEAL, "on": True})
    tried("a replay before the end", w, {"type": MSG.REPLAY, "step": 0})
    tried("an unknown option", w, {"type": MSG.OPTION, "name": "colour", "value": 1})
    tried("a page of no list", w, {"type": MSG.PAGE, "list": "nope", "before": 0})
    # not your turn: a screen with no seat, a hot-seat curtain, a seat the game does not wait on
    g = load_game(name)(players, 3)
    legal = next(g.legal_actions(s) for s in range(players) if g.legal_actions(s))
    watcher = W(game=g.clone(), humans=[], pace=0, bot={})
    tried("an act on a screen with no seat", watcher, {"type": MSG.ACT, "action": legal[0], "rev": watcher.rev})
    if not realtime:
        hot = W(game=g.clone(), humans=list(range(players)), mode="hotseat", pace=0)
        tried("an act under the curtain", hot, {"type": MSG.ACT, "action": legal[0], "rev": hot.rev})
        idle = next(s for s in range(players) if s not in g.to_act)
        other = W(game=g.clone(), humans=[idle], pace=0, bot={})
        tried("an act out of turn", other, {"type": MSG.ACT, "action": legal[0], "rev": other.rev})
    # the game is over
    done = finished(name, players, 5)
    after = W(game=done.game, humans=[0], pace=0)
    tried("an act after the end", after, {"type": MSG.ACT, "action": legal[0], "rev": after.rev}, seat_clock=False)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_every_refusal_a_view_can_cause_is_a_sentence_in_the_widget(name):
    seen = set()
    for label, error, text in refusals(name):
        seen.add(error["code"])
        assert_sentence(error["message"], f"{name}: {label} ({error['code']})")
        # the text view's error line is the sentence alone (its log may name event types)
        assert f"Error: {error['message']}" in text.splitlines(), (name, label, text)
    # the walk reaches every code a student's messages can cause
    exempt = name in {t.name for t in TOYS} or one_plain_action(name)
    expected = STUDENT_CODES if not exempt else STUDENT_CODES - {"illegal_action"}
    assert seen >= expected, (name, sorted(expected - seen))


@pytest.mark.parametrize("name", GAMES)
def test_every_code_has_shared_words_and_a_game_hook_never_shows_a_code(name):
    """The shared wording covers every code a screen can be given (the rooms server's too),
    through each game's presenter, for a seat and for a screen without one."""
    assert set(REFUSALS) >= ALL_CODES
    s = session_for(name, game=load_game(name)(PLAYERS.get(name, 4), 1), humans=[0], pace=0)
    # (bot_error, not_started and bad_forecast carry words of their own: frames._OWN_WORDS; the
    # session's not_started sentences are walked through the view in the test above, the
    # forecast's in test_rooms_class_data.py)
    for code in sorted(ALL_CODES - {"bot_error", "not_started", "bad_forecast"}):
        exc = RoomError(code, f"developer text for {code}") if code in ROOM_ERROR_CODES else None
        for seat in (0, None):
            if exc is None:
                from brady_widgets.engine.errors import IllegalAction
                from brady_widgets.frames import WidgetError

                exc = (
                    IllegalAction(code, "developer reason", 0, {"type": "fly"})
                    if code in ERROR_CODES
                    else WidgetError(code, f"developer text for {code}")
                )
            shown = _error_dict(exc, s.presenter, seat)
            assert shown["code"] == code
            assert_sentence(shown["message"], f"{name} {code} seat={seat}")
            assert "developer" not in shown["message"]


def test_the_developer_keeps_the_code_the_seat_and_the_action_in_the_log(caplog):
    w = load_widget("costume_party")(players=4, seed=3, humans=[0], pace=0)
    with caplog.at_level("INFO", logger="brady_widgets.refusals"):
        send(w, {"type": MSG.ACT, "action": {"type": "draw"}})
    assert w.error["code"] == "illegal_action" and "{" not in w.error["message"]
    logged = caplog.text
    assert "illegal_action" in logged and "seat 0" in logged and "'draw'" in logged


# --------------------------------------------------------------- the games' own words
def test_brouhaha_says_why_a_slap_is_refused():
    """The issue's case: "Slap too (Space)" then "[not_your_turn] seat 0 tried {'type':
    'slap'}": now the sentence says what happened at the table."""
    from brady_widgets.brouhaha.rules import Brouhaha

    g = Brouhaha(4, 0)
    hands = g.deal["hands"]
    animal = next(a for a in hands[1] if a in hands[2] and a != "hunter")
    mine = next(a for a in hands[0] if a != "hunter")
    W = load_widget("brouhaha")
    w = W(game=g, humans=[0], pace=0, bot={})
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})
    slap = {"type": "slap"}
    send(w, {"type": MSG.ACT, "action": slap, "at": w.now})  # nothing down yet
    assert w.error["message"] == "Put an animal face down before you slap."
    send(w, {"type": MSG.ACT, "action": {"type": "play", "card": mine}, "at": w.now})
    assert not w.error
    t = w.game.clock
    w.game.act(1, {"type": "play", "card": animal}, at=t + 1)
    w.game.act(2, {"type": "play", "card": animal}, at=t + 2)
    w.game.act(1, slap, at=t + 3)
    w.game.act(2, slap, at=t + 4)  # two slapped: the cards are shown
    assert w.game.phase == "reveal"
    shown = _error_dict(_refusal_of(w.game, 0, slap), w.session.presenter, 0)
    assert shown["message"] == "Two players have already slapped: the cards are being shown."
    assert_sentence(shown["message"])


def test_brouhaha_says_why_a_pinned_player_cannot_answer_with_the_hunter_out():
    """rules-decisions.md: a Hunter imitates the cry of another player's face-down animal.
    The pinned player holds Hunters, but the only other card down is the Hunter itself:
    the sentence says why their Hunter cannot answer, not "only another Hunter can"."""
    from brady_widgets.brouhaha.rules import Brouhaha

    g = Brouhaha(3, 0)  # seats 0 and 1 both hold Hunters
    assert g.hands[0][-1] == g.hands[1][-1] == "hunter"
    g.act(1, {"type": "play", "card": g.hands[1][0]}, at=10)
    g.act(0, {"type": "hunt", "target": 1}, at=20)
    assert g.phase == "hunt" and not g.legal_actions(1)
    w = load_widget("brouhaha")(game=g, humans=[1], pace=0, bot={})
    shown = _error_dict(_refusal_of(g, 1, {"type": "hunt", "target": 0}), w.session.presenter, 1)
    assert shown["message"] == "A Hunter can only imitate another player's face-down animal, never a Hunter."
    assert_sentence(shown["message"])
    shown = _error_dict(_refusal_of(g, 0, {"type": "hunt", "target": 1}), w.session.presenter, 0)
    assert shown["message"] == "Your Hunter is out: wait until the hunt is over."


def _refusal_of(game, seat, action):
    from brady_widgets.engine.errors import IllegalAction

    try:
        game.check(seat, action, game.clock)
    except IllegalAction as exc:
        return exc
    raise AssertionError("not refused")


def test_turn_based_games_name_whose_turn_it_is():
    g = load_game("costume_party")(4, 3)
    idle = next(s for s in range(4) if s not in g.to_act)
    w = load_widget("costume_party")(game=g, humans=[idle], pace=0, bot={})
    send(w, {"type": MSG.ACT, "action": {"type": "roll"}})
    assert w.error["code"] == "not_your_turn"
    assert w.error["message"] == f"It is {w.session.names[g.to_act[0]]}'s turn."
    # the Brady Bunch names a seat as its board does: Alice or the kid
    b = load_game("brady_bunch")(5, 3)
    idle = next(s for s in range(5) if s not in b.to_act)
    w = load_widget("brady_bunch")(game=b, humans=[idle], pace=0, bot={})
    send(w, {"type": MSG.ACT, "action": b.legal_actions(b.to_act[0])[0]})
    whose = w.session.presenter.seat_name(b.to_act[0])
    assert whose in ("Alice", *b.seat_kid.values()) and w.error["message"] == f"It is {whose}'s turn."


# ------------------------------------------------------------------- end banners
REASONS = {
    "brouhaha": r"(Bot \d( and Bot \d)* ran out of cards|time ran out|no pair can be made any more), "
    r"(with the most cards in Reserve \(\d+\)|tied at \d+ cards? in Reserve)",
    "costume_party": r"the last character left at the party, after .+ (found .+ as .+|killed .+, their own character)",
    "brady_bunch": r"Alice accused \w+, (the Troublemaker|but the Troublemakers? (was|were) .+)",
    "big_brother": r"(the most votes in the final vote \(\d+ votes?; .+\)|tied at .+ in the final vote and won the roll of the dice)",
}


@pytest.mark.parametrize("name", sorted(REASONS))
@pytest.mark.parametrize("seed", [1, 2, 7])
def test_the_end_banner_names_the_winners_and_why(name, seed):
    w = finished(name, PLAYERS.get(name, 4), seed)
    end = w.view["end"]
    p = w.session.presenter
    winners = [p.seat_name(s) for s in w.game.winners]
    assert winners and all(n in end for n in winners), end
    verb = "wins" if len(winners) == 1 else "win"
    assert re.search(rf"{verb}: {REASONS[name]}", end) and end.endswith("."), end
    assert_sentence(end, name)
    assert f"Game over: {end}"[:90] in w.text()  # the text view says it too (its header line is cut to fit)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_an_end_banner_and_none_before_the_end(name):
    players = PLAYERS.get(name, 4)
    w = load_widget(name)(players=players, seed=2, humans=[0], pace=0)
    assert not w.game.over and "end" not in w.view
    w = finished(name, players, 2)
    assert_sentence(w.view["end"], name)


# ------------------------------------------------------------- the rooms server
def test_a_rooms_device_reads_the_games_sentence_for_every_refusal_it_can_cause(tmp_path):
    """Through the real server (WebSocket frames): a student's move out of turn, a move on
    a table the teacher paused (``table_locked``, once shown as ``internal_error``), a
    watcher's move, a malformed intent: the device's ``error`` (what its game view shows) is
    the sentence, and the ``op: error`` frame of a widget or engine refusal carries it too."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import rooms_harness as R

    server = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0.05).start()
    try:
        t = R.teacher(server)
        code = R.create(t, game="costume_party", players=3, seed=4)  # three people, seat 0 rolls first
        ana, ben = R.join(server, code, "Ana"), R.join(server, code, "Ben")
        seen = {}

        def refused(client, msg):
            client.intent(msg)
            frame = client.until(lambda f: f.get("op") == "error")
            client.wait(lambda: client.state.get("error", {}).get("n") is not None and client.state["error"])
            shown = client.state["error"]
            assert frame["code"] == shown["code"]
            if shown["code"] not in ROOM_ERROR_CODES or shown["code"] in WIDGET_ERROR_CODES:
                assert frame["message"] == shown["message"]  # (a RoomError frame keeps the server's text)
            assert_sentence(shown["message"], shown["code"])
            seen[shown["code"]] = shown["message"]
            return shown

        ben.wait(lambda: ben.state.get("seat") == 1)
        shown = refused(ben, {"type": MSG.ACT, "action": {"type": "roll"}, "rev": ben.state["rev"]})
        assert shown == {**shown, "code": "not_your_turn", "message": "It is Ana's turn."}
        refused(ana, {"type": MSG.ACT, "action": "roll", "rev": ana.state["rev"]})
        refused(ana, {"type": "dance"})
        t.op({"op": "lock", "code": code, "on": True}, "lobby")
        shown = refused(ana, {"type": MSG.ACT, "action": {"type": "roll"}, "rev": ana.state["rev"]})
        assert shown["code"] == "table_locked" and shown["message"] == REFUSALS["table_locked"]
        watcher = R.Client(server)
        watcher.op({"op": "watch", "code": code}, "joined")
        watcher.until(lambda f: f.get("op") == "state")
        shown = refused(watcher, {"type": MSG.ACT, "action": {"type": "roll"}, "rev": watcher.state["rev"]})
        assert shown["code"] == "not_your_turn" and "no player" in shown["message"]
        assert set(seen) >= {"not_your_turn", "malformed_action", "unknown_message", "table_locked"}
        for c in (ana, ben, watcher, t):
            c.close()
    finally:
        server.stop()


def test_big_brother_says_why_a_vote_is_refused():
    g = load_game("big_brother")(6, 1)
    p = session_for("big_brother", game=g, humans=[0], pace=0).presenter
    for seat in range(6):
        text = p.refusal_text("illegal_action", {"type": "vote", "target": seat}, seat)
        assert text == "You can never vote for yourself.", text
    other = p.refusal_text("illegal_action", {"type": "claim", "card": 1, "culprit": 2}, 0)
    assert other == "You cannot claim that camera catch now."


def test_the_brady_bunch_says_which_rule_refused_a_move():
    """A move the party's rules refuse is answered in its words from the seat's own view:
    the part of the round it is (not the shared "That move is not allowed right now."),
    the question cap, a question about the kid asked."""
    s = session_for("brady_bunch", players=5, seed=3, humans=[0], pace=0, max_questions=1)
    g = s.game

    def refused(action) -> str:
        before = g.to_json()
        with pytest.raises(IllegalAction):
            s.act(action)
        assert g.to_json() == before and s.error["code"] == "illegal_action"
        return s.error["message"]

    assert g.phase == "reveal" and g.to_act == [0]
    assert refused({"type": "cookie", "kid": g.kids[0]}) == "Not now: Alice reveals the Snoop cards."
    for _ in range(50):  # Alice plays on to her questions (the bots play the kids)
        if g.phase == "talk":
            break
        legal = g.legal_actions(0)
        s.act(next((a for a in legal if a["type"] != "request"), legal[0]))
    assert g.phase == "talk"
    kid = next(k for k in g.player_kids)
    assert refused({"type": "ask_truth", "kid": kid, "about": kid, "round": 1}) == f"Ask {kid} about another kid."
    s.act({"type": "ask_played", "kid": kid, "round": 1})
    assert g.phase == "talk" and g.questions == 1
    assert refused({"type": "ask_played", "kid": kid, "round": 1}) == (
        "Alice has asked her 1 question for this round: now give a Cookie."
    )

"""The widget <-> view protocol that a student's browser can reach, for every game.

What a browser can send is tried here as a student with developer tools open
would: the teacher's reveal, stale and doubled intents, huge values, page
requests; and every update the view receives is measured over whole games at
the largest table.
"""

from __future__ import annotations

import json
import random

import ipywidgets
import pytest

from brady_widgets.engine.registry import load_game, load_widget, names, register, unregister
from brady_widgets.testing.conformance import random_step
from brady_widgets.testing.widgets import FRAME_LIMIT, legal_of, play_randomly, record_frames, send
from brady_widgets.widget import ERROR_CHARS, MSG, GameWidget, compact_legal, expand_legal

#: every registered game, and the real-time toy (tests/toy_realtime): the protocol is
#: the same for turn-based and real-time games
GAMES = [*names(), "toy_snap"]
#: hot-seat: the games that can pass one screen around (not real-time ones)
TURN_BASED = [n for n in names() if not load_game(n).realtime]


@pytest.fixture(scope="module", autouse=True)
def realtime_toy():
    import toy_realtime

    register(toy_realtime.GAME)
    try:
        yield
    finally:
        unregister(toy_realtime.GAME.name)


def widget(name, **kw):
    kw.setdefault("pace", 0)
    return load_widget(name)(**kw)


def secrets_of(w) -> str:
    """The engine's secrets as JSON text (what a student must never receive)."""
    full = w.game.full_view()
    return json.dumps({k: v for k, v in full.items() if k not in w.game.view(None)}, sort_keys=True)


# --------------------------------------------------------------- the reveal
@pytest.mark.parametrize(("name", "mode"), [(n, "bots") for n in GAMES] + [(n, "hotseat") for n in TURN_BASED])
def test_a_students_browser_cannot_turn_the_reveal_on(name, mode):
    w = widget(name, players=4, seed=3, mode=mode)
    assert w.settings["teacher"] is False and w.settings["reveal"] is False
    game_before, state_before = w.game.to_json(), w.get_state(list(GameWidget.GAME_TRAITS))
    send(w, {"type": MSG.REVEAL, "on": True})
    assert w.error["code"] == "teacher_only"
    after = w.get_state(list(GameWidget.GAME_TRAITS))
    assert w.game.to_json() == game_before
    # nothing new but the error: same view, log, legal, curtain
    assert {k: v for k, v in after.items() if k != "error"} == {k: v for k, v in state_before.items() if k != "error"}
    assert w.settings["reveal"] is False and "deck" not in w.view
    w.close()


@pytest.mark.parametrize("name", GAMES)
def test_a_teachers_widget_reveals_during_the_game_and_python_always_can(name):
    t = widget(name, players=4, seed=3, teacher=True)
    assert not t.game.over
    send(t, {"type": MSG.REVEAL, "on": True})
    assert t.error == {} and t.settings["reveal"] is True
    full = t.game.full_view()
    full.pop("log")
    assert all(t.view[k] == v for k, v in full.items() if k in t.view and k not in getattr(t, "windowed", ()))
    send(t, {"type": MSG.REVEAL, "on": False})
    assert t.settings["reveal"] is False
    s = widget(name, players=4, seed=3)
    s.set_reveal(True)  # the notebook's Python: whoever runs code can read the engine anyway
    assert s.settings["reveal"] is True
    t.close(), s.close()


@pytest.mark.parametrize("name", TURN_BASED)
def test_after_a_hotseat_game_the_screen_shows_only_what_the_rules_made_public(name):
    w = widget(name, players=4, seed=5, mode="hotseat")
    rng = random.Random(5)
    while not w.game.over:
        if w.curtain["up"]:
            send(w, {"type": MSG.LIFT_CURTAIN})
        send(w, {"type": MSG.ACT, "action": rng.choice(legal_of(w))})
        assert w.error == {}, w.error
    public = w.game.view(None)
    public.pop("log")
    assert w.seat == -1 and w.view["viewer"] is None
    assert w.view["end"]  # the end banner's sentence, made from this public view
    assert {k: v for k, v in w.view.items() if k not in ("odds", "end", *w.windowed)} == {
        k: v for k, v in public.items() if k not in w.windowed
    }
    public_log = [e["i"] for e in w._log_entries(w.game.log_for(None))]
    assert [e["i"] for e in w.log_lines] == public_log
    # the replay steps through public positions too
    send(w, {"type": MSG.REPLAY, "step": 3})
    assert w.seat == -1 and w.view["viewer"] is None and w.error == {}
    send(w, {"type": MSG.REVEAL, "on": True})
    assert w.error["code"] == "teacher_only"
    w.close()


# ------------------------------------------------------ the ipywidgets API
def test_no_synced_trait_shadows_the_ipywidgets_api():
    from anywidget import AnyWidget

    game_traits = set(GameWidget.class_trait_names(sync=True)) - set(AnyWidget.class_trait_names(sync=True))
    game_traits -= {"_esm", "_css", "_anywidget_id"}
    assert game_traits == set(GameWidget.GAME_TRAITS)
    assert not game_traits & set(dir(ipywidgets.DOMWidget)), game_traits & set(dir(ipywidgets.DOMWidget))


@pytest.mark.parametrize("name", GAMES)
def test_bad_trait_writes_and_unknown_comm_methods_reach_the_logger(name, caplog):
    w = widget(name, players=max(3, load_game(name).player_counts.start), seed=1)
    before = w.game.to_json()
    # what a browser can send on the comm besides custom messages
    w._handle_msg({"content": {"data": {"method": "no_such_method"}}})
    w._handle_msg({"content": {"data": {"method": "update", "state": {"seat": "not an int"}, "buffer_paths": []}}})
    assert w.game.to_json() == before
    assert isinstance(w.log_lines, list) and hasattr(w.log, "warning")
    w.close()


# --------------------------------------------------------------- errors
@pytest.mark.parametrize("name", GAMES)
def test_every_error_shown_is_at_most_500_characters(name):
    w = widget(name, players=max(3, load_game(name).player_counts.start), seed=2)
    before = w.game.to_json()
    huge = "x" * 1_000_000
    for msg in (
        {"type": MSG.ACT, "action": {"type": huge}},
        {"type": MSG.ACT, "action": {"type": legal_of(w)[0]["type"], "what": huge}},
        {"type": MSG.ACT, "action": huge},
        {"type": MSG.ACT, "action": {"type": "x", "deep": [[[[[[huge]]]]]] * 100}},
        {"type": huge},
        {"type": MSG.REPLAY, "step": huge},
        {"type": MSG.OPTION, "name": huge, "value": huge},
        {"type": MSG.PAGE, "list": huge, "before": 10**400},
        {"type": MSG.ACT, "action": {"type": "x"}, "rev": huge},
        {"type": MSG.CLEAR_ERROR, huge: 1},
        [huge] * 1000,
    ):
        send(w, msg)
        assert w.error and len(w.error["message"]) <= ERROR_CHARS, (str(msg)[:80], len(w.error["message"]))
        assert w.game.to_json() == before
    w.close()


# ------------------------------------------------------------ double clicks
def test_a_double_clicked_question_is_asked_once_at_pace_0():
    w = widget("brady_bunch", players=5, seed=4)
    w.act({"type": "reveal_snoops"})
    while "ask_played" not in {a["type"] for a in legal_of(w)}:
        acts = legal_of(w)
        w.act(next((a for a in acts if a["type"] == "lights_out"), acts[0]))
    ask = next(a for a in legal_of(w) if a["type"] == "ask_played")

    def questions():
        return sum(1 for e in w.game.events if e["type"] == "question")

    before, rev = questions(), w.rev
    click = {"type": MSG.ACT, "action": ask, "rev": rev}
    send(w, click)
    send(w, click)  # the second click of a double click, drawn from the same screen
    assert questions() == before + 1
    assert w.error == {} and w.rev == rev + 1
    # the same question asked again on purpose, from the new screen, is asked again
    send(w, {"type": MSG.ACT, "action": ask, "rev": w.rev})
    assert questions() == before + 2
    w.close()


def test_a_click_that_crosses_a_bot_move_still_counts():
    """rev counts the shown seat's own actions: a bot's move in flight does not make
    a click stale (only the seat's own earlier click does)."""
    w = widget("costume_party", players=3, seed=8, pace=0)
    rev = w.rev
    assert w.game.to_act == [0]
    send(w, {"type": MSG.ACT, "action": legal_of(w)[0], "rev": rev})
    assert w.rev == rev + 1 and w.error == {}
    bots_moved = any(h.get("seat") in (1, 2) for h in w.game.history)
    assert bots_moved or w.game.to_act == [0]
    w.close()


# --------------------------------------------------------------- paging
def test_older_log_and_talk_entries_come_page_by_page():
    w = widget("brady_bunch", players=8, seed=2, humans=(0,))
    rng = random.Random(2)
    while len(w.game.talk) < 40 and not w.game.over:
        w.act(rng.choice(legal_of(w)))
    full_log = w._log_entries(w.game.log_for(0), 0)
    first = w.log_lines[0]["i"]
    assert first > 0
    seen = list(w.log_lines)
    before = first
    while before > 0:
        send(w, {"type": MSG.PAGE, "list": "log", "before": before})
        assert w.error == {} and w.page["list"] == "log" and w.page["before"] == before
        items = w.page["items"]
        assert items and items[-1]["i"] == before - 1
        assert len(json.dumps(items, separators=(",", ":"), ensure_ascii=False).encode()) <= GameWidget.page_budget
        seen = items + seen
        before = items[0]["i"]
    assert seen == full_log  # every line the seat may see, in order, none twice
    talk = w.view["talk"]
    assert talk[0]["i"] > 0 and talk[-1]["i"] == len(w.game.talk) - 1
    send(w, {"type": MSG.PAGE, "list": "talk", "before": talk[0]["i"]})
    assert [t["i"] for t in w.page["items"]] == list(range(talk[0]["i"] - len(w.page["items"]), talk[0]["i"]))
    assert all(t["text"] for t in w.page["items"])
    w.close()


def test_a_page_never_outlives_the_seat_it_was_for():
    w = widget("brady_bunch", players=4, seed=8, mode="hotseat")
    rng = random.Random(8)
    for _ in range(200):
        if w.curtain["up"]:
            send(w, {"type": MSG.LIFT_CURTAIN})
        if w.log_lines[0]["i"] > 0:
            break
        send(w, {"type": MSG.ACT, "action": rng.choice(legal_of(w))})
    send(w, {"type": MSG.PAGE, "list": "log", "before": w.log_lines[0]["i"]})
    assert w.page["items"]
    shown = w.seat
    while w.seat == shown and not w.game.over:
        send(w, {"type": MSG.ACT, "action": rng.choice(legal_of(w))})
    assert w.page == {}  # another seat (or the curtain) is shown: the page is gone
    w.close()


# ------------------------------------------------------------ compact legal
@pytest.mark.parametrize("name", GAMES)
def test_compact_legal_gives_back_every_legal_list_exactly(name):
    cls = load_game(name)
    rng = random.Random(0)
    checked = 0
    for players in (cls.player_counts.start, cls.player_counts.stop - 1):
        # a real-time game's random steps may jump the clock to its end: new seeds
        # until this player count has given enough positions
        for seed in range(players, players + 50):
            g = cls(players, seed=seed)
            for _ in range(300):
                if g.over:
                    break
                for seat in range(players):
                    legal = g.legal_actions(seat)
                    c = compact_legal(legal)
                    back = expand_legal(json.loads(json.dumps(c)))
                    assert back == legal and [list(a) for a in back] == [list(a) for a in legal]
                    assert all(type(x[k]) is type(y[k]) for x, y in zip(back, legal) for k in x)
                    checked += 1
                random_step(g, rng)
            if checked >= 60 * (1 + (players != cls.player_counts.start)):
                break
    assert checked > 100


# --------------------------------------------------------------- frames
#: replay steps shown after the game, besides the first and the last
REPLAY_STEPS = 30


@pytest.mark.parametrize(("name", "mode"), [(n, "bots") for n in GAMES] + [(n, "hotseat") for n in TURN_BASED])
def test_every_update_of_a_whole_game_at_the_largest_table_fits_8_kb(name, mode):
    """The largest table, no caps (a Brady Alice asks as many questions as a random
    player does: hundreds), a person choosing uniformly among the legal actions
    (in real time: at random moments, on virtual time)."""
    cls = load_game(name)
    players = cls.player_counts.stop - 1
    rng = random.Random(11)
    with record_frames() as frames:
        w = widget(name, players=players, seed=11, mode=mode, **({"humans": (0,)} if mode == "bots" else {}))
        play_randomly(w, rng)
        assert w.game.over
        # the replay is part of the game too: its first and last steps and a seeded sample of
        # REPLAY_STEPS others (each step a screen of its own; every 7th step of a long Brady
        # game took 200 screens, a third of this test's time)
        if w.game.private_steps:  # (Total Black's Holds): no replay but on the teacher's reveal
            assert w.replay == {"step": 0, "length": 0, "active": False}
            send(w, {"type": MSG.REPLAY, "step": 0})
            assert w.error["code"] == "replay_unavailable"
            w.set_reveal(True)
        length = w.replay["length"]
        pick = random.Random(f"replay:{name}:{mode}")
        for step in [0, *sorted(pick.sample(range(1, length), min(REPLAY_STEPS, length - 1))), length]:
            send(w, {"type": MSG.REPLAY, "step": step})
            assert w.error == {} and w.replay["step"] == step, (step, w.error)
        send(w, {"type": MSG.PAGE, "list": "log", "before": w.log_lines[0]["i"]})
    sizes = [f["bytes"] for f in frames]
    assert len(sizes) > 20
    assert max(sizes) <= FRAME_LIMIT, (max(sizes), [f["traits"] for f in frames if f["bytes"] > FRAME_LIMIT][:3])
    w.close()

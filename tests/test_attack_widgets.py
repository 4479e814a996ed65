"""A hostile browser and a careless notebook user against the widgets, every game.

What :mod:`tests.test_widget_protocol` does not try: the comm messages a student's
developer tools can send besides the view's custom messages (a trait write, a message
of a made-up shape), each of which must change nothing, raise nothing into the notebook
(ipywidgets shows a traceback there with ``showtraceback`` when its handler raises) and
say in words what happened; and values whose repr cannot be built (a deeply nested list)
given to a view option.
"""

from __future__ import annotations

import json
import logging
import random

import ipywidgets.widgets.widget as ipywidget_module
import pytest

from brady_widgets.engine.errors import IllegalAction
from brady_widgets.engine.registry import load_game, load_widget, names
from brady_widgets.presenter import REFUSALS
from brady_widgets.testing import check_leaks
from brady_widgets.testing.conformance import random_step
from brady_widgets.testing.widgets import FRAME_LIMIT, legal_of, play_randomly, record_frames, send
from brady_widgets.widget import MSG, GameWidget, WidgetError

GAMES = names()


def _passes_a_screen(name: str) -> bool:
    try:
        load_widget(name)(players=4, seed=0, mode="hotseat", pace=0).close()
    except ValueError:  # played in real time by everyone at once: no curtain
        return False
    return True


#: the games a hot-seat screen can be passed round (Big Brother too: real time, no races)
HOTSEAT = [n for n in GAMES if _passes_a_screen(n)]
#: (game, mode, teacher): solo against bots, the hot-seat curtain, the teacher's reveal
SCREENS = (
    [(n, "bots", False) for n in GAMES] + [(n, "hotseat", False) for n in HOTSEAT] + [(n, "bots", True) for n in GAMES]
)


class Shell:
    """A stand-in for the kernel's IPython: ipywidgets calls its ``showtraceback`` when a
    comm handler raises (the traceback lands in the notebook)."""

    def __init__(self):
        self.tracebacks = 0

    def showtraceback(self, *args, **kwargs):
        self.tracebacks += 1


@pytest.fixture
def shell(monkeypatch):
    s = Shell()
    monkeypatch.setattr(ipywidget_module, "get_ipython", lambda: s)
    return s


def widget(name, mode="bots", teacher=False, **kw):
    w = load_widget(name)(players=4, seed=5, mode=mode, pace=0, teacher=teacher, **kw)
    if teacher:
        w.set_reveal(True)
    return w


def comm(w, data, buffers=()):
    """A comm message from the front end, as the kernel hands it to the widget."""
    w._handle_msg({"content": {"comm_id": w.model_id, "data": data}, "buffers": list(buffers)})


def game_state(w) -> dict:
    return json.loads(json.dumps(w.get_state(list(GameWidget.GAME_TRAITS))))


def forgeries(w) -> list[dict]:
    """Writes a student could try on each game trait: another seat, the reveal, the curtain
    lifted, a replay step, a forged error, wrong types, bools for ints, a huge string."""
    other = (max(w.seat, 0) + 1) % w.game.players
    return [
        {"seat": other},
        {"seat": True},
        {"seat": "0"},
        {"settings": {**w.settings, "reveal": True, "teacher": True}},
        {"curtain": {"up": False, "seat": -1}},
        {"replay": {"step": 10**9, "length": 10**9, "active": True}},
        {"view": {}, "legal": [{"type": "x", "keys": [], "rows": 1}]},
        {"error": {"code": "teacher_only", "message": "x" * 1_000_000}},
        {"rev": 10**400},
        {"page": {"list": "log", "before": -1, "items": []}},
        {"clock": {"realtime": True, "running": True}},
        {"log_lines": "not a list"},
        {"content": [[[[[]]]]]},
    ]


@pytest.mark.parametrize(("name", "mode", "teacher"), SCREENS)
def test_a_trait_written_from_the_browser_is_refused_in_words_and_sent_back(name, mode, teacher, shell):
    w = widget(name, mode, teacher)
    for forged in forgeries(w):
        before, game_before = game_state(w), w.game.to_json()
        with record_frames(w) as frames:
            comm(w, {"method": "update", "state": forged, "buffer_paths": []})
        assert shell.tracebacks == 0, forged
        assert w.game.to_json() == game_before
        after = game_state(w)
        assert {k: v for k, v in after.items() if k != "error"} == {k: v for k, v in before.items() if k != "error"}
        assert w.error["code"] == "malformed_message" and w.error["message"] == REFUSALS["malformed_message"]
        # the view's copy of every trait it wrote is the kernel's again
        sent = set().union(*(f["traits"] for f in frames))
        assert set(forged) <= sent, (forged, sent)
        send(w, {"type": MSG.CLEAR_ERROR})
    w.close()


@pytest.mark.parametrize("name", GAMES)
def test_a_write_that_forges_a_game_trait_is_refused_whole_with_its_ipywidgets_traits(name, shell):
    """A refused input changes nothing: an update that writes ``seat`` beside ``tooltip``
    and ``layout`` leaves the tooltip and the layout as they were too, and sends the
    kernel's values of every trait it wrote back to the view."""
    w = widget(name)
    w.tooltip = "the kernel's tip"
    layout = w.layout
    before = game_state(w)
    with record_frames(w) as frames:
        comm(w, {"method": "update", "state": {"tooltip": "forged", "layout": None, "seat": 1}, "buffer_paths": []})
    assert shell.tracebacks == 0
    assert w.tooltip == "the kernel's tip" and w.layout is layout
    assert w.error["code"] == "malformed_message"
    assert {k: v for k, v in game_state(w).items() if k != "error"} == {k: v for k, v in before.items() if k != "error"}
    sent = set().union(*(f["traits"] for f in frames))
    assert {"tooltip", "layout", "seat"} <= sent, sent
    w.close()


@pytest.mark.parametrize("name", GAMES)
def test_a_comm_message_of_a_made_up_shape_is_refused_without_a_traceback(name, shell):
    w = widget(name)
    game_before = w.game.to_json()
    for data, buffers in (
        ({}, ()),
        ({"method": None}, ()),
        ({"method": "no_such_method"}, ()),
        ({"method": "update"}, ()),
        ({"method": "update", "state": "seat"}, ()),
        ({"method": "update", "state": {"seat": 1}, "buffer_paths": [["seat"]]}, ()),
        ({"method": "update", "state": {"tooltip": 1}, "buffer_paths": [["tooltip"]]}, [b"x"]),
        ({"method": "update", "state": {"tooltip": ["not", "a", "string"]}, "buffer_paths": []}, ()),
        ({"method": "custom"}, ()),
        ("not a dict", ()),
    ):
        comm(w, data, buffers)
        assert shell.tracebacks == 0, data
        assert w.error and w.error["message"] in REFUSALS.values(), (data, w.error)
        assert w.game.to_json() == game_before
        send(w, {"type": MSG.CLEAR_ERROR})
    # the shapes the front end really sends still work
    comm(w, {"method": "update", "state": {"tooltip": "a tip"}, "buffer_paths": []})
    assert w.tooltip == "a tip" and w.error == {}
    comm(w, {"method": "custom", "content": {"type": MSG.CLEAR_ERROR}})
    comm(w, {"method": "request_state"})
    assert shell.tracebacks == 0 and w.error == {}
    w.close()


@pytest.mark.parametrize("name", GAMES)
def test_forged_writes_leak_nothing_a_resampled_world_would_change(name):
    """The leak kit's widget comparison (brady_widgets.testing): a widget that was sent
    every forgery, on the real game and on a world resampled from a seat's own view,
    syncs the same state: nothing of a refusal depends on another seat's secrets."""
    cls = load_game(name)

    def attacked(game, seat):
        w = load_widget(name)(game=game, humans=(seat,), pace=0)
        for forged in forgeries(w):
            comm(w, {"method": "update", "state": forged, "buffer_paths": []})
        return w

    g = cls(4, seed=12)
    stats = check_leaks(g, 12, seats=range(g.players), samples=1, widget_factory=attacked)
    assert stats.widget_compares == g.players and stats.changed > 0


@pytest.mark.parametrize("name", HOTSEAT)
def test_under_the_curtain_every_trait_is_the_same_in_every_world_the_public_allows(name):
    """The leak kit (brady_widgets.testing.check_leaks) with a hot-seat widget whose curtain
    is down at each sampled step of a random game: worlds resampled from the public view
    (seat None) must give the same synced state, the forged trait writes included."""
    cls = load_game(name)
    W = load_widget(name)

    def covered(game, seat):
        w = W(game=game, mode="hotseat", pace=0)
        assert w.curtain["up"] or game.over
        for forged in forgeries(w):
            comm(w, {"method": "update", "state": forged, "buffer_paths": []})
        return w

    compares = changed = 0
    for seed in range(2):
        g = cls(4, seed=seed)
        rng = random.Random(seed)
        for step in range(200):
            if g.over:
                break
            if step % 9 == 0:
                stats = check_leaks(g, rng, seats=[None], samples=1, widget_factory=covered, widget_seats=[None])
                compares, changed = compares + stats.widget_compares, changed + stats.changed
            random_step(g, rng)
    assert compares > 5 and changed > 0


# ------------------------------------------------------------ view options
def deeply_nested(depth: int = 5000) -> list:
    out: list = []
    inner = out
    for _ in range(depth):
        inner.append([])
        inner = inner[0]
    return out


@pytest.mark.parametrize(
    "value", [deeply_nested(), {"Greg": deeply_nested()}, {f"kid{i}": 0.5 for i in range(100_000)}, "x" * 1_000_000]
)
def test_a_bad_trust_is_refused_in_words_whatever_its_size(value, caplog):
    """Brady's trust option: a value whose repr cannot be built (a RecursionError) was an
    internal error with a traceback in the log; it is the option's own refusal."""
    w = widget("brady_bunch")
    before, options = w.game.to_json(), w.settings["options"]
    with caplog.at_level(logging.INFO, logger="brady_widgets.refusals"):
        send(w, {"type": MSG.OPTION, "name": "trust", "value": value})
    assert w.error["code"] == "malformed_message", w.error
    assert w.error["message"] == REFUSALS["malformed_message"]
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert all(len(r.getMessage()) <= 600 for r in caplog.records)
    assert w.game.to_json() == before and w.settings["options"] == options
    w.close()


# ------------------------------------------------------------ the Python API
@pytest.mark.parametrize("name", GAMES)
def test_names_too_long_for_a_frame_are_refused_with_the_limits(name):
    """Every seat's name is in every update: 42 names of 300 characters made a Total Black
    update 15 KB (the frame limit is 8 KB). A name is at most 40 characters, 48 bytes."""
    cls = load_game(name)
    n = cls.player_counts.stop - 1
    W = load_widget(name)
    for names_given in (["N" * 300 + str(i) for i in range(n)], ["\U0001f600" * 13] * n):
        with pytest.raises(ValueError, match="at most 40 characters"):
            W(players=n, seed=3, pace=0, names=names_given)
    with pytest.raises(TypeError, match=f"a list of {n} names"):
        W(players=n, seed=3, pace=0, names="ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789abcdefghijklmnop"[:n])
    with pytest.raises(TypeError, match=f"a list of {n} names"):
        W(players=n, seed=3, pace=0, names=5)
    # the longest names allowed (in characters, in UTF-8, in JSON: control characters are sent
    # as six bytes each) fit every update of a whole game at the largest table
    kinds = (
        lambda i: "N" * 38 + f"{i:02d}",
        lambda i: "\U0001f600" * 11 + chr(0x4E00 + i),
        lambda i: "\x01" * 7 + f"{i:02d}"[-1],
    )
    longest = [kinds[i % 3](i) for i in range(n)]
    with record_frames() as frames:
        w = W(players=n, seed=3, pace=0, names=longest)
        play_randomly(w, random.Random(3))
    assert w.game.over and max(f["bytes"] for f in frames) <= FRAME_LIMIT
    w.close()


@pytest.mark.parametrize("name", GAMES)
def test_bad_numbers_options_and_bots_from_python_are_typed_errors_naming_the_valid_values(name):
    """An int past a float's range made math.isfinite raise OverflowError from deep inside
    (pace, lag, advance_time); a screen's options that were not a dict of the game's view
    options raised AttributeError or KeyError while rendering; an unknown bot's name was
    repeated whole in the message."""
    W = load_widget(name)
    with pytest.raises(ValueError, match="pace must be a number of seconds"):
        W(pace=10**400)
    with pytest.raises(ValueError, match="lag must be a number of ms from 0 to 5000"):
        W(pace=0, lag=10**400)
    w = W(players=4, seed=2, pace=0)
    before = w.game.to_json()
    with pytest.raises(WidgetError, match="advance_time takes ms from 0 to 10"):
        w.advance_time(10**400)
    assert w.error["message"] == REFUSALS["malformed_message"]
    for options in ("trust", [("trust", 0.5)], 3):
        with pytest.raises(TypeError, match="options must be a dict of view options"):
            w.state_for(0, options=options)
    with pytest.raises(ValueError, match="unknown view option"):
        w.state_for(0, options={"no_such_option": 1})
    with pytest.raises(ValueError, match=r"unknown bot .*; bots: \["):
        w.seat_bot(1, "x" * 1_000_000)
    try:
        w.seat_bot(1, "x" * 1_000_000)
    except ValueError as exc:
        assert len(str(exc)) < 400
    assert w.game.to_json() == before
    w.close()


def test_a_screens_options_from_python_are_checked_and_completed_by_the_table():
    w = widget("brady_bunch")
    # a partial dict is completed by the table's options; a bad value is the option's refusal
    assert w.state_for(0, options={})["settings"]["options"] == w.settings["options"]
    assert w.state_for(0, options={"trust": 0.5})["settings"]["options"] == {"trust": 0.5}
    with pytest.raises(WidgetError, match="trust must be a number from 0 to 1"):
        w.state_for(0, options={"trust": "high"})
    w.close()


def test_an_exercise_key_of_no_game_names_how_keys_are_made_and_the_games():
    """``check("nope", 1)`` said "Exercises: none for this game" (no game was named), and a
    pasted megabyte of text came back whole in the message."""
    from brady_widgets import check
    from brady_widgets.exercises import exercises

    with_some = [g for g in sorted(GAMES) if exercises(g)]
    assert with_some
    for key in ("nope", "nope.x", None, "x" * 1_000_000):
        result = check(key, 1)
        assert not result.ok and "none for this game" not in result.message
        assert all(g in result.message for g in with_some), result.message
        assert len(result.message) < 400
    # a game's own exercise names are still listed for a wrong name in it
    game = with_some[0]
    assert f"{game}.{sorted(exercises(game))[0]}" in check(f"{game}.nope", 1).message


@pytest.mark.parametrize("name", GAMES)
def test_every_trait_forged_at_once_at_the_largest_table_is_sent_back_in_frames_under_8_kb(name, shell):
    cls = load_game(name)
    w = load_widget(name)(players=cls.player_counts.stop - 1, seed=4, pace=0)
    rng = random.Random(4)
    for _ in range(60):  # well into the game: a long log, a full view
        if w.game.over:
            break
        if w.game.realtime:
            w.advance_time(200)
        if w.legal:
            send(w, {"type": MSG.ACT, "action": rng.choice(legal_of(w))})
    before = game_state(w)
    with record_frames(w) as frames:
        comm(w, {"method": "update", "state": dict.fromkeys(GameWidget.GAME_TRAITS, 0), "buffer_paths": []})
    assert shell.tracebacks == 0
    assert set(GameWidget.GAME_TRAITS) <= set().union(*(f["traits"] for f in frames))
    assert max(f["bytes"] for f in frames) <= FRAME_LIMIT, [(f["traits"], f["bytes"]) for f in frames]
    assert {k: v for k, v in game_state(w).items() if k != "error"} == {k: v for k, v in before.items() if k != "error"}
    w.close()


# ------------------------------------------------------------ the lessons' helpers
def lesson_runs():
    """``(label, call(count))``: each lesson helper a notebook calls with a count of runs."""
    from brady_widgets.big_brother import lesson as big_brother
    from brady_widgets.brady_bunch import lesson as brady
    from brady_widgets.brouhaha import lesson as brouhaha
    from brady_widgets.costume_party import lesson as costume
    from brady_widgets.costume_party.rules import CostumeParty

    return [
        ("brady snoop_frequency", lambda n: brady.snoop_frequency(5, "Greg", games=n)),
        ("brady simulate_trust", lambda n: brady.simulate_trust(brady.trust_prior(), 1, 1, speakers=n)),
        ("brady compare_trust", lambda n: brady.compare_trust(brady.trust_prior(), 1, 1, speakers=n)),
        ("big_brother roll_sums", lambda n: big_brother.roll_sums(n)),
        ("big_brother simulate_turns", lambda n: big_brother.simulate_turns(0, n)),
        ("big_brother bloc_experiment", lambda n: big_brother.bloc_experiment(games=n)),
        ("brouhaha simulate_shared", lambda n: brouhaha.simulate_shared(3, [2] * 10, trials=n)),
        ("brouhaha simulate_birthday", lambda n: brouhaha.simulate_birthday(3, trials=n)),
        ("brouhaha simulate_hit", lambda n: brouhaha.simulate_hit(["a", "b"], 1, "a", trials=n)),
        ("brouhaha simulate_first_round", lambda n: brouhaha.simulate_first_round(4, games=n)),
        ("brouhaha rounds_table", lambda n: brouhaha.rounds_table([4], games=n)),
        ("brouhaha shared_table", lambda n: brouhaha.shared_table([2], [2] * 10, trials=n)),
        ("costume streak_experiment", lambda n: costume.streak_experiment(rolls=n)),
        ("costume simulate_kill", lambda n: costume.simulate_kill(CostumeParty(4, seed=1), 0, 0, games=n)),
        ("costume compare_kills", lambda n: costume.compare_kills(CostumeParty(4, seed=1), 0, games=n)),
    ]


@pytest.mark.parametrize("bad", [0, -3])
def test_a_lessons_count_below_one_is_refused_naming_the_count(bad, capsys):
    """A count of 0 was a ZeroDivisionError from inside (or an empty result with NaN
    warnings), a negative one a frequency of -0.0 or numpy's "negative dimensions"."""
    for label, run in lesson_runs():
        with pytest.raises(ValueError, match="must be a whole number >= 1") as caught:
            run(bad)
        assert str(bad) in str(caught.value), label
    assert capsys.readouterr().out == ""  # refused before anything was printed


@pytest.mark.parametrize("bad", [2.5, "10", True])
def test_a_lessons_count_that_is_not_a_whole_number_is_refused_naming_the_count(bad):
    for label, run in lesson_runs():
        with pytest.raises(TypeError, match="must be a whole number >= 1"):
            run(bad)
            pytest.fail(label)


def test_a_lessons_run_held_in_memory_whole_is_refused_past_what_a_kernel_holds():
    """roll_sums(10**12) asked numpy for 16 TB and the notebook's kernel died; a run that
    keeps every result in memory at once now says how far it goes, before allocating."""
    from brady_widgets.big_brother import lesson as big_brother
    from brady_widgets.costume_party import lesson as costume
    from brady_widgets.progress import MOST_IN_MEMORY

    for run in (big_brother.roll_sums, lambda n: costume.streak_experiment(rolls=n)):
        with pytest.raises(ValueError, match=f"at most {MOST_IN_MEMORY:,} .*notebook's memory"):
            run(10**12)
        with pytest.raises(ValueError, match="at most"):
            run(MOST_IN_MEMORY + 1)
    assert len(big_brother.roll_sums(1000)) == 1000  # a lesson's own sizes are untouched


#: lesson runs that only take time (a game at a time, nothing kept per game): a count past
#: a kernel's memory is theirs to interrupt, not to refuse
ONLY_TIME = {"brady snoop_frequency", "costume simulate_kill", "costume compare_kills"}


def test_every_lesson_run_that_keeps_a_result_per_trial_is_refused_at_once_past_a_kernels_memory(capsys):
    """Beyond roll_sums: simulate_shared, simulate_birthday, simulate_hit, simulate_first_round,
    simulate_trust and simulate_turns asked numpy for terabytes at 10**12 (a MemoryError
    traceback in the student's notebook, or at a few times 10**7 a kernel killed on a 2 GB
    Binder), and bloc_experiment kept a row per game without end. Each now refuses such a
    count at once, saying how far it goes, and prints nothing first."""
    import time

    from brady_widgets.brady_bunch import fast as brady_fast
    from brady_widgets.costume_party import fast as costume_fast

    runs = [(label, run) for label, run in lesson_runs() if label not in ONLY_TIME]
    runs += [
        ("brady fast.random_games", lambda n: brady_fast.random_games(8, n)),
        ("costume fast.random_games", lambda n: costume_fast.random_games(n, 4)),
    ]
    assert len(runs) == len(lesson_runs()) - len(ONLY_TIME) + 2  # every name in ONLY_TIME is a run
    for label, run in runs:
        began = time.process_time()
        with pytest.raises(ValueError, match="at most [0-9,]+ .*notebook's memory"):
            run(10**12)
            pytest.fail(label)
        assert time.process_time() - began < 1.0, label
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize(
    "prior, words",
    [
        ({1: 0.5, 2: 0.5}, "2 is not a trust from 0 to 1"),
        ({0.5: 2}, "add up to 2"),
        ({0.5: -1, 1: 2}, "below 0"),
        ({}, "got {}"),
        ([0.5], "got [0.5]"),
        ({0.5: "1"}, "got '1'"),
    ],
)
def test_a_trust_prior_that_is_not_one_is_refused_in_words(prior, words):
    """simulate_trust with a trust of 2 (a student's prior over card values, say) answered
    numpy's "p < 0, p > 1 or p contains NaNs"; trust_posterior computed a "posterior"."""
    from brady_widgets.brady_bunch import lesson as brady

    for run in (
        lambda: brady.simulate_trust(prior, 1, 1, speakers=100),
        lambda: brady.trust_posterior(prior, 1, 1),
    ):
        with pytest.raises(ValueError, match="a prior maps each trust") as refused:
            run()
        assert words in str(refused.value)


def test_the_lessons_lookups_name_the_valid_values():
    """A kid not at the table, a player count without Snoop cards, a card value no card has,
    a bot level that does not exist: KeyErrors from inside, now sentences with the choices."""
    from brady_widgets.big_brother import lesson as big_brother
    from brady_widgets.brady_bunch import lesson as brady
    from brady_widgets.brady_bunch.rules import BradyBunch

    game = BradyBunch(5, seed=1)
    with pytest.raises(ValueError, match="who is 'Alice' or a kid at this table"):
        brady.seat_of(game, "Nobody")
    with pytest.raises(ValueError, match=r"players is one of \[3, "):
        brady.snoop_chance(0)
    with pytest.raises(ValueError, match=r"said is a card value, one of \["):
        brady.post_of(brady.card_prior(), 99, 0.5)
    with pytest.raises(ValueError, match=r"said is a card value, one of \["):
        brady.posterior_explorer(said=99)
    with pytest.raises(ValueError, match=r"level is one of \["):
        big_brother.play_game(players=4, level="nope")
    # the right values work as before
    assert brady.seat_of(game, "Alice") == 0 and brady.seat_of(game, game.seat_kid[1]) == 1
    assert 0 < brady.snoop_chance(5) < 1


class _Cheat:
    """A notebook author's bot that tries a move naming a card only its seat could know."""

    MOVE = {"type": "play", "card": "ONLY-MY-SEAT-KNOWS"}

    def __init__(self, seat, seed):
        pass

    def choose(self, view, legal):
        return dict(self.MOVE)

    plan = choose  # (in real time: asked whenever it may act, and it acts at once)


@pytest.mark.parametrize("name", GAMES)
def test_a_bots_refused_move_is_not_shown_on_the_screen_only_logged(name, caplog):
    """A bot's refused move was shown whole on every screen ("the bot playing Bot 2 failed:
    [illegal_action] seat 1 tried {'type': ..., 'card': ...}"): a code, an action dict, and
    what the bot tried, which may be what only its seat holds."""
    w = load_widget(name)(players=4, seed=1, pace=0, humans=(0,), bot=_Cheat)
    with caplog.at_level(logging.WARNING, logger="brady_widgets.refusals"):
        for _ in range(50):
            if w.error:
                break
            try:
                if w.legal:
                    w.act(legal_of(w)[0])
                elif w.game.realtime:
                    w.start()
                    w.advance_time(2000)
                else:
                    w.run_bots()
            except (WidgetError, IllegalAction):
                pass
    assert w.error["code"] == "bot_error", w.error
    message = w.error["message"]
    assert "ONLY-MY-SEAT-KNOWS" not in message and "{" not in message and "_action" not in message, message
    assert w.names[1] in message or any(n in message for n in w.names[1:])
    assert "ONLY-MY-SEAT-KNOWS" in caplog.text  # the notebook author still finds the move, in the log
    w.close()


class _BreaksAfterTheFirstQuestion:
    """A real-time bot that waits when first asked, and raises when asked again (after a
    person's act)."""

    def __init__(self, seat, seed):
        self.asked = 0

    def plan(self, view, legal):
        self.asked += 1
        if self.asked > 1:
            raise RuntimeError("kaboom")
        return None


#: real-time games whose bots are asked again at a person's first act (everyone may act at
#: once); Big Brother's turns wait on the person's roll alone
EVERYONE_AT_ONCE = [n for n in GAMES if load_game(n).realtime and n != "big_brother"]


@pytest.mark.parametrize("name", EVERYONE_AT_ONCE)
def test_a_bot_failing_around_a_persons_real_time_act_is_a_bot_error_and_stops_the_clock(name, caplog):
    """Real time: the bots are brought up to a person's act around it; a bot failing there
    escaped act() as a raw BotError, and the view's message showed "Something went wrong"
    (internal_error, a traceback in the log) with the clock still running."""
    w = load_widget(name)(players=4, seed=2, pace=0, humans=(0,), bot=_BreaksAfterTheFirstQuestion)
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})
    for _ in range(20):
        if w.legal:
            break
        w.advance_time(300)
    assert w.legal and not w.error, w.error
    with caplog.at_level(logging.WARNING, logger="brady_widgets.refusals"):
        send(w, {"type": MSG.ACT, "action": legal_of(w)[0], "at": w.now})
    assert w.error["code"] == "bot_error" and "kaboom" in w.error["message"], w.error
    assert "internal error" not in caplog.text
    assert w.clock["state"] == "paused" and not w.clock["running"]
    with pytest.raises(WidgetError):  # the Python API raises the same typed error
        w.session._act_on(w.screen, legal_of(w)[0]) if w.legal else w.run_bots()
    w.close()


def explorer_starts():
    """``(label, call(value), a value the slider takes, values it does not)``."""
    from brady_widgets.big_brother import lesson as big_brother
    from brady_widgets.brady_bunch import lesson as brady
    from brady_widgets.brouhaha import lesson as brouhaha

    talk = brady.end_position().view(0)
    speaker = talk["talk"][0]["speaker"]
    return [
        ("big_brother end_explorer", lambda v: big_brother.end_explorer(start=v), 7, [999, -1, 2.5, "7", None]),
        ("brady posterior_explorer", lambda v: brady.posterior_explorer(trust=v), 0.7, [2, -0.1, float("nan"), True]),
        ("brady trust_learning_explorer", lambda v: brady.trust_learning_explorer(true=v), 2, [-1, 11, 1.5]),
        ("brady trust_learning_explorer lies", lambda v: brady.trust_learning_explorer(lies=v), 1, [-1, 11]),
        (
            "brady speaker_trust_explorer",
            lambda v: brady.speaker_trust_explorer(talk, trust={speaker: v}, samples=200),
            0.5,
            [5, -1, "high"],
        ),
        ("brouhaha copies_explorer", lambda v: brouhaha.copies_explorer(copies=v), 2, [0, 51, 2.5]),
        ("brouhaha players_explorer", lambda v: brouhaha.players_explorer(players=v), 42, [43, 41, 0, 44, "42"]),
    ]


def test_an_explorers_first_value_outside_its_slider_is_refused_naming_the_range():
    """An ipywidgets slider clamps a value outside its range without a word: end_explorer(start=999)
    drew space 31 under a text saying "start 999"; now a ValueError / TypeError gives the range."""
    for label, make, good, bads in explorer_starts():
        assert make(good) is not None, label
        for bad in bads:
            with pytest.raises((ValueError, TypeError), match=r"must be (a number )?from"):
                make(bad)
                pytest.fail(f"{label} took {bad!r}")


@pytest.mark.parametrize("name", GAMES)
def test_every_update_of_the_teachers_reveal_at_the_largest_table_fits_8_kb(name):
    """The teacher's reveal shows every hand and peek: at an 8-player Brady table one update
    came to 8230 bytes on the wire (the view alone passed the frame budget, the log had its
    least). Now the windowed lists give up their oldest entries (a page away) first."""
    cls = load_game(name)
    with record_frames() as frames:
        w = load_widget(name)(
            players=cls.player_counts.stop - 1, seed=11, pace=0, humans=(0,), teacher=True, reveal=True
        )
        play_randomly(w, random.Random(11))
        length = w.replay["length"]
        for step in range(0, length + 1, max(1, length // 30)):
            send(w, {"type": MSG.REPLAY, "step": step})
            assert w.error == {}, w.error
    assert w.game.over and len(frames) > 20
    assert max(f["bytes"] for f in frames) <= FRAME_LIMIT, [
        (f["traits"], f["bytes"]) for f in frames if f["bytes"] > FRAME_LIMIT
    ][:3]
    # the talk and the log still come back whole, page by page
    for key in w.windowed:
        if w.view.get(key):
            send(w, {"type": MSG.PAGE, "list": key, "before": w.view[key][0]["i"]})
            assert w.error == {} and w.page["list"] == key
    w.close()


@pytest.mark.parametrize("name", GAMES)
def test_a_misspelt_widget_method_names_the_widget_and_what_was_meant(name):
    """``w.acts(...)`` said "'Session' object has no attribute 'acts'": a class the notebook
    never built. Now the widget's own name, and the close names of its API."""
    w = widget(name)
    with pytest.raises(AttributeError, match=rf"{type(w).__name__} has no attribute 'acts'; did you mean 'act'"):
        w.acts({"type": "x"})
    with pytest.raises(AttributeError, match=rf"{type(w).__name__} has no attribute 'set_reveals'.*'set_reveal'"):
        w.set_reveals(True)
    assert not hasattr(w, "no_such_thing_at_all") and hasattr(w, "act") and hasattr(w, "game")
    w.close()


@pytest.mark.parametrize("name", GAMES)
def test_a_widget_field_set_later_is_checked_as_the_constructor_checks_it(name):
    """``w.pace = "fast"`` was kept, and every click after it was "Something went wrong"
    (a TypeError comparing it with 0); ``w.names = [a 300-character name, ...]`` passed the
    frame limit the constructor keeps. Now both are refused as the constructor refuses them."""
    w = widget(name)
    before = (w.pace, w.lag, w.names)
    for field, value in (("pace", "fast"), ("pace", -1), ("lag", 10**400), ("names", "ABCD")):
        with pytest.raises((ValueError, TypeError), match=f"{field} must be"):
            setattr(w, field, value)
    with pytest.raises(ValueError, match="at most 40 characters"):
        w.names = ["N" * 300] * w.game.players
    assert (w.pace, w.lag, w.names) == before
    w.pace, w.names = 0, [f"P{s}" for s in range(w.game.players)]  # good values are set as before
    assert w.pace == 0 and w.session.names == tuple(f"P{s}" for s in range(w.game.players))
    w.close()


@pytest.mark.parametrize("name", GAMES)
def test_names_are_measured_as_a_frame_sends_them(name):
    """A name's bytes are its JSON's: a control character is sent as six (``\\u0001``), so 42
    names of 40 of them passed the 48-byte limit as UTF-8 and made a Total Black update
    12.6 KB; a lone surrogate passed too and the first update raised UnicodeEncodeError."""
    n = load_game(name).player_counts.stop - 1
    W = load_widget(name)
    for bad in ("\x01" * 39 + "A", "\x7f\x1b" * 10 + "B", "\ud800" * 3 + "C"):
        with pytest.raises(ValueError, match="at most 40 characters"):
            W(players=n, seed=3, pace=0, names=[bad] * n)
    # the most control characters a name may hold are accepted (a whole game of them, beside
    # the other longest names, fits every frame: test_names_too_long_for_a_frame_...)
    W(players=n, seed=3, pace=0, names=["\x01" * 7 + f"{i:02d}"[-1] for i in range(n)]).close()

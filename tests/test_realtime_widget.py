"""The widget in real time, on the toy Snap race (tests/toy_realtime): virtual time,
the clock trait and the view's clock sync, stamped actions judged by the kernel
within its lag (a 200 ms link in both directions), double presses, bad stamps, the
kernel's event loop (one timer, cancelled on close), bounded frames and the leak
test in the middle of a window. The browser test is tests/e2e/test_realtime_browser.py."""

from __future__ import annotations

import asyncio
import math

import pytest

from brady_widgets.engine.registry import register, unregister
from brady_widgets.session import ASK_AFTER_ACT_S
from brady_widgets.testing import check_leaks
from brady_widgets.testing.widgets import FRAME_LIMIT, legal_of, record_frames, send
from brady_widgets.widget import MSG, WidgetError


@pytest.fixture(scope="module", autouse=True)
def snap():
    import toy_realtime

    register(toy_realtime.GAME)
    try:
        yield
    finally:
        unregister(toy_realtime.GAME.name)


def Snap(**kw):
    from toy_realtime.widget import SnapWidget

    kw.setdefault("pace", 0)
    return SnapWidget(**kw)


def SnapGame(*args, **kw):
    from toy_realtime.rules import SnapGame as G

    return G(*args, **kw)


# the first two deck cards match: the second flip (at 3000 ms) opens a window (of
# WINDOW ms: the kernel applies the flip `lag` ms late, to take stamps still on their way,
# so everyone sees the window from 3000 + lag: the steady bot slaps 1000 ms after that)
WINDOW = 2000
MATCH_DEAL = {"hands": [[1, 2], [3, 4]], "deck": [5, 5, 1, 2, 3, 4, 6, 6, 1, 2, 3, 4, 6, 5]}


def run_until(w, pred, step=10, limit=20_000):
    """Advance a virtual-time widget in small steps until ``pred()``; return the time."""
    for _ in range(limit // step):
        if pred():
            return w.now
        w.advance_time(step)
    raise AssertionError("the condition never came")


# ----------------------------------------------------------------- the clock
def test_a_real_time_widget_waits_for_its_view_then_runs_on_virtual_time():
    w = Snap(players=3, seed=4, humans=[0])
    assert w.clock["realtime"] is True and w.clock["running"] is False
    assert w.settings["paused"] is True and w.settings["keys"] == {" ": "slap"}
    assert w.game.history == [] and w.now == 0
    w.advance_time(1499)
    assert w.game.view(None)["pile"] == [] and w.now == 1499
    w.advance_time(251 + 1)  # the flip at 1500 is applied once the lag (250 ms) has passed
    assert len(w.game.view(None)["pile"]) == 1
    assert w.clock["running"] is True and w.settings["paused"] is False
    assert w.clock["deadline"] == w.game.next_deadline() == 3000
    assert w.view["clock"] == 1500 and w.view["deadline"] == 3000


def test_the_clock_message_answers_with_the_views_id_and_starts_the_clock():
    w = Snap(players=2, seed=1, humans=[0])
    send(w, {"type": MSG.CLOCK, "id": "view-1"})
    send(w, {"type": MSG.START})  # the person presses Start
    assert w.clock["sync"] == "view-1" and w.clock["running"] is True and not w.error
    for bad in ["", 7, None, "x" * 65]:
        send(w, {"type": MSG.CLOCK, "id": bad})
        assert w.error["code"] == "malformed_message"
    assert w.clock["sync"] == "view-1"


def test_a_turn_based_widget_has_a_still_clock():
    from brady_widgets import CostumePartyWidget

    w = CostumePartyWidget(players=3, seed=2, pace=0)
    assert w.clock == {"realtime": False}
    before = dict(w.get_state())
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    assert dict(w.get_state()) == before  # nothing changes, no error
    with pytest.raises(WidgetError):
        w.advance_time(-5)
    send(w, {"type": MSG.ACT, "action": legal_of(w)[0], "at": 99.5})  # a stamp is ignored in turn-based games
    assert not w.error and len(w.game.history) > 0 and all("at" not in h for h in w.game.history)


def test_real_time_games_with_races_refuse_hot_seat():
    with pytest.raises(ValueError, match="real time"):
        Snap(players=3, mode="hotseat")


def test_a_real_time_game_without_races_may_pass_one_screen():
    """A game on a clock whose actions never race (a countdown, like Big Brother's
    gossip) is still taken in turns: hot-seat works, behind the curtain."""
    from toy_realtime.rules import SnapGame as G
    from toy_realtime.widget import SnapWidget

    class Calm(G):
        races = frozenset()

    class CalmWidget(SnapWidget):
        game_class = Calm

    w = CalmWidget(players=3, mode="hotseat", pace=0)
    assert w.mode == "hotseat" and list(w.humans) == [0, 1, 2]
    assert w.clock["realtime"] is True and w.seat == -1 and w.legal == []


# --------------------------------------------------------------- fair races
def race(lag, link_ms=200, reaction_ms=700, stamped=True):
    """A person (seat 0) against the ``steady`` bot (1000 ms) over a link that delays
    every message ``link_ms`` each way; the person reacts ``reaction_ms`` after their
    screen shows the window. Returns (who slapped first, the person's error)."""
    w = Snap(game=SnapGame(2, 0, deal=MATCH_DEAL, window_ms=WINDOW), humans=[0], bot="steady", lag=lag)
    C = 12_345.0  # the browser's performance.now() = kernel time + C (any constant)
    # the view starts: it asks for the time at kernel time 0, the answer reaches it link_ms later
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    offset = w.clock["now"] - (w.now + link_ms + C)
    # the kernel sends the window when it applies it (the flip at 3000, after the lag)
    sent = run_until(w, lambda: w.view.get("window") is not None)
    rev = w.rev
    press = sent + link_ms + reaction_ms  # kernel time of the key press
    stamp = (press + C) + offset  # what the view stamps: game time as its screen saw it
    run_until(w, lambda: w.now >= press + link_ms, step=5)  # the message is on its way
    msg = {"type": MSG.ACT, "action": {"type": "slap"}, "rev": rev}
    if stamped:
        msg["at"] = stamp
    send(w, msg)
    w.advance_time(lag + 50)
    slaps = [e for e in w.game.events if e["type"] == "slap"]
    return slaps[0]["seat"], w.error, stamp - sent


def test_the_earlier_stamp_wins_over_a_200_ms_link():
    winner, error, reaction = race(lag=250)
    assert reaction == pytest.approx(700)  # the stamp measures the person's reaction
    assert winner == 0 and not error


def test_without_the_settle_window_the_link_decides():
    winner, error, _ = race(lag=0)
    assert winner == 1  # the bot's slap (1000 ms) was applied before the person's arrived
    assert error["code"] == "illegal_action"


def test_an_unstamped_act_is_judged_on_arrival():
    winner, _, _ = race(lag=250, stamped=False)
    assert winner == 1


def test_a_stamp_is_bounded_by_the_lag_and_by_now():
    w = Snap(game=SnapGame(2, 0, deal=MATCH_DEAL, window_ms=WINDOW), humans=[0], bot="steady", lag=250)
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    run_until(w, lambda: w.view.get("window") is not None)
    w.advance_time(400)
    now = w.now
    send(w, {"type": MSG.ACT, "action": {"type": "slap"}, "rev": w.rev, "at": 0})  # forged: long ago
    w.advance_time(300)
    slap = next(h for h in w.game.history if h.get("seat") == 0)
    assert slap["at"] == now - 250  # no earlier than the lag allows
    w2 = Snap(game=SnapGame(2, 0, deal=MATCH_DEAL, window_ms=WINDOW), humans=[0], bot="steady", lag=250)
    send(w2, {"type": MSG.CLOCK, "id": "v"})
    send(w2, {"type": MSG.START})  # the person presses Start
    run_until(w2, lambda: w2.view.get("window") is not None)
    now2 = w2.now
    send(w2, {"type": MSG.ACT, "action": {"type": "slap"}, "rev": w2.rev, "at": 10**9})  # forged: the future
    w2.advance_time(300)
    assert next(h for h in w2.game.history if h.get("seat") == 0)["at"] == now2


@pytest.mark.parametrize("bad", ["soon", True, math.nan, math.inf, [5], {"ms": 1}])
def test_a_bad_stamp_is_a_typed_error_and_changes_nothing(bad):
    w = Snap(game=SnapGame(2, 0, deal=MATCH_DEAL, window_ms=WINDOW), humans=[0], bot="steady")
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    run_until(w, lambda: w.view.get("window") is not None)
    before = w.game.to_json()
    send(w, {"type": MSG.ACT, "action": {"type": "slap"}, "rev": w.rev, "at": bad})
    assert w.error["code"] == "malformed_message" and "at" in w.error["message"]
    assert w.game.to_json() == before and w._sched.pending(0) == 0


def test_a_double_press_in_the_settle_window_acts_once():
    w = Snap(game=SnapGame(2, 0, deal=MATCH_DEAL, window_ms=WINDOW), humans=[0], bot="steady")
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    run_until(w, lambda: w.view.get("window") is not None)
    rev = w.rev
    send(w, {"type": MSG.ACT, "action": {"type": "slap"}, "rev": rev, "at": w.now})
    assert w.rev == rev + 1 and w._sched.pending(0) == 1  # queued: the race is not decided yet
    send(w, {"type": MSG.ACT, "action": {"type": "slap"}, "rev": rev, "at": w.now})  # the second press
    assert w._sched.pending(0) == 1 and not w.error
    w.advance_time(300)
    assert [h["seat"] for h in w.game.history if isinstance(h.get("seat"), int)] == [0]
    assert not w.error


def test_an_illegal_real_time_act_is_refused_at_once():
    w = Snap(game=SnapGame(2, 0, deal=MATCH_DEAL, window_ms=WINDOW), humans=[0], bot="steady")
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    before = w.game.to_json()
    send(w, {"type": MSG.ACT, "action": {"type": "slap"}, "at": 5})  # no window is open
    assert w.error["code"] == "illegal_action" and w.game.to_json() == before
    with pytest.raises(Exception) as info:
        w.act({"type": "play", "card": 6})  # seat 0 holds 1 and 2
    assert info.value.code == "illegal_action" and w.game.to_json() == before
    w.act({"type": "play", "card": 2})  # not a race: applied at once, at now
    assert w.game.history[-1] == {"seat": 0, "action": {"type": "play", "card": 2}, "at": w.now}


# ------------------------------------------------------------ whole games
def test_a_whole_game_against_bots_on_virtual_time_is_deterministic_and_bounded():
    def play():
        w = Snap(players=4, seed=9, humans=[0], bot="reflex")
        send(w, {"type": MSG.CLOCK, "id": "v"})
        send(w, {"type": MSG.START})  # the person presses Start
        with record_frames(w) as frames:
            while not w.game.over:
                legal = legal_of(w)
                if legal and w.game.clock % 3 == 0:
                    send(w, {"type": MSG.ACT, "action": legal[0], "at": w.now})
                w.advance_time(97)
        return w, frames

    w, frames = play()
    assert w.game.over and w.replay["active"] is True
    assert len(frames) > 20 and max(f["bytes"] for f in frames) < FRAME_LIMIT
    # a frame for what changed, not one per tick: the clock's time is sent with a change of
    # the clock's request, running or state only (the view reads it once per run)
    assert sum(f["traits"] == ["clock"] for f in frames) <= 2, [f["traits"] for f in frames]
    assert any(isinstance(h.get("seat"), int) and h["seat"] > 0 for h in w.game.history)  # bots played
    assert w.clock["running"] is False
    w2, _ = play()
    assert w2.game.to_json() == w.game.to_json()
    # the replay includes the clock steps
    steps = w.replay["length"]
    assert steps == sum(1 for h in w.game.history if h.get("seat") != "chance")
    w.replay_to(steps // 2)
    assert w.clock["realtime"] is True and w.view["clock"] <= w.game.clock


def test_the_leak_test_holds_for_the_widget_in_the_middle_of_a_window():
    from toy_realtime.widget import SnapWidget

    g = SnapGame(3, 5, deal={"hands": [[1, 2], [3, 4], [6, 6]], "deck": [5, 5, 1, 2, 3, 4, 1, 2, 3, 4, 5, 6]})
    g.advance(3000)
    assert g.view(0)["window"] is not None
    stats = check_leaks(g, 1, samples=3, widget_factory=lambda game, seat: SnapWidget(game=game, humans=[seat], pace=0))
    assert stats.widget_compares > 0 and stats.changed > 0


# -------------------------------------------------------- the kernel's loop
def test_on_the_kernels_loop_bots_and_deadlines_run_on_one_timer_until_close():
    async def scenario():
        w = Snap(players=3, seed=3, humans=[0], bot="reflex", flip_ms=60, window_ms=80, lag=20)
        await asyncio.sleep(0.05)
        assert w.game.history == []  # the clock waits for a view
        send(w, {"type": MSG.CLOCK, "id": "v"})
        send(w, {"type": MSG.START})  # the person presses Start
        assert w._pending is not None  # one timer, for the next event
        await asyncio.sleep(0.5)
        moved = len(w.game.history)
        assert moved > 3 and w.now >= 400
        w.close()
        assert w._pending is None
        await asyncio.sleep(0.3)
        assert len(w.game.history) == moved  # closed: nothing runs any more
        return w

    asyncio.run(scenario())


def test_a_failing_real_time_bot_stops_the_clock_and_says_so():
    class Broken:
        def __init__(self, *a):
            pass

        def plan(self, view, legal):
            raise RuntimeError("kaboom")

    w = Snap(players=2, seed=1, humans=[0], bot=Broken)
    send(w, {"type": MSG.CLOCK, "id": "v"})
    send(w, {"type": MSG.START})  # the person presses Start
    with pytest.raises(WidgetError):
        w.advance_time(5000)
    assert w.error["code"] == "bot_error" and "kaboom" in w.error["message"] and "Bot 2" in w.error["message"]


def test_on_the_kernels_loop_a_persons_act_is_synced_before_the_bots_are_asked_again():
    """The click's answer does not wait for every bot's new plan: the act's own update
    goes out first, and the bots are asked about the new position on the loop's next
    turn, at the same game time (bots that answer at once still act then)."""
    asked, asked_at, w_box = [], [], []

    class Spy:
        def __init__(self, seat, seed):
            self.seat = seat

        def plan(self, view, legal):
            asked.append(len(view["log"]))
            asked_at.append(w_box[0]._sched.now)  # the game time the bot is asked at
            return None  # nothing planned: ask me again when something changes

    async def scenario():
        w = Snap(players=2, seed=3, humans=[0], bot=Spy, flip_ms=60_000, lag=0)
        w_box.append(w)
        send(w, {"type": MSG.CLOCK, "id": "v"})
        send(w, {"type": MSG.START})  # the person presses Start
        await asyncio.sleep(0.02)
        play = next(a for a in legal_of(w) if a["type"] == "play")
        before = len(asked)
        with record_frames(w) as frames:
            send(w, {"type": MSG.ACT, "action": play, "rev": w.rev})
            assert w.error == {}
            assert frames and "view" in frames[0]["traits"]  # the person's action, synced
            assert len(asked) == before  # ...before the bot was asked about it
            game_time = w._sched.now
            await asyncio.sleep(ASK_AFTER_ACT_S + 0.03)
        assert len(asked) > before and asked[-1] > asked[before - 1]  # then asked, seeing the play
        assert asked_at[before] == game_time  # at the act's own game time, not when the timer fired
        w.close()

    asyncio.run(scenario())

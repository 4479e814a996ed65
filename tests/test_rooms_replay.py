"""Replays with a bounded cost (issue 23 item 4), for every registered game.

A finished game's replay comes from the table's replay cache (snapshots, recent positions,
computed screen states: brady_widgets/replay_cache.py); these tests check that every step it
shows is the state built from scratch (``Game.replay`` of the whole prefix), in
any order and over real WebSockets, that a step costs at most a snapshot gap of engine
actions, and that the rooms server refuses a device's flood of replay steps ``rate_limited``
with the table and the other devices unaffected. Names no game."""

from __future__ import annotations

import copy
import json
import random
import time

import pytest

import rooms_harness as R
from brady_widgets.engine.registry import load_game, load_widget, names
from brady_widgets.replay_cache import ReplayCache
from brady_widgets.rooms import server as rooms_server
from brady_widgets.session import session_for

GAMES = [g for g in names() if load_widget(g) is not None]
TURN_BASED = [g for g in GAMES if not load_game(g).realtime]


def finished(name: str, players: int | None = None, seed: int = 7, **kwargs):
    """A table of ``name`` played to its end by bots (real time: on virtual time)."""
    cls = load_game(name)
    players = players or cls.player_counts.start
    t = session_for(name, players=players, seed=seed, humans=[], pace=0, **kwargs)
    for _ in range(1000):
        if t.game.over:
            break
        t.advance_time(100_000)
    assert t.game.over
    return t


def old_shown_game(self, screen=None):
    """``Session._shown_game`` as it was: the whole prefix replayed from scratch at every step."""
    step = (self.screen if screen is None else screen).replay_step
    if step is None or not self.game.over:
        return self.game
    g = self.game
    return type(g).replay(
        g.players,
        g.seed,
        copy.deepcopy(self._prefix(step)),
        deal=copy.deepcopy(g.deal),
        **copy.deepcopy(g.options),
    )


def twin(t):
    """A table of the same finished game and settings whose replay is built the old way."""
    g = t.game
    other = session_for(
        g.name,
        game=type(g).from_json(g.to_json()),
        humans=list(t.humans),
        names=list(t.names),
        pace=t.pace,
    )
    other._shown_game = old_shown_game.__get__(other)
    return other


def old_state(t, seat, reveal, step) -> dict:
    """``state_for`` as it was (no replay cache, no state cache), as JSON would carry it."""
    state = t._state(t.screen_for(seat, reveal=reveal, replay_step=step))
    state.pop("page", None)
    return json.loads(json.dumps(state))


def old_states(t, step, screens) -> dict:
    """``old_state`` of each screen at ``step``, from one replay from scratch (the old way's
    game for that step: it rebuilt the same one for each screen)."""
    past = old_shown_game(t, t.screen_for(None, replay_step=step))
    t._shown_game = lambda screen=None: (
        past if (t.screen if screen is None else screen).replay_step is not None else t.game
    )
    try:
        return {screen: old_state(t, *screen, step) for screen in screens}
    finally:
        t._shown_game = old_shown_game.__get__(t)


SCREENS = (
    (None, False),
    (None, True),
    (0, False),
)  # public, the teacher's reveal, seat 0


@pytest.mark.parametrize("name", GAMES)
def test_every_replay_step_of_a_finished_game_equals_the_old_replay_from_scratch(name):
    t = finished(name)
    ref = twin(t)
    n = t._n_actions()
    rng = random.Random(1)
    # a game with private steps (Total Black's Holds) replays on the teacher's reveal only:
    # any other screen asking for a step shows the finished game itself
    private = t.game.private_steps
    live = {seat: json.loads(json.dumps(t.state_for(seat))) for seat, _ in SCREENS}
    # every step on every screen forwards; backwards and at random, one screen a step in turn
    order = [(k, s) for k in range(n + 1) for s in SCREENS]
    order += [(k, SCREENS[k % 3]) for k in range(n, -1, -1)]
    order += [(k, SCREENS[i % 3]) for i, k in enumerate(rng.randrange(n + 1) for _ in range(n // 4))]
    expected: dict = {}
    for k, (seat, reveal) in order:
        if k not in expected:
            expected[k] = old_states(ref, k, SCREENS)
        got = json.loads(json.dumps(t.state_for(seat, reveal=reveal, replay_step=k)))
        if private and not reveal:
            assert got == live[seat], (name, k, seat)
            continue
        assert got == expected[k][seat, reveal], (name, k, seat, reveal)
    # a state handed out is the caller's own dict: changing it changes no later one
    mine = t.state_for(None, reveal=private, replay_step=0)
    mine["view"] = None
    assert t.state_for(None, reveal=private, replay_step=0)["view"] is not None


def count_engine_steps(monkeypatch, game_class) -> list[int]:
    """Count every recorded step the engine applies (``Game.apply_step``), replays included."""
    calls = [0]
    apply = game_class.apply_step

    def counted(self, entry):
        calls[0] += 1
        return apply(self, entry)

    monkeypatch.setattr(game_class, "apply_step", counted)
    return calls


@pytest.mark.parametrize("name", GAMES)
def test_a_replay_step_costs_at_most_one_snapshot_gap_of_engine_actions(name, monkeypatch):
    t = finished(name, load_game(name).player_counts.stop - 1)
    n = t._n_actions()
    private = t._reveal = t.game.private_steps  # (such a game replays on the teacher's reveal only)
    calls = count_engine_steps(monkeypatch, type(t.game))
    t.state_for(None, reveal=private, replay_step=0)  # the replay opens: one forward pass builds the snapshots
    cache = t._replay_cache
    assert calls[0] == cache.replayed == n - n % cache.every  # to the last snapshot, once
    assert n > 2 * cache.every  # the game is long enough for the bound to mean something
    rng = random.Random(2)
    for k in [*rng.sample(range(n + 1), min(n + 1, 60)), n, n - 1]:
        cache._positions.clear()  # no recent position to help: from the nearest snapshot
        before = calls[0]
        t._replay_step = k
        t._shown_game()
        t._replay_step = None
        assert calls[0] - before == k % cache.every <= cache.every - 1, k
    # the reference replays the whole prefix from scratch: the last step costs every action of the game
    before = calls[0]
    old_shown_game(t, t.screen_for(None, replay_step=n - 1))
    assert calls[0] - before == n - 1


@pytest.mark.parametrize("name", GAMES)
def test_snapshots_stay_bounded_in_number_for_a_long_game_and_the_cache_follows_the_game(
    name,
):
    t = finished(name)
    g = t.game
    n = t._n_actions()
    cache = ReplayCache(g, every=2, max_snapshots=4)  # a game "longer" than 2 x 4 actions
    assert len(cache._snapshots) <= 5 and cache.every >= n / 4
    ref = twin(t)
    for k in (0, 1, n // 3, n // 2, n - 1, n):
        want = old_shown_game(ref, ref.screen_for(None, replay_step=k))
        assert cache.position(k).to_json() == want.to_json()
        assert cache.position(k).view(None) == want.view(None)
    with pytest.raises(ValueError):
        cache.position(n + 1)
    # the table's cache is the finished game's: refresh() (the game changed) or another game drops it
    private = g.private_steps  # (such a game replays on the teacher's reveal only)
    t.state_for(None, reveal=private, replay_step=1)
    first = t._replay_cache
    assert first is not None and first.serves(g)
    t.refresh()
    assert t._replay_cache is None
    other = finished(name, seed=8)
    t.game = other.game
    t.state_for(None, reveal=private, replay_step=1)
    assert t._replay_cache is not first and t._replay_cache.serves(other.game)
    assert (
        t.state_for(None, reveal=private, replay_step=1)["view"]
        == other.state_for(None, reveal=private, replay_step=1)["view"]
    )


# ------------------------------------------------------------------ over real WebSockets
@pytest.fixture
def server(tmp_path):
    s = R.ThreadServer(tmp_path / "rooms.sqlite3", pace=0, msgs_per_second=1000.0, burst=1000.0).start()
    yield s
    s.stop()


def finished_room(server, teacher, name: str, players: int, seed: int):
    """A table of bots only, played to its end at once (pace 0)."""
    code = R.create(
        teacher,
        game=name,
        players=players,
        seed=seed,
        bots={str(s): "easy" for s in range(players)},
    )
    room = server.rooms.rooms[code]
    deadline = time.time() + 20
    while not room.table.game.over:
        assert time.time() < deadline, "the bots did not finish the game"
        time.sleep(0.02)
    return code, room


def watch(server, code: str) -> R.Client:
    w = R.Client(server)
    w.op({"op": "watch", "code": code}, "joined")
    w.wait(lambda: w.state.get("replay", {}).get("active") is True)
    return w


@pytest.mark.parametrize("name", TURN_BASED)
def test_a_watcher_steps_forwards_backwards_and_at_random_through_the_same_states_as_from_scratch(
    name, server, monkeypatch
):
    monkeypatch.setattr(rooms_server, "REPLAY_STEPS_PER_SECOND", 1e6)  # this test is about the states
    t = R.teacher(server)
    code, room = finished_room(server, t, name, load_game(name).player_counts.start, seed=5)
    ref = twin(room.table)
    n = room.table._n_actions()
    w = watch(server, code)
    rng = random.Random(3)
    order = [
        *range(n + 1),
        *range(n - 1, -1, -1),
        *(rng.randrange(n + 1) for _ in range(20)),
    ]
    expected: dict = {}
    last = n
    for k in order:
        if k == last:
            continue  # the same step again changes nothing, so no frame comes
        w.intent({"type": "replay", "step": k})
        w.wait(lambda k=k: w.state["replay"]["step"] == k)
        if k not in expected:  # the last step is the live game (the table's own screen)
            expected[k] = old_state(ref, None, False, None if k == n else k)
        got = {key: v for key, v in json.loads(json.dumps(w.state)).items() if key != "error"}
        assert got == expected[k], (name, k)
        last = k
    assert not [f for f in w.frames if f.get("op") == "error"]


def test_a_device_flooding_replay_steps_is_refused_rate_limited_and_the_table_and_other_devices_are_unaffected(
    server,
):
    name = TURN_BASED[0]
    t = R.teacher(server)
    players = load_game(name).player_counts.start
    code, room = finished_room(server, t, name, load_game(name).player_counts.stop - 1, seed=9)
    saved = room.table.game.to_json()
    flooder, other = watch(server, code), watch(server, code)
    other.intent({"type": "replay", "step": 3})
    other.wait(lambda: other.state["replay"]["step"] == 3)
    other_state = json.loads(json.dumps(other.state))
    # another table, played by a person while the flood lands
    live = R.create(
        t,
        game=name,
        players=players,
        seed=4,
        bots={str(s): "easy" for s in range(1, players)},
    )
    player = R.join(server, live, "Ann")
    player.wait(lambda: bool(player.legal()))

    n_flood = 30
    t0 = time.monotonic()
    for k in range(n_flood):
        flooder.intent({"type": "replay", "step": k})
    # the person acts on the other table during the flood, and is answered
    rev = player.state["rev"]
    player.act(player.legal()[0])
    player.wait(lambda: player.state["rev"] > rev or player.state["view"].get("over"), timeout=5)

    frames = []
    deadline = time.time() + 10
    while (
        time.time() < deadline
        and len([f for f in frames if f.get("op") == "error"])
        + len({f["state"]["replay"]["step"] for f in frames if f.get("op") == "state" and "replay" in f["state"]})
        < n_flood
    ):
        f = flooder.recv(0.5)
        if f is not None:
            frames.append(f)
    refused = [f for f in frames if f.get("op") == "error"]
    shown = [f["state"]["replay"]["step"] for f in frames if f.get("op") == "state" and "replay" in f["state"]]
    # the bucket starts full (the burst), and refills while the server works through the
    # flood: at most the rate times the time from the first request to the last answer
    span = time.monotonic() - t0
    burst = int(rooms_server.REPLAY_BURST)
    allowed = burst + rooms_server.REPLAY_STEPS_PER_SECOND * span + 1
    assert burst <= len(shown) <= allowed, (len(shown), allowed)
    assert shown[:burst] == list(range(burst)) and shown == sorted(set(shown))
    assert len(refused) == n_flood - len(shown) > 0
    assert all(
        f
        == {
            "op": "error",
            "code": "rate_limited",
            "message": "too many replay steps: slow down",
        }
        for f in refused
    )
    assert flooder.state["replay"]["step"] == shown[-1]
    assert flooder.closed is None  # refused, not disconnected
    # nothing else changed: the finished game, the other watcher's screen (not a frame)
    assert room.table.game.to_json() == saved
    assert other.drain(0.3) == []
    assert json.loads(json.dumps(other.state)) == other_state
    # the bucket refills: a step later is taken again
    time.sleep(0.25)
    flooder.intent({"type": "replay", "step": 0})
    flooder.wait(lambda: flooder.state["replay"]["step"] == 0)

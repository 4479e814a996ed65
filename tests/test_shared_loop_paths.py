"""The shared loop's cheap paths (issue 28, fifteenth pass): the same answers as the plain
ways they replace, and the plain way's cost not paid again."""

from __future__ import annotations

import hashlib

import pytest

from brady_widgets.engine import game as game_module
from brady_widgets.engine import rng
from brady_widgets.engine.registry import load_bots, load_game, names
from brady_widgets.scheduler import BotError, BotsDoNotStop, Later, Scheduler


def _reference(text: str, head: str = "") -> int:
    return int.from_bytes(hashlib.blake2b((head + text).encode(), digest_size=8).digest(), "big")


@pytest.mark.parametrize("head", ["", "bb medium 12345 seat 3: ", "é∂ head: "])
def test_hash64_is_blake2b_of_head_and_text(head):
    for text in ["", "x", "('vote', 17, 'x')", "ünïcode", "y" * 300]:
        assert rng.hash64(text, head) == _reference(text, head)
        assert rng.hash64(text, head) == _reference(text, head)  # the kept hasher, copied again


def test_hash64_keeps_its_answers_when_its_heads_are_cleared():
    texts = [f"draw {i}" for i in range(3)]
    before = [rng.hash64(t, f"head {h}:") for h in range(1100) for t in texts]  # clears once
    assert before == [_reference(t, f"head {h}:") for h in range(1100) for t in texts]


def test_a_draw_without_a_head_copies_a_kept_hasher(monkeypatch):
    made = []
    real = hashlib.blake2b

    def counting(*args, **kwargs):
        made.append(args)
        return real(*args, **kwargs)

    rng.hash64("warm", "")
    monkeypatch.setattr(hashlib, "blake2b", counting)
    values = [rng.hash64(f"no head {i}") for i in range(5)]
    assert made == []  # no new hasher: the empty head's is copied
    assert values == [_reference(f"no head {i}") for i in range(5)]


class _Table:
    """Four seats of a real-time game, each with one legal action; every step is news."""

    clock, realtime, races, over, players = 0, True, frozenset(), False, 4

    def __init__(self):
        self.events: list = []

    def legal_actions(self, seat):
        return [{"type": "wait"}]

    def next_deadline(self):
        return None

    def seen_since(self, mark=0):
        return None, len(self.events)  # a public event: every seat's news

    def view(self, seat):
        return {"seat": seat}


class _Asked:
    """A planner on news that writes down each question."""

    plans_on_news = True

    def __init__(self, seat, order):
        self.seat, self.order = seat, order

    def plan(self, view, legal):
        self.order.append(self.seat)
        return Later(1000, legal[0])


def test_the_bots_are_asked_in_seat_order_as_they_are_seated_and_unseated():
    table, order = _Table(), []
    sched = Scheduler(table, {3: _Asked(3, order), 1: _Asked(1, order)}, lag=0)
    steps = [
        (lambda bots: None, [1, 3]),
        (lambda bots: bots.__setitem__(0, _Asked(0, order)), [0, 1, 3]),  # as a session seats a bot
        (lambda bots: bots.pop(1), [0, 3]),  # ... and unseats one
        (lambda bots: bots.update({2: _Asked(2, order)}), [0, 2, 3]),
        (lambda bots: bots.setdefault(1, _Asked(1, order)), [0, 1, 2, 3]),
        (lambda bots: bots.__delitem__(0), [1, 2, 3]),
        (lambda bots: bots.popitem(), None),  # whichever went last
        (lambda bots: bots.__ior__({0: _Asked(0, order)}), None),
    ]
    for change, want in steps:
        change(sched.bots)
        for _ in range(3):  # the same bots over several steps
            table.events.append({})
            del order[:]
            sched._replan()
            assert order == (sorted(sched.bots) if want is None else want)
    sched.bots.clear()
    table.events.append({})
    del order[:]
    sched._replan()
    assert order == []


def test_the_log_copies_a_flat_event_once_and_freezes_a_nested_one_to_any_depth(monkeypatch):
    calls = []
    real = game_module._frozen
    monkeypatch.setattr(game_module, "_frozen", lambda value: calls.append(value) or real(value))
    events = [
        {"type": "flat", "step": 0, "seat": 1, "card": "x", "at": 5},
        {"type": "nested", "step": 1, "hand": ["a", "b"], "by": {"x": [1]}},
        {"type": "secret", "step": 2, "card": "y", "audience": [1]},
        {"type": "secret_nested", "step": 3, "cards": ("y", ["z"]), "audience": [0, 1]},
        game_module.FrozenEvent({"type": "read_only", "step": 4}),
    ]
    cache = game_module._LogCache(events)
    cache.seats = {0: [], 1: []}
    cache.lists = list(cache.seats.values())
    cache.catch_up(events, 0)
    # the flat ones: one copy, no call (the nested ones also call it for their inner values)
    assert [ev["type"] for ev in calls if isinstance(ev, dict) and "type" in ev] == ["nested", "secret_nested"]
    plain = [{k: v for k, v in ev.items() if k != "audience"} for ev in events]
    assert cache.seats[1] == plain and cache.seats[0] == [plain[i] for i in (0, 1, 3, 4)]
    assert cache.seats[1][4] is events[4]
    for entry in cache.seats[1]:
        assert type(entry) is game_module.FrozenEvent
        with pytest.raises(TypeError):
            entry["type"] = "changed"
    assert type(cache.seats[1][1]["hand"]) is game_module.FrozenList
    assert type(cache.seats[1][1]["by"]["x"]) is game_module.FrozenList
    assert type(cache.seats[1][3]["cards"][1]) is game_module.FrozenList
    assert cache.seats[1][0] is not events[0] and events[0]["type"] == "flat"  # a copy: the event is the game's


# ------------------------------------------------------- run() of a turn-based game
# Scheduler.run plays a turn-based game at delay 0 step by step (_run_turns), without the
# plan, _replan and _earliest that run_until makes and reads for every step: the same game,
# the same questions and the same scheduler afterwards as run_until's way.
_TURN_BASED = [
    (name, level)
    for name in names()
    if not load_game(name).realtime
    for level in sorted(load_bots(name))
    if level in ("random", "smart", "detective", "medium")
]


def _by_run_until(sched: Scheduler, max_steps: int = 100_000) -> int:
    """The game played the general way: everything due by ``now`` (a delay-0 bot acts at once)."""
    return sched.run_until(sched.now, max_steps)


def _scheduler_state(sched: Scheduler) -> tuple:
    return (sched.steps, sched.now, dict(sched._plans), sched._stalled, list(sched._queue))


def _play_both(name: str, level: str, seed: int, people: frozenset = frozenset()):
    """Play one game by run() and its twin by run_until, every seat but ``people`` a bot; the
    people take the first legal action when the bots wait on them."""
    cls, table = load_game(name), load_bots(name)
    players = 4
    out = []
    for way in (Scheduler.run, _by_run_until):
        g = cls(players, seed)
        sched = Scheduler(g, {s: table[level](s, seed) for s in range(players) if s not in people}, delay=0, lag=0)
        runs = []
        for _ in range(10_000):
            runs.append(way(sched))
            if g.over:
                break
            seat = next(s for s in g.to_act if s in people)
            g.act(seat, g.legal_actions(seat)[0])
            sched.changed()
        out.append((g, sched, runs))
    return out


@pytest.mark.parametrize(("name", "level"), _TURN_BASED)
def test_run_plays_a_turn_based_game_as_run_until_does(name, level):
    for seed in (3, 11):
        for people in (frozenset(), frozenset({1})):
            (a, sa, runs_a), (b, sb, runs_b) = _play_both(name, level, seed, people)
            assert a.over and a.to_json() == b.to_json()
            assert runs_a == runs_b  # the same steps at each call (the bots stop for the person alike)
            assert _scheduler_state(sa) == _scheduler_state(sb)
            sa.run()  # over: nothing more
            assert a.to_json() == b.to_json()


def test_run_asks_no_plan_of_a_turn_based_game(monkeypatch):
    """The cost cut: no _replan, _earliest or _run_until per step of a simulated Brady game."""
    calls = []
    for method in ("_replan", "_earliest", "_run_until"):
        real = getattr(Scheduler, method)
        monkeypatch.setattr(
            Scheduler, method, lambda self, *a, _real=real, _m=method: calls.append(_m) or _real(self, *a)
        )
    g = load_game("brady_bunch")(5, 7)
    bots = load_bots("brady_bunch")
    steps = Scheduler(g, {s: bots["smart"](s, 7) for s in range(5)}, delay=0, lag=0, copy_views=False).run()
    assert g.over and steps > 50
    assert calls == []


def test_run_of_a_turn_based_game_stops_at_max_steps_and_after_a_bot_error_as_run_until_does():
    cls, table = load_game("costume_party"), load_bots("costume_party")
    games = []
    for way in (Scheduler.run, _by_run_until):
        g = cls(4, 5)
        sched = Scheduler(g, {s: table["detective"](s, 5) for s in range(4)}, delay=0, lag=0)
        with pytest.raises(BotsDoNotStop, match="more than 7 steps"):
            way(sched, 7)
        assert len(g.history) > 0 and sched.steps == 7
        games.append((g, sched, way))
    assert games[0][0].to_json() == games[1][0].to_json()
    # (run_until has made the next plan before it stops: run() makes it when asked again)
    assert _scheduler_state(games[0][1])[:2] == _scheduler_state(games[1][1])[:2]

    class Wrong:
        def choose(self, view, legal):
            return {"type": "no such action"}

    for g, sched, way in games:
        seat = g.to_act[0]
        good, sched.bots[seat] = sched.bots[seat], Wrong()
        with pytest.raises(BotError) as failed:
            way(sched)
        assert failed.value.seat == seat and sched._dirty and not sched._plans
        sched.bots[seat] = good  # put back: the game goes on from where it stopped
        way(sched)
        assert g.over
    assert games[0][0].to_json() == games[1][0].to_json()

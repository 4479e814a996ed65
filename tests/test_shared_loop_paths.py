"""The shared loop's cheap paths (issue 28, fifteenth pass): the same answers as the plain
ways they replace, and the plain way's cost not paid again."""

from __future__ import annotations

import hashlib

import pytest

from brady_widgets.engine import game as game_module
from brady_widgets.engine import rng
from brady_widgets.scheduler import Later, Scheduler


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

"""Snap race (``tests/toy_realtime/``): a toy real-time game that proves the time layer.

Rules tests are tables of scripted steps on a fixed deal with explicit times; then
JSON round trips mid-window, determinism (same actions at the same times, and whole
bot games on the Scheduler's virtual time), the leak test, bots, ``simulate`` and
the conformance kit. The rules themselves are in ``toy_realtime/rules.py``.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
import time

import pytest

import brady_widgets
from brady_widgets.engine import IllegalAction
from brady_widgets.engine.registry import load_bots, load_fields, load_game, load_widget, register, unregister
from brady_widgets.scheduler import Later, Scheduler
from brady_widgets.testing import all_views, check_game, check_leaks, invariants_for

NAME = "toy_snap"


@pytest.fixture(scope="module", autouse=True)
def snap():
    """The toy registered once for this module (one call), unregistered afterwards."""
    import toy_realtime

    register(toy_realtime.GAME)
    try:
        yield toy_realtime.GAME
    finally:
        unregister(NAME)


def Snap(players=2, **kw):
    return load_game(NAME)(players, 0, **kw)


def cards():
    from toy_realtime.rules import CARDS

    return list(CARDS)


def make_deal(hands, top=(), players=None):
    """A full legal deal: ``hands``, then the deck ``top`` first and the other cards
    after it in the order 1,2,..,6,1,2,.. (no two equal ranks next to each other
    while every rank is left)."""
    rest = cards()
    for c in [c for h in hands for c in h] + list(top):
        rest.remove(c)
    seen: dict[int, int] = {}
    keyed = []
    for c in rest:
        seen[c] = seen.get(c, 0) + 1
        keyed.append((seen[c], c))
    return {"hands": [list(h) for h in hands], "deck": list(top) + [c for _, c in sorted(keyed)]}


def run(game, steps):
    """Apply scripted steps: ``("adv", at)`` or ``(seat, action, at)``."""
    for step in steps:
        if step[0] == "adv":
            game.advance(step[1])
        else:
            game.act(step[0], step[1], at=step[2])
    return game


def PLAY(c):
    return {"type": "play", "card": c}


SLAP = {"type": "slap"}


def check_toy_invariants(game):
    """Every invariant of the toy's invariants module, on this step."""
    views = all_views(game)
    for fn in invariants_for(NAME):
        fn(game, views) if fn.__code__.co_argcount >= 2 else fn(game)


def bots_game(players=4, seed=1, bots="reflex", lag=0, **options):
    cls = load_game(NAME)
    table = load_bots(NAME)
    names = [bots] * players if isinstance(bots, str) else list(bots)
    g = cls(players, seed, **options)
    Scheduler(g, {s: table[n](s, seed) for s, n in enumerate(names)}, lag=lag, copy_views=False).run()
    return g


# ======================================================================= options
@pytest.mark.parametrize(
    "options, words",
    [
        ({"flip_ms": 0}, "flip_ms"),
        ({"flip_ms": 1.5}, "flip_ms"),
        ({"flip_ms": True}, "flip_ms"),
        ({"window_ms": -3}, "window_ms"),
        ({"window_ms": "1200"}, "window_ms"),
        ({"window_ms": 10**9}, "window_ms"),
        ({"hand": 4}, "hand"),
        ({"hand": -1}, "hand"),
        ({"hand": None}, "hand"),
    ],
)
def test_bad_options_are_clear_value_errors(options, words):
    with pytest.raises(ValueError, match=words):
        Snap(**options)


def test_options_defaults_and_unknown_options():
    g = Snap(3)
    assert g.options == {"flip_ms": 1500, "window_ms": 1200, "hand": 2}
    assert [len(h) for h in g.hands] == [2, 2, 2] and len(g.deck) == 18 - 6
    assert len(Snap(4, hand=3).deck) == 6 and Snap(2, hand=0).hands == [[], []]
    with pytest.raises(TypeError, match="unknown option"):
        Snap(speed=2)
    for players in (1, 5):
        with pytest.raises(ValueError, match="2 to 4"):
            Snap(players)


@pytest.mark.parametrize(
    "deal",
    [
        {"hands": [[1, 2], [3]], "deck": []},  # a hand of the wrong size
        {"hands": [[1, 2]], "deck": []},  # too few hands
        {"hands": [[1, 1], [1, 1]], "deck": cards()[4:]},  # four 1s
        {"hands": [[1, 2], [3, 4]]},  # no deck
        "1,2,3",
    ],
)
def test_bad_deals_are_refused(deal):
    with pytest.raises(ValueError, match="deal"):
        Snap(2, deal=deal)


def test_the_deal_is_the_seeded_shuffle_of_18_cards_and_round_trips():
    cls = load_game(NAME)
    a, b = cls(3, 7), cls(3, 7)
    assert a.deal == b.deal and a.deal != cls(3, 8).deal
    assert sorted([c for h in a.deal["hands"] for c in h] + a.deal["deck"]) == cards()
    assert cls(3, 0, deal=copy.deepcopy(a.deal)).full_view() == a.full_view()


# ================================================================== rules tables
# Each case: options, hands, deck top, script, then what must hold after it
# (keys of view(None), plus "deadline", "clock", "scores", "events": the types of the
# events the script emitted, after the set-up).
RULES = {
    "the first flip is at flip_ms": (
        {},
        [[5, 6], [4, 6]],
        [3],
        [("adv", 1500)],
        {"pile": [3], "top": 3, "window": None, "deadline": 3000, "clock": 1500, "deck_count": 13, "events": ["flip"]},
    ),
    "no flip before flip_ms": (
        {},
        [[5, 6], [4, 6]],
        [3],
        [("adv", 1499)],
        {"pile": [], "top": None, "deadline": 1500, "clock": 1499, "deck_count": 14, "events": []},
    ),
    "flip_ms sets the stream's pace": (
        {"flip_ms": 700},
        [[5, 6], [4, 6]],
        [3, 1],
        [("adv", 1400)],
        {"pile": [3, 1], "deadline": 2100, "events": ["flip", "flip"]},
    ),
    "a flip that matches opens a window": (
        {},
        [[5, 6], [4, 6]],
        [3, 3],
        [("adv", 3000)],
        {
            "pile": [3, 3],
            "window": {"card": 3, "opened_at": 3000, "closes_at": 4200},
            "deadline": 4200,
            "phase": "window",
            "events": ["flip", "flip", "window_opened"],
        },
    ),
    "window_ms sets the window": (
        {"window_ms": 300},
        [[5, 6], [4, 6]],
        [3, 3],
        [("adv", 3000)],
        {"window": {"card": 3, "opened_at": 3000, "closes_at": 3300}, "deadline": 3300},
    ),
    "a play that matches opens a window and stops the flip timer": (
        {},
        [[3, 6], [4, 6]],
        [3],
        [("adv", 1500), (0, PLAY(3), 2000)],
        {
            "pile": [3, 3],
            "window": {"card": 3, "opened_at": 2000, "closes_at": 3200},
            "deadline": 3200,
            "hand_sizes": [1, 2],
            "events": ["flip", "play", "window_opened"],
        },
    ),
    "a play that does not match keeps the flip timer": (
        {},
        [[3, 6], [4, 6]],
        [5],
        [("adv", 1500), (1, PLAY(4), 2000)],
        {
            "pile": [5, 4],
            "window": None,
            "deadline": 3000,
            "clock": 2000,
            "hand_sizes": [2, 1],
            "events": ["flip", "play"],
        },
    ),
    "a play onto an empty pile matches nothing": (
        {},
        [[3, 3], [4, 6]],
        [5],
        [(0, PLAY(3), 0), (0, PLAY(3), 10)],
        {
            "pile": [3, 3],
            "window": {"card": 3, "opened_at": 10, "closes_at": 1210},
            "deadline": 1210,
            "events": ["play", "play", "window_opened"],
        },
    ),
    "the first slap wins the pile and restarts the stream": (
        {},
        [[5, 6], [4, 6]],
        [2, 3, 3],
        [("adv", 4500), (1, SLAP, 4800)],
        {
            "pile": [],
            "top": None,
            "window": None,
            "scores": [0, 3],
            "deadline": 6300,
            "phase": "stream",
            "events": ["flip", "flip", "flip", "window_opened", "slap"],
        },
    ),
    "a window nobody slaps closes on its own; the next flip is flip_ms later": (
        {},
        [[5, 6], [4, 6]],
        [3, 3],
        [("adv", 4200)],
        {
            "pile": [3, 3],
            "window": None,
            "scores": [0, 0],
            "deadline": 5700,
            "clock": 4200,
            "events": ["flip", "flip", "window_opened", "window_closed"],
        },
    ),
    "after a missed window the pile's top still matches": (
        {},
        [[5, 6], [4, 6]],
        [3, 3, 3],
        [("adv", 5700), (0, SLAP, 5701)],
        {
            "pile": [],
            "scores": [3, 0],
            "deadline": 7201,
            "events": ["flip", "flip", "window_opened", "window_closed", "flip", "window_opened", "slap"],
        },
    ),
    "after a slap the next card matches nothing": (
        {},
        [[5, 6], [4, 6]],
        [3, 3, 3],
        [("adv", 3000), (0, SLAP, 3000), ("adv", 4500)],
        {
            "pile": [3],
            "window": None,
            "scores": [2, 0],
            "deadline": 6000,
            "events": ["flip", "flip", "window_opened", "slap", "flip"],
        },
    ),
}


@pytest.mark.parametrize("case", list(RULES))
def test_rule(case):
    options, hands, top, script, want = RULES[case]
    g = Snap(len(hands), deal=make_deal(hands, top), **options)
    mark = len(g.events)
    run(g, script)
    view = g.view(None)
    got = {
        **{k: view[k] for k in want if k in view},
        "deadline": g.next_deadline(),
        "clock": g.clock,
        "scores": g.scores,
        "events": [e["type"] for e in g.events[mark:]],
    }
    assert {k: got[k] for k in want} == want
    assert g.to_act == [] and not g.over
    check_toy_invariants(g)


# Refusals: after the script, the action (seat, action, at) is refused with the code,
# and the game is exactly what it was (check() says the same, changing nothing).
REFUSED = {
    "a slap with no window open is not legal": (
        [[5, 6], [4, 6]],
        [3],
        [("adv", 1500)],
        (0, SLAP, 1600),
        "illegal_action",
    ),
    "a slap with no window and no cards: nothing to do": (
        [[], []],
        [3],
        [("adv", 1500)],
        (1, SLAP, 1600),
        "not_your_turn",
    ),
    "a second slap loses the race": (
        [[5, 6], [4, 6]],
        [3, 3],
        [("adv", 3000), (1, SLAP, 3100)],
        (0, SLAP, 3100),
        "illegal_action",
    ),
    "no play while a window is open": (
        [[5, 6], [4, 6]],
        [3, 3],
        [("adv", 3000)],
        (0, PLAY(5), 3100),
        "illegal_action",
    ),
    "a card the seat does not hold": (
        [[5, 6], [4, 6]],
        [3],
        [],
        (0, PLAY(4), 100),
        "illegal_action",
    ),
    "a stamp before the clock": (
        [[5, 6], [4, 6]],
        [3],
        [("adv", 1600)],
        (0, PLAY(5), 1599),
        "malformed_action",
    ),
    "a stamp at the deadline": (
        [[5, 6], [4, 6]],
        [3],
        [("adv", 1600)],
        (0, PLAY(5), 3000),
        "illegal_action",
    ),
    "a stamp past the deadline": (
        [[5, 6], [4, 6]],
        [3],
        [("adv", 1600)],
        (0, PLAY(5), 99_999),
        "illegal_action",
    ),
    "a slap stamped at the window's close": (
        [[5, 6], [4, 6]],
        [3, 3],
        [("adv", 3000)],
        (0, SLAP, 4200),
        "illegal_action",
    ),
    "no stamp at all": (
        [[5, 6], [4, 6]],
        [3],
        [],
        (0, PLAY(5), None),
        "malformed_action",
    ),
    "a play with no card": (
        [[5, 6], [4, 6]],
        [3],
        [],
        (0, {"type": "play"}, 10),
        "malformed_action",
    ),
}


@pytest.mark.parametrize("case", list(REFUSED))
def test_refused(case):
    hands, top, script, (seat, action, at), code = REFUSED[case]
    g = run(Snap(len(hands), hand=len(hands[0]), deal=make_deal(hands, top)), script)
    before = g.to_json()
    with pytest.raises(IllegalAction) as check:
        g.check(seat, action, at)
    with pytest.raises(IllegalAction) as exc:
        g.act(seat, action, at=at)
    assert exc.value.code == check.value.code == code
    assert g.to_json() == before
    if code != "malformed_action":
        assert action not in g.legal_actions(seat) or "deadline" in str(exc.value)


def test_legal_actions_follow_the_window():
    g = Snap(3, deal=make_deal([[2, 2], [1, 5], [3, 6]], [4, 4]))
    assert [g.legal_actions(s) for s in range(3)] == [[PLAY(2)], [PLAY(1), PLAY(5)], [PLAY(3), PLAY(6)]]
    g.advance(3000)  # 4, 4: a window
    assert [g.legal_actions(s) for s in range(3)] == [[SLAP]] * 3
    assert g.to_act == []
    g.act(2, SLAP, at=3001)
    assert g.scores == [0, 0, 2] and g.legal_actions(2) == [PLAY(3), PLAY(6)]
    # a seat with no cards has nothing to do but slap
    g = Snap(2, hand=0, deal={"hands": [[], []], "deck": [4, 4] + make_deal([[], []], [4, 4])["deck"][2:]})
    assert g.legal_actions(0) == g.legal_actions(1) == []
    g.advance(3000)
    assert g.legal_actions(0) == g.legal_actions(1) == [SLAP]
    g.act(1, SLAP, at=3001)
    assert g.scores == [0, 2]


# ================================================================== the clock
def test_advance_applies_every_deadline_due_in_order():
    g = Snap(2, deal=make_deal([[5, 6], [4, 6]], [1, 1, 2, 3, 4]))
    events = g.advance(10_000)
    got = [(e["type"], e["at"]) for e in events]
    assert got == [
        ("flip", 1500),
        ("flip", 3000),
        ("window_opened", 3000),
        ("window_closed", 4200),
        ("flip", 5700),
        ("flip", 7200),
        ("flip", 8700),
    ]
    assert g.history == [{"seat": "clock", "at": 10_000}]  # one clock step, kept
    assert g.clock == 10_000 and g.next_deadline() == 10_200
    assert g.pile == [1, 1, 2, 3, 4]
    # the same game from a replay of that one step
    again = type(g).replay(2, 0, g.history, deal=g.deal)
    assert again.to_json() == g.to_json()


def test_advance_to_the_same_time_is_no_step_and_back_in_time_is_refused():
    g = Snap(2, deal=make_deal([[5, 6], [4, 6]], [1]))
    g.advance(1000)
    before = g.to_json()
    assert g.advance(1000) == [] and g.to_json() == before
    with pytest.raises(IllegalAction) as exc:
        g.advance(999)
    assert exc.value.code == "malformed_action" and g.to_json() == before


def test_views_carry_the_clock_and_the_deadline():
    g = run(Snap(2, deal=make_deal([[5, 6], [4, 6]], [3, 3])), [("adv", 3100)])
    for seat in (None, 0, 1):
        v = g.view(seat)
        assert (v["clock"], v["deadline"]) == (3100, 4200)
        assert v["window"] == {"card": 3, "opened_at": 3000, "closes_at": 4200}
    assert g.view(0)["my_hand"] == [5, 6] and g.view(1)["my_hand"] == [4, 6] and g.view(None)["my_hand"] is None
    assert "hands" not in g.view(0) and g.full_view()["hands"] == [[5, 6], [4, 6]]
    assert g.full_view()["deck"] == g.deck[2:]
    assert [e["type"] for e in g.view(0)["log"]] == ["deal", "start", "flip", "flip", "window_opened"]
    assert [e["hand"] for e in g.view(1)["log"] if e["type"] == "deal"] == [[4, 6]]


# ====================================================================== the end
# A 2-player game with no hands: 18 flips, then the end.
NO_MATCH = [1, 2, 3, 4, 5, 6] * 3


def test_the_game_ends_at_the_flip_deadline_after_the_last_flip():
    g = Snap(2, hand=0, deal={"hands": [[], []], "deck": list(NO_MATCH)})
    g.advance(18 * 1500)
    assert g.view(None)["deck_count"] == 0
    assert not g.over and g.next_deadline() == 19 * 1500
    g.advance(19 * 1500 - 1)
    assert not g.over
    events = g.advance(19 * 1500)
    assert [e["type"] for e in events] == ["game_over"]
    assert g.over and g.next_deadline() is None and g.to_act == []
    assert g.winners == [0, 1] and g.scores == [0, 0]  # nobody scored: every seat shares the win
    for step in (lambda: g.advance(10**6), lambda: g.act(0, SLAP, at=10**6)):
        with pytest.raises(IllegalAction) as exc:
            step()
        assert exc.value.code == "game_over"
    assert g.legal_actions(0) == []


def test_the_end_waits_for_a_window_opened_by_the_last_flip():
    deck = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 6, 1, 2, 3, 4, 6, 5, 5]  # only the last flip matches
    g = Snap(2, hand=0, deal={"hands": [[], []], "deck": deck})
    g.advance(18 * 1500)
    assert g.window == {"card": 5, "opened_at": 27_000, "closes_at": 28_200}
    g.act(1, SLAP, at=27_500)
    assert g.next_deadline() == 29_000  # the slap + flip_ms
    g.advance(29_000)
    assert g.over and g.winners == [1] and g.scores == [0, 18]  # the whole pile


def test_the_end_waits_for_a_window_opened_by_a_play_after_the_last_flip():
    hands = [[6, 6], [1, 2]]
    deck = [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 3, 4, 5, 6]  # the other 14 cards, no match, ending with a 6
    g = Snap(2, deal={"hands": hands, "deck": deck})
    g.advance(14 * 1500)  # the last flip: a 6
    assert g.view(None)["deck_count"] == 0 and g.window is None
    g.act(0, PLAY(6), at=21_100)  # a match: a window
    g.advance(22_300)  # nobody slaps: it closes
    assert not g.over and g.next_deadline() == 22_300 + 1500
    g.act(0, PLAY(6), at=22_400)  # three 6s: another window
    g.act(0, SLAP, at=22_500)
    g.advance(10**6)
    assert g.over and g.clock == 10**6
    assert [e["at"] for e in g.events if e["type"] == "game_over"] == [24_000]
    assert g.winners == [0] and g.hands == [[], [1, 2]]  # cards left in a hand score nothing


@pytest.mark.parametrize(
    "slaps, winners",
    [
        ([0, 1], [0, 1]),  # one pile of 2 each: a tie, shared
        ([1, 1], [1]),
        ([], [0, 1, 2]),  # nobody scored: all share
    ],
)
def test_winners_are_every_seat_with_the_highest_score(slaps, winners):
    deck = [1, 1, 2, 2, 3, 4, 5, 6, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]  # windows at 1500*2 and after
    g = Snap(3, hand=0, deal={"hands": [[], [], []], "deck": deck})
    g.advance(3000)
    if slaps:
        g.act(slaps[0], SLAP, at=3000)
    g.advance(g.next_deadline())  # the next flip: a 2 onto an empty pile, or a window closing
    while g.window is None and not g.over:
        g.advance(g.next_deadline())
    if len(slaps) > 1:
        g.act(slaps[1], SLAP, at=g.clock)
    g.advance(10**6)
    assert g.over and g.winners == winners
    assert g.scores == [2 * slaps.count(s) for s in range(3)]


# ============================================================== save and replay
def _window_game():
    g = Snap(3, deal=make_deal([[2, 5], [3, 6], [1, 4]], [3, 6, 2]))
    run(g, [(2, PLAY(4), 100), ("adv", 3000), (0, PLAY(2), 3100), ("adv", 4600)])
    # 4, 3, 6, 2 (played), 2 (flipped at 4500): mid-window
    assert g.window == {"card": 2, "opened_at": 4500, "closes_at": 5700} and g.clock == 4600
    return g


FUTURE = [(1, SLAP, 4900), ("adv", 8000), (1, PLAY(3), 8100), ("adv", 10**6)]


def test_json_round_trip_in_the_middle_of_a_window():
    g = _window_game()
    text = g.to_json()
    copy_ = type(g).from_json(text)
    assert copy_ == g and copy_.to_json() == text
    assert copy_.clock == g.clock and copy_.window == g.window and copy_.next_deadline() == g.next_deadline()
    assert [copy_.view(s) for s in (None, 0, 1, 2)] == [g.view(s) for s in (None, 0, 1, 2)]
    # the same future gives the same game
    run(g, FUTURE)
    run(copy_, FUTURE)
    assert g.over and copy_.to_json() == g.to_json()
    assert g.scores[1] == 5  # the slap at 4900 took the pile 4, 3, 6, 2, 2


def test_json_history_holds_clock_steps_and_stamps():
    data = json.loads(_window_game().to_json())
    assert data["game"] == NAME
    assert data["history"] == [
        {"seat": 2, "action": PLAY(4), "at": 100},
        {"seat": "clock", "at": 3000},
        {"seat": 0, "action": PLAY(2), "at": 3100},
        {"seat": "clock", "at": 4600},
    ]


def test_same_seed_and_same_actions_at_the_same_times_give_the_same_game():
    g = bots_game(4, seed=5, bots=["reflex", "random", "reflex", "random"])
    assert g.over and any(type(h["seat"]) is int for h in g.history)
    fresh = load_game(NAME)(4, 5)  # the deal comes from the seed again
    for h in g.history:
        fresh.apply_step(copy.deepcopy(h))
    assert fresh.to_json() == g.to_json()
    # time is part of the game: the same actions at other times are another game
    first = next(i for i, h in enumerate(g.history) if type(h["seat"]) is int)
    moved = copy.deepcopy(g.history)
    moved[first]["at"] += 1
    other = load_game(NAME)(4, 5)
    try:
        for h in moved:
            other.apply_step(h)
    except IllegalAction:
        pass  # a step may now be refused: also another game
    assert other.events != g.events


# ============================================================== bots, Scheduler
def test_a_bot_game_on_virtual_time_is_deterministic():
    for bots in ("reflex", "random", ["steady", "reflex", "random", "steady"]):
        a = bots_game(4, seed=3, bots=bots)
        b = bots_game(4, seed=3, bots=bots)
        assert a.over and a.to_json() == b.to_json()
    assert bots_game(4, seed=3).to_json() != bots_game(4, seed=4).to_json()


def test_the_same_bot_game_with_a_settle_lag_is_deterministic_and_keeps_the_rules():
    a = bots_game(3, seed=2, lag=250)
    b = bots_game(3, seed=2, lag=250)
    assert a.over and a.to_json() == b.to_json()
    check_every_step(a)


def check_every_step(game):
    """Replay ``game`` step by step; every invariant holds after each step."""
    fresh = load_game(NAME)(game.players, game.seed, deal=copy.deepcopy(game.deal), **game.options)
    check_toy_invariants(fresh)
    for h in game.history:
        fresh.apply_step(copy.deepcopy(h))
        check_toy_invariants(fresh)
    assert fresh.history == game.history and fresh.events == game.events  # (its RNG did not shuffle)
    assert fresh.full_view() == game.full_view()


@pytest.mark.parametrize("bots", ["reflex", "random", "steady"])
def test_invariants_hold_at_every_step_of_bot_games(bots):
    for players in (2, 3, 4):
        check_every_step(bots_game(players, seed=players, bots=bots))


def test_invariants_catch_a_lost_card_and_a_clock_going_back():
    fns = {fn.__name__: fn for fn in invariants_for(NAME)}
    g = run(Snap(2, deal=make_deal([[5, 6], [4, 6]], [3])), [("adv", 1500)])
    g.pile.pop()
    with pytest.raises(AssertionError):
        fns["no_card_created_or_lost"](g)
    g = run(Snap(2, deal=make_deal([[5, 6], [4, 6]], [3])), [("adv", 1500)])
    g.history.append({"seat": "clock", "at": 1000})
    with pytest.raises(AssertionError):
        fns["clock_never_decreases"](g)


def _slap_delays(game):
    opened = None
    out = []
    for e in game.events:
        if e["type"] == "window_opened":
            opened = e["at"]
        elif e["type"] == "slap":
            out.append(e["at"] - opened)
    return out


def test_steady_slaps_exactly_1000_ms_after_a_window_opens_and_never_plays():
    delays = []
    for seed in range(6):
        g = bots_game(3, seed=seed, bots="steady")
        assert not any(e["type"] == "play" for e in g.events)
        delays += _slap_delays(g)
    assert delays and set(delays) == {1000}
    # a window shorter than its reaction time: it never slaps
    g = bots_game(2, seed=1, bots="steady", window_ms=900)
    assert not any(e["type"] == "slap" for e in g.events) and any(e["type"] == "window_closed" for e in g.events)


def test_reflex_reacts_in_250_to_700_ms_and_plays_matching_cards():
    delays, plays = [], 0
    for seed in range(10):
        g = bots_game(4, seed=seed, bots="reflex")
        delays += _slap_delays(g)
        pile_top = None
        for e in g.events:
            if e["type"] in ("flip", "play"):
                if e["type"] == "play":
                    plays += 1
                    assert e["card"] == pile_top  # a reflex bot only plays a match
                pile_top = e["card"]
            elif e["type"] == "slap":
                pile_top = None
    assert plays and delays and all(250 <= d <= 700 for d in delays)
    assert len(set(delays)) > 5  # drawn, not fixed


def test_reflex_beats_steady():
    rows = brady_widgets.simulate(NAME, 2, ["reflex", "steady"], games=20, seed=2, executor=False)
    assert sum(r["winner"] == 0 for r in rows) > sum(r["winner"] == 1 for r in rows)


@pytest.mark.parametrize("name", ["random", "reflex", "steady"])
def test_bots_answer_from_the_view_alone(name):
    """Same plan and same choice in the real world and in resampled ones (so from the
    view only); they leave the view and legal list unchanged; they pickle."""
    factory = load_bots(NAME)[name]
    rng = random.Random(0)
    g = load_game(NAME)(4, 9)
    sched = Scheduler(g, {s: load_bots(NAME)["reflex"](s, 9) for s in range(4)}, lag=0)
    compared = 0
    while not g.over:
        for seat in range(4):
            legal = g.legal_actions(seat)
            if not legal:
                continue
            twin = g.resample(seat, rng)
            answers = []
            for world in (g, twin):
                view, legal_w = world.view(seat), world.legal_actions(seat)
                view_in, legal_in = copy.deepcopy(view), copy.deepcopy(legal_w)
                bot = factory(seat, 4)
                answer = (bot.plan(view_in, legal_in), bot.choose(view_in, legal_in))
                assert (view_in, legal_in) == (view, legal_w)
                answers.append(answer)
            assert answers[0] == answers[1]
            plan, choice = answers[0]
            assert choice in legal
            assert plan is None or plan in legal or (isinstance(plan, Later) and plan.action in legal)
            compared += 1
        sched.run_until(sched.next_wakeup())
    assert compared > 20
    assert type(pickle.loads(pickle.dumps(factory(1, 2)))) is factory


# ===================================================================== leak test
def test_the_leak_test_passes_and_resample_changes_hidden_cards():
    g = load_game(NAME)(4, 11)
    sched = Scheduler(g, {s: load_bots(NAME)["reflex"](s, 11) for s in range(4)}, lag=0)
    total, steps, in_window = 0, 0, 0
    while not g.over:
        stats = check_leaks(g, steps, samples=2)
        total += stats.changed
        in_window += g.window is not None
        steps += 1
        sched.run_until(sched.next_wakeup())
    check_leaks(g, 0, samples=2)
    assert total > 0 and in_window > 0 and steps > 10


def test_resample_keeps_what_the_seat_knows():
    g = _window_game()
    for seat in (None, 0, 1, 2):
        for k in range(5):
            twin = g.resample(seat, random.Random(k))
            assert twin.history == g.history and twin.pile == g.pile and twin.clock == g.clock
            if seat is not None:
                assert twin.hands[seat] == g.hands[seat]
            assert [len(h) for h in twin.hands] == [len(h) for h in g.hands]
    changed = {json.dumps(g.resample(0, random.Random(k)).full_view()) for k in range(10)}
    assert len(changed) > 1
    # the other seats' unplayed cards are redrawn too, not only the deck; played ones stay
    others = {(tuple(t.hands[1]), tuple(t.hands[2])) for t in (g.resample(0, random.Random(k)) for k in range(20))}
    assert len(others) > 1
    assert all(
        t.deal["hands"][0] == [2, 5] and 4 in t.deal["hands"][2]
        for t in (g.resample(0, random.Random(k)) for k in range(20))
    )


def test_the_leak_test_finds_a_leak():
    cls = load_game(NAME)

    class Leaky(cls):
        def _view(self, seat, reveal=False):
            view = super()._view(seat, reveal)
            view["next_card"] = self.deck[self.flipped] if self.flipped < len(self.deck) else None
            return view

    with pytest.raises(AssertionError, match="LEAK"):
        check_leaks(Leaky(3, 1), rng=0, samples=4)


# ============================================================ simulate, fields
def test_simulate_is_deterministic_and_has_the_toy_fields():
    rows = brady_widgets.simulate(NAME, players=3, bots="reflex", games=20, seed=1, executor=False)
    again = brady_widgets.simulate(NAME, players=3, bots="reflex", games=20, seed=1, executor=False)
    assert rows == again and [r["game_index"] for r in rows] == list(range(20))
    for r in rows:
        assert {"slaps", "windows", "windows_missed", "plays", "top_score", "end_ms", "winners"} <= set(r)
        assert r["windows"] == r["slaps"] + r["windows_missed"]
        assert r["end_ms"] >= 1500 * (18 - 3 * 2 + 1)
    assert sum(r["slaps"] for r in rows) > 0 and sum(r["plays"] for r in rows) > 0
    assert load_fields(NAME).__name__ == "simulation_fields"


def test_a_4_player_virtual_time_game_is_fast():
    cls, table = load_game(NAME), load_bots(NAME)
    best = float("inf")
    for seed in range(5):
        g = cls(4, seed)
        t = time.perf_counter()
        Scheduler(g, {s: table["reflex"](s, seed) for s in range(4)}, lag=0, copy_views=False).run()
        best = min(best, time.perf_counter() - t)
        assert g.over
    assert best < 0.050, f"a 4-player reflex game took {best * 1000:.1f} ms"


# ================================================================ conformance kit
@pytest.mark.parametrize("players", [3, 4])
def test_the_conformance_kit(players):
    """The whole kit, with no argument about time: random actions and clock steps at
    random times, invariants, JSON round trips mid-window, determinism, the leak test
    (the widget's synced state included), bots, fuzzed actions and times. (The smallest
    table goes through the kit with every other game in tests/test_every_game.py.)"""
    widget = load_widget(NAME)
    report = check_game(
        load_game(NAME), players, players, widget_factory=lambda game, seat: widget(game=game, humans=[seat], pace=0)
    )
    assert report.over and report.actions > 20
    assert report.leak.changed and report.leak.widget_compares
    assert report.round_trips and report.futures and report.bot_checks and report.fuzz_cases and report.truth_cases


# ===================================================================== registry
def test_the_toy_comes_from_its_registry_entry():
    cls = load_game(NAME)
    assert cls.title == "Snap race (toy)" and cls.realtime and cls.races == frozenset({"slap"})
    assert brady_widgets.SnapGame is cls
    assert sorted(load_bots(NAME)) == ["random", "reflex", "steady"]
    assert {fn.__name__ for fn in invariants_for(NAME)} == {
        "no_card_created_or_lost",
        "clock_never_decreases",
        "deadline_ahead",
        "window_is_consistent",
        "scores_are_cards_won",
        "views_hide_other_hands",
    }


# ======================================================================= widget
def test_the_widget_describes_every_event_in_one_short_line():
    widget_cls = load_widget(NAME)
    assert widget_cls.default_bot == "reflex" and widget_cls.action_keys == {" ": "slap"}
    assert widget_cls.game_class is load_game(NAME)
    g = Snap(2, deal=make_deal([[3, 5], [4, 6]], [3, 3, 1, 1]))
    run(g, [(0, PLAY(5), 10), ("adv", 3000), (1, SLAP, 3300), ("adv", 6300), ("adv", 7500), ("adv", 10**6)])
    w = widget_cls(game=g, humans=[0], pace=0)
    try:
        lines = {}
        for e in g.events:  # the first event of each type
            lines.setdefault(e["type"], w.presenter.describe(e))
    finally:
        w.close()
    assert lines == {
        "deal": "You hold 3, 5",  # seat 0's (only seat 0 sees it)
        "start": "A card is flipped every 1.5 s; slap within 1.2 s of a match",
        "play": "Player 1 played a 5",
        "flip": "Card 3 flipped",
        "window_opened": "Snap! Two 3s: slap before 4.2 s",
        "slap": "Bot 2 slapped first and wins 3 cards",
        "window_closed": "The window closed: nobody slapped",
        "game_over": "Game over: Bot 2 wins with 3 points",
    }
    assert all(len(line) <= 80 for line in lines.values())

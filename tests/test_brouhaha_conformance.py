"""Brouhaha and Total Black through the conformance kit (brady_widgets.testing).

At every player count 3..10, with the default cries and with ``bang=True,
cries="solo"``: random actions and clock steps at random times, the invariants
after every step, JSON round trips (mid-window included), copies playing the
same future, determinism, the leak test (hands, face-down animals, passed cards,
Hunters' targets; the widget's synced state at some counts), the bots of
``bots.py`` asked in the real and resampled worlds, fuzzed actions and times.
The random games run without a time limit (the kit's clock steps would jump to
it at once) for a fixed number of steps; a second run per count keeps the time
limit and plays to the end. The JSON round trip runs after every step at 3
players (and in Total Black's 2- and 4-player games), at a seeded sample of one
step in 5 elsewhere. Then whole bot games on virtual time, ``simulate``
with the game's fields, and Total Black at even counts up to 42.
"""

from __future__ import annotations

import copy
import random
import statistics

import pytest

import brady_widgets
from brady_widgets.brouhaha import GAME
from brady_widgets.brouhaha.bots import BOTS, TB_BOTS
from brady_widgets.brouhaha.rules import Brouhaha
from brady_widgets.brouhaha.total_black import TotalBlack, rounds_until_all_found
from brady_widgets.engine.registry import load_bots, load_fields, load_game, load_widget, names, register, unregister
from brady_widgets.scheduler import Scheduler
from brady_widgets.testing import ConformanceError, all_views, check_game, invariants_for

NAME = "brouhaha"
VARIANTS = {
    "shared": {"time_limit_ms": None},
    "bang_solo": {"bang": True, "cries": "solo", "time_limit_ms": None},
}


@pytest.fixture(scope="module", autouse=True)
def brouhaha_registered():
    """The game registered for this module, unless GAME_PACKAGES already lists it."""
    added = NAME not in names()
    if added:
        register(GAME)
    try:
        yield GAME
    finally:
        if added:
            unregister(NAME)


def widget_factory(game, seat):
    return load_widget(NAME)(game=game, humans=[seat], pace=0)


#: the JSON round trip after every step at 3 players (one short game per variant and for
#: the games to the time limit), and at one seeded random step in every ROUND_TRIP_EVERY
#: at the other counts (plus the set-up, the end and the copies that play the future)
ROUND_TRIP_EVERY = 5


def round_trip_every(players: int) -> int:
    return 1 if players == 3 else ROUND_TRIP_EVERY


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("players", list(range(3, 11)))
def test_the_conformance_kit(players, variant):
    with_widget = players in (4, 10) and variant == "shared"
    every = round_trip_every(players)
    report = check_game(
        Brouhaha,
        players,
        players * 7 + len(variant),
        options=VARIANTS[variant],
        max_actions=50,
        require_end=False,
        leak_every=12,
        bots_every=15,
        fuzz_every=25,
        round_trip_every=every,
        widget_factory=widget_factory if with_widget else None,
    )
    assert report.actions == 50 or report.over
    assert report.leak.changed > 0
    assert report.round_trips == report.actions + 1 if every == 1 else report.round_trips >= report.actions // every
    assert report.bot_checks > 0 and report.fuzz_cases > 0 and report.truth_cases > 0
    assert report.clock_steps > 0
    if with_widget:
        assert report.leak.widget_compares > 0


@pytest.mark.parametrize("players", list(range(3, 11)))
def test_the_conformance_kit_to_the_time_limit(players):
    """Default options: the random game ends (mostly at the time limit), and every
    check runs at the end too."""
    every = round_trip_every(players)
    report = check_game(
        Brouhaha, players, players, options={"bang": players % 2 == 0}, bots_every=3, round_trip_every=every
    )
    assert report.over and report.bot_checks > 0
    assert report.round_trips == report.actions + 1 if every == 1 else report.round_trips >= report.actions // every


def test_the_kit_sees_windows_of_every_kind():
    """The kit's random steps (random_time_step) reach every phase: slap windows,
    reveals, hunts and passes."""
    from brady_widgets.testing.conformance import random_time_step

    seen = set()
    for seed in range(20):
        game = Brouhaha(3, seed, time_limit_ms=None)
        rng = random.Random(seed)
        for _ in range(100):
            random_time_step(game, rng)
            seen.add(game.phase)
    assert {"play", "slap", "reveal", "hunt", "pass"} <= seen


def test_the_registry_entry():
    assert GAME.engine == ".rules:Brouhaha" and GAME.view == "brouhaha"
    assert sorted(load_bots(NAME)) == sorted(BOTS) and {"easy", "medium", "hard", "random"} <= set(BOTS)
    assert {fn.__name__ for fn in invariants_for(NAME)} >= {"cards_conserved", "phase_consistent", "views_keep_secrets"}
    assert load_fields(NAME).__name__ == "simulation_fields"


# ===================================================== bots on virtual time
def bot_game(players, seed, level="medium", lag=0, **options):
    g = Brouhaha(players, seed, **options)
    Scheduler(g, {s: BOTS[level](s, seed) for s in range(players)}, lag=lag, copy_views=False).run()
    return g


def check_every_step(game):
    """Replay ``game`` step by step: every invariant holds after each step."""
    fresh = Brouhaha(game.players, game.seed, deal=copy.deepcopy(game.deal), **game.options)
    fns = invariants_for(NAME)

    def check():
        views = all_views(fresh)
        for fn in fns:
            fn(fresh, views) if fn.__code__.co_argcount >= 2 else fn(fresh)

    check()
    for h in game.history:
        fresh.apply_step(copy.deepcopy(h))
        check()
    assert fresh.events == game.events and fresh.full_view() == game.full_view()


@pytest.mark.parametrize("players, level", [(4, "medium"), (10, "hard"), (6, "easy")])
def test_bot_games_end_keep_the_rules_and_are_deterministic(players, level):
    a = bot_game(players, 2, level, lag=100)
    b = bot_game(players, 2, level, lag=100)
    assert a.over and a.to_json() == b.to_json()
    assert any(e["type"] == "match" for e in a.events)
    check_every_step(a)


def test_simulate_has_the_brouhaha_fields():
    rows = brady_widgets.simulate(NAME, players=4, bots="hard", games=6, seed=1, executor=False)
    again = brady_widgets.simulate(NAME, players=4, bots="hard", games=6, seed=1, executor=False)
    assert rows == again
    for r in rows:
        assert r["reason"] in ("no_cards", "no_pairs", "time") and r["game_ms"] > 0
        assert r["top_reserve"] == max(r[f"reserve_{s}"] for s in range(4))
        assert r["passes"] <= r["matches"] and r["hunted"] + r["hunter_cancels"] <= r["hunts"]
        assert sum(r[f"reserve_{s}"] for s in range(4)) == 2 * r["matches"] + r["hunted"] - r["bangs"]
    assert sum(r["matches"] for r in rows) > 0


# ================================================================ Total Black
@pytest.mark.parametrize("players", [2, 4, 10, 42])
def test_total_black_conformance(players):
    report = check_game(
        TotalBlack,
        players,
        players,
        max_actions=400 if players <= 4 else (100 if players == 10 else 40),
        require_end=players <= 4,
        require_hidden_change=players > 2,  # two players: one pair, nothing hidden
        bots=TB_BOTS,
        round_trip_every=1 if players <= 4 else 5,  # every step in the short games
        leak_every=15 if players < 42 else 20,
        bots_every=20,
        fuzz_every=30,
    )
    assert report.bot_checks > 0 and report.round_trips > 0
    if players > 2:
        assert report.leak.changed > 0


class _UndeclaredTotalBlack(TotalBlack):
    """Total Black as if it did not say that a Hold is a private step."""

    name = "brouhaha_total_black_undeclared"
    private_steps = False


def test_the_kit_fails_a_game_whose_private_steps_are_not_declared():
    # a Hold changes nothing another seat sees: the kit must see it, or a screen would
    # count and number Holds for every student
    with pytest.raises(ConformanceError, match="private_steps"):
        check_game(_UndeclaredTotalBlack, 4, 3, max_actions=60, require_end=False, leak_every=0, fuzz_every=0)
    assert TotalBlack.private_steps is True and not any(
        load_game(n).private_steps for n in ("brouhaha", "big_brother", "brady_bunch", "costume_party")
    )


def tb_rounds(players, seed):
    """A Total Black game with TB_BOTS on the Scheduler: the rounds it took."""
    g = TotalBlack(players, seed)
    Scheduler(g, {s: TB_BOTS["hold"](s, seed) for s in range(players)}, lag=0, copy_views=False).run()
    assert g.over and g.end_reason == "all_found"
    return g.round


def tb_rounds_direct(players, seed):
    """The same policy (hold iff the cry heard is one's own), played straight on the
    engine without views (fast, for many 42-player games)."""
    g = TotalBlack(players, seed)
    cry = [g._cry[c] for c in g.cards]
    while not g.over:
        for s in range(players):
            p = g.partner[s]
            if p is not None and cry[p] == cry[s]:
                g.act(s, {"type": "hold"}, at=g.clock)
        g.advance(g.next_deadline())
    assert g.end_reason == "all_found"
    return g.round


def test_total_black_with_hold_bots_agrees_with_the_reference_model():
    """Bots that hold iff the cries are equal find partners exactly when they first
    meet: the rounds until all are found follow rounds_until_all_found's law. At 4
    players that law is geometric(1/3) (1 of the 3 matchings pairs the partners);
    at 42 the means agree within 4 standard errors."""
    small = [tb_rounds(4, s) for s in range(150)]
    ref = [rounds_until_all_found(4, s) for s in range(3000)]
    for sample in (small, ref):
        assert abs(statistics.mean(sample) - 3) < 4 * (6**0.5) / len(sample) ** 0.5
    assert [tb_rounds(42, s) for s in range(3)] == [tb_rounds_direct(42, s) for s in range(3)]
    big = [tb_rounds_direct(42, s) for s in range(150)]
    ref = [rounds_until_all_found(42, s) for s in range(400)]
    se = (statistics.variance(big) / len(big) + statistics.variance(ref) / len(ref)) ** 0.5
    assert abs(statistics.mean(big) - statistics.mean(ref)) < 4 * se

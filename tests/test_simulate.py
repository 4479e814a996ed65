"""simulate(): seeded rows, identical whatever the executor, clear errors."""

from __future__ import annotations

import concurrent.futures
import gc

import pytest

import brady_widgets
from brady_widgets import simulate
from brady_widgets.costume_party.bots import RandomBot
from brady_widgets.costume_party.rules import CostumeParty
from brady_widgets.simulation import GC_YOUNG, game_seed, play_one

BOTS4 = ["detective", "random", "random", "random"]
FIELDS = {
    "game_index",
    "seed",
    "players",
    "bots",
    "winners",
    "winner",
    "length",
    "turns",
    "kills",
    "draws",
    "suicides",
    "eliminations",
    "winner_bot",
    "winner_character",
}


class Cautious(RandomBot):
    """A module-level bot class: picklable, so it can travel to worker processes."""

    name = "cautious"

    def choose(self, view, legal):
        safe = [a for a in legal if a != {"type": "kill", "figure": view["my_character"]}]
        return self.rng.choice(safe or legal)


def test_rows_have_the_fields_and_agree_with_a_replay():
    rows = simulate("costume_party", 4, BOTS4, games=12, seed=5, executor=False)
    assert [r["game_index"] for r in rows] == list(range(12))
    for r in rows:
        assert set(r) == FIELDS
        assert r["seed"] == game_seed(5, r["game_index"])
        assert r["bots"] == BOTS4 and r["players"] == 4
        assert r["winners"] == [r["winner"]] and 0 <= r["winner"] < 4
        assert r["winner_bot"] == BOTS4[r["winner"]]
        assert sorted(r["eliminations"] + [r["winner"]]) == [0, 1, 2, 3]
        assert r["kills"] >= 3 and r["turns"] <= r["length"] <= 2 * r["turns"]
        assert r["suicides"] <= 3 and r["draws"] <= 12
    # the row's figures are the engine's: replay game 3 by hand
    r = rows[3]
    from brady_widgets.costume_party.bots import BOTS

    g = CostumeParty(4, r["seed"])
    bots = [BOTS[name](s, r["seed"]) for s, name in enumerate(BOTS4)]
    length = 0
    while not g.over:
        s = g.to_act[0]
        g.act(s, bots[s].choose(g.view(s), g.legal_actions(s)))
        length += 1
    assert g.winners == r["winners"] and length == r["length"]
    assert g.secrets[r["winner"]] == r["winner_character"]
    assert [ev["seat"] for ev in g.events if ev["type"] == "eliminated"] == r["eliminations"]
    assert sum(ev["type"] == "kill" for ev in g.events) == r["kills"]


def test_same_rows_whatever_the_executor():
    kwargs = dict(game="costume_party", players=3, bots=["detective", "random", Cautious], games=24, seed=11)
    inline = simulate(**kwargs, executor=False)
    with concurrent.futures.ThreadPoolExecutor(3) as ex:
        threads = simulate(**kwargs, executor=ex, chunksize=5)
    with concurrent.futures.ProcessPoolExecutor(2) as ex:
        procs = simulate(**kwargs, executor=ex, chunksize=7)
    auto = simulate(**kwargs)  # few games: in-process
    assert inline == threads == procs == auto
    assert [r["game_index"] for r in procs] == list(range(24))
    assert {r["bots"][2] for r in procs} == {"cautious"}
    # the run's seed matters, and a game's row does not depend on how many games run
    assert simulate(**{**kwargs, "seed": 12}, executor=False) != inline
    assert simulate(**{**kwargs, "games": 5}, executor=False) == inline[:5]
    assert play_one("costume_party", 3, ["detective", "random", Cautious], 11, 17, {}) == inline[17]


class SubmitOnly(concurrent.futures.Executor):
    """An executor with nothing but ``submit`` (like a cluster's): runs each task on submit."""

    def __init__(self):
        self.calls = 0

    def submit(self, fn, /, *args, **kwargs):
        self.calls += 1
        fut = concurrent.futures.Future()
        fut.set_result(fn(*args, **kwargs))
        return fut


def test_any_executor_with_submit_works():
    ex = SubmitOnly()
    rows = simulate("costume_party", 2, "random", games=10, seed=1, executor=ex, chunksize=3)
    assert ex.calls == 4
    assert rows == simulate("costume_party", 2, "random", games=10, seed=1, executor=False)


def test_a_dask_cluster_gives_the_same_rows():
    """A real cluster (two worker processes on loopback) through the same call:
    ``executor=client.get_executor()``; the rows are exactly the in-process ones."""
    import distributed

    kwargs = dict(game="costume_party", players=4, bots=BOTS4, games=36, seed=21)
    inline = simulate(**kwargs, executor=False)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        rows = simulate(**kwargs, executor=client.get_executor(), chunksize=5)
        assert len(client.scheduler_info()["workers"]) == 2
    assert rows == inline


def test_options_and_bot_factories():
    rows = simulate(
        "costume_party",
        2,
        lambda seat, seed: RandomBot(seat, seed),
        games=6,
        seed=2,
        executor=False,
        faces=["red", "black"],
    )
    assert all(r["bots"] == ["random", "random"] for r in rows)
    plain = simulate("costume_party", 2, "random", games=6, seed=2, executor=False)
    # the factory builds the same bots as the name, but the die differs
    assert rows != plain
    assert simulate("costume_party", 2, "random", games=6, seed=2, executor=False, faces=["red", "black"]) == rows
    assert simulate(CostumeParty, 2, "random", games=3, seed=2, executor=False) == plain[:3]
    assert brady_widgets.simulate is simulate
    assert simulate("costume_party", 2, "random", games=0) == []


def test_progress_bar(capsys):
    simulate("costume_party", 2, "random", games=4, seed=0, executor=False, progress=True)
    err = capsys.readouterr().err
    assert "4/4" in err
    simulate("costume_party", 2, "random", games=4, seed=0, executor=False)
    assert "4/4" not in capsys.readouterr().err  # short runs: no bar by default


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        ({"game": 3}, TypeError, "game"),
        ({"game": "chess"}, ValueError, "chess"),
        ({"players": "4"}, TypeError, "players"),
        ({"players": 9}, ValueError, "9"),
        ({"games": 2.0}, TypeError, "games"),
        ({"games": -1}, ValueError, "games"),
        ({"seed": "x"}, TypeError, "seed"),
        ({"seed": -1}, ValueError, "seed"),  # seed=None draws one (tests/test_seeds.py)
        ({"bots": "genius"}, ValueError, "genius"),
        ({"bots": ["random", "random"]}, ValueError, "one per seat"),
        ({"bots": 7}, TypeError, "bots"),
        ({"bots": ["random", "random", "random", 7]}, TypeError, "bot"),
        ({"executor": "threads"}, TypeError, "executor"),
        ({"progress": "yes"}, TypeError, "progress"),
        ({"chunksize": 0}, ValueError, "chunksize"),
        ({"colour": "red"}, TypeError, "colour"),
        ({"faces": ["purple"]}, ValueError, "faces"),
    ],
)
def test_bad_arguments(kwargs, error, words):
    args = {"game": "costume_party", "players": 4, "bots": "random", "games": 3, "seed": 0, **kwargs}
    with pytest.raises(error, match=words):
        simulate(**args)


def test_a_run_too_large_for_memory_is_refused_at_once_in_words():
    """``simulate`` returns a row per game, kept in memory: ``games=10**12`` (a student's extra
    zeros) hung while it listed four billion chunks, then would have filled any machine. A run
    past MOST_GAMES is refused before anything is built, with the reason and what to do."""
    import time

    from brady_widgets.simulation import MOST_GAMES

    for games in (MOST_GAMES + 1, 10**12):
        began = time.process_time()
        with pytest.raises(ValueError, match="at most 1,000,000") as refused:
            simulate("costume_party", 4, "random", games=games, seed=0, executor=False, progress=False)
        assert time.process_time() - began < 1.0  # refused at once, nothing listed or played
        assert "memory" in str(refused.value) and "different seeds" in str(refused.value)


def test_top_level_simulate_is_the_function_whatever_was_imported_first():
    """``brady_widgets.simulate`` stays the function even after the module that
    defines it (``brady_widgets.simulation``) has been imported: importing a submodule
    binds its name on the package, so the module and the function must not share one."""
    import subprocess
    import sys

    code = (
        "import brady_widgets.simulation\n"
        "from brady_widgets import simulate\n"
        "assert callable(simulate) and simulate.__name__ == 'simulate', simulate\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_game_seeds_are_numpys_seed_sequence_computed_without_numpy():
    """simulate() runs in browser kernels without numpy, so its game seeds come from a Python
    SeedSequence: the same words as numpy's for run seeds of every size (the rows of saved
    lessons depend on them), any index and any number of words."""
    import random

    import numpy as np

    from brady_widgets.simulation import seed_sequence_state

    rng = random.Random(26)
    seeds = [0, 1, 2**32 - 1, 2**32, 2**64 - 1, 2**64, 2**128 - 1] + [
        rng.randrange(2 ** rng.choice([8, 32, 63, 64, 100, 128])) for _ in range(400)
    ]
    for seed in seeds:
        index = rng.choice([0, 1, rng.randrange(10**6), rng.randrange(2**40)])
        n = rng.choice([1, 2, 4, 7])
        want = np.random.SeedSequence([seed, index]).generate_state(n, dtype=np.uint32)
        assert seed_sequence_state([seed, index], n) == [int(w) for w in want], (seed, index, n)
        words = np.random.SeedSequence([seed, index]).generate_state(2 if seed < 2**64 else 4, dtype=np.uint32)
        assert game_seed(seed, index) == sum(int(w) << (32 * i) for i, w in enumerate(words))
    with pytest.raises(ValueError):
        seed_sequence_state([-1, 0], 2)


class _Shuffler:
    """A student's own bot: picks at random by shuffling a list of the legal actions (its own
    copy with ``copy=True``, else the list it was handed)."""

    copy = True

    def __init__(self, seat, seed):
        import random

        self.rng = random.Random(seed)

    def choose(self, view, legal):
        mine = list(legal) if self.copy else legal
        self.rng.shuffle(mine)
        return mine[0]


class _InPlaceShuffler(_Shuffler):
    copy = False


@pytest.mark.parametrize("name", ["brady_bunch", "brouhaha", "big_brother", "costume_party"])
def test_a_bot_of_ones_own_changes_a_copy_and_is_told_so_when_it_changes_the_shared_list(name):
    """simulate hands bots the game's own read-only lists (not copied, for speed; its docstring
    says so): a bot that shuffles ``list(legal)`` plays every game to its end, and one that
    shuffles the list itself is stopped in a sentence saying how to do it, not a Python error."""
    rows = simulate(
        name, 4, [_Shuffler, _Shuffler, "random", "random"], games=3, seed=5, executor=False, progress=False
    )
    assert len(rows) == 3 and all(r["length"] > 0 for r in rows)
    try:
        simulate(
            name, 4, [_InPlaceShuffler, "random", "random", "random"], games=2, seed=5, executor=False, progress=False
        )
    except brady_widgets.scheduler.BotError as exc:
        assert "legal actions are read-only (shared): change a copy, list(legal)" in str(exc)
    else:  # a game whose lists are fresh copies: the in-place shuffle was the bot's own list
        assert name == "costume_party"


class _ThresholdReader(RandomBot):
    """A random bot that notes the collector's young threshold every time it is asked."""

    seen: list[int] = []

    def choose(self, view, legal):
        type(self).seen.append(gc.get_threshold()[0])
        return super().choose(view, legal)


@pytest.fixture
def gc_threshold():
    before = gc.get_threshold()
    _ThresholdReader.seen = []
    yield before
    gc.set_threshold(*before)


def test_games_run_with_fewer_young_collections_then_the_threshold_is_put_back(gc_threshold):
    young, middle, old = gc_threshold
    gc.set_threshold(700, middle, old)
    simulate("costume_party", 2, _ThresholdReader, games=3, seed=1, executor=False, progress=False)
    assert _ThresholdReader.seen and set(_ThresholdReader.seen) == {GC_YOUNG}
    assert gc.get_threshold() == (700, middle, old)


class _Crasher(_ThresholdReader):
    def choose(self, view, legal):
        super().choose(view, legal)
        raise RuntimeError("a bot of one's own that breaks")


def test_the_threshold_is_put_back_when_a_bot_breaks(gc_threshold):
    _, middle, old = gc_threshold
    gc.set_threshold(700, middle, old)
    with pytest.raises(brady_widgets.scheduler.BotError):
        simulate("costume_party", 2, _Crasher, games=2, seed=1, executor=False, progress=False)
    assert _ThresholdReader.seen == [GC_YOUNG]
    assert gc.get_threshold() == (700, middle, old)


def test_a_higher_or_switched_off_threshold_is_left_alone(gc_threshold):
    _, middle, old = gc_threshold
    for young in (GC_YOUNG * 3, 0):
        gc.set_threshold(young, middle, old)
        _ThresholdReader.seen = []
        simulate("costume_party", 2, _ThresholdReader, games=2, seed=1, executor=False, progress=False)
        assert set(_ThresholdReader.seen) == {young}
        assert gc.get_threshold() == (young, middle, old)


def test_threads_running_games_at_once_share_one_change(gc_threshold):
    """One run's chunks in four threads overlap: the last to finish, not the first, puts the
    threshold back."""
    _, middle, old = gc_threshold
    gc.set_threshold(700, middle, old)
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        rows = simulate("costume_party", 2, _ThresholdReader, games=40, seed=3, executor=pool, chunksize=2)
    assert len(rows) == 40 and set(_ThresholdReader.seen) == {GC_YOUNG}
    assert gc.get_threshold() == (700, middle, old)
    assert rows == simulate("costume_party", 2, _ThresholdReader, games=40, seed=3, executor=False)

"""Many seeded bot games, for lessons and teachers.

>>> rows = simulate(name, players=4, bots=["smart", "random", "random", "random"], games=200, seed=1)  # doctest: +SKIP
>>> sum(r["winner"] == 0 for r in rows) / len(rows)   # seat 0's win rate  # doctest: +SKIP

``name`` is a registered game (``brady_widgets.games()``); the bot names are
the keys of that game's bot table, and the game's registered ``fields``
function adds its own columns to every row. This module names no game: what it
knows of a game comes from :mod:`brady_widgets.engine.registry`.

Each game gets its own seed, derived from ``seed`` and the game's index with
:class:`numpy.random.SeedSequence` (computed in Python: no numpy needed), and the bots of a game are seeded from the
game's seed. A game's row therefore depends only on its arguments and its
index: the rows are the same whether the games run in this process, in threads,
in local processes or on a cluster, and they come back ordered by game index.

Work is cut into chunks of games and handed to a :class:`concurrent.futures.Executor`
through ``submit`` only, so any executor works, for example a Dask cluster's
``Client.get_executor()``. With ``executor=None`` small runs (or a one-core
machine) stay in this process and larger ones use a ``ProcessPoolExecutor`` over
the local cores. Bot factories (callables ``(seat, seed) -> bot``) must be
picklable to cross process boundaries (a module-level class or function; not
a lambda); when they are not, the automatic choice stays in-process.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import gc
import math
import os
import pickle
import threading
from collections.abc import Iterator, Sequence
from typing import Any, Literal

from .engine import registry
from .engine.registry import GameEntry, load_bots, load_fields, load_game
from .engine.rng import new_seed
from .optional import have, need
from .progress import a_seed, checked_players, checks, optional, plain, whole
from .scheduler import Scheduler

#: at least this many games: the automatic executor uses local processes,
#: and ``progress=None`` shows a progress bar
PARALLEL_THRESHOLD = 200
#: the most games one run plays: :func:`simulate` returns a row per game, kept in memory (2-8 KB
#: each: a million rows are 2-8 GB, already past a Binder machine's 2 GB); a larger run is
#: several runs with different seeds, each summarised before the next
MOST_GAMES = 1_000_000
PROGRESS_THRESHOLD = 500
#: the collector's young generation while games run, in allocations (CPython's default is 700):
#: a bot game makes and drops thousands of small dicts and lists a second (views, events,
#: plans), and at the default a young collection ran every few steps, each walking the live
#: young objects. Measured on every bot row of issue 28's table (one core, medians of 3 runs):
#: 1-8% more games a second at 10,000, no more from 50,000 (benchmarks/README.md, eighteenth
#: pass). Cycles are still collected, in fewer, larger sweeps.
GC_YOUNG = 10_000
_gc_lock = threading.Lock()
_gc_runs = 0  # chunks running in this process (threads may run several at once)
_gc_saved: int | None = None  # the young threshold the first of them found, to put back


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded with ``seed`` (a non-negative int).

    A run seed below ``2**64`` gives a 64-bit game seed (as it always did: the lessons'
    saved outputs depend on it); a larger one (a drawn 128-bit run seed) gives a 128-bit
    game seed whose low 64 bits are the same words."""
    words = seed_sequence_state([seed, index], 2 if seed < 2**64 else 4)
    return sum(w << (32 * i) for i, w in enumerate(words))


# numpy's SeedSequence, in Python (simulate() runs in browser kernels that have no numpy):
# the constants and steps of numpy/random/bit_generator.pyx (after M.E. O'Neill's seed_seq_fe)
_MASK32 = 0xFFFFFFFF
_INIT_A, _MULT_A = 0x43B0D7E5, 0x931E8875
_INIT_B, _MULT_B = 0x8B51F9DD, 0x58F38DED
_MIX_MULT_L, _MIX_MULT_R = 0xCA01F9DD, 0x4973F715
_POOL_SIZE = 4


def _uint32_words(value: int) -> list[int]:
    """An int >= 0 as 32-bit words, least significant first (0 is one word)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"seed words must be ints >= 0, got {value!r}")
    words = [value & _MASK32]
    value >>= 32
    while value:
        words.append(value & _MASK32)
        value >>= 32
    return words


def seed_sequence_state(entropy: Sequence[int], n_words: int) -> list[int]:
    """``numpy.random.SeedSequence(entropy).generate_state(n_words, dtype=np.uint32)`` as
    Python ints, computed without numpy (``tests/test_simulation.py`` compares them)."""
    data = [w for v in entropy for w in _uint32_words(v)]
    hash_const = _INIT_A

    def hashmix(value: int) -> int:
        nonlocal hash_const
        value ^= hash_const
        hash_const = (hash_const * _MULT_A) & _MASK32
        value = (value * hash_const) & _MASK32
        return value ^ (value >> 16)

    def mix(x: int, y: int) -> int:
        result = (_MIX_MULT_L * x - _MIX_MULT_R * y) & _MASK32
        return result ^ (result >> 16)

    pool = [hashmix(data[i] if i < len(data) else 0) for i in range(_POOL_SIZE)]
    for i_src in range(_POOL_SIZE):
        for i_dst in range(_POOL_SIZE):
            if i_src != i_dst:
                pool[i_dst] = mix(pool[i_dst], hashmix(pool[i_src]))
    for i_src in range(_POOL_SIZE, len(data)):
        for i_dst in range(_POOL_SIZE):
            pool[i_dst] = mix(pool[i_dst], hashmix(data[i_src]))
    out, b = [], _INIT_B
    for i in range(n_words):
        value = pool[i % _POOL_SIZE] ^ b
        b = (b * _MULT_B) & _MASK32
        value = (value * b) & _MASK32
        out.append(value ^ (value >> 16))
    return out


# --------------------------------------------------------------- game fields
def _counts(game) -> tuple[int, int]:
    """``(length, turns)``: player actions (not chance or clock steps) and runs of
    consecutive actions by one seat, in one pass over the history."""
    length = turns = 0
    last: Any = object()
    for h in game.history:
        seat = h.get("seat")
        if type(seat) is int:
            length += 1
            if seat != last:
                turns, last = turns + 1, seat
    return length, turns


def _generic_fields(game, names: list[str], turns: int | None = None) -> dict:
    """``turns`` (runs of consecutive actions by one seat) and ``winner_bot``:
    every game's row has them; a game's registered ``fields`` may refine them."""
    if turns is None:
        turns = _counts(game)[1]
    winner = game.winners[0] if len(game.winners) == 1 else None
    return {"turns": turns, "winner_bot": None if winner is None else names[winner]}


# ------------------------------------------------------------------ workers
def _ensure_registered(entry: GameEntry | None) -> None:
    """In a worker process a game registered at run time (``register(...)`` in
    the caller's process) is not known yet: register the entry that came along."""
    if entry is not None and entry.name not in registry.names():
        registry.register(entry)


def _make_bot(spec, seat: int, seed: int, bot_table: dict):
    if isinstance(spec, str):
        return bot_table[spec](seat, seed)
    return spec(seat, seed)


def _bot_name(spec, bot) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(bot, "name", None) or getattr(spec, "__name__", None) or type(bot).__name__)


def play_one(
    game: str, players: int, bots: Sequence, seed: int, index: int, options: dict, entry: GameEntry | None = None
) -> dict:
    """Play game ``index`` of a run to the end and return its row.

    ``entry``: the game's registry entry, registered first if this process does
    not know the game (a worker of a run whose game was registered at run time)."""
    _ensure_registered(entry)
    cls = load_game(game)
    bot_table = load_bots(game)
    gseed = game_seed(seed, index)
    g = cls(players, gseed, **options)
    seats = [_make_bot(spec, s, gseed, bot_table) for s, spec in enumerate(bots)]
    names = [_bot_name(spec, bot) for spec, bot in zip(bots, seats)]
    # virtual time: every bot acts as soon as it wants, the clock jumps to the next event
    Scheduler(g, dict(enumerate(seats)), delay=0, lag=0, copy_views=False).run(max_steps=1_000_000)
    if not g.over:
        raise RuntimeError(f"{game}: nobody acts and nothing is scheduled, but the game is not over")
    length, turns = _counts(g)
    row = {
        "game_index": index,
        "seed": gseed,
        "players": players,
        "bots": names,
        "winners": list(g.winners),
        "winner": g.winners[0] if len(g.winners) == 1 else None,
        "length": length,
    }
    row.update(_generic_fields(g, names, turns))
    fields = load_fields(game)
    if fields is not None:
        row.update(fields(g, names))
    return row


def _run_chunk(
    game: str,
    players: int,
    bots: Sequence,
    seed: int,
    start: int,
    stop: int,
    options: dict,
    entry: GameEntry | None = None,
) -> list[dict]:
    _ensure_registered(entry)
    with _fewer_collections():
        return [play_one(game, players, bots, seed, i, options) for i in range(start, stop)]


@contextlib.contextmanager
def _fewer_collections() -> Iterator[None]:
    """Young collections every :data:`GC_YOUNG` allocations while games run, then the
    threshold as it was. Chunks running at once in threads share one change: the first
    raises the threshold, the last puts it back. A threshold already at least that high,
    or 0 (collection off), is left alone, and so is one changed by someone else meanwhile."""
    global _gc_runs, _gc_saved
    with _gc_lock:
        if _gc_runs == 0:
            young, middle, old = gc.get_threshold()
            _gc_saved = None
            if 0 < young < GC_YOUNG:
                gc.set_threshold(GC_YOUNG, middle, old)
                _gc_saved = young
        _gc_runs += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_runs -= 1
            if _gc_runs == 0 and _gc_saved is not None:
                young, middle, old = gc.get_threshold()
                if young == GC_YOUNG:
                    gc.set_threshold(_gc_saved, middle, old)
                _gc_saved = None


# --------------------------------------------------------------- arguments
def _resolve_game(game) -> str:
    registered = getattr(game, "name", None) if isinstance(game, type) else None  # a Game class: its name
    if registered:
        game = registered
    if not isinstance(game, str):
        raise TypeError(f"game must be a registered game name (one of {registry.names()}), got {plain(game)}")
    if game not in registry.names():
        raise ValueError(f"game must be a registered game name (one of {registry.names()}), got {plain(game)}")
    return game


def _resolve_bots(bots, players: int, bot_table: dict) -> list:
    what = "a bot name, a factory (seat, seed) -> bot, or a list of them (one per seat)"
    if isinstance(bots, str) or callable(bots):
        bots = [bots] * players
    elif isinstance(bots, (list, tuple)):
        bots = list(bots)
        if len(bots) != players:
            raise ValueError(
                f"bots must list one bot per seat: it lists {len(bots)} bot(s) for {players} players;"
                " give one per seat, or one name for all"
            )
    else:
        raise TypeError(f"bots must be {what}, got {plain(bots)}")
    for seat, spec in enumerate(bots):
        if isinstance(spec, str):
            if spec not in bot_table:
                raise ValueError(
                    f"bots must name this game's bots (one of {sorted(bot_table)}), got unknown bot {spec!r}"
                )
        elif not callable(spec):
            raise TypeError(f"bots must be {what}; the bot of seat {seat} is {plain(spec)}, not a name or a factory")
    return bots


def _an_executor(name: str, value: Any) -> None:
    """A :class:`concurrent.futures.Executor` (anything with ``submit``), None or False."""
    if not (
        value is None
        or value is False
        or isinstance(value, concurrent.futures.Executor)
        or callable(getattr(value, "submit", None))
    ):
        raise TypeError(f"{name} must be a concurrent.futures.Executor, None or False, got {plain(value)}")


def _progress(name: str, value: Any) -> None:
    if value is not None and not isinstance(value, bool):
        raise TypeError(f"{name} must be True, False or None, got {plain(value)}")


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _picklable(obj) -> bool:
    try:
        pickle.dumps(obj)
        return True
    except Exception:  # noqa: BLE001 -- pickling fails with many kinds of error, each means no
        return False


# --------------------------------------------------------------------- API
@checks(
    games=whole(0),
    seed=optional(a_seed),
    executor=_an_executor,
    progress=_progress,
    chunksize=optional(whole(1)),
)
def simulate(
    game,
    players: int,
    bots="random",
    games: int = 100,
    seed: int | None = None,
    executor: concurrent.futures.Executor | None | Literal[False] = None,
    progress: bool | None = None,
    *,
    chunksize: int | None = None,
    **options,
) -> list[dict]:
    """Play ``games`` seeded bot games and return one row (a dict) per game.

    Args:
        game: a registered game name (see ``brady_widgets.games()``), or its engine class.
        players: number of players.
        bots: one bot name (a key of the game's bot table, e.g. ``"random"``) for every seat, a
            factory ``(seat, seed) -> bot``, or a list with one of those per seat. A bot is
            handed the game's own view and legal list, read-only (shared with the other
            seats, not copied, for speed): a bot that shuffles or sorts works on
            ``list(legal)``; changing the list itself raises a TypeError saying so.
        games: how many games (at most ``MOST_GAMES``, a million: each row is kept in memory).
        seed: the run's seed (a non-negative int); game ``i`` is seeded with :func:`game_seed`
            ``(seed, i)``. ``None`` (the default) draws a fresh 128-bit seed no one can guess
            (:func:`brady_widgets.engine.rng.new_seed`); every row still carries its game's seed.
        executor: any :class:`concurrent.futures.Executor` (threads, processes,
            ``dask.distributed.Client(...).get_executor()``); ``None`` picks one:
            in-process below ``PARALLEL_THRESHOLD`` games or on one core, else a
            process pool over the local cores; ``False`` always runs in-process.
        progress: a ``tqdm.auto`` progress bar: ``None`` shows it from
            ``PROGRESS_THRESHOLD`` games when tqdm is installed (the ``lessons`` extra),
            ``True`` always (an ImportError naming the extra without tqdm), ``False`` never.
        chunksize: games per task (default: about four tasks per worker, at most 250).
        **options: the game's options (its engine's ``default_options``).

    While games run in a process, its garbage collector's young threshold is at least
    :data:`GC_YOUNG` (fewer, larger sweeps); it is put back when they end.

    Returns:
        Rows ordered by ``game_index``, each with ``game_index, seed, players,
        bots, winners, winner, length`` (player actions), ``turns`` and
        ``winner_bot``, then the fields of the game's registered ``fields``
        function (:func:`brady_widgets.engine.registry.load_fields`).
    """
    name = _resolve_game(game)
    cls = load_game(name)
    players = checked_players("players", players, cls)
    games = int(games)
    if games > MOST_GAMES:
        raise ValueError(
            f"games must be at most {MOST_GAMES:,} in one run, got {games:,}: every game's row is kept in memory"
            " (2-8 KB each), so a larger run would not fit. Run it in parts with different seeds, and keep"
            " a summary of each part"
        )
    seed = new_seed() if seed is None else int(seed)  # checked at the entry: a whole number >= 0
    chunksize = None if chunksize is None else int(chunksize)
    bots = _resolve_bots(bots, players, load_bots(name))
    entry = registry.game_entry(name)
    cls(players, 0, **options)  # bad options fail here, with the engine's TypeError/ValueError

    owned = None
    if executor is None:
        cores = _cores()
        if games >= PARALLEL_THRESHOLD and cores > 1 and _picklable((bots, options)):
            executor = owned = concurrent.futures.ProcessPoolExecutor(max_workers=cores)
        else:
            executor = False
    workers = getattr(executor, "_max_workers", None) or (1 if executor is False else _cores())
    if chunksize is None:
        chunksize = max(1, min(250, math.ceil(games / (4 * workers)))) if games else 1
    chunks = [(start, min(games, start + chunksize)) for start in range(0, games, chunksize)]
    # None: a bar for long runs, if tqdm (the lessons extra) is installed; True insists on one
    show = (games >= PROGRESS_THRESHOLD and have("tqdm.auto")) if progress is None else progress
    bar = None
    if show:
        tqdm = need("tqdm.auto").tqdm
        bar = tqdm(total=games, desc=f"{name} x{games}", unit="game")
    rows: list[dict] = []
    try:
        if executor is False:
            for start, stop in chunks:
                rows.extend(_run_chunk(name, players, bots, seed, start, stop, options, entry))
                if bar is not None:
                    bar.update(stop - start)
        else:
            futures = [
                executor.submit(_run_chunk, name, players, bots, seed, start, stop, options, entry)
                for start, stop in chunks
            ]
            for (start, stop), fut in zip(chunks, futures):
                rows.extend(fut.result())
                if bar is not None:
                    bar.update(stop - start)
    finally:
        if bar is not None:
            bar.close()
        if owned is not None:
            owned.shutdown(cancel_futures=True)
    return rows

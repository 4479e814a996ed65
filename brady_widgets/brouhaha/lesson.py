"""The helpers the Brouhaha lessons use, so that a cell a student reads stays short.

Two lessons:

* ``brouhaha_birthday.ipynb``: how likely is it that two of k face-down cards show
  the same animal? The exact chance lives in :mod:`.odds`
  (``shared_animal_chance``, ``birthday``); here are the deck left after the
  removals (:func:`deck_counts`), a seeded numpy simulation of it
  (:func:`simulate_shared`, :func:`simulate_birthday`), a table and a chart of
  exact beside simulated with ± 2 standard errors (:func:`shared_table`,
  :func:`plot_shared`).
* ``total_black.ipynb``: N players with one card each find their partners in the
  dark. :func:`simulate_rounds` is a vectorized numpy simulator (each bump round is
  a random perfect matching of the players not yet found; partners are found
  when they meet); :func:`engine_rounds` plays the same thing with the engine's
  :class:`~.total_black.TotalBlack` and its bots on virtual time (a test checks the
  two agree); :func:`meet_distribution`, :func:`expected_rounds` and
  :func:`rounds_distribution` are exact, from a Markov chain on the number of
  pairs left; :func:`simple_model` is the back-of-the-envelope answer.

The tutorial (``brouhaha.ipynb``) uses :func:`show` (a live widget at a position of
:mod:`.positions`, the other seats waiting or played by bots), :func:`log` (a seat's
log as the widget words it), :func:`three_moos` and :func:`race` (slaps settled by
their stamps) and :func:`moment` (where the teacher's replay should stop). The
sliders :func:`copies_explorer` and :func:`players_explorer` redraw a chart.

Everything is exact (``Fraction``) or seeded: a notebook cell gives the same output
on every computer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from math import comb
from typing import TYPE_CHECKING, Any

from .. import explorers
from ..optional import lazy, need
from ..progress import (
    MOST_IN_MEMORY,
    a_seed,
    axes,
    checked_count,
    checks,
    count,
    flag,
    game_of,
    items,
    kind,
    mapping,
    number,
    optional,
    plain,
    progress_bar,
    text,
    whole,
)

if TYPE_CHECKING:
    import numpy as np
else:
    # numpy (the lessons extra) is imported at its first use: the helpers the rules tutorial
    # imports from here (log, moment, show, ...) run in a browser kernel that has none
    np = lazy("numpy")

__all__ = [
    # the tutorial
    "Waiter",
    "show",
    "log",
    "three_moos",
    "race",
    "moment",
    # the birthday lesson
    "deck_counts",
    "shared_animal_chance",
    "birthday",
    "simulate_shared",
    "simulate_birthday",
    "shared_table",
    "players_table",
    "simulate_hit",
    "plot_shared",
    "print_table",
    "copies_explorer",
    # Total Black
    "meet_distribution",
    "expected_rounds",
    "rounds_distribution",
    "simple_model",
    "half_pair_model",
    "simulate_rounds",
    "simulate_first_round",
    "rounds_table",
    "total_black_game",
    "engine_rounds",
    "game_rounds",
    "plot_rounds",
    "plot_time_vs_players",
    "players_explorer",
    # shared
    "se_of_mean",
    "progress_bar",
]

#: how many chunks a long simulation is cut into for its progress bar
_CHUNKS = 20

#: the arguments this game's helpers take (checked once at each helper's entry, in the game's words)
GAME = game_of("brouhaha", "a Brouhaha game (Brouhaha(...) or one of positions')")
TOTAL_BLACK = game_of("brouhaha_total_black", "a Total Black game (total_black_game(...))")
SEAT = whole(0, 9)
DECK = kind(
    lambda v: isinstance(v, (dict, list, tuple, range)),
    "a deck, {animal: copies} (deck_counts()) or a list of copies",
)
POOL = kind(lambda v: isinstance(v, (dict, list, tuple)), "a pool of cards, {animal: copies} or a list of cards")
PAIRS = whole(0, 100)


def _tb_players(name: str, value: Any) -> None:
    """Total Black's players: an even number from 2 to 200 (a ValueError, as the simulator's
    own check always said; 200 players are 100 pairs, the exact chain's bound)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 2 <= value <= 200 or value % 2:
        raise ValueError(f"{name} must be an even number from 2 to 200, got {plain(value)}")


TB_PLAYERS = _tb_players


SLAP = kind(
    lambda s: isinstance(s, (tuple, list)) and len(s) == 3 and all(isinstance(x, (int, float)) for x in s),
    "a slap (seat, stamped at, arrives at), in ms",
)
ROUNDS = kind(
    lambda v: hasattr(v, "max") and hasattr(v, "min") and len(v) > 0, "an array of rounds (simulate_rounds())"
)
SHARED_ROWS = items(
    "a list of rows, as shared_table() or players_table() gives it",
    mapping("a row of shared_table()", keys=("k", "exact", "sim", "two_se", "with_replacement")),
    least=1,
)
TIME_ROWS = items(
    "a list of rows, as rounds_table() gives it",
    mapping("a row of rounds_table()", keys=("players", "sim", "two_se", "exact", "simple", "half_pair")),
    least=1,
)


@checks(values=items("a list (or array) of numbers", number()))
def se_of_mean(values) -> float:
    """The standard error of the mean of ``values`` (sample sd / sqrt(n))."""
    v = np.asarray(values, dtype=float)
    return float(v.std(ddof=1) / np.sqrt(len(v))) if len(v) > 1 else float("nan")


# ============================================================ the tutorial
class Waiter:
    """A seat that does nothing (a tutorial's other players): it never acts, so a
    position stays as it is until the student acts or a deadline passes."""

    name = "wait"

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat

    def plan(self, view: dict, legal: list):
        return None

    def choose(self, view: dict, legal: list) -> dict:  # pragma: no cover - plan() is always asked
        return legal[0]


@checks(game=GAME, seat=SEAT)
def show(game, seat: int = 0, others: Any = "wait", **options: Any):
    """A live :class:`~.widget.BrouhahaWidget` at this position (a copy of ``game``),
    seen from ``seat``. ``others="wait"``: the other seats never act (only the student
    and the clock move the game); or a bot name (``"easy"``, ``"medium"``, ...) to let
    bots play them. The seats are named "Seat 0", "Seat 1", ... as the code counts them
    (``names=`` to change). The clock starts when the student presses Start (or on
    ``w.run_bots()``), and pauses while the widget is off screen."""
    from .widget import BrouhahaWidget

    bot = Waiter if others == "wait" else others
    options.setdefault("names", [f"Seat {s}" for s in range(game.players)])  # as the code counts them
    return BrouhahaWidget(game=game.clone(), humans=[seat], bot=bot, **options)


@checks(game=GAME, seat=SEAT, last=whole(0))
def log(game, seat: int, last: int = 3) -> None:
    """Print the last lines of ``seat``'s log, as the widget words them."""
    for entry in show(game, seat).log_lines[-last:]:
        print(f"  seat {seat} reads: {entry['text']}")


def three_moos(**options: Any):
    """A position for a race settled by stamps: seats 0 and 1 have a cow down, seat 2 a
    bison (all three cry "Moo!"); seat 0 slapped at 2.0 s, so one more slap, before
    3.0 s, decides what is revealed: seat 1's cow (a match) or seat 2's bison (a
    mismatch). The clock is at 2.1 s."""
    from .positions import BASE_FIXED, PLAY, SLAP, deal_with, run
    from .rules import Brouhaha

    game = Brouhaha(4, 0, deal=deal_with(4, BASE_FIXED), **options)
    return run(
        game, [(0, PLAY("cow"), 1000), (1, PLAY("cow"), 1300), (2, PLAY("bison"), 1500), (0, SLAP, 2000), ("adv", 2100)]
    )


@checks(
    game=GAME, slaps=items("a list of slaps, each (seat, stamped at, arrives at)", SLAP, least=1), lag=number(0, 60_000)
)
def race(game, slaps: list[tuple[int, float, float]], lag: float = 250):
    """Slaps ``(seat, stamp, arrival)``: each stamped with the game time at which its
    screen saw the key press, and reaching the kernel at ``arrival`` (later, over a
    slow link). The package's scheduler settles them with a settle window of ``lag``
    ms (``lag=0``: as they arrive). Returns a copy of ``game`` after them."""
    from ..scheduler import Scheduler

    game = game.clone()
    sched = Scheduler(game, {}, lag=lag)
    for seat, stamp, arrival in sorted(slaps, key=lambda x: x[2]):
        sched.run_until(arrival)
        sched.submit(seat, {"type": "slap"}, stamp=stamp)
    sched.run_until(max(a for _, _, a in slaps) + lag + 1)
    return game


@checks(game=GAME, kind=text, nth=whole(0))
def moment(game, kind: str, nth: int = 0) -> int:
    """The replay step (steps of the game's history before it) of the ``nth`` event of
    type ``kind`` (``"mismatch"``, ``"match"``, ``"hunted"``, ...): ``replay_to`` that
    step shows the position just before it happened (for the teacher's debrief)."""
    # an event's "step" counts the history entries up to and including the one that caused it
    steps = [e["step"] for e in game.log_for(None, reveal=True) if e["type"] == kind]
    if len(steps) <= nth:
        raise ValueError(
            f"kind must be an event this game has had {nth + 1} time(s); it has {len(steps)} {kind!r} event(s)"
        )
    return steps[nth] - 1


# ============================================================ the birthday lesson
def _odds():
    from . import odds

    return odds


@checks(k=whole(0), counts=DECK)
def shared_animal_chance(k: int, counts) -> Fraction:
    """Exact P(some two of ``k`` cards drawn without replacement from ``counts`` show the
    same animal): :func:`.odds.shared_animal_chance` (the formula lives there)."""
    return _odds().shared_animal_chance(k, counts)


def birthday(k: int, days: int = 365) -> Fraction:
    """Exact P(some two of ``k`` people share a birthday among ``days`` equally likely
    days): :func:`.odds.birthday`."""
    return _odds().birthday(k, days)


@checks(players=optional(whole(3, 10)), species=optional(whole(1, 21)), copies=whole(1, 1000))
def deck_counts(players: int | None = None, species: int | None = None, copies: int = 2) -> Counter:
    """The animal cards left after the removals for ``players`` (the rulebook's table in
    :mod:`.content`), as ``Counter({animal: copies})``. Which pairs are removed does not
    change any chance here (every animal has the same number of copies), so the
    first ones in the content's order are left out. ``species``/``copies`` instead:
    a made-up deck of ``species`` animals with ``copies`` cards each (to see what
    more copies do)."""
    from . import content

    ids = [a["id"] for a in content.ANIMALS]
    if species is None:
        species = len(ids) - (_removed_pairs(players) if players is not None else 0)
    if not 1 <= species <= len(ids):
        raise ValueError(f"species must be 1..{len(ids)}, got {species!r}")
    if not isinstance(copies, int) or copies < 1:
        raise ValueError(f"copies must be a positive whole number, got {copies!r}")
    return Counter({a: copies for a in ids[len(ids) - species :]})


def _removed_pairs(players: int) -> int:
    """Animal pairs the rulebook removes for ``players`` (:data:`.content.REMOVED`)."""
    from . import content

    if players not in content.REMOVED:
        raise ValueError(f"players must be one of {sorted(content.REMOVED)}, got {players!r}")
    return content.REMOVED[players][0]


def _labels(counts) -> np.ndarray:
    """One integer label per card: animal i repeated counts[i] times."""
    sizes = list(Counter(counts).values())
    return np.repeat(np.arange(len(sizes)), sizes)


def _any_repeat(labels: np.ndarray) -> np.ndarray:
    """Row by row: does some label appear twice?"""
    s = np.sort(labels, axis=1)
    return (s[:, 1:] == s[:, :-1]).any(axis=1)


def _chunks(trials: int):
    step = max(1, -(-trials // _CHUNKS))
    return [min(step, trials - i) for i in range(0, trials, step)]


@checks(k=whole(0), counts=DECK, trials=count(MOST_IN_MEMORY), seed=a_seed, progress=flag)
def simulate_shared(k: int, counts, trials: int = 100_000, seed: int = 0, progress: bool = False) -> dict:
    """Deal ``k`` cards from a shuffled deck ``counts`` (without replacement), ``trials``
    times, seeded: ``{"hits", "trials", "freq", "se"}`` where ``hits`` counts the deals in
    which two cards show the same animal and ``se`` is the frequency's standard error."""
    trials = checked_count("trials", trials, MOST_IN_MEMORY)
    labels = _labels(counts)
    if not 0 <= k <= len(labels):
        raise ValueError(f"k must be 0..{len(labels)}: counts is a deck of {len(labels)} cards, got {k!r}")
    rng = np.random.default_rng(seed)
    bar = progress_bar(trials, "deals", "deal", progress)
    hits = 0
    for n in _chunks(trials):
        # each row of random keys, sorted, is one shuffle; its first k cards are the deal
        order = np.argpartition(rng.random((n, len(labels))), k - 1, axis=1)[:, :k] if k else np.zeros((n, 0), int)
        hits += int(_any_repeat(labels[order]).sum()) if k > 1 else 0
        bar.update(n)
    bar.close()
    return _freq(hits, trials)


@checks(k=whole(0, 10_000), days=whole(1, 1_000_000), trials=count(MOST_IN_MEMORY), seed=a_seed)
def simulate_birthday(k: int, days: int = 365, trials: int = 100_000, seed: int = 0) -> dict:
    """``k`` people, each birthday one of ``days`` equally likely days (with
    replacement), ``trials`` times, seeded: as :func:`simulate_shared`."""
    trials = checked_count("trials", trials, MOST_IN_MEMORY)
    rng = np.random.default_rng(seed)
    hits = 0
    for n in _chunks(trials):
        hits += int(_any_repeat(rng.integers(0, days, size=(n, k))).sum()) if k > 1 else 0
    return _freq(hits, trials)


def _freq(hits: int, trials: int) -> dict:
    f = hits / trials
    return {"hits": hits, "trials": trials, "freq": f, "se": (f * (1 - f) / trials) ** 0.5}


@checks(
    ks=items("a list of card counts, e.g. range(2, 8)", whole(0), least=1),
    counts=DECK,
    trials=count(MOST_IN_MEMORY),
    seed=a_seed,
    progress=flag,
)
def shared_table(ks: Iterable[int], counts, trials: int = 20_000, seed: int = 0, progress: bool = False) -> list[dict]:
    """For each k: the exact chance without replacement (:func:`shared_animal_chance`),
    the simulated frequency with its ± 2 SE, whether they agree within it, and the
    chance *with* replacement (:func:`birthday` with one "day" per animal: the
    misconception). Each k gets its own seed (``seed + k``)."""
    trials = checked_count("trials", trials, MOST_IN_MEMORY)
    ks = list(ks)
    species = len(Counter(counts))
    bar = progress_bar(len(ks), "k", "k", progress)
    rows = []
    for k in ks:
        exact = shared_animal_chance(k, counts)
        sim = simulate_shared(k, counts, trials, seed + k)
        rows.append(
            {
                "k": k,
                "exact": exact,
                "sim": sim["freq"],
                "two_se": 2 * sim["se"],
                "agree": bool(abs(sim["freq"] - float(exact)) <= max(2 * sim["se"], 0.5 / trials)),
                "with_replacement": birthday(k, species),
            }
        )
        bar.update()
    bar.close()
    return rows


@checks(
    players_list=items("a list of player counts 3 to 10", whole(3, 10), least=1),
    trials=count(MOST_IN_MEMORY),
    seed=a_seed,
    progress=flag,
)
def players_table(
    players_list: Iterable[int] = range(3, 11), trials: int = 20_000, seed: int = 0, progress: bool = False
) -> list[dict]:
    """Every player has an animal face down: for each player count, the deck left after
    its removals (:func:`deck_counts`), the exact chance that two of the face-down
    cards show the same animal, the simulation ± 2 SE, and the chance with
    replacement (one "day" per animal). Rows as :func:`shared_table`, plus
    ``players`` and ``cards``."""
    rows = []
    players_list = list(players_list)
    bar = progress_bar(len(players_list), "players", "count", progress)
    for n in players_list:
        deck = deck_counts(n)
        row = shared_table([n], deck, trials, seed)[0]
        rows.append({"players": n, "cards": sum(deck.values()), **row})
        bar.update()
    bar.close()
    return rows


@checks(pool=POOL, m=whole(0), target=text, trials=count(MOST_IN_MEMORY), seed=a_seed)
def simulate_hit(pool, m: int, target: str, trials: int = 100_000, seed: int = 0) -> dict:
    """Draw ``m`` cards without replacement from ``pool`` (``Counter({animal: copies})``),
    ``trials`` times, seeded: how often is ``target`` among them? (The odds panel's
    question: does one of the m other cards crying my cry show my animal?)"""
    trials = checked_count("trials", trials, MOST_IN_MEMORY)
    pool = Counter(pool)
    names = list(pool)
    labels = _labels(pool)
    if target not in pool:
        return _freq(0, trials)
    if m > len(labels):
        raise ValueError(f"m must be at most the {len(labels)} cards in the pool, got {m}")
    t = names.index(target)
    rng = np.random.default_rng(seed)
    hits = 0
    for n in _chunks(trials):
        order = np.argpartition(rng.random((n, len(labels))), m - 1, axis=1)[:, :m]
        hits += int((labels[order] == t).any(axis=1).sum())
    return _freq(hits, trials)


@checks(
    rows=items("a list of rows (dicts)", mapping("a row (a dict)"), least=1),
    columns=mapping("a dict {row key: header}", values=text, least=1),
)
def print_table(rows: list[dict], columns: dict[str, str]) -> None:
    """Print ``rows`` as a fixed-width table; ``columns`` maps a row key to its header.
    Fractions are printed as decimals with 4 places."""

    def cell(v):
        if isinstance(v, (bool, np.bool_)):
            return "yes" if v else "no"
        if isinstance(v, (Fraction, float, np.floating)):
            return f"{float(v):.4f}"
        return str(v)

    for i, r in enumerate(rows):
        missing = [key for key in columns if key not in r]
        if missing:
            raise ValueError(f"columns must name keys every row has; row {i} has no {', '.join(map(repr, missing))}")
    table = [[cell(r[key]) for key in columns] for r in rows]
    widths = [max(len(h), *(len(row[i]) for row in table)) for i, h in enumerate(columns.values())]
    print("  ".join(h.rjust(w) for h, w in zip(columns.values(), widths)))
    for row in table:
        print("  ".join(c.rjust(w) for c, w in zip(row, widths)))


@checks(rows=SHARED_ROWS, title=text, ax=optional(axes), with_replacement=flag)
def plot_shared(rows: list[dict], title: str = "", ax=None, with_replacement: bool = True):
    """The chance of a shared animal against k: the exact curve (without replacement),
    the simulation's dots with ± 2 SE bars, and (dashed) the same with replacement."""
    plt = need("matplotlib.pyplot")
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 4))
    ks = [r["k"] for r in rows]
    ax.plot(ks, [float(r["exact"]) for r in rows], "-", color="#0072B2", label="exact, without replacement")
    ax.errorbar(
        ks,
        [r["sim"] for r in rows],
        yerr=[r["two_se"] for r in rows],
        fmt="o",
        color="#56B4E9",
        ms=4,
        capsize=2,
        label="simulated (± 2 SE)",
    )
    if with_replacement:
        ax.plot(
            ks,
            [float(r["with_replacement"]) for r in rows],
            "--",
            color="#D55E00",
            label="with replacement (the misconception)",
        )
    ax.axhline(0.5, color="gray", lw=0.8, ls=":")
    ax.set_xlabel("k: face-down cards")
    ax.set_ylabel("P(two show the same animal)")
    ax.set_ylim(0, 1.02)
    ax.set_title(title)
    ax.legend(loc="lower right")
    return ax


@checks(species=whole(1, 21), k_max=whole(1, 42))
def copies_explorer(copies: int = 2, species: int = 21, k_max: int = 10):
    """A slider for the number of copies of each animal (1 to 50) and the chart of the
    chance that k cards share an animal, exact without replacement, beside the same with
    replacement (one "day" per animal): more copies, and the two curves meet."""
    import ipywidgets as W

    explorers.checked_start("copies", copies, 1, 50)
    slider = W.IntSlider(value=copies, min=1, max=50, description="copies", continuous_update=False)
    ks = list(range(2, k_max + 1))

    def draw(ax, c):
        deck = deck_counts(species=species, copies=c)
        exact = [shared_animal_chance(k, deck) for k in ks]
        ax.plot(
            ks,
            [float(p) for p in exact],
            "o-",
            color="#0072B2",
            label=f"{species} animals x {c} copies, without replacement",
        )
        ax.plot(ks, [float(birthday(k, species)) for k in ks], "--", color="#D55E00", label="with replacement")
        ax.set_ylim(0, 1.02)
        ax.set_xlabel("k: face-down cards")
        ax.set_ylabel("P(some animal twice)")
        ax.legend(loc="lower right")
        return dict(zip(ks, exact))

    return explorers.explorer(
        slider, draw, f"A copies slider (start {copies}) and its chart, with and without replacement"
    )


# ============================================================ Total Black
def _matchings(m: int) -> int:
    """Perfect matchings of 2m people: (2m-1)!! = 1 x 3 x 5 x ... x (2m-1)."""
    out = 1
    for i in range(1, 2 * m, 2):
        out *= i
    return out


@cache
def _no_pair_meets(m: int) -> int:
    """Perfect matchings of m partner pairs (2m people) in which no partners meet:
    inclusion-exclusion over the pairs forced to meet."""
    return sum((-1) ** i * comb(m, i) * _matchings(m - i) for i in range(m + 1))


@checks(pairs=PAIRS)
@cache
def meet_distribution(pairs: int) -> dict[int, Fraction]:
    """Exact P(j partner pairs meet) in one bump round with ``pairs`` pairs left: the
    bump is a random perfect matching of the 2 x ``pairs`` players; choose which j pairs
    meet, and match the rest so that none of them does."""
    if not isinstance(pairs, int) or pairs < 0:
        raise ValueError(f"pairs must be a whole number >= 0, got {pairs!r}")
    total = _matchings(pairs)
    return {j: Fraction(comb(pairs, j) * _no_pair_meets(pairs - j), total) for j in range(pairs + 1)}


@checks(pairs=PAIRS)
@cache
def expected_rounds(pairs: int) -> Fraction:
    """Exact expected number of bump rounds until every pair is found, starting from
    ``pairs`` pairs: E[T_k] = (1 + sum_{j>=1} P(j meet) E[T_{k-j}]) / (1 - P(0 meet))."""
    if pairs == 0:
        return Fraction(0)
    p = meet_distribution(pairs)
    for k in range(1, pairs):  # fill the cache bottom-up (no deep recursion)
        expected_rounds(k)
    return (1 + sum(p[j] * expected_rounds(pairs - j) for j in range(1, pairs + 1))) / (1 - p[0])


@checks(pairs=PAIRS, rounds=whole(0, 100_000))
def rounds_distribution(pairs: int, rounds: int = 400) -> np.ndarray:
    """Exact P(all found after exactly t rounds), t = 0..``rounds`` (floats), from the
    Markov chain on the number of pairs left (its transition matrix is
    :func:`meet_distribution`)."""
    P = np.zeros((pairs + 1, pairs + 1))
    for k in range(pairs + 1):
        for j, p in meet_distribution(k).items():
            P[k, k - j] = float(p)
    state = np.zeros(pairs + 1)
    state[pairs] = 1.0
    done = [state[0]]
    for _ in range(rounds):
        state = state @ P
        done.append(state[0])
    return np.diff(np.asarray(done), prepend=0.0)


@checks(players=TB_PLAYERS)
def half_pair_model(players: int) -> float:
    """The simplest model: each round about half a pair is found (k pairs, each meets
    with chance 1/(2k-1): k/(2k-1), about 1/2), so N/2 pairs take about N rounds."""
    return float(players)


@checks(players=TB_PLAYERS)
def simple_model(players: int) -> Fraction:
    """The model one step up: the pairs are found one at a time, and with k pairs left a
    round finds k/(2k-1) pairs on average, so the k-th takes (2k-1)/k rounds:
    sum of (2k-1)/k for k = 1..N/2 (= N - H(N/2), H the harmonic number)."""
    return sum((Fraction(2 * k - 1, k) for k in range(1, players // 2 + 1)), Fraction(0))


@checks(players=TB_PLAYERS, games=count(MOST_IN_MEMORY), seed=a_seed, progress=flag, max_rounds=whole(1, 1_000_000))
def simulate_rounds(
    players: int, games: int = 10_000, seed: int = 0, progress: bool = False, max_rounds: int = 10_000
) -> np.ndarray:
    """Vectorized Total Black: ``games`` seeded games of ``players`` players (even), one
    card each (player i's partner is i ^ 1). Each bump round pairs up the players not
    yet found by a uniformly random perfect matching (sort random keys, the found ones
    last, and pair neighbours); partners who meet are found. Returns the rounds each
    game took (an int array)."""
    games = checked_count("games", games, MOST_IN_MEMORY)
    if not isinstance(players, int) or players < 2 or players % 2:
        raise ValueError(f"players must be an even number >= 2, got {players!r}")
    rng = np.random.default_rng(seed)
    out = np.empty(games, dtype=np.int64)
    bar = progress_bar(games, f"{players} players", "game", progress)
    start = 0
    for n in _chunks(games):
        out[start : start + n] = _rounds_batch(players, n, rng, max_rounds)
        start += n
        bar.update(n)
    bar.close()
    return out


def _rounds_batch(players: int, games: int, rng: np.random.Generator, max_rounds: int) -> np.ndarray:
    partner_of = np.arange(players) ^ 1
    found = np.zeros((games, players), dtype=bool)
    rounds = np.zeros(games, dtype=np.int64)
    live = np.arange(games)  # the games still going
    for r in range(1, max_rounds + 1):
        keys = rng.random((len(live), players))
        keys[found[live]] = 2.0  # found players sort last: the others form the matching
        order = np.argsort(keys, axis=1)
        a, b = order[:, 0::2], order[:, 1::2]  # neighbours meet
        met = (partner_of[a] == b) & ~np.take_along_axis(found[live], a, axis=1)
        rows = np.repeat(np.arange(len(live)), met.sum(axis=1))
        f = found[live]
        f[rows, a[met]] = True
        f[rows, b[met]] = True
        found[live] = f
        finished = f.all(axis=1)
        rounds[live[finished]] = r
        live = live[~finished]
        if not len(live):
            return rounds
    raise RuntimeError(f"{len(live)} games did not finish in {max_rounds} rounds")


@checks(players=TB_PLAYERS, games=count(MOST_IN_MEMORY), seed=a_seed)
def simulate_first_round(players: int, games: int = 10_000, seed: int = 0) -> np.ndarray:
    """How many pairs are found in the first bump round of each of ``games`` seeded games
    of ``players`` players (one random perfect matching each): an int array."""
    if not isinstance(players, int) or players < 2 or players % 2:
        raise ValueError(f"players must be an even number >= 2, got {players!r}")
    games = checked_count("games", games, MOST_IN_MEMORY // players)  # a (games, players) array
    rng = np.random.default_rng(seed)
    partner_of = np.arange(players) ^ 1
    order = np.argsort(rng.random((games, players)), axis=1)
    return (partner_of[order[:, 0::2]] == order[:, 1::2]).sum(axis=1)


@checks(
    players_list=items("a list of even player counts, e.g. [2, 4, 8]", TB_PLAYERS, least=1),
    games=count(MOST_IN_MEMORY),
    seed=a_seed,
    progress=flag,
)
def rounds_table(players_list: Iterable[int], games: int = 2000, seed: int = 0, progress: bool = False) -> list[dict]:
    """For each N: the simulated mean rounds ± 2 SE (seed ``seed + N``), the exact
    expectation, and the two simple models."""
    games = checked_count("games", games)
    rows = []
    players_list = list(players_list)
    bar = progress_bar(len(players_list), "N", "N", progress)
    for n in players_list:
        sim = simulate_rounds(n, games, seed + n)
        exact = expected_rounds(n // 2)
        rows.append(
            {
                "players": n,
                "sim": float(sim.mean()),
                "two_se": 2 * se_of_mean(sim),
                "exact": exact,
                "agree": bool(abs(sim.mean() - float(exact)) <= 2 * se_of_mean(sim) if n > 2 else sim.mean() == 1),
                "simple": simple_model(n),
                "half_pair": half_pair_model(n),
            }
        )
        bar.update()
    bar.close()
    return rows


@checks(players=TB_PLAYERS, games=count(MOST_IN_MEMORY), seed=a_seed, progress=flag)
def engine_rounds(
    players: int, games: int = 20, seed: int = 0, progress: bool = False, bots=None, **options: Any
) -> np.ndarray:
    """The rounds each of ``games`` Total Black games took when played by the engine
    (:class:`.total_black.TotalBlack`, seeded with ``seed + i``) with its bots
    (``bots``: a factory ``(seat, seed) -> bot``, default ``bots.TB_BOTS``) on virtual time,
    through the package's :class:`~brady_widgets.scheduler.Scheduler` (see
    :func:`total_black_game`)."""
    games = checked_count("games", games, MOST_IN_MEMORY)
    out = np.empty(games, dtype=np.int64)
    bar = progress_bar(games, f"engine, {players} players", "game", progress)
    for i in range(games):
        out[i] = game_rounds(total_black_game(players, seed + i, bots=bots, **options))
        bar.update()
    bar.close()
    return out


@checks(game=TOTAL_BLACK)
def game_rounds(game) -> int:
    """How many bump rounds a finished Total Black game took: the last pair is found
    at the deadline ``rounds x bump_ms`` (the first bumps happen at time 0)."""
    view = game.view(None)
    if view["reason"] != "all_found":
        raise RuntimeError(f"the game did not end with everybody found (reason: {view['reason']!r})")
    last = max(view["found_at"])
    bump = view["options"]["bump_ms"]
    if last % bump:
        raise RuntimeError(f"the last pair was found at {last} ms, not at a bump deadline")
    return last // bump


@checks(players=TB_PLAYERS, seed=a_seed, bumps=optional(whole(1)))
def total_black_game(players: int = 42, seed: int = 0, bumps: int | None = None, bots=None, **options: Any):
    """A seeded Total Black game (:class:`.total_black.TotalBlack`) played by bots
    (default ``bots.TB_BOTS``: hold iff the cry heard is your own) on virtual time,
    through the package's scheduler: up to the moment of its ``bumps``-th bump (the
    players have heard the cries of that bump and the bots have reacted at once:
    holding or not), or to the end (``bumps=None``)."""
    from ..scheduler import Scheduler
    from .total_black import TotalBlack

    factory = _tb_factory(bots)
    g = TotalBlack(players, seed, **options)
    sched = Scheduler(g, {s: factory(s, seed) for s in range(players)}, lag=0, copy_views=False)
    if bumps is None:
        sched.run(max_steps=10**7)
    else:
        if not isinstance(bumps, int) or bumps < 1:
            raise ValueError(f"bumps must be a whole number >= 1, got {bumps!r}")
        sched.run_until((bumps - 1) * g.options["bump_ms"])  # the first bumps are at time 0
    return g


def _tb_factory(bots):
    if bots is None:
        from .bots import TB_BOTS

        bots = TB_BOTS
    return bots if callable(bots) else bots[next(iter(bots))]


@checks(sim=ROUNDS, pairs=PAIRS, engine=optional(ROUNDS), ax=optional(axes), title=text)
def plot_rounds(sim: np.ndarray, pairs: int, engine: np.ndarray | None = None, ax=None, title: str = ""):
    """The distribution of the rounds to finish: the simulation's bars, the exact
    chain's dots, the engine's games (if given) as a step line."""
    plt = need("matplotlib.pyplot")
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 4))
    top = int(max(sim.max(), engine.max() if engine is not None and len(engine) else 0))
    t = np.arange(top + 1)
    freq = np.bincount(sim, minlength=top + 1) / len(sim)
    ax.bar(t, freq, color="#56B4E9", label=f"vectorized simulation ({len(sim):,} games)")
    exact = rounds_distribution(pairs, top)
    ax.plot(t, exact, ".", color="#0072B2", label="exact (Markov chain)")
    if engine is not None and len(engine):
        eng = np.bincount(engine, minlength=top + 1) / len(engine)
        ax.step(t, eng, where="mid", color="#D55E00", label=f"the engine's games ({len(engine)})")
    ax.axvline(float(expected_rounds(pairs)), color="black", lw=1, ls="--", label="exact mean")
    ax.set_xlabel("bumps until every pair is found")
    ax.set_ylabel("share of games")
    ax.set_xlim(max(-0.5, int(sim.min()) - 3), top + 1)
    ax.set_title(title)
    ax.legend(loc="upper right", fontsize="small")
    return ax


def players_explorer(players: int = 42):
    """A slider for the number of players (2 to 42, even) and the chart of the exact
    distribution of the bumps until everybody is found (the Markov chain), with its mean
    and the simple model's line."""
    import ipywidgets as W

    explorers.checked_start("players", players, 2, 42, step=2)
    slider = W.IntSlider(value=players, min=2, max=42, step=2, description="players", continuous_update=False)

    def draw(ax, n):
        dist = rounds_distribution(n // 2, 120)
        mean = expected_rounds(n // 2)
        ax.bar(np.arange(len(dist)), dist, color="#56B4E9", label="exact distribution (Markov chain)")
        ax.axvline(float(mean), color="black", ls="--", lw=1, label="exact mean")  # no number: an exercise asks for one
        ax.axvline(float(simple_model(n)), color="#009E73", ls=":", lw=1.5, label="model: one pair at a time")
        ax.set_xlim(-0.5, 100)
        ax.set_xlabel("bumps until every pair is found")
        ax.set_ylabel("probability")
        ax.set_title(f"{n} players")
        ax.legend(loc="upper right", fontsize="small")
        return {"mean": mean, "dist": dist}

    return explorers.explorer(
        slider, draw, f"A players slider (start {players}) and the chart of the bumps until all are found"
    )


@checks(rows=TIME_ROWS, ax=optional(axes), title=text)
def plot_time_vs_players(rows: list[dict], ax=None, title: str = ""):
    """Mean rounds against N: the simulation (± 2 SE), the exact chain, the two models."""
    plt = need("matplotlib.pyplot")
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 4))
    n = [r["players"] for r in rows]
    ax.errorbar(
        n,
        [r["sim"] for r in rows],
        yerr=[r["two_se"] for r in rows],
        fmt="o",
        color="#56B4E9",
        capsize=2,
        label="simulated mean (± 2 SE)",
    )
    ax.plot(n, [float(r["exact"]) for r in rows], "-", color="#0072B2", label="exact (Markov chain)")
    ax.plot(n, [float(r["simple"]) for r in rows], "--", color="#009E73", label="model: one pair at a time")
    ax.plot(n, [r["half_pair"] for r in rows], ":", color="#D55E00", label="model: N bumps")
    ax.set_xlabel("N: players")
    ax.set_ylabel("mean bumps until all are found")
    ax.set_title(title)
    ax.legend()
    return ax

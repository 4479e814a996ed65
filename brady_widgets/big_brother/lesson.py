"""The helpers the Big Brother notebooks use, so that a cell a student reads stays short.

Three groups:

* the tutorial (``big_brother.ipynb``): :func:`show` (a live widget at a position from
  :mod:`.positions`), :func:`log`, :func:`moment` (the replay step before an event, for
  the debrief);
* where two dice take a pawn (``two_dice_markov.ipynb``): the one-roll chain over the
  track (:func:`chain_matrix`), the pawn after ``k`` rolls (:func:`after_rolls`), where a
  turn ends exactly (:func:`end_exact`, from :mod:`.odds`: the absorbing chain's
  fundamental matrix) against a seeded simulation (:func:`simulate_turns`), plotting;
* voting blocs (``voting_blocs.ipynb``): many seeded bot games with and without a bloc of
  bots voting together (:func:`bloc_experiment`), who is evicted with ± 2 standard
  errors, and the social model's affinities plotted from the bots' own API
  (:func:`plot_affinities`); the same seeds compared pair by pair with an exact sign test
  (:func:`paired`, :func:`.odds.sign_test`); the decision to join a bloc or not, each
  choice's expected payoff with ± 2 SE (:func:`join_decision`); how many rows of a table
  fall outside ± 2 SE (:func:`rows_outside`, the Markov lesson).

The exact numbers come from :mod:`.odds` (nothing is computed twice); every simulation is
seeded, so a notebook cell gives the same output on every computer.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..frames import short
from ..optional import lazy, need
from ..progress import (
    MOST_IN_MEMORY,
    a_seed,
    axes,
    checked_count,
    checks,
    choice,
    count,
    flag,
    function,
    game_of,
    items,
    kind,
    mapping,
    number,
    optional,
    players_of,
    progress_bar,
    text,
    whole,
)
from . import odds
from .content import DEFAULT_TRACK

if TYPE_CHECKING:
    import numpy as np
else:
    # numpy (the lessons extra) is imported at its first use: the helpers the rules tutorial
    # imports from here (log, moment, show, ...) run in a browser kernel that has none
    np = lazy("numpy")

#: colours of the space kinds (the widget's board uses the same idea: yellow confrontation,
#: blue gossip, red camera, grey rooms)
KIND_COLORS = {"confrontation": "#F0E442", "gossip": "#56B4E9", "camera": "#D55E00", "room": "#999999"}

_CHUNKS = 20

#: the arguments this game's helpers take (checked once at each helper's entry, in the game's words)
GAME = game_of("big_brother", "a Big Brother game (BigBrother(...) or one of positions')")
SEAT = whole(0, 5)
PLAYERS = players_of("big_brother")
SEATS = items("a list of seats, e.g. (1, 4)", SEAT)
TRACK = optional(
    items(
        "a track: a list of spaces, each a dict with its 'kind' (as DEFAULT_TRACK)",
        kind(lambda s: isinstance(s, str) or (isinstance(s, dict) and "kind" in s), "a space with its 'kind'"),
        least=1,
    )
)
PROBS = items("a list of probabilities, one per space", number(0, 1), least=1)
ROW = mapping("a game's row (as bloc_experiment() gives them)", keys=("seed", "first_out", "winner"))
ROWS = items("a list of games' rows, as bloc_experiment() gives it", ROW, least=1)
RUNS = mapping("a dict of labels and runs, e.g. {'no bloc': rows}", values=ROWS, least=1)
KEY = choice(("first_out", "winner"))
SHARE = mapping("a share with its 2 SE, as bloc_summary() gives them", keys=("share", "two_se"))
BOTS_OF_GAME = mapping(
    "the bots of a game, {seat: bot}, as play_game() gives them",
    values=kind(lambda b: isinstance(getattr(b, "affinity", None), dict), "a Big Brother bot"),
    least=1,
)


def _probabilities(name: str, value: Any) -> None:
    """A probability, or a list (an array) of them."""
    if hasattr(value, "__len__") and not isinstance(value, (str, dict)):
        items("a probability or a list of them", number(0, 1))(name, value)
    else:
        number(0, 1)(name, value)


def _check_start(start: int, track: Sequence | None) -> None:
    """A start space on the track (after its spec: a whole number >= 0)."""
    n = len(track or DEFAULT_TRACK)
    if not start < n:
        raise ValueError(f"start must be a space 0..{n - 1}, got {start!r}")


# ================================================================ the tutorial
class Waiter:
    """A seat that never acts (the tutorial's other housemates): a position stays as it
    is until the student acts or the gossip countdown runs out."""

    name = "wait"

    def __init__(self, seat: int, seed: int = 0):
        self.seat = seat

    def plan(self, view: dict, legal: list):
        return None

    def choose(self, view: dict, legal: list) -> dict:
        raise RuntimeError("a waiting seat is never asked to choose")  # the scheduler asks plan()


@checks(game=GAME, seat=SEAT)
def show(game, seat: int = 0, others: Any = "wait", **options: Any):
    """A live Big Brother widget at this position (a copy of ``game``), seen from
    ``seat``. ``others="wait"``: the other seats never act (only the student and the
    clock move the game); or a bot name of :data:`.bots.BOTS` to let bots play them."""
    from .widget import BigBrotherWidget

    kwargs = dict(game=game.clone(), humans=[seat], **options)
    if others == "wait":
        kwargs["bot"] = Waiter
    elif others is not None:
        kwargs["bot"] = others
    return BigBrotherWidget(**kwargs)


@checks(game=GAME, seat=SEAT, last=whole(0))
def log(game, seat: int = 0, last: int = 3) -> None:
    """Print the last lines of ``seat``'s log, as the widget words them."""
    for entry in show(game, seat).log_lines[-last:]:
        print(f"  Player {seat + 1} reads: {entry['text']}")


@checks(game=GAME, kind=text, nth=whole(0))
def moment(game, kind: str, nth: int = 0) -> int:
    """The replay step (``widget.replay_to``: a number of player actions and clock steps)
    just before the action that caused the ``nth`` event of type ``kind`` (``"evicted"``,
    ``"nominated"``, ``"gossip_reveal"``, ``"claim"``, ...), for the teacher's debrief.

    An event's ``step`` is the history's length when it happened: the causing action and
    the chance outcomes it drew (dice) are in it, and the replay does not count those."""
    steps = [e["step"] for e in game.log_for(None, reveal=True) if e["type"] == kind]
    if len(steps) <= nth:
        raise ValueError(
            f"kind must be an event this game has had {nth + 1} time(s); it has {len(steps)} {kind!r} event(s)"
        )
    return sum(1 for h in game.history[: steps[nth]] if h.get("seat") != "chance") - 1


# ================================================================ two dice and a chain
@checks(track=TRACK)
def kinds(track: Sequence | None = None) -> list[str]:
    """The kind of each space (``"room"``, ``"confrontation"``, ``"gossip"``, ``"camera"``)."""
    return [s["kind"] if isinstance(s, dict) else s for s in (track or DEFAULT_TRACK)]


@checks(track=TRACK)
def names(track: Sequence | None = None) -> list[str]:
    """A short name for each space: the room, or the kind."""
    return [(s.get("room") or s["kind"]) if isinstance(s, dict) else s for s in (track or DEFAULT_TRACK)]


def two_dice() -> dict[int, Fraction]:
    """P(sum = s) for two fair dice (from :mod:`.odds`)."""
    return odds.two_dice()


@checks(rolls=count(MOST_IN_MEMORY), seed=a_seed)
def roll_sums(rolls: int, seed: int = 0) -> np.ndarray:
    """``rolls`` seeded sums of two dice (numpy)."""
    rolls = checked_count("rolls", rolls, MOST_IN_MEMORY)
    rng = np.random.default_rng(seed)
    return rng.integers(1, 7, rolls) + rng.integers(1, 7, rolls)


@checks(
    values=items("a list (or array) of values", least=1), support=items("a list of values, e.g. range(2, 13)", number())
)
def frequencies(values: np.ndarray, support: Sequence[int]) -> np.ndarray:
    """The share of ``values`` equal to each of ``support``."""
    values = np.asarray(values)
    return np.array([np.mean(values == v) for v in support])


@checks(p=_probabilities, n=count())
def two_se(p, n: int) -> np.ndarray:
    """Two standard errors of a share of ``n`` independent trials with chance ``p``:
    how far a simulated share may fall from ``p`` by chance (about 19 times in 20)."""
    p = np.asarray([float(x) for x in np.atleast_1d(p)])
    return 2 * np.sqrt(p * (1 - p) / n)


@checks(track=TRACK)
def chain_matrix(track: Sequence | None = None) -> list[list[Fraction]]:
    """The one-roll Markov chain over the track: ``P[x][y]`` is the chance that one roll
    of two dice takes a pawn from space ``x`` to space ``y``. Confrontation spaces are
    *absorbing* (``P[x][x] = 1``: the turn is over there); from any other space the pawn
    rolls again."""
    k = kinds(track)
    n = len(k)
    out = [[Fraction(0)] * n for _ in range(n)]
    for x in range(n):
        if k[x] == odds.CONFRONTATION:
            out[x][x] = Fraction(1)
            continue
        for s, p in odds.SUM_ODDS.items():
            out[x][(x + s) % n] += p
    return out


@checks(track=TRACK)
def chain_array(track: Sequence | None = None) -> np.ndarray:
    """:func:`chain_matrix` as a float array (for matrix powers and plots)."""
    return np.array([[float(p) for p in row] for row in chain_matrix(track)])


@checks(start=whole(0), rolls=whole(0, 10_000), track=TRACK)
def after_rolls(start: int, rolls: int, track: Sequence | None = None) -> list[Fraction]:
    """Exact: where a pawn that starts its turn on ``start`` stands after ``rolls`` rolls
    (a pawn whose turn has ended stays on its confrontation space): the row ``start`` of
    ``P^rolls``, computed one roll at a time."""
    p = chain_matrix(track)
    n = len(p)
    if not 0 <= start < n:
        raise ValueError(f"start must be a space 0..{n - 1}, got {start!r}")
    dist = [Fraction(int(j == start)) for j in range(n)]
    if kinds(track)[start] == odds.CONFRONTATION:
        # a turn that *starts* on a confrontation space (where the last one ended) rolls first
        dist = [Fraction(0)] * n
        for s, q in odds.SUM_ODDS.items():
            dist[(start + s) % n] += q
        rolls -= 1
    for _ in range(max(rolls, 0)):
        new = [Fraction(0)] * n
        for x, q in enumerate(dist):
            if q:
                for y, r in enumerate(p[x]):
                    if r:
                        new[y] += q * r
        dist = new
    return dist


@checks(start=whole(0), rolls=whole(0, 10_000), track=TRACK)
def turn_over_by(start: int, rolls: int, track: Sequence | None = None) -> Fraction:
    """Exact P(the turn from ``start`` is over after at most ``rolls`` rolls)."""
    k = kinds(track)
    return sum((q for j, q in enumerate(after_rolls(start, rolls, track)) if k[j] == odds.CONFRONTATION), Fraction(0))


@checks(start=whole(0), track=TRACK)
def end_exact(start: int, track: Sequence | None = None) -> list[Fraction]:
    """Exact P(the turn from ``start`` ends on each space) (:func:`.odds.end_odds`)."""
    _check_start(start, track)
    return odds.end_odds(track or DEFAULT_TRACK, start)


@checks(start=whole(0), track=TRACK)
def landing_exact(start: int, track: Sequence | None = None) -> list[Fraction]:
    """Exact P(the pawn lands on each space at least once this turn): the odds panel
    (:func:`.odds.landing_odds`)."""
    _check_start(start, track)
    return odds.landing_odds(track or DEFAULT_TRACK, start)


@checks(start=whole(0), track=TRACK)
def expected_rolls(start: int, track: Sequence | None = None) -> Fraction:
    """Exact expected number of rolls in a turn from ``start`` (:func:`.odds.expected_rolls`)."""
    _check_start(start, track)
    return odds.expected_rolls(track or DEFAULT_TRACK, start)


@checks(start=whole(0), turns=count(MOST_IN_MEMORY), seed=a_seed, track=TRACK, progress=flag)
def simulate_turns(
    start: int, turns: int, seed: int = 0, track: Sequence | None = None, progress: bool = False
) -> dict:
    """``turns`` seeded turns from ``start`` with two fair dice, all at once in numpy:
    ``{"end": the space each turn ended on, "rolls": the rolls it took, "landed": a
    (turns x spaces) boolean array of the spaces it landed on}``."""
    turns = checked_count("turns", turns, MOST_IN_MEMORY)
    _check_start(start, track)
    k = kinds(track)
    n = len(k)
    absorbing = np.array([x == odds.CONFRONTATION for x in k])
    rng = np.random.default_rng(seed)
    bar = progress_bar(turns, "turns", "turn", progress)
    ends, rolls, landed = [], [], []
    chunk = max(1, math.ceil(turns / _CHUNKS))
    for lo in range(0, turns, chunk):
        m = min(chunk, turns - lo)
        pos = np.full(m, start)
        alive = np.ones(m, bool)
        count = np.zeros(m, int)
        seen = np.zeros((m, n), bool)
        while alive.any():
            idx = np.nonzero(alive)[0]
            pos[idx] = (pos[idx] + rng.integers(1, 7, len(idx)) + rng.integers(1, 7, len(idx))) % n
            count[idx] += 1
            seen[idx, pos[idx]] = True
            alive[idx] = ~absorbing[pos[idx]]
        ends.append(pos)
        rolls.append(count)
        landed.append(seen)
        bar.update(m)
    bar.close()
    return {"end": np.concatenate(ends), "rolls": np.concatenate(rolls), "landed": np.concatenate(landed)}


@checks(
    exact=PROBS,
    simulated=items("a list of simulated shares, one per space", number(0, 1), least=1),
    n=count(),
    labels=optional(items("a list of labels")),
    only=optional(items("a list of spaces", whole(0))),
)
def compare(
    exact: Sequence, simulated: Sequence, n: int, labels: Sequence | None = None, only: Sequence[int] | None = None
) -> str:
    """A small table: exact (fraction and decimal), simulated, ± 2 SE, and whether the
    simulation is within 2 SE."""
    rows = [f"{'':>16} {'exact':>9} {'simulated':>10} {'± 2 SE':>8}  within?"]
    idx = range(len(exact)) if only is None else only
    for i in idx:
        p = float(exact[i])
        band = float(two_se([p], n)[0])
        label = labels[i] if labels is not None else str(i)
        ok = abs(simulated[i] - p) <= band if band > 0 else simulated[i] == p
        rows.append(f"{label:>16} {p:9.4f} {simulated[i]:10.4f} {band:8.4f}  {'yes' if ok else 'NO'}")
    return "\n".join(rows)


@checks(ax=axes, sums=optional(items("an array of sums (roll_sums())")))
def plot_two_dice(ax, sums: np.ndarray | None = None):
    """Bars of the exact sum of two dice; dots with ± 2 SE bars for a simulation."""
    exact = two_dice()
    xs = list(exact)
    ax.bar(xs, [float(exact[s]) for s in xs], color="#0072B2", alpha=0.6, label="exact (36 equally likely pairs)")
    if sums is not None:
        freq = frequencies(sums, xs)
        ax.errorbar(
            xs,
            freq,
            yerr=two_se([exact[s] for s in xs], len(sums)),
            fmt="o",
            color="#D55E00",
            capsize=3,
            label=f"simulated: {len(sums):,} rolls (± 2 SE)",
        )
    ax.set_xticks(xs)
    ax.set_xlabel("sum of two dice")
    ax.set_ylabel("probability")
    ax.legend(loc="upper left")
    return ax


@checks(
    ax=axes,
    probs=PROBS,
    track=TRACK,
    simulated=optional(items("a list of simulated shares", number(0, 1))),
    n=optional(count()),
    title=text,
    mark=optional(whole(0)),
)
def plot_board(
    ax,
    probs: Sequence,
    track: Sequence | None = None,
    simulated: Sequence | None = None,
    n: int | None = None,
    title: str = "",
    mark: int | None = None,
):
    """One bar per space of the board, coloured by its kind; optional simulated shares
    as dots with ± 2 SE bars; ``mark``: a space to point at (the start)."""
    k = kinds(track)
    xs = np.arange(len(k))
    ax.bar(xs, [float(p) for p in probs], color=[KIND_COLORS[x] for x in k], edgecolor="#555555", linewidth=0.5)
    if simulated is not None:
        ax.errorbar(xs, simulated, yerr=two_se(probs, n), fmt="o", ms=3, color="black", capsize=2)
    if mark is not None:
        ax.annotate(
            "start",
            (mark, 0),
            xytext=(mark, -0.035),
            ha="center",
            fontsize=8,
            arrowprops={"arrowstyle": "->"},
            annotation_clip=False,
        )
    ax.set_xticks(xs[::2])
    ax.set_xlabel("space of the board")
    ax.set_ylabel("probability")
    ax.set_title(title)
    Patch = need("matplotlib.patches").Patch
    ax.legend(
        handles=[Patch(facecolor=c, edgecolor="#555555", label=name) for name, c in KIND_COLORS.items()],
        loc="upper right",
        fontsize=8,
    )
    return ax


@checks(ax=axes, track=TRACK)
def plot_chain(ax, track: Sequence | None = None):
    """The chain matrix as a picture: row = the space a roll starts from, column = where
    it lands; a confrontation row is a single dot on the diagonal (absorbing)."""
    p = chain_array(track)
    ax.imshow(p, cmap="Blues", vmin=0, vmax=1 / 3)
    ax.set_xlabel("to space")
    ax.set_ylabel("from space")
    ax.set_title("one roll: P(from -> to)")
    return ax


@checks(ax=axes, start=whole(0), rolls=whole(1, 100), track=TRACK, labels=flag)
def plot_after_rolls(ax, start: int, rolls: int = 6, track: Sequence | None = None, labels: bool = True):
    """P(the turn is over after k rolls) for k = 1..``rolls``: the chain's absorption.
    ``labels=False``: no number printed at the points (where one would be an exercise's answer)."""
    ks = list(range(1, rolls + 1))
    ps = [float(turn_over_by(start, k, track)) for k in ks]
    ax.plot(ks, ps, "o-", color="#0072B2")
    if labels:
        for k, p in zip(ks, ps):
            ax.text(k, p + 0.03, f"{p:.3f}", ha="center", fontsize=8)
    else:
        ax.grid(axis="y", alpha=0.4)
    ax.set_ylim(0, 1.1)
    ax.set_xticks(ks)
    ax.set_xlabel("rolls so far")
    ax.set_ylabel("P(the turn is over)")
    return ax


@checks(track=TRACK)
def end_explorer(start: int = 7, track: Sequence | None = None):
    """A start-space slider and the chart of where the turn ends from there (exact),
    redrawn whenever the slider moves. Returns the box (``.result``: the last odds)."""
    import ipywidgets as W

    plt = need("matplotlib.pyplot")
    from .. import explorers

    n = len(kinds(track))
    explorers.checked_start("start", start, 0, n - 1)
    slider = W.IntSlider(value=start, min=0, max=n - 1, description="start space", continuous_update=False)
    out = W.Output()

    def redraw(*_):
        fig, ax = plt.subplots(figsize=(9, 3.2))
        box.result = end_exact(slider.value, track)
        plot_board(ax, box.result, track, title=f"where a turn from space {slider.value} ends", mark=slider.value)
        explorers.show_in(out, fig)

    box = explorers.box([slider, out], f"A start-space slider (start {start}) and the chart of where the turn ends")
    slider.observe(redraw, names="value")
    redraw()
    return box


# ================================================================ voting blocs
class _SharedLog:
    """A game's ``log_for`` that keeps one growing log per seat and hands out that same
    list (the engine's own ``log_for`` copies every event on every view, which is most of
    a bot game's time). Only for the experiment below, whose bots read their views and
    never change them; the games it plays are the same, step for step (a test checks)."""

    def __init__(self, game):
        self.game = game
        self.logs: dict = {}
        self.read: dict = {}

    def __call__(self, seat, reveal: bool = False):
        key = (seat, reveal)
        log = self.logs.setdefault(key, [])
        events = self.game.events
        for ev in events[self.read.get(key, 0) :]:
            if "audience" in ev:
                if not (reveal or (seat is not None and seat in ev["audience"])):
                    continue
                ev = {k: v for k, v in ev.items() if k != "audience"}
            log.append(ev)
        self.read[key] = len(events)
        return log


@checks(players=PLAYERS, seed=a_seed, bloc=SEATS, level=text, fast=flag)
def play_game(players: int = 6, seed: int = 0, bloc: Sequence[int] = (), level: str = "medium", fast: bool = True):
    """One bot game on virtual time (every bot acts as soon as it wants): ``players``
    bots of ``level``, the seats of ``bloc`` (two or three, or none) voting together
    (:func:`.bots.make_bloc`). Returns ``(game, bots)``: the finished game and the bots
    (``bots[seat].affinity``, ``.history``: the social model)."""
    from ..scheduler import Scheduler
    from .bots import BOTS, make_bloc
    from .rules import BigBrother

    if not isinstance(level, str) or level not in BOTS:
        raise ValueError(f"level is one of {sorted(BOTS)}, got {short(level)}")
    game = BigBrother(players, seed)
    if fast:
        game.log_for = _SharedLog(game)
    bots = {s: BOTS[level](s, seed) for s in range(players)}
    if bloc:
        bots.update({s: factory(s, seed) for s, factory in make_bloc(list(bloc), level).items()})
    Scheduler(game, bots, delay=0, lag=0, copy_views=False).run(max_steps=1_000_000)
    if not game.over:
        raise RuntimeError("the bot game did not finish")
    if fast:
        del game.log_for  # back to the engine's own (copying) log
    return game, bots


@checks(players=PLAYERS, bloc=SEATS, seed=a_seed, level=text, progress=flag)  # games: MOST_GAMES, below
def bloc_experiment(
    players: int = 6,
    games: int = 40,
    bloc: Sequence[int] = (),
    seed: int = 2026,
    level: str = "medium",
    progress: bool = False,
) -> list[dict]:
    """``games`` seeded bot games (game ``i`` seeded with ``simulation.game_seed(seed, i)``,
    the same seeds with and without a bloc, so the two runs differ only by the bloc).
    One row per game: ``{"game", "seed", "bloc", "evicted" (in order), "first_out",
    "returned", "winner"}``."""
    from ..simulation import MOST_GAMES, game_seed

    games = checked_count("games", games, MOST_GAMES)  # a row per game, kept

    bar = progress_bar(games, f"bloc {tuple(bloc) or 'none'}", "game", progress)
    rows = []
    for i in range(games):
        gseed = game_seed(seed, i)
        game, _ = play_game(players, gseed, bloc, level)
        rows.append(
            {
                "game": i,
                "seed": gseed,
                "bloc": tuple(bloc),
                "evicted": list(game.evicted),
                "first_out": game.evicted[0],
                "returned": game.returned,
                "winner": game.winners[0],
            }
        )
        bar.update()
    bar.close()
    return rows


@checks(rows=ROWS, test=function("a function of a row that says True or False"))
def share(rows: list[dict], test) -> dict:
    """The share of ``rows`` for which ``test(row)`` is true, with 2 standard errors
    (``{"share", "two_se", "hits", "games"}``)."""
    hits = sum(1 for r in rows if test(r))
    n = len(rows)
    p = hits / n
    return {"share": p, "two_se": 2 * math.sqrt(p * (1 - p) / n) if n else float("nan"), "hits": hits, "games": n}


@checks(rows=ROWS, members=SEATS)
def bloc_summary(rows: list[dict], members: Sequence[int]) -> dict:
    """For the seats ``members``: the share of games in which one of them was evicted
    first, and in which one of them won, each with ± 2 SE."""
    m = set(members)
    return {"first_out": share(rows, lambda r: r["first_out"] in m), "winner": share(rows, lambda r: r["winner"] in m)}


@checks(members=SEATS, players=PLAYERS)
def fair_share(members: Sequence[int], players: int) -> Fraction:
    """If no seat had an edge (every seat alike, by symmetry), the exact chance that one of
    ``members`` is the first evicted, or the winner: ``len(members) / players``."""
    return Fraction(len(members), players)


@checks(rows=ROWS, players=PLAYERS, key=KEY)
def seat_shares(rows: list[dict], players: int, key: str = "first_out") -> np.ndarray:
    """The share of games in which each seat was ``key`` (``"first_out"`` or ``"winner"``)."""
    counts = np.bincount([r[key] for r in rows], minlength=players)
    return counts / len(rows)


@checks(
    ax=axes,
    runs=RUNS,
    players=PLAYERS,
    key=KEY,
    blocs=optional(mapping("a dict of labels and their blocs", values=SEATS)),
)
def plot_seat_shares(ax, runs: dict, players: int, key: str = "first_out", blocs: dict | None = None):
    """Grouped bars: for each run (``{label: rows}``), the share of games in which each
    seat was ``key``, with ± 2 SE bars; the dotted line is the fair share 1/players;
    ``blocs``: ``{label: bloc seats}`` to hatch the members' bars."""
    width = 0.8 / len(runs)
    xs = np.arange(players)
    colors = ["#999999", "#0072B2", "#D55E00", "#009E73"]
    for k, (label, rows) in enumerate(runs.items()):
        p = seat_shares(rows, players, key)
        se = 2 * np.sqrt(p * (1 - p) / len(rows))
        bars = ax.bar(
            xs + (k - (len(runs) - 1) / 2) * width, p, width, yerr=se, capsize=2, color=colors[k % 4], label=label
        )
        for s in (blocs or {}).get(label, ()):
            bars[s].set_hatch("//")
    ax.axhline(1 / players, ls=":", color="black", lw=1)
    ax.set_xticks(xs)
    ax.set_xticklabels([f"Player {s + 1}" for s in xs])
    ax.set_ylabel("share of games")
    ax.set_ylim(0, 1)
    ax.set_title({"first_out": "who is evicted first", "winner": "who wins"}.get(key, key))
    ax.legend(fontsize=8)
    return ax


@checks(ax=axes, bots=BOTS_OF_GAME, bloc=SEATS, title=text)
def plot_affinities(ax, bots: dict, bloc: Sequence[int] = (), title: str = ""):
    """The social model as a picture: row = the bot, column = the housemate it likes
    (green) or dislikes (purple), from each bot's own ``affinity`` (the bots' API); the
    bloc's members are outlined."""
    n = len(bots)
    m = np.zeros((n, n))
    for s, bot in bots.items():
        for t, v in bot.affinity.items():
            m[s, t] = v
    img = ax.imshow(m, cmap="PRGn", vmin=-5, vmax=5)
    for s in range(n):
        for t in range(n):
            if s != t:
                ax.text(t, s, f"{m[s, t]:.1f}", ha="center", va="center", fontsize=7)
    for s in bloc:
        for t in bloc:
            if s != t:
                ax.add_patch(
                    need("matplotlib.patches").Rectangle((t - 0.5, s - 0.5), 1, 1, fill=False, lw=2, color="#D55E00")
                )
    labels = [f"P{s + 1}" for s in range(n)]
    ax.set_xticks(range(n))
    ax.set_xticklabels(labels)
    ax.set_yticks(range(n))
    ax.set_yticklabels(labels)
    ax.set_xlabel("liking of ...")
    ax.set_ylabel("bot")
    ax.set_title(title)
    return img


@checks(
    ax=axes,
    bot=kind(lambda b: isinstance(getattr(b, "history", None), list), "a Big Brother bot (play_game()'s bots[seat])"),
    players=optional(PLAYERS),
)
def plot_affinity_history(ax, bot, players: int | None = None):
    """One bot's liking of each other housemate as the game goes on (its ``history``:
    one row per event that moved it)."""
    rows = bot.history
    others = sorted(rows[0]["affinity"])
    steps = [r["step"] for r in rows]
    for t in others:
        ax.step(steps, [r["affinity"][t] for r in rows], where="post", label=f"Player {t + 1}")
    ax.axhline(0, color="black", lw=0.5)
    ax.set_xlabel("game step")
    ax.set_ylabel(f"Player {bot.seat + 1}'s liking")
    ax.legend(fontsize=8, ncol=2)
    return ax


@checks(a=SHARE, b=SHARE)
def difference(a: dict, b: dict) -> dict:
    """The difference of two shares from :func:`share` (``b - a``) with its 2 standard
    errors, ``2 sqrt(SE_a^2 + SE_b^2)`` (independent runs): a gap larger than that is
    unlikely to be luck."""
    d = b["share"] - a["share"]
    return {"difference": d, "two_se": math.sqrt(a["two_se"] ** 2 + b["two_se"] ** 2)}


@checks(without=ROWS, with_=ROWS, members=SEATS, key=KEY)
def paired(without: list[dict], with_: list[dict], members: Sequence[int], key: str = "first_out") -> dict:
    """Same-seed runs compared game by game (the rows of :func:`bloc_experiment`, same
    seeds in the same order): in how many seed pairs the bloc **helped** (one of
    ``members`` was evicted first without it and not with it; for ``key="winner"``: won
    with it and not without), **hurt** (the other way round) or changed nothing
    (``same``), and the exact two-sided sign test of helped against hurt
    (:func:`.odds.sign_test`: ``p``, a Fraction)."""
    m = set(members)
    if [r["seed"] for r in without] != [r["seed"] for r in with_]:
        raise ValueError("the two runs must play the same seeds in the same order")
    good = (lambda r: r[key] not in m) if key == "first_out" else (lambda r: r[key] in m)
    helped = sum(1 for a, b in zip(without, with_) if not good(a) and good(b))
    hurt = sum(1 for a, b in zip(without, with_) if good(a) and not good(b))
    return {"helped": helped, "hurt": hurt, "same": len(without) - helped - hurt, "p": odds.sign_test(helped, hurt)}


@checks(result=mapping("a paired result, as paired() gives it", keys=("helped", "hurt", "same", "p")))
def print_paired(result: dict) -> None:
    """:func:`paired`'s counts and its sign test, in words."""
    n = result["helped"] + result["hurt"]
    print(f"seed pairs: bloc helped {result['helped']}, hurt {result['hurt']}, no change {result['same']}")
    print(f"if the bloc did nothing, each of the {n} changed pairs would go either way with chance 1/2:")
    print(f"P(a split at least this lopsided, either way) = {result['p']} = {float(result['p']):.4f}")


@checks(rows=whole(0, 10_000), p=number(0, 1))
def rows_outside(rows: int, p: Fraction = Fraction(1, 20)) -> list[Fraction]:
    """How many of ``rows`` independent rows fall outside their ± 2 SE band, each with
    chance ``p`` (about 1 in 20): the exact binomial distribution (:func:`.odds.binomial`)."""
    return odds.binomial(rows, p)


@checks(rows=whole(0, 10_000), most=whole(0, 10_000))
def print_rows_outside(rows: int, most: int = 3) -> None:
    """The chance of 0, 1, ... ``most`` and more rows outside ± 2 SE in a table of
    ``rows``, with a row outside 1 time in 20 and with the normal curve's 4.55%."""
    round_, normal = rows_outside(rows), rows_outside(rows, 0.0455)
    print(f"rows outside ± 2 SE among {rows}:   chance 1/20 each   chance 4.55% each")
    for k in range(most):
        print(f"{k:>30}   {float(round_[k]):15.3f}   {float(normal[k]):16.3f}")
    more = 1 - sum(round_[:most], Fraction(0)), 1 - sum(normal[:most])
    print(f"{str(most) + ' or more':>30}   {float(more[0]):15.3f}   {float(more[1]):16.3f}")
    print(f"{'2 or more':>30}   {float(1 - round_[0] - round_[1]):15.3f}   {1 - normal[0] - normal[1]:16.3f}")
    print(f"{'expected number':>30}   {float(rows * Fraction(1, 20)):15.3f}   {rows * 0.0455:16.3f}")


@checks(rows=ROWS, seat=SEAT, win=number(), first_out=number())
def payoffs(rows: list[dict], seat: int, win: float = 1, first_out: float = 0) -> np.ndarray:
    """One number per game for ``seat``: ``win`` if it won, ``first_out`` if it was the
    first evicted, 0 otherwise (the payoff a player puts on the outcomes)."""
    return np.array([win if r["winner"] == seat else first_out if r["first_out"] == seat else 0 for r in rows], float)


@checks(without=ROWS, with_=ROWS, seat=SEAT, win=number(), first_out=number())
def join_decision(without: list[dict], with_: list[dict], seat: int, win: float = 1, first_out: float = 0) -> dict:
    """Should ``seat`` join the bloc? Its expected payoff in the run without the bloc and in the
    run with it (same seeds): the mean payoff with ± 2 SE, and the seed-by-seed comparison
    (:func:`paired` on the payoff: helped, hurt, sign test). Returns
    ``{"stay": (mean, 2se), "join": (mean, 2se), "difference": (d, 2se), "helped", "hurt", "p"}``."""
    if [r["seed"] for r in without] != [r["seed"] for r in with_]:
        raise ValueError("the two runs must play the same seeds in the same order")
    a, b = payoffs(without, seat, win, first_out), payoffs(with_, seat, win, first_out)
    n = len(a)

    def mean_se(x):
        return float(x.mean()), 2 * float(x.std(ddof=1) / math.sqrt(n)) if n > 1 else float("nan")

    d = b - a
    helped, hurt = int((d > 0).sum()), int((d < 0).sum())
    return {
        "stay": mean_se(a),
        "join": mean_se(b),
        "difference": mean_se(d),
        "helped": helped,
        "hurt": hurt,
        "p": odds.sign_test(helped, hurt),
    }


@checks(without=ROWS, with_=ROWS, seat=SEAT, win=number(), first_out=number())
def print_join_decision(
    without: list[dict], with_: list[dict], seat: int, win: float = 1, first_out: float = 0
) -> dict:
    """:func:`join_decision` in words, for payoffs ``win`` and ``first_out``."""
    r = join_decision(without, with_, seat, win, first_out)
    print(f"Player {seat + 1}'s payoff: win {win:g}, evicted first {first_out:g}, otherwise 0 ({len(without)} seeds)")
    for label, key in (("stay out", "stay"), ("join the bloc", "join")):
        m, se = r[key]
        print(f"{label:>14}: expected payoff {m:+.3f} ± {se:.3f} (2 SE)")
    m, se = r["difference"]
    verdict = "bigger than luck" if abs(m) > se else "could be luck"
    print(f"{'join - stay':>14}: {m:+.3f} ± {se:.3f} (2 SE, paired by seed): {verdict}")
    print(
        f"{'seed by seed':>14}: joining helped in {r['helped']}, hurt in {r['hurt']}; sign test p = {float(r['p']):.3f}"
    )
    return r


@checks(runs=RUNS, members=SEATS, players=PLAYERS)
def print_bloc_table(runs: dict, members: Sequence[int], players: int) -> None:
    """One line per run (``{label: rows}``): the share of games in which one of
    ``members`` was evicted first, and won, each with ± 2 SE, beside the fair share."""
    fair = fair_share(members, players)
    who = ", ".join(f"Player {s + 1}" for s in members)
    print(
        f"one of {who}:   evicted first       wins        (fair share if no seat had an edge: {fair} = {float(fair):.3f})"
    )
    for label, rows in runs.items():
        s = bloc_summary(rows, members)
        f, w = s["first_out"], s["winner"]
        print(
            f"{label:>22}: {f['share']:.3f} ± {f['two_se']:.3f}   {w['share']:.3f} ± {w['two_se']:.3f}   ({len(rows)} games)"
        )

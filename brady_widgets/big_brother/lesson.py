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
  (:func:`plot_affinities`).

The exact numbers come from :mod:`.odds` (nothing is computed twice); every simulation is
seeded, so a notebook cell gives the same output on every computer.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any, Sequence

import numpy as np

from . import odds
from .content import DEFAULT_TRACK

#: colours of the space kinds (the widget's board uses the same idea: yellow confrontation,
#: blue gossip, red camera, grey rooms)
KIND_COLORS = {"confrontation": "#E69F00", "gossip": "#56B4E9", "camera": "#D55E00", "room": "#999999"}

_CHUNKS = 20


def progress_bar(total: int, desc: str, unit: str, show: bool):
    """A tqdm bar (as ``calibration.ipynb`` shows it) when ``show``, else a silent stand-in."""
    if show:
        from tqdm.auto import tqdm

        return tqdm(total=total, desc=desc, unit=unit)

    class _Quiet:
        def update(self, n=1):
            pass

        def close(self):
            pass

    return _Quiet()


# ================================================================ the tutorial
def show(game, seat: int = 0, others: Any = "wait", **options: Any):
    """A live Big Brother widget at this position (a copy of ``game``), seen from
    ``seat``. ``others="wait"``: the other seats never act (only the student and the
    clock move the game); or a bot name of :data:`.bots.BOTS` to let bots play them."""
    from .widget import BigBrotherWidget

    kwargs = dict(game=game.clone(), humans=[seat], **options)
    if others == "wait":
        from ..brouhaha.lesson import Waiter

        kwargs["bot"] = Waiter
    elif others is not None:
        kwargs["bot"] = others
    return BigBrotherWidget(**kwargs)


def log(game, seat: int = 0, last: int = 3) -> None:
    """Print the last lines of ``seat``'s log, as the widget words them."""
    for entry in show(game, seat).log_lines[-last:]:
        print(f"  Player {seat + 1} reads: {entry['text']}")


def moment(game, kind: str, nth: int = 0) -> int:
    """The replay step just before the ``nth`` event of type ``kind`` (``"evicted"``,
    ``"nominated"``, ``"gossip_reveal"``, ``"claim"``, ...), for the teacher's debrief."""
    steps = [e["step"] for e in game.log_for(None, reveal=True) if e["type"] == kind]
    if len(steps) <= nth:
        raise ValueError(f"the game has {len(steps)} {kind!r} event(s), not {nth + 1}")
    return steps[nth] - 1


# ================================================================ two dice and a chain
def kinds(track: Sequence | None = None) -> list[str]:
    """The kind of each space (``"room"``, ``"confrontation"``, ``"gossip"``, ``"camera"``)."""
    return [s["kind"] if isinstance(s, dict) else s for s in (track or DEFAULT_TRACK)]


def names(track: Sequence | None = None) -> list[str]:
    """A short name for each space: the room, or the kind."""
    return [(s.get("room") or s["kind"]) if isinstance(s, dict) else s for s in (track or DEFAULT_TRACK)]


def two_dice() -> dict[int, Fraction]:
    """P(sum = s) for two fair dice (from :mod:`.odds`)."""
    return odds.two_dice()


def roll_sums(rolls: int, seed: int = 0) -> np.ndarray:
    """``rolls`` seeded sums of two dice (numpy)."""
    rng = np.random.default_rng(seed)
    return rng.integers(1, 7, rolls) + rng.integers(1, 7, rolls)


def frequencies(values: np.ndarray, support: Sequence[int]) -> np.ndarray:
    """The share of ``values`` equal to each of ``support``."""
    values = np.asarray(values)
    return np.array([np.mean(values == v) for v in support])


def two_se(p, n: int) -> np.ndarray:
    """Two standard errors of a share of ``n`` independent trials with chance ``p``:
    how far a simulated share may fall from ``p`` by chance (about 19 times in 20)."""
    p = np.asarray([float(x) for x in np.atleast_1d(p)])
    return 2 * np.sqrt(p * (1 - p) / n)


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


def chain_array(track: Sequence | None = None) -> np.ndarray:
    """:func:`chain_matrix` as a float array (for matrix powers and plots)."""
    return np.array([[float(p) for p in row] for row in chain_matrix(track)])


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


def turn_over_by(start: int, rolls: int, track: Sequence | None = None) -> Fraction:
    """Exact P(the turn from ``start`` is over after at most ``rolls`` rolls)."""
    k = kinds(track)
    return sum((q for j, q in enumerate(after_rolls(start, rolls, track)) if k[j] == odds.CONFRONTATION), Fraction(0))


def end_exact(start: int, track: Sequence | None = None) -> list[Fraction]:
    """Exact P(the turn from ``start`` ends on each space) (:func:`.odds.end_odds`)."""
    return odds.end_odds(track or DEFAULT_TRACK, start)


def landing_exact(start: int, track: Sequence | None = None) -> list[Fraction]:
    """Exact P(the pawn lands on each space at least once this turn): the odds panel
    (:func:`.odds.landing_odds`)."""
    return odds.landing_odds(track or DEFAULT_TRACK, start)


def expected_rolls(start: int, track: Sequence | None = None) -> Fraction:
    """Exact expected number of rolls in a turn from ``start`` (:func:`.odds.expected_rolls`)."""
    return odds.expected_rolls(track or DEFAULT_TRACK, start)


def simulate_turns(start: int, turns: int, seed: int = 0, track: Sequence | None = None,
                   progress: bool = False) -> dict:
    """``turns`` seeded turns from ``start`` with two fair dice, all at once in numpy:
    ``{"end": the space each turn ended on, "rolls": the rolls it took, "landed": a
    (turns x spaces) boolean array of the spaces it landed on}``."""
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


def compare(exact: Sequence, simulated: Sequence, n: int, labels: Sequence | None = None,
            only: Sequence[int] | None = None) -> str:
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


def plot_two_dice(ax, sums: np.ndarray | None = None):
    """Bars of the exact sum of two dice; dots with ± 2 SE bars for a simulation."""
    exact = two_dice()
    xs = list(exact)
    ax.bar(xs, [float(exact[s]) for s in xs], color="#0072B2", alpha=0.6, label="exact (36 equally likely pairs)")
    if sums is not None:
        freq = frequencies(sums, xs)
        ax.errorbar(xs, freq, yerr=two_se([exact[s] for s in xs], len(sums)), fmt="o", color="#D55E00",
                    capsize=3, label=f"simulated: {len(sums):,} rolls (± 2 SE)")
    ax.set_xticks(xs)
    ax.set_xlabel("sum of two dice")
    ax.set_ylabel("probability")
    ax.legend(loc="upper left")
    return ax


def plot_board(ax, probs: Sequence, track: Sequence | None = None, simulated: Sequence | None = None,
               n: int | None = None, title: str = "", mark: int | None = None):
    """One bar per space of the board, coloured by its kind; optional simulated shares
    as dots with ± 2 SE bars; ``mark``: a space to point at (the start)."""
    k = kinds(track)
    xs = np.arange(len(k))
    ax.bar(xs, [float(p) for p in probs], color=[KIND_COLORS[x] for x in k])
    if simulated is not None:
        ax.errorbar(xs, simulated, yerr=two_se(probs, n), fmt="o", ms=3, color="black", capsize=2)
    if mark is not None:
        ax.annotate("start", (mark, 0), xytext=(mark, -0.035), ha="center", fontsize=8,
                    arrowprops={"arrowstyle": "->"}, annotation_clip=False)
    ax.set_xticks(xs[::2])
    ax.set_xlabel("space of the board")
    ax.set_ylabel("probability")
    ax.set_title(title)
    from matplotlib.patches import Patch

    ax.legend(handles=[Patch(color=c, label=name) for name, c in KIND_COLORS.items()], loc="upper right", fontsize=8)
    return ax


def plot_chain(ax, track: Sequence | None = None):
    """The chain matrix as a picture: row = the space a roll starts from, column = where
    it lands; a confrontation row is a single dot on the diagonal (absorbing)."""
    p = chain_array(track)
    ax.imshow(p, cmap="Blues", vmin=0, vmax=1 / 3)
    ax.set_xlabel("to space")
    ax.set_ylabel("from space")
    ax.set_title("one roll: P(from -> to)")
    return ax


def plot_after_rolls(ax, start: int, rolls: int = 6, track: Sequence | None = None):
    """P(the turn is over after k rolls) for k = 1..``rolls``: the chain's absorption."""
    ks = list(range(1, rolls + 1))
    ps = [float(turn_over_by(start, k, track)) for k in ks]
    ax.plot(ks, ps, "o-", color="#0072B2")
    for k, p in zip(ks, ps):
        ax.text(k, p + 0.03, f"{p:.3f}", ha="center", fontsize=8)
    ax.set_ylim(0, 1.1)
    ax.set_xticks(ks)
    ax.set_xlabel("rolls so far")
    ax.set_ylabel("P(the turn is over)")
    return ax


def end_explorer(start: int = 7, track: Sequence | None = None):
    """A start-space slider and the chart of where the turn ends from there (exact),
    redrawn whenever the slider moves. Returns the box (``.result``: the last odds)."""
    import ipywidgets as W
    import matplotlib.pyplot as plt

    from ..brady_bunch.lesson import _box, _show_in

    n = len(kinds(track))
    slider = W.IntSlider(value=start, min=0, max=n - 1, description="start space", continuous_update=False)
    out = W.Output()

    def redraw(*_):
        fig, ax = plt.subplots(figsize=(9, 3.2))
        box.result = end_exact(slider.value, track)
        plot_board(ax, box.result, track, title=f"where a turn from space {slider.value} ends", mark=slider.value)
        _show_in(out, fig)

    box = _box([slider, out], f"A start-space slider (start {start}) and the chart of where the turn ends")
    slider.observe(redraw, names="value")
    redraw()
    return box

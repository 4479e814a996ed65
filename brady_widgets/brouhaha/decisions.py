"""The decision lesson's helpers (``should_i_slap.ipynb``): slap now, or wait?

What a slap gains or costs, as :mod:`.rules` implements it (``_resolve_reveal``):

* a **right** slap (the second slapper's card is your animal): your card goes to your
  Reserve, **+1** Reserve card (the other slapper's card goes to theirs too);
* a **wrong** slap (a look-alike answers): both cards go back to their hands, **0**;
  with ``bang=True`` each of the two also loses its latest Reserve card, **-1**, but
  only if it has one;
* **waiting** changes nothing now: **0**.

The odds panel's chance ``p`` (:func:`.odds.share_chance`) is the chance that another
face-down card is your animal. The lesson's model: if one is, its owner answers your
slap (a match); if none is, a look-alike answers (a mismatch). So the expected value
of slapping, in your Reserve cards, is ``p * 1 - (1 - p) * loss`` (:func:`slap_value`),
and slapping beats waiting when that is above 0: at ``p`` above ``loss / (1 + loss)``
(:func:`break_even`).

:class:`ThresholdBot` slaps when the panel's chance reaches its threshold and
otherwise waits; it sees only its seat's view. :func:`decision_points` deals seeded
real games (the engine), every seat shows a random animal, and keeps the moments
when seat 0 hears its own cry elsewhere; :func:`compare_thresholds` lets a
threshold bot decide at each one and scores it twice: exactly (the mean of
:func:`slap_value` over the positions where it slapped) and by what the hidden
cards really were (a simulation, with its standard error).

Everything is exact (``Fraction``) or seeded.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

from ..progress import a_seed, axes, checks, count, flag, items, mapping, number, optional, players_of, text, whole
from . import odds

__all__ = [
    "GAIN",
    "slap_loss",
    "slap_value",
    "wait_value",
    "break_even",
    "ThresholdBot",
    "threshold_bot",
    "random_position",
    "decision_points",
    "compare_thresholds",
    "print_rows",
    "plot_thresholds",
]

#: what a right slap adds to your Reserve
GAIN = 1
SLAP = {"type": "slap"}

# the arguments of the lesson's building blocks, checked once at each public entry
RESERVE = whole(0)
PLAYERS = players_of("brouhaha")
CHANCE = number(0, 1)
ROWS = items(
    "a list of rows (compare_thresholds(...))",
    mapping("a row of compare_thresholds", keys=("threshold", "slaps", "exact", "simulated", "se", "within")),
)


@checks(bang=flag, reserve=RESERVE, cost=RESERVE)
def slap_loss(bang: bool = False, reserve: int = 1, cost: int = 1) -> int:
    """What a wrong slap takes from your Reserve: ``cost`` card(s) with Bang (the rules: 1),
    but never more than you have; nothing without Bang."""
    return min(cost, reserve) if bang else 0


@checks(p=CHANCE, bang=flag, reserve=RESERVE, cost=RESERVE)
def slap_value(p, bang: bool = False, reserve: int = 1, cost: int = 1) -> Fraction:
    """The expected change of your Reserve if you slap now, when the panel says ``p``:
    ``p * GAIN - (1 - p) * loss`` (exact for a Fraction ``p``)."""
    return _slap_value(p, slap_loss(bang, reserve, cost))


def _slap_value(p, loss: int) -> Fraction:
    """:func:`slap_value` for a checked ``p`` and the loss of a wrong slap (a step of a run)."""
    p = Fraction(p)
    return p * GAIN - (1 - p) * loss


def wait_value() -> Fraction:
    """Waiting changes nothing now."""
    return Fraction(0)


@checks(bang=flag, reserve=RESERVE, cost=RESERVE)
def break_even(bang: bool = False, reserve: int = 1, cost: int = 1) -> Fraction:
    """The panel's chance at which slapping and waiting are worth the same:
    ``p * GAIN = (1 - p) * loss``, so ``p = loss / (GAIN + loss)`` (0 without Bang)."""
    loss = slap_loss(bang, reserve, cost)
    return Fraction(loss, GAIN + loss)


class ThresholdBot:
    """Slaps (at once) when the odds panel's chance for its own face-down animal reaches
    ``threshold``; otherwise waits. It reads only ``(view, legal)``: the panel's chance is
    :func:`.odds.share_chance` of its view. It plays no cards: a lesson's seat at a position."""

    name = "threshold"

    def __init__(self, seat: int, seed: int = 0, threshold=Fraction(1, 2)):
        self.seat = seat
        self.seed = seed
        self.threshold = Fraction(threshold)

    def __repr__(self) -> str:
        return f"<ThresholdBot seat={self.seat} threshold={self.threshold}>"

    def wants_to_slap(self, view: dict) -> bool:
        mine = view.get("my_down")
        return mine is not None and mine != odds.HUNTER and odds.share_chance(view) >= self.threshold

    def plan(self, view: dict, legal: list):
        if SLAP in legal and view.get("phase") == "play" and self.wants_to_slap(view):
            return SLAP
        return None

    def choose(self, view: dict, legal: list) -> dict:
        return self.plan(view, legal) or next((a for a in legal if a != SLAP), legal[0])


@checks(threshold=CHANCE)
def threshold_bot(threshold) -> type:
    """A bot class (built as ``Cls(seat, seed)``, as the Scheduler and the widget build bots)
    with this slap threshold."""
    t = Fraction(threshold)

    class Bot(ThresholdBot):
        def __init__(self, seat: int, seed: int = 0):
            super().__init__(seat, seed, t)

    Bot.__name__ = Bot.__qualname__ = f"ThresholdBot_{t.numerator}_{t.denominator}"
    return Bot


@checks(players=PLAYERS, seed=a_seed)
def random_position(players: int = 6, seed: int = 0):
    """A seeded real game (the engine's deal) in which every seat has put a random animal
    of its hand face down, in seat order, 100 ms apart; the clock is just after."""
    from .rules import Brouhaha

    game = Brouhaha(players, seed)
    rng = random.Random(f"should_i_slap:{players}:{seed}")
    at = 0
    for seat in range(players):
        animals = sorted({c for c in game.hands[seat] if c != odds.HUNTER})
        if animals:
            at += 100
            game.act(seat, {"type": "play", "card": rng.choice(animals)}, at=at)
    game.advance(at + 1)
    return game


@checks(n=count(), players=PLAYERS, seed=a_seed, progress=flag)
def decision_points(n: int = 1000, players: int = 6, seed: int = 0, progress: bool = False) -> list[dict]:
    """``n`` seeded positions (:func:`random_position`) at which seat 0 hears its own cry
    from at least one other face-down card: ``{"seed", "view", "legal", "p", "match"}``
    (``view`` and ``legal`` are seat 0's; ``p`` the panel's exact chance; ``match``: whether
    another face-down card really is its animal, from the hidden cards)."""
    from ..progress import progress_bar

    points: list[dict] = []
    s = seed * 1_000_003
    bar = progress_bar(total=n, desc="positions", unit="position", show=progress)
    while len(points) < n:
        game = random_position(players, s)
        s += 1
        view = game.view(0)
        if odds.share_parts(view)["m"] == 0:
            continue
        mine = game.down[0]
        match = any(game.down[t] == mine for t in range(1, players))
        points.append(
            {"seed": s - 1, "view": view, "legal": game.legal_actions(0), "p": odds.share_chance(view), "match": match}
        )
        bar.update(1)
    bar.close()
    return points


@checks(
    points=items(
        "a list of decision points (decision_points(n))",
        mapping("a decision point", keys=("view", "legal", "p", "match")),
        least=1,
    ),
    thresholds=items("a list of thresholds, each a number from 0 to 1", CHANCE),
    bang=flag,
    reserve=RESERVE,
)
def compare_thresholds(points: list[dict], thresholds: Iterable, bang: bool = False, reserve: int = 1) -> list[dict]:
    """For each threshold, a :class:`ThresholdBot` at seat 0 decides at every position.
    Per position (waiting counts 0): ``exact`` is the mean of :func:`slap_value` where it
    slapped, ``simulated`` the mean of what the hidden cards gave (+1 for a match, minus
    the loss for a mismatch), ``se`` its standard error, ``within`` whether they are
    within 2 standard errors; ``slaps`` is the share of positions where it slapped."""
    loss = slap_loss(bang, reserve)
    n = len(points)
    rows = []
    for t in thresholds:
        bot = ThresholdBot(0, 0, t)
        exact = Fraction(0)
        total = total_sq = 0.0
        var = Fraction(0)
        slaps = 0
        for pt in points:
            if bot.plan(pt["view"], pt["legal"]) is None:
                continue
            slaps += 1
            p = pt["p"]
            exact += _slap_value(p, loss)  # checked at this function's entry, not per position
            var += p * (1 - p) * (GAIN + loss) ** 2  # the outcome's variance at this position
            got = GAIN if pt["match"] else -loss
            total += got
            total_sq += got * got
        mean_exact = exact / n
        se = float(var) ** 0.5 / n  # the outcomes are independent given the views
        simulated = total / n
        rows.append(
            {
                "threshold": Fraction(t),
                "slaps": slaps / n,
                "exact": mean_exact,
                "simulated": simulated,
                "se": se,
                "within": abs(simulated - float(mean_exact)) <= 2 * se + 1e-12,
            }
        )
    return rows


@checks(rows=ROWS)
def print_rows(rows: list[dict]) -> None:
    """The comparison as a table: the threshold, how often it slaps, exact and simulated
    Reserve cards per decision, with ± 2 SE."""
    print("threshold | slaps | exact EV | simulated ± 2 SE | within?")
    for r in rows:
        print(
            f"{str(r['threshold']):>9} | {100 * r['slaps']:4.0f}% | {float(r['exact']):+8.3f} | "
            f"{r['simulated']:+8.3f} ± {2 * r['se']:.3f} | {'yes' if r['within'] else 'NO'}"
        )


@checks(
    rows_by_rule=mapping("a dict {rule: rows of compare_thresholds}", values=ROWS, least=1),
    ax=optional(axes),
    title=text,
)
def plot_thresholds(rows_by_rule: dict[str, list[dict]], ax=None, title: str = "") -> Any:
    """Exact EV (line) and simulated (points with ± 2 SE bars) per threshold, one colour per rule."""
    from ..optional import need

    plt = need("matplotlib.pyplot")
    if ax is None:
        _, ax = plt.subplots(figsize=(7, 3.6))
    for label, rows in rows_by_rule.items():
        xs = [float(r["threshold"]) for r in rows]
        line = ax.plot(xs, [float(r["exact"]) for r in rows], marker="o", label=f"{label}: exact")[0]
        ax.errorbar(
            [x + 0.01 for x in xs],
            [r["simulated"] for r in rows],
            yerr=[2 * r["se"] for r in rows],
            fmt="s",
            color=line.get_color(),
            alpha=0.6,
            capsize=3,
            label=f"{label}: simulated ± 2 SE",
        )
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xlabel("slap threshold (the panel's chance at which the bot slaps)")
    ax.set_ylabel("Reserve cards per decision")
    ax.set_title(title)
    ax.legend(fontsize=8)
    return ax

"""Is the odds panel calibrated? And a class experiment's record (for the lessons).

Calibration (``notebooks/calibration.ipynb``):

* :func:`record_forecasts` plays seeded bot games and, at the start of each turn
  of one seat, writes down what that seat's odds panel says
  (:func:`.odds.identity_odds`, from its view only) for every (opponent, figure)
  pair, and, after the game, whether the figure really was that opponent (the
  truth from the engine).
* :func:`bin_forecasts` groups the forecasts by stated probability and gives,
  per bin, the mean stated probability, the observed frequency and the
  standard error the observed frequency would have if the panel were right.
* :func:`reliability_plot` draws stated against observed with ± 2 standard
  errors and the diagonal.

Class experiment (``notebooks/class_experiment.ipynb``): :data:`GROUP_SEEDS`,
:func:`seed_for`, :func:`record_result` (a validated record of one group's game),
:func:`pool`, :func:`class_plot`, and the group's moves: :func:`game_record` (one line of JSON
after the game) and :func:`replay_record` (the teacher's widget of exactly that game).
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..optional import need
from ..progress import (
    a_seed,
    axes,
    checks,
    choice,
    count,
    flag,
    items,
    kind,
    mapping,
    number,
    optional,
    path,
    plain,
    text,
    whole,
)
from ..simulation import game_seed
from .bots import BOTS
from .odds import identity_odds
from .rules import CostumeParty

__all__ = [
    "Bin",
    "EDGES",
    "GROUP_SEEDS",
    "Pooled",
    "bin_forecasts",
    "bin_table",
    "class_forecasts",
    "class_plot",
    "first_moments",
    "game_at",
    "pool",
    "record_forecasts",
    "record_result",
    "reliability_plot",
    "seed_for",
    "summary",
]

#: bin edges of the stated probability: [0, 0.05), [0.05, 0.1), ... ; the last bin holds 1
EDGES = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0)


#: the arguments the helpers below take, checked at each helper's entry
PLAYERS = whole(2, 8)
BOTS_ARG = kind(
    lambda b: isinstance(b, (str, list, tuple)), f"one bot's name ({', '.join(sorted(BOTS))}) or a list of one per seat"
)
ROW = mapping("a forecast row (as record_forecasts() gives them)", keys=("stated", "true"))
ROWS = items("a list of forecast rows (record_forecasts(), class_forecasts())", ROW)
EXPORT = path("a class export: a folder or the teacher page's zip")


# ---------------------------------------------------------------- recording
def _bots(bots, players: int) -> list[str]:
    names = [bots] * players if isinstance(bots, str) else list(bots)
    if len(names) != players or any(b not in BOTS for b in names):
        raise ValueError(f"bots: one name of {sorted(BOTS)} or a list of one per seat ({players}), got {bots!r}")
    return names


@checks(
    games=count(),
    players=PLAYERS,
    bots=BOTS_ARG,
    seat=whole(0, 7),
    seed=a_seed,
    pick=choice(("best", "all")),
    progress=flag,
)
def record_forecasts(
    games: int,
    players: int = 4,
    bots="random",
    seat: int = 0,
    seed: int = 0,
    pick: str = "best",
    progress: bool = False,
) -> list[dict]:
    """Play ``games`` seeded bot games; return one row per forecast.

    At the start of each turn of ``seat`` (while it is in the game) the panel of
    ``seat`` gives, for each opponent still in, a probability per figure.
    ``pick="best"`` records one forecast per opponent: the panel's best guess (the
    figure it rates highest; ties broken by a seeded coin, from the view only);
    ``pick="all"`` records every figure (an opponent's figures then add up to 1, so a
    bin that holds a whole distribution, e.g. both halves of a 1/2-1/2, is right by
    construction). A row:
    ``{"game", "step", "opponent", "figure", "stated" (a Fraction), "true" (bool)}``,
    where ``true`` says whether ``figure`` was ``opponent``'s secret card (read
    from the engine after the game). Game ``i`` is seeded with
    ``simulation.game_seed(seed, i)``, so a run gives the same rows every time."""
    names = _bots(bots, players)
    if pick not in ("best", "all"):
        raise ValueError(f"pick must be 'best' or 'all', got {pick!r}")
    if not 0 <= seat < players:
        raise ValueError(f"seat must be 0..{players - 1}, got {seat!r}")
    indices = range(games)
    if progress:
        tqdm = need("tqdm.auto").tqdm
        indices = tqdm(indices, desc="games", unit="game")
    rows: list[dict] = []
    for i in indices:
        gseed = game_seed(seed, i)
        g = CostumeParty(players, gseed)
        table = [BOTS[name](s, gseed) for s, name in enumerate(names)]
        coin = random.Random(gseed)
        moments = []
        while not g.over:
            s = g.to_act[0]
            if s == seat and g.phase == "roll":
                odds = identity_odds(g.view(seat))
                if pick == "best":
                    odds = {opp: _best(probs, coin) for opp, probs in odds.items()}
                moments.append((len(g.history), odds))
            g.act(s, table[s].choose(g.view(s), g.legal_actions(s)))
        for step, odds in moments:
            for opp, probs in odds.items():
                for fig, p in probs.items():
                    rows.append(
                        {
                            "game": i,
                            "step": step,
                            "opponent": opp,
                            "figure": fig,
                            "stated": p,
                            "true": g.secrets[opp] == fig,
                        }
                    )
    return rows


@checks(game=whole(0), step=whole(0), players=PLAYERS, bots=BOTS_ARG, seed=a_seed)
def game_at(game: int, step: int, players: int = 4, bots="random", seed: int = 0) -> CostumeParty:
    """Game ``game`` of a :func:`record_forecasts` run (same ``players``, ``bots``,
    ``seed``), replayed up to the moment ``step`` of one of its rows."""
    names = _bots(bots, players)
    gseed = game_seed(seed, game)
    g = CostumeParty(players, gseed)
    table = [BOTS[name](s, gseed) for s, name in enumerate(names)]
    while not g.over and len(g.history) < step:
        s = g.to_act[0]
        g.act(s, table[s].choose(g.view(s), g.legal_actions(s)))
    if len(g.history) != step:
        raise ValueError(f"step must be a moment of game {game} (a row's step): it has no moment at step {step}")
    return g


def _best(probs: dict, coin: random.Random) -> dict:
    top = max(probs.values())
    fig = coin.choice(sorted(f for f, p in probs.items() if p == top))
    return {fig: top}


@checks(rows=ROWS)
def first_moments(rows: Sequence[dict]) -> list[dict]:
    """The rows of each game's first recorded moment (seat's first turn: no clue yet)."""
    first: dict = {}
    for r in rows:
        first[r["game"]] = min(first.get(r["game"], r["step"]), r["step"])
    return [r for r in rows if r["step"] == first[r["game"]]]


@checks(rows=ROWS)
def summary(rows: Sequence[dict]) -> dict:
    """All forecasts together: the hits a calibrated panel expects (exact, the sum
    of the stated probabilities), the hits observed, and the standard deviation of
    the hits if the panel is right (forecasts treated as independent)."""
    expected = sum((Fraction(r["stated"]) for r in rows), Fraction(0))
    var = sum(float(r["stated"]) * (1 - float(r["stated"])) for r in rows)
    return {
        "forecasts": len(rows),
        "expected": expected,
        "observed": sum(bool(r["true"]) for r in rows),
        "sd": math.sqrt(var),
    }


@checks(export=EXPORT)
def class_forecasts(export) -> dict[str, list[dict]]:
    """The students' own forecasts of a rooms export (a folder or the teacher page's zip;
    ``forecasts.csv``, see :mod:`brady_widgets.rooms.export`): the Costume Party ones whose
    outcome is known, as rows :func:`bin_forecasts` and :func:`summary` take.
    ``{"class": [...], "panel": [...]}``: the same moments, ``stated`` the student's percent
    / 100 in ``"class"`` and what that student's odds panel said in ``"panel"``; each row
    also has ``code, seat, name, step, opponent, figure``."""
    from ..rooms.export import load

    out: dict[str, list[dict]] = {"class": [], "panel": []}
    for r in load(export)["forecasts"]:
        if r["game"] != "costume_party" or r["outcome"] == "":
            continue
        event = json.loads(r["event"])
        base = {
            "code": r["code"],
            "seat": int(r["seat"]),
            "name": r["name"],
            "step": int(r["step"]),
            "opponent": event["opponent"],
            "figure": event["figure"],
            "true": r["outcome"] == "1",
        }
        out["class"].append({**base, "stated": Fraction(r["percent"]) / 100})
        out["panel"].append({**base, "stated": Fraction(r["panel"])})
    return out


# ------------------------------------------------------------------ binning
@dataclass(frozen=True)
class Bin:
    """Forecasts whose stated probability lies in ``[lo, hi)`` (the last bin includes ``hi``)."""

    lo: float
    hi: float
    n: int  #: forecasts in the bin
    hits: int  #: how many came true
    expected: Fraction  #: the sum of the stated probabilities: the hits a calibrated panel expects

    @property
    def stated(self) -> float:
        """The mean stated probability."""
        return float(self.expected / self.n) if self.n else math.nan

    @property
    def observed(self) -> float:
        """The share that came true."""
        return self.hits / self.n if self.n else math.nan

    @property
    def se(self) -> float:
        """The standard error of ``observed`` if the panel is right (binomial at ``stated``;
        forecasts made in one game are not independent, so read it as a guide)."""
        return math.sqrt(self.stated * (1 - self.stated) / self.n) if self.n else math.nan

    @property
    def z(self) -> float:
        """How many standard errors ``observed`` lies from ``stated``."""
        return (self.observed - self.stated) / self.se if self.n and self.se > 0 else 0.0


#: a list of bins, as bin_forecasts() gives them
BINS = items("a list of bins (bin_forecasts(rows))", kind(lambda b: isinstance(b, Bin), "bin_forecasts(rows)"), least=1)


@checks(rows=ROWS, edges=items("a list of increasing numbers from 0 to 1", number(0, 1), least=2))
def bin_forecasts(rows: Sequence[dict], edges: Sequence[float] = EDGES) -> list[Bin]:
    """Group forecast rows (``stated``, ``true``) into bins by stated probability;
    empty bins are left out."""
    edges = list(edges)
    if len(edges) < 2 or any(b <= a for a, b in zip(edges, edges[1:])):
        raise ValueError(f"edges must increase, got {edges}")
    k = len(edges) - 1
    n, hits, expected = [0] * k, [0] * k, [Fraction(0)] * k
    for row in rows:
        p = row["stated"]
        if not edges[0] <= p <= edges[-1]:
            raise ValueError(f"a stated probability {p} lies outside the bins {edges[0]}..{edges[-1]}")
        j = next((j for j in range(k) if p < edges[j + 1]), k - 1)
        n[j] += 1
        hits[j] += bool(row["true"])
        expected[j] += Fraction(p)
    return [Bin(edges[j], edges[j + 1], n[j], hits[j], expected[j]) for j in range(k) if n[j]]


@checks(bins=BINS)
def bin_table(bins: Sequence[Bin]) -> str:
    """The bins as a small text table."""
    lines = [
        f"{'stated':>11} {'forecasts':>9} {'mean stated':>11} {'came true':>9} {'observed':>8} {'+-2 SE':>7} {'z':>5}"
    ]
    for b in bins:
        lines.append(
            f"{b.lo:4.2f}-{b.hi:4.2f} {b.n:9d} {b.stated:11.3f} {b.hits:9d} {b.observed:8.3f} {2 * b.se:7.3f} {b.z:5.1f}"
        )
    return "\n".join(lines)


@checks(bins=BINS, ax=optional(axes), label=text, color=text)
def reliability_plot(bins: Sequence[Bin], ax=None, label: str = "odds panel", color: str = "C0"):
    """Stated (x) against observed (y) frequency, with ± 2 standard errors and the diagonal."""
    plt = need("matplotlib.pyplot")
    if ax is None:
        _, ax = plt.subplots(figsize=(5.2, 5))
    ax.plot([0, 1], [0, 1], color="grey", linestyle="--", linewidth=1, label="calibrated (diagonal)")
    ax.errorbar(
        [b.stated for b in bins],
        [b.observed for b in bins],
        yerr=[2 * b.se for b in bins],
        fmt="o",
        color=color,
        capsize=3,
        label=f"{label} (± 2 SE)",
    )
    ax.set_xlim(-0.02, 1.02)
    ax.set_ylim(-0.02, 1.02)
    ax.set_aspect("equal")
    ax.set_xlabel("the panel said (mean of the bin)")
    ax.set_ylabel("share that came true")
    ax.legend(loc="upper left", fontsize="small")
    return ax


# ---------------------------------------------------------- class experiment
#: one seed per group (group 1 plays GROUP_SEEDS[0], ...)
GROUP_SEEDS = (101, 202, 303, 404, 505, 606, 707, 808, 909, 1010, 1111, 1212, 1313, 1414, 1515, 1616)


def seed_for(group: int) -> int:
    """The seed group ``group`` plays (groups are numbered from 1)."""
    if isinstance(group, bool) or not isinstance(group, int) or not 1 <= group <= len(GROUP_SEEDS):
        raise ValueError(f"group must be a whole number from 1 to {len(GROUP_SEEDS)}, got {group!r}")
    return GROUP_SEEDS[group - 1]


@checks(seed=optional(a_seed))  # the group: seed_for() checks it (a ValueError, as it always was)
def record_result(group: int, won, seed: int | None = None) -> dict:
    """One group's result, checked: ``{"group", "seed", "won"}``. ``won``: True or
    False (or "yes"/"no"). ``seed``, if given, must be the group's seed."""
    expected = seed_for(group)
    if seed is not None and seed != expected:
        raise ValueError(f"group {group} plays seed {expected}, not {seed!r}")
    if isinstance(won, str) and won.strip().lower() in {"yes", "y", "won", "true", "no", "n", "lost", "false"}:
        won = won.strip().lower() in {"yes", "y", "won", "true"}
    if not isinstance(won, bool):
        raise ValueError(f"won must be True (you won) or False (a bot won), got {won!r}")
    return {"group": group, "seed": expected, "won": won}


def game_record(game, group: int | None = None) -> str:
    """The moves of a group's game as one line of JSON (a widget, or its engine): what the
    debrief replays exactly (:func:`replay_record`). ``{"group", "game", "players", "seed",
    "options", "history"}``: the seed and every move, the bots' and the chance's included,
    so the group prints it or saves it and hands it to the teacher."""
    g = getattr(game, "game", game)
    if not isinstance(g, CostumeParty):
        raise TypeError(f"game must be a Costume Party widget or game, got {plain(game)}")
    if group is not None:
        seed_for(group)  # a group number from 1 to 16
    return json.dumps(
        {
            "group": group,
            "game": g.name,
            "players": g.players,
            "seed": g.seed,
            "options": g.options,
            "history": g.history,
        },
        separators=(",", ":"),
    )


def _replayed(record) -> CostumeParty:
    try:
        data = json.loads(record) if isinstance(record, str) else record
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("game") != CostumeParty.name:
        raise ValueError("record must be a Costume Party game record (game_record() prints one)")
    if data.get("group") is not None and data["seed"] != seed_for(data["group"]):
        raise ValueError(
            f"group {data['group']} plays seed {seed_for(data['group'])}, but this record has seed {data['seed']}"
        )
    return CostumeParty.replay(data["players"], data["seed"], data["history"], **data["options"])


@checks(record=kind(lambda r: isinstance(r, (str, dict)), "a game record, the text game_record() prints"), reveal=flag)
def replay_record(record, reveal: bool = True):
    """The teacher's widget of exactly the game a record holds (every move replayed from the
    seed), every secret revealed: step back with its replay control for the debrief."""
    from .widget import CostumePartyWidget

    return CostumePartyWidget(game=_replayed(record), humans=[0], bot="random", teacher=True, reveal=reveal)


def example_record(group: int) -> str:
    """A made-up record for the saved notebook: the group's seed with seat 0 played by a
    random bot too (a real group's record comes from :func:`game_record` after its game)."""
    from ..scheduler import Scheduler

    seed = seed_for(group)
    g = CostumeParty(4, seed)
    Scheduler(g, {s: BOTS["random"](s, seed + s) for s in range(4)}, delay=0, lag=0).run(max_steps=100_000)
    return game_record(g, group)


@dataclass(frozen=True)
class Pooled:
    """Wins out of games, with the share and its standard error."""

    wins: int
    games: int

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else math.nan

    @property
    def se(self) -> float:
        return math.sqrt(self.share * (1 - self.share) / self.games) if self.games else math.nan

    def __str__(self) -> str:
        return f"{self.wins} of {self.games} = {self.share:.2f} ± {2 * self.se:.2f} (2 SE)"


@checks(
    results=items(
        "a list of results, each record_result(group, won)",
        mapping("a result, record_result(group, won)", keys=("group", "won")),
    )
)
def pool(results: Sequence[dict]) -> Pooled:
    """The class's results pooled; each is checked again, and a group counts once."""
    checked = [record_result(r["group"], r["won"], r.get("seed")) for r in results]
    groups = [r["group"] for r in checked]
    if len(set(groups)) != len(groups):
        raise ValueError(f"a group is listed twice: {sorted(g for g in set(groups) if groups.count(g) > 1)}")
    return Pooled(sum(r["won"] for r in checked), len(checked))


@checks(
    entries=mapping(
        "a dict of labels and pooled results, e.g. {'class': pool(results)}",
        values=kind(lambda p: isinstance(p, Pooled), "pool(results)"),
        least=1,
    ),
    chance=optional(number(0, 1)),
    ax=optional(axes),
)
def class_plot(entries: dict, chance: float | None = None, ax=None):
    """Win shares with ± 2 standard errors, one bar per entry (``{label: Pooled}``),
    and a line at ``chance`` (a seat's fair share)."""
    plt = need("matplotlib.pyplot")
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3.5))
    labels = list(entries)
    ys = [entries[k].share for k in labels]
    ax.errorbar(range(len(labels)), ys, yerr=[2 * entries[k].se for k in labels], fmt="o", capsize=5, markersize=8)
    if chance is not None:
        ax.axhline(chance, color="grey", linestyle="--", linewidth=1, label=f"fair share {chance:.2f}")
        ax.legend(loc="upper right", fontsize="small")
    ax.set_xticks(range(len(labels)), labels)
    ax.set_xlim(-0.5, len(labels) - 0.5)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win share of seat 0 (± 2 SE)")
    return ax

"""Big Brother speed: random playouts and bot-vs-bot games at 6 players, beside OpenSpiel;
bot levels and voting blocs with 95% intervals.

All rates are CPU seconds of this process (``time.process_time``: "on one core", even on
a busy machine), each the best of ``--repeats`` runs:

* **random playouts** at 6 players: whole ``BigBrother`` games of random legal actions at
  random times, the clock advancing to the gossip deadline when the next action would
  pass it (``brouhaha_speed.random_playout``, imported: the same driver). Games/s and
  steps/s (actions and clock steps, every one validated and logged).
* **bot-vs-bot games** at 6 players on the Scheduler's virtual time, every seat one bot
  (``random``, ``easy``, ``medium``, ``hard``), no settle lag, the engine's views as they
  are (``copy_views=False``, as ``simulate()`` does).
* **OpenSpiel**: every Python-implemented OpenSpiel game measured in the same process by
  ``engine_speed.openspiel_runs`` (imported, not copied); the random playouts' steps/s
  divided by their median actions/s (target: at least 2x); and ``--paired K`` rounds of
  one measurement of ours then every OpenSpiel game, back to back, each round's ratio and
  their median (``engine_speed.paired_ratios``: load that comes and goes slows both
  halves of a round alike).
* **levels**: seeded 6-player tournaments, seats alternating between two levels (swapped
  every other game); a level's share of the wins (0.5: even) with a 95% interval.
* **blocs**: seeded 6-player games of medium bots with and without a bloc (seats 1, 4 and
  0, 2, 4): the bloc's members evicted per game and their share of the wins, 95% intervals.

    python benchmarks/big_brother_speed.py [--seconds 2] [--repeats 3] [--level-games 100]
                                           [--bloc-games 100] [--paired 5] [--json] [--no-openspiel]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # the sibling benchmarks, also when imported from elsewhere

from brouhaha_speed import _timed, random_playout  # the same drivers, not copies
from engine_speed import openspiel_runs, paired_ratios

PLAYERS = 6


def _play(seed: int, bots: dict):
    from brady_widgets.big_brother.rules import BigBrother
    from brady_widgets.scheduler import Scheduler

    game = BigBrother(PLAYERS, seed=seed)
    Scheduler(game, bots, lag=0, copy_views=False).run()
    assert game.over
    return game


def random_playouts(seconds: float) -> dict:
    from brady_widgets.big_brother.rules import BigBrother

    rng = random.Random(PLAYERS)
    games, steps, cpu = _timed(lambda i: random_playout(BigBrother(PLAYERS, seed=i), rng, gap_ms=3000), seconds)
    return {"players": PLAYERS, "games_per_s": games / cpu, "steps_per_s": steps / cpu, "steps_per_game": steps / games}


def bot_games(level: str, seconds: float) -> dict:
    from brady_widgets.big_brother.bots import BOTS

    games, steps, cpu = _timed(lambda i: len(_play(i, {s: BOTS[level](s, i) for s in range(PLAYERS)}).history), seconds)
    return {
        "players": PLAYERS,
        "bots": level,
        "games_per_s": games / cpu,
        "steps_per_game": steps / games,
        "ms_per_game": 1000 * cpu / games,
    }


def _mean_ci(xs: list) -> tuple[float, list[float]]:
    m = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else float("nan")
    return m, [m - half, m + half]


def levels(pairs=(("hard", "easy"), ("medium", "easy"), ("hard", "medium")), games: int = 100) -> list[dict]:
    from brady_widgets.big_brother.bots import BOTS

    rows = []
    for a, b in pairs:
        shares = []
        for i in range(games):
            mine = {s for s in range(PLAYERS) if (s + i) % 2 == 0}
            g = _play(500 + i, {s: BOTS[a if s in mine else b](s, i) for s in range(PLAYERS)})
            shares.append(float(g.winners[0] in mine))
        mean, ci = _mean_ci(shares)
        rows.append({"a": a, "b": b, "players": PLAYERS, "games": games, "share": mean, "ci95": ci})
    return rows


def blocs(seat_sets=((1, 4), (0, 2, 4)), games: int = 100, level: str = "medium") -> list[dict]:
    from brady_widgets.big_brother.bots import BOTS, make_bloc

    rows = []
    for seats in seat_sets:
        row: dict = {"seats": list(seats), "games": games, "level": level}
        for mode in ("none", "bloc"):
            evicted, wins = [], []
            for i in range(games):
                bots = {s: BOTS[level](s, i) for s in range(PLAYERS)}
                if mode == "bloc":
                    bots.update({s: f(s, i) for s, f in make_bloc(seats, level).items()})
                g = _play(1000 + i, bots)
                evicted.append(sum(s in seats for s in g.evicted))
                wins.append(float(g.winners[0] in seats))
            row[mode] = {"evicted_per_game": _mean_ci(evicted), "win_share": _mean_ci(wins)}
        rows.append(row)
    return rows


def openspiel_median(seconds: float, repeats: int) -> dict:
    runs, skipped = openspiel_runs(seconds, repeats)
    rates = {name: r["actions_per_s"] for name, r in runs.items()}
    median = statistics.median(rates.values()) if rates else float("nan")
    return {"games": rates, "skipped": skipped, "median_actions_per_s": median}


def best(repeats: int, fn, *args, key: str) -> dict:
    return max((fn(*args) for _ in range(repeats)), key=lambda r: r[key])


def run(seconds: float = 2.0, repeats: int = 3, openspiel: bool = True, level_games: int = 100, bloc_games: int = 100,
        paired_rounds: int = 0) -> dict:  # fmt: skip
    res: dict = {
        "random": best(repeats, random_playouts, seconds, key="steps_per_s"),
        "bots": [
            best(repeats, bot_games, lvl, seconds, key="games_per_s") for lvl in ("random", "easy", "medium", "hard")
        ],
        "levels": levels(games=level_games) if level_games else [],
        "blocs": blocs(games=bloc_games) if bloc_games else [],
    }
    if openspiel:
        theirs = openspiel_median(max(seconds / 3, 0.3), repeats)
        med = theirs["median_actions_per_s"]
        res["openspiel"] = theirs
        res["openspiel_median_actions_per_s"] = med
        res["random"]["ratio_vs_openspiel_median"] = res["random"]["steps_per_s"] / med
        if paired_rounds:
            res["paired"] = paired_ratios(
                lambda: random_playouts(seconds / 2)["steps_per_s"], paired_rounds, max(seconds / 6, 0.3)
            )
    return res


def _ci(pair) -> str:
    m, (lo, hi) = pair
    return f"{m:.3f} [{lo:.3f}, {hi:.3f}]"


def report(res: dict) -> None:
    print("Big Brother speed (CPU time, one core; virtual time for bots)")
    r = res["random"]
    ratio = f", x{r['ratio_vs_openspiel_median']:.2f} the OpenSpiel median" if "ratio_vs_openspiel_median" in r else ""
    print(f"random playouts, {r['players']} players: {r['games_per_s']:.1f} games/s, {r['steps_per_s']:,.0f} steps/s "
          f"({r['steps_per_game']:.0f} steps a game){ratio}")  # fmt: skip
    print(f"{'bot-vs-bot games':24s} {'players':>7s} {'games/s':>9s} {'ms/game':>10s} {'steps/game':>11s}")
    for b in res["bots"]:
        print(
            f"{'  all ' + b['bots']:24s} {b['players']:7d} {b['games_per_s']:9.1f} {b['ms_per_game']:10.1f} {b['steps_per_game']:11.1f}"
        )
    for row in res["levels"]:
        lo, hi = row["ci95"]
        print(f"{row['a']} vs {row['b']}, {row['players']} players, seats alternating ({row['games']} games): "
              f"{row['a']}'s share of the wins {row['share']:.3f} [{lo:.3f}, {hi:.3f}] (even: 0.5)")  # fmt: skip
    for row in res["blocs"]:
        print(f"bloc of seats {row['seats']} ({row['level']}, {row['games']} games each): members evicted a game "
              f"{_ci(row['none']['evicted_per_game'])} without, {_ci(row['bloc']['evicted_per_game'])} with; "
              f"their share of the wins {_ci(row['none']['win_share'])} without, {_ci(row['bloc']['win_share'])} with")  # fmt: skip
    med = res.get("openspiel_median_actions_per_s")
    if med:
        for name, rate in res["openspiel"]["games"].items():
            print(f"  {name + ' (OpenSpiel)':38s} {rate:10,.0f} actions/s")
        for name, why in res["openspiel"]["skipped"].items():
            print(f"  skipped {name}: {why}")
        print(f"OpenSpiel Python games, median of {len(res['openspiel']['games'])}: {med:,.0f} actions/s")
    pr = res.get("paired")
    if pr:
        print(f"paired rounds: ours / OpenSpiel median round by round {', '.join(f'x{r:.2f}' for r in pr['ratios'])}: "
              f"median x{pr['median']:.2f} (min x{pr['min']:.2f}, max x{pr['max']:.2f})")  # fmt: skip


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    ap.add_argument("--repeats", type=int, default=3, help="best of this many measurements")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    ap.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel games (no ratio)")
    ap.add_argument("--level-games", type=int, default=100, help="games per level tournament (0: none)")
    ap.add_argument("--bloc-games", type=int, default=100, help="games per bloc arm (0: none)")
    ap.add_argument(
        "--paired",
        type=int,
        default=5,
        metavar="K",
        help="K paired rounds of ours then OpenSpiel (median ratio; 0: none)",
    )
    args = ap.parse_args(argv)
    res = run(args.seconds, args.repeats, openspiel=not args.no_openspiel, level_games=args.level_games, bloc_games=args.bloc_games,
              paired_rounds=args.paired)  # fmt: skip
    report(res)
    if args.json:
        print(json.dumps(res))
    return res


if __name__ == "__main__":
    main(sys.argv[1:])

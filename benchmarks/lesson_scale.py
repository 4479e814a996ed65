"""Lesson scale: 100,000 random-policy Costume Party games, in seconds.

The vectorized path (``brady_widgets.costume_party.fast.random_games``) plays
all games at once in numpy; ``tests/test_fast.py`` checks that it agrees with
the reference engine statistically. For scale, the reference engine's own rate
(``legal_actions`` + ``act``, random policy) is measured on a small sample and
extrapolated to the same number of games.

Times are wall clock and CPU (``process_time``) of this process; the numpy
operations used here are single-threaded, so CPU ~= wall means one core.
Target: 100,000 games in under 10 s on one core.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time


def _engine_rate(players: int, games: int) -> float:
    from brady_widgets.costume_party.rules import CostumeParty

    rng = random.Random(0)
    start = time.process_time()
    for seed in range(games):
        g = CostumeParty(players, seed=seed)
        while not g.over:
            s = g.to_act[0]
            g.act(s, rng.choice(g.legal_actions(s)))
    return games / (time.process_time() - start)


def run(games: int = 100_000, players=(2, 4, 8), engine_sample: int = 300) -> dict:
    from brady_widgets.costume_party.fast import random_games

    random_games(100, 4, seed=0)  # warm up imports and numpy
    out = {}
    for p in players:
        wall, cpu = time.perf_counter(), time.process_time()
        res = random_games(games, p, seed=p)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        rate = _engine_rate(p, engine_sample)
        out[str(p)] = {
            "games": games,
            "wall_s": wall,
            "cpu_s": cpu,
            "mean_actions": float(res["actions"].mean()),
            "engine_games_per_s": rate,
            "engine_extrapolated_s": games / rate,
        }
    return out


def report(res: dict) -> None:
    print("Lesson scale: random-policy Costume Party games with fast.random_games (target: 100,000 in < 10 s)")
    print(
        f"{'players':>7s} {'games':>9s} {'wall s':>8s} {'cpu s':>8s} {'actions/game':>13s} {'engine would take':>18s}"
    )
    for p, r in res.items():
        print(
            f"{p:>7s} {r['games']:9,d} {r['wall_s']:8.2f} {r['cpu_s']:8.2f} {r['mean_actions']:13.1f} {r['engine_extrapolated_s']:16.0f} s"
        )


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100_000)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    args = ap.parse_args(argv)
    res = run(args.games)
    report(res)
    if args.json:
        print(json.dumps(res))
    return res


if __name__ == "__main__":
    main(sys.argv[1:])

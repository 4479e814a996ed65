"""The README's class-experiment figures: bot games/s on a Dask ``LocalCluster``, and hours per million.

The README tells a teacher how long "a million games" takes. This script measures it the
way the README runs it: ``simulate(..., executor=client.get_executor(), chunksize=500)`` on a
``LocalCluster(n_workers=W, threads_per_worker=1)`` (``W`` = ``--workers``, default the
machine's cores), wall clock from submitting to the last row, after one warm-up batch that
imports the game on every worker. Printed for each workload: games, wall seconds, games/s,
games/s per worker, and the hours a million games would take at that rate on these workers
and on 40 such workers.

Workloads (``--only`` picks the ones whose name contains a string):

* ``costume_party detective+3 random``: the README's example (one detective, three random);
* ``costume_party 4 random``;
* one bot-vs-bot row per game at its issue-28 table: Costume Party 4 detectives, Brady 5
  smart, Brouhaha 4 medium, Big Brother 6 medium.

Needs the ``scale`` extra (Dask). CI does not run it::

    python benchmarks/class_experiment.py                  # every workload, 3,000 games each
    python benchmarks/class_experiment.py --games 1000 --only brady
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

#: name -> (game, players, bots)
WORKLOADS: dict[str, tuple[str, int, object]] = {
    "costume_party detective+3 random": ("costume_party", 4, ["detective", "random", "random", "random"]),
    "costume_party 4 random": ("costume_party", 4, "random"),
    "costume_party 4 detective": ("costume_party", 4, "detective"),
    "brady_bunch 5 smart": ("brady_bunch", 5, "smart"),
    "brouhaha 4 medium": ("brouhaha", 4, "medium"),
    "big_brother 6 medium": ("big_brother", 6, "medium"),
}


def run(games: int, workers: int, only: str | None) -> list[dict]:
    from dask.distributed import Client, LocalCluster

    from brady_widgets import simulate

    out = []
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            executor = client.get_executor()
            for name, (game, players, bots) in WORKLOADS.items():
                if only and only not in name:
                    continue
                # warm up: every worker imports the game and builds its tables once
                simulate(game, players, bots, games=4 * workers, seed=1, executor=executor, chunksize=2, progress=False)
                start = time.perf_counter()
                rows = simulate(
                    game, players, bots, games=games, seed=2024, executor=executor, chunksize=500, progress=False
                )
                wall = time.perf_counter() - start
                rate = len(rows) / wall
                row = {
                    "workload": name,
                    "games": len(rows),
                    "wall_s": round(wall, 2),
                    "games_per_s": round(rate, 1),
                    "per_worker": round(rate / workers, 1),
                    "million_hours": round(1e6 / rate / 3600, 2),
                    "million_hours_40_workers": round(1e6 / (rate / workers * 40) / 3600, 3),
                }
                out.append(row)
                print(
                    f"{name:34s} {row['games']:6d} games {wall:7.1f} s {rate:8.1f} games/s "
                    f"({row['per_worker']:.1f}/worker): a million in {row['million_hours']:.2f} h here, "
                    f"{60 * row['million_hours_40_workers']:.0f} min on 40 workers",
                    flush=True,
                )
    return out


def main(argv=None) -> list[dict]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=3000)
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--only", help="only the workloads whose name contains this")
    ap.add_argument("--json", help="also write the rows to this file")
    args = ap.parse_args(argv)
    print(f"LocalCluster(n_workers={args.workers}, threads_per_worker=1), chunksize=500, {args.games} games each")
    rows = run(args.games, args.workers, args.only)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(rows, fh, indent=1)
    return rows


if __name__ == "__main__":
    sys.exit(0 if main() else 1)

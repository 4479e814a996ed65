"""Detective vs random bots in Costume Party, and bot-vs-bot speed.

Win rate: ``--games`` seeded games (default 1,000) for each table: one
``DetectiveBot`` against random bots at 2, 4 and 6 players. The detective's
seat rotates (game ``i`` of a table seats it at ``i % players``) so the seat
order does not bias the figure. A bot no better than random wins
``1/players`` of the games. The interval is Wilson's 95% score interval.

Speed: bot-vs-bot games per second through :func:`brady_widgets.simulate`,
in this process (one core): four random bots, and four detectives. Every bot
decision gets a fresh ``view`` of its seat, as in the widget.

All games go through ``brady_widgets.simulate`` (in-process by default so the
speed is per core; ``--jobs N`` spreads the win-rate games over N processes,
which gives the same rows).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import math
import sys
import time


def wilson(wins: int, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def win_rate(players: int, games: int, seed: int, executor=False) -> dict:
    from brady_widgets import simulate

    wins = n = 0
    start = time.perf_counter()
    for seat in range(players):
        count = games // players + (1 if seat < games % players else 0)
        bots = ["random"] * players
        bots[seat] = "detective"
        rows = simulate(
            "costume_party", players, bots, games=count, seed=seed * 100 + seat, executor=executor, progress=False
        )
        wins += sum(r["winner"] == seat for r in rows)
        n += len(rows)
    lo, hi = wilson(wins, n)
    return {
        "players": players,
        "games": n,
        "wins": wins,
        "rate": wins / n,
        "ci95": [lo, hi],
        "chance": 1 / players,
        "wall_s": time.perf_counter() - start,
    }


def speed(bots: str, players: int = 4, games: int = 200) -> dict:
    from brady_widgets import simulate

    simulate("costume_party", players, bots, games=3, seed=999, executor=False)  # warm up
    wall, cpu = time.perf_counter(), time.process_time()
    rows = simulate("costume_party", players, bots, games=games, seed=7, executor=False, progress=False)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "bots": bots,
        "players": players,
        "games": games,
        "games_per_s": games / cpu,
        "wall_games_per_s": games / wall,
        "actions_per_game": sum(r["length"] for r in rows) / games,
    }


def run(games: int = 1000, jobs: int = 0, tables=(2, 4, 6)) -> dict:
    executor = concurrent.futures.ProcessPoolExecutor(jobs) if jobs > 1 else False
    try:
        rates = {str(p): win_rate(p, games, seed=p, executor=executor) for p in tables}
    finally:
        if executor:
            executor.shutdown()
    return {"win_rates": rates, "speed": {b: speed(b) for b in ("random", "detective")}}


def report(res: dict) -> None:
    print("Detective vs random bots (1 detective, the rest random; detective seat rotates)")
    print(f"{'players':>7s} {'games':>6s} {'wins':>5s} {'win rate':>9s} {'95% interval':>17s} {'chance':>7s}")
    for r in res["win_rates"].values():
        lo, hi = r["ci95"]
        print(
            f"{r['players']:7d} {r['games']:6d} {r['wins']:5d} {r['rate']:9.3f} {f'[{lo:.3f}, {hi:.3f}]':>17s} {r['chance']:7.3f}"
        )
    print("Bot-vs-bot speed (4 players, simulate() in-process, CPU time)")
    for s in res["speed"].values():
        print(f"  4 x {s['bots']:9s}: {s['games_per_s']:7.1f} games/s ({s['actions_per_game']:.0f} actions/game)")


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per table")
    ap.add_argument("--jobs", type=int, default=0, help="processes for the win-rate games (0: in-process)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    args = ap.parse_args(argv)
    res = run(args.games, args.jobs)
    report(res)
    if args.json:
        print(json.dumps(res))
    return res


if __name__ == "__main__":
    main(sys.argv[1:])

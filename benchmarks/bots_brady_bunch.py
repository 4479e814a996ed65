"""The smart Alice against smart kids in The Brady Bunch Party Game, and bot-vs-bot speed.

Win rate: ``--games`` seeded games (default 400) for each table: every seat a
``BradyBot`` ("smart"), 3 to 8 players and the Cousin Oliver variant at 6 to 8,
default options otherwise (volunteered claims on, no question cap: the bots ask
at most 3 questions a round themselves). Alice wins when she accuses a
Troublemaker. The interval is Wilson's 95% score interval.

Baseline, on the same games: the accusation replaced by a uniformly random kid
on the board (the silent kid included at 3 players). Its chance of hitting a
Troublemaker is exact for each game, (Troublemakers) / (kids on the board), from
the final roles (ties make several Troublemakers); the baseline is its mean.

Speed: bot-vs-bot games per second through :func:`brady_widgets.simulate`, in
this process (one core, CPU time): all-smart and all-random tables of 5 and 8
players. Every bot decision gets a fresh ``view`` of its seat, as in the widget.

Game ``i`` of a table is seeded with ``simulate.game_seed(seed, i)`` and the bots
with the game's seed, as ``simulate`` does; ``--jobs N`` spreads the win-rate
games over N processes and gives the same rows.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import sys
import time

from bots_costume_party import wilson  # the same 95% interval as the Costume Party bots

TABLES = [(p, False) for p in range(3, 9)] + [(p, True) for p in range(6, 9)]


def play_games(players: int, oliver: bool, seed: int, start: int, stop: int) -> list[dict]:
    """Smart bots at every seat; one row per game: did Alice win, the random accusation's chance."""
    from brady_widgets.brady_bunch.bots import BradyBot
    from brady_widgets.brady_bunch.rules import BradyBunch
    from brady_widgets.simulation import game_seed

    rows = []
    for i in range(start, stop):
        gseed = game_seed(seed, i)
        g = BradyBunch(players, gseed, cousin_oliver=oliver)
        bots = [BradyBot(s, gseed) for s in range(players)]
        while not g.over:
            for s in g.to_act:
                if g.over:
                    break
                g.act(s, bots[s].choose(g.view(s), g.legal_actions(s)))
        tms = g.roles["troublemakers"]
        rows.append(
            {
                "alice": g.accused in tms,
                "random_hit": len(tms) / len(g.kids),
                "ties": len(tms) > 1,
                "actions": len(g.history),
            }
        )
    return rows


def win_rate(players: int, oliver: bool, games: int, seed: int, executor=None) -> dict:
    start = time.perf_counter()
    if executor is None:
        rows = play_games(players, oliver, seed, 0, games)
    else:
        step = max(1, games // 8)
        futs = [
            executor.submit(play_games, players, oliver, seed, a, min(a + step, games)) for a in range(0, games, step)
        ]
        rows = [r for f in futs for r in f.result()]
    wins = sum(r["alice"] for r in rows)
    base = sum(r["random_hit"] for r in rows) / len(rows)
    lo, hi = wilson(wins, len(rows))
    return {
        "players": players,
        "cousin_oliver": oliver,
        "games": len(rows),
        "wins": wins,
        "rate": wins / len(rows),
        "ci95": [lo, hi],
        "random_accusation": base,
        "tied_top": sum(r["ties"] for r in rows) / len(rows),
        "actions_per_game": sum(r["actions"] for r in rows) / len(rows),
        "wall_s": time.perf_counter() - start,
    }


def speed(bots: str, players: int, games: int) -> dict:
    from brady_widgets.simulation import simulate

    simulate("brady_bunch", players, bots, games=2, seed=999, executor=False, progress=False)  # warm up
    wall, cpu = time.perf_counter(), time.process_time()
    rows = simulate("brady_bunch", players, bots, games=games, seed=7, executor=False, progress=False)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return {
        "bots": bots,
        "players": players,
        "games": games,
        "games_per_s": games / cpu,
        "wall_games_per_s": games / wall,
        "actions_per_game": sum(r["length"] for r in rows) / games,
    }


def run(games: int = 400, jobs: int = 0, speed_games: int = 100, seed: int = 1) -> dict:
    executor = concurrent.futures.ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        rates = {f"{p}{'o' if o else ''}": win_rate(p, o, games, seed * 100 + p + 50 * o, executor) for p, o in TABLES}
    finally:
        if executor:
            executor.shutdown()
    speeds = [speed(b, p, speed_games) for b in ("random", "smart") for p in (5, 8)]
    return {"win_rates": rates, "speed": speeds}


def report(res: dict) -> None:
    print(
        "Smart Alice vs smart kids (every seat a BradyBot); baseline: a uniformly random accusation on the same games"
    )
    print(
        f"{'table':>9s} {'games':>6s} {'wins':>5s} {'Alice':>6s} {'95% interval':>17s} {'random':>7s} {'tied top':>9s} {'actions':>8s}"
    )
    for r in res["win_rates"].values():
        lo, hi = r["ci95"]
        table = f"{r['players']}p" + (" Oliver" if r["cousin_oliver"] else "")
        print(
            f"{table:>9s} {r['games']:6d} {r['wins']:5d} {r['rate']:6.3f} {f'[{lo:.3f}, {hi:.3f}]':>17s} "
            f"{r['random_accusation']:7.3f} {r['tied_top']:9.3f} {r['actions_per_game']:8.1f}"
        )
    print("Bot-vs-bot speed (simulate() in-process, CPU time, one core)")
    for s in res["speed"]:
        print(
            f"  {s['players']} x {s['bots']:6s}: {s['games_per_s']:7.1f} games/s ({s['actions_per_game']:.0f} actions/game)"
        )


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400, help="games per table")
    ap.add_argument("--speed-games", type=int, default=100, help="games per speed measurement")
    ap.add_argument("--jobs", type=int, default=0, help="processes for the win-rate games (0: in-process)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    args = ap.parse_args(argv)
    res = run(args.games, args.jobs, args.speed_games)
    report(res)
    if args.json:
        print(json.dumps(res))
    return res


if __name__ == "__main__":
    main(sys.argv[1:])

"""Bot levels (issue 11): each level's win rate beside chance, with Wilson intervals.

Costume Party: one level bot against random bots at ``--cp-players`` players
(default 4), ``--games`` games per level, the level's seat rotating (game ``i``
of a seat's share seats it there, as ``bots_costume_party.py`` does). Chance is
``1/players``. ``hard`` is the detective itself.

The Brady Bunch: at 5 players (Alice and four kids), ``--games`` games per
pairing: the smart Alice against every kid level (and against the smart and
the random kids, for reference), then every Alice level against ``medium``
kids. Alice wins when she accuses a Troublemaker. Chance is the mean, over the
same games, of (Troublemakers) / (kids on the board): a uniformly random
accusation. Game ``i`` is seeded ``simulate.game_seed(seed, i)``, the bots with
the game's seed; every pairing plays the same deals.

The interval is Wilson's 95% score interval. ``--jobs N`` (default 2) spreads
the games over N processes; the rows do not depend on it.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import sys
import time

from bots_costume_party import wilson  # the same 95% interval as the other bot benchmarks

LEVELS = ("easy", "medium", "hard")
BRADY_PAIRS = [("smart", k) for k in ("easy", "medium", "hard", "smart", "random")] + [(a, "medium") for a in LEVELS]


# ------------------------------------------------------------ Costume Party
def costume_level(level: str, players: int, games: int, seed: int, executor=False) -> dict:
    from brady_widgets import simulate

    wins = n = 0
    start = time.perf_counter()
    for seat in range(players):
        count = games // players + (1 if seat < games % players else 0)
        bots = ["random"] * players
        bots[seat] = level
        rows = simulate(
            "costume_party", players, bots, games=count, seed=seed * 100 + seat, executor=executor, progress=False
        )
        wins += sum(r["winner"] == seat for r in rows)
        n += len(rows)
    lo, hi = wilson(wins, n)
    return {
        "game": "costume_party",
        "level": level,
        "players": players,
        "games": n,
        "wins": wins,
        "rate": wins / n,
        "ci95": [lo, hi],
        "chance": 1 / players,
        "wall_s": time.perf_counter() - start,
    }


# -------------------------------------------------------------------- Brady
def brady_games(alice: str, kid: str, players: int, seed: int, start: int, stop: int) -> tuple[int, int, float]:
    """(Alice's wins, games, sum of a random accusation's chances) for games ``start..stop``."""
    from brady_widgets.brady_bunch.bots import BOTS
    from brady_widgets.brady_bunch.rules import BradyBunch
    from brady_widgets.simulation import game_seed

    wins, chance = 0, 0.0
    for i in range(start, stop):
        gseed = game_seed(seed, i)
        g = BradyBunch(players, gseed)
        bots = {}
        while not g.over:
            for s in g.to_act:
                if g.over:
                    break
                view = g.view(s)
                if s not in bots:
                    bots[s] = BOTS[alice if view["role"] == "alice" else kid](s, gseed)
                g.act(s, bots[s].choose(view, g.legal_actions(s)))
        tms = g.roles["troublemakers"]
        wins += g.accused in tms
        chance += len(tms) / len(g.kids)
    return wins, stop - start, chance


def brady_pair(alice: str, kid: str, players: int, games: int, seed: int, executor=None) -> dict:
    start = time.perf_counter()
    if executor is None:
        parts = [brady_games(alice, kid, players, seed, 0, games)]
    else:
        step = max(1, games // 8)
        futs = [
            executor.submit(brady_games, alice, kid, players, seed, a, min(a + step, games))
            for a in range(0, games, step)
        ]
        parts = [f.result() for f in futs]
    wins = sum(p[0] for p in parts)
    n = sum(p[1] for p in parts)
    lo, hi = wilson(wins, n)
    return {
        "game": "brady_bunch",
        "alice": alice,
        "kids": kid,
        "players": players,
        "games": n,
        "wins": wins,
        "rate": wins / n,
        "ci95": [lo, hi],
        "chance": sum(p[2] for p in parts) / n,
        "wall_s": time.perf_counter() - start,
    }


def run(games: int = 1000, jobs: int = 2, cp_players: int = 4, seed: int = 11) -> dict:
    executor = concurrent.futures.ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        costume = [costume_level(lv, cp_players, games, seed, executor or False) for lv in LEVELS]
        brady = [brady_pair(a, k, 5, games, seed, executor) for a, k in BRADY_PAIRS]
    finally:
        if executor:
            executor.shutdown()
    return {"costume_party": costume, "brady_bunch": brady}


def report(res: dict) -> None:
    def ci(r):
        lo, hi = r["ci95"]
        return f"[{lo:.3f}, {hi:.3f}]"

    rows = res["costume_party"]
    print(f"Costume Party: one level bot vs random bots at {rows[0]['players']} players (its seat rotates)")
    print(f"{'level':>8s} {'games':>6s} {'wins':>5s} {'win rate':>9s} {'95% interval':>17s} {'chance':>7s}")
    for r in rows:
        print(f"{r['level']:>8s} {r['games']:6d} {r['wins']:5d} {r['rate']:9.3f} {ci(r):>17s} {r['chance']:7.3f}")
    print("The Brady Bunch, 5 players: Alice's win rate (she accuses a Troublemaker); chance = a random accusation")
    print(
        f"{'Alice':>8s} {'kids':>8s} {'games':>6s} {'wins':>5s} {'win rate':>9s} {'95% interval':>17s} {'chance':>7s}"
    )
    for r in res["brady_bunch"]:
        print(
            f"{r['alice']:>8s} {r['kids']:>8s} {r['games']:6d} {r['wins']:5d} {r['rate']:9.3f} {ci(r):>17s} {r['chance']:7.3f}"
        )


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per level / pairing")
    ap.add_argument("--jobs", type=int, default=2, help="processes (0 or 1: in-process)")
    ap.add_argument("--cp-players", type=int, default=4, help="Costume Party table size")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    args = ap.parse_args(argv)
    res = run(args.games, args.jobs, args.cp_players, args.seed)
    report(res)
    if args.json:
        print(json.dumps(res))
    return res


if __name__ == "__main__":
    main(sys.argv[1:])

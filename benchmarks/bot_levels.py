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

Brouhaha (real time, on the Scheduler's virtual time): ``--bh-games`` games per pairing
of 4-player tournaments, hard vs easy, medium vs easy and hard vs medium, seats
alternating (``brouhaha_speed.levels``, imported: a level's share of the win, ties
shared, with a normal 95% interval); and each level's *lone slaps* (a slap nobody
answered: ``slap_void``) a game per bot, at tables of four bots of that level (mean,
max) and at tables with a person who shows one card and then only watches (the rooms
case: the table stands still around the bots).

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


# ----------------------------------------------------------------- Brouhaha
def brouhaha_lone_slaps(level: str, games: int, seed: int, watcher: bool = False) -> dict:
    """Lone slaps a game per bot: every seat a ``level`` bot, or (``watcher``) seat 0 a
    person who shows one card at the start and then does nothing (a 60 s game)."""
    from collections import Counter

    from brady_widgets.brouhaha.bots import BOTS
    from brady_widgets.brouhaha.rules import Brouhaha
    from brady_widgets.scheduler import Scheduler
    from brady_widgets.simulation import game_seed

    per_bot = []
    start = time.perf_counter()
    for i in range(games):
        gseed = game_seed(seed, i)
        if watcher:
            g = Brouhaha(4, gseed, time_limit_ms=60_000)
            g.act(0, g.legal_actions(0)[0], at=0)
            seats = (1, 2, 3)
        else:
            g = Brouhaha(4, gseed)
            seats = (0, 1, 2, 3)
        Scheduler(g, {s: BOTS[level](s, gseed) for s in seats}, lag=0, copy_views=False).run()
        voids = Counter(ev["seat"] for ev in g.events if ev["type"] == "slap_void")
        per_bot += [voids[s] for s in seats]
    return {
        "game": "brouhaha",
        "level": level,
        "table": "a person watching" if watcher else "four bots",
        "games": games,
        "lone_per_bot_game": sum(per_bot) / len(per_bot),
        "max": max(per_bot),
        "wall_s": time.perf_counter() - start,
    }


def brouhaha(games: int, seed: int) -> dict:
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
    from brouhaha_speed import levels as tournaments  # the same tournaments, not a copy

    return {
        "levels": tournaments(games=games),
        "lone": [brouhaha_lone_slaps(lv, games, seed, w) for w in (False, True) for lv in LEVELS],
    }


def run(games: int = 1000, jobs: int = 2, cp_players: int = 4, seed: int = 11, bh_games: int = 200) -> dict:
    executor = concurrent.futures.ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        costume = [costume_level(lv, cp_players, games, seed, executor or False) for lv in LEVELS] if games else []
        brady = [brady_pair(a, k, 5, games, seed, executor) for a, k in BRADY_PAIRS] if games else []
    finally:
        if executor:
            executor.shutdown()
    out = {"costume_party": costume, "brady_bunch": brady}
    if bh_games:
        out["brouhaha"] = brouhaha(bh_games, seed)
    return out


def report(res: dict) -> None:
    def ci(r):
        lo, hi = r["ci95"]
        return f"[{lo:.3f}, {hi:.3f}]"

    rows = res["costume_party"]
    if rows:
        print(f"Costume Party: one level bot vs random bots at {rows[0]['players']} players (its seat rotates)")
        print(f"{'level':>8s} {'games':>6s} {'wins':>5s} {'win rate':>9s} {'95% interval':>17s} {'chance':>7s}")
    for r in rows:
        print(f"{r['level']:>8s} {r['games']:6d} {r['wins']:5d} {r['rate']:9.3f} {ci(r):>17s} {r['chance']:7.3f}")
    if res["brady_bunch"]:
        print("The Brady Bunch, 5 players: Alice's win rate (she accuses a Troublemaker); chance = a random accusation")
        print(
            f"{'Alice':>8s} {'kids':>8s} {'games':>6s} {'wins':>5s} {'win rate':>9s} {'95% interval':>17s} {'chance':>7s}"
        )
    for r in res["brady_bunch"]:
        print(
            f"{r['alice']:>8s} {r['kids']:>8s} {r['games']:6d} {r['wins']:5d} {r['rate']:9.3f} {ci(r):>17s} {r['chance']:7.3f}"
        )
    bh = res.get("brouhaha")
    if bh:
        print("Brouhaha, 4 players, seats alternating: level a's share of the win against level b (ties shared)")
        print(f"{'a':>8s} {'b':>8s} {'games':>6s} {'share':>7s} {'95% interval':>17s}")
        for r in bh["levels"]:
            print(f"{r['a']:>8s} {r['b']:>8s} {r['games']:6d} {r['share']:7.3f} {ci(r):>17s}")
        print("Brouhaha lone slaps (nobody answered) a game per bot")
        print(f"{'level':>8s} {'table':>18s} {'games':>6s} {'mean':>6s} {'max':>4s}")
        for r in bh["lone"]:
            print(f"{r['level']:>8s} {r['table']:>18s} {r['games']:6d} {r['lone_per_bot_game']:6.2f} {r['max']:4d}")


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games per level / pairing")
    ap.add_argument("--jobs", type=int, default=2, help="processes (0 or 1: in-process)")
    ap.add_argument("--cp-players", type=int, default=4, help="Costume Party table size")
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--bh-games", type=int, default=200, help="Brouhaha games per pairing and per level (0: none)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    args = ap.parse_args(argv)
    res = run(args.games, args.jobs, args.cp_players, args.seed, args.bh_games)
    report(res)
    if args.json:
        print(json.dumps(res))
    return res


if __name__ == "__main__":
    main(sys.argv[1:])

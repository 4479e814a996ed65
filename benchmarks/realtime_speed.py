"""Virtual-time simulation speed of a real-time game: the Snap race toy of the tests.

Whole seeded games of bots (``reflex`` by default) driven by the one
:class:`brady_widgets.scheduler.Scheduler` on virtual time (no settle lag, as
``simulate()`` runs them): every bot plan, every ``Later``, every deadline. Two
ways, both timed in CPU seconds of this process (one core):

* ``simulate``: ``brady_widgets.simulate(..., executor=False)``, rows included;
* ``scheduler``: the scheduler loop alone, bots given the engine's views as they
  are (``copy_views=False``, as ``simulate`` does) and, for comparison, deep
  copies of them (``copy_views=True``, as a widget does).

Events are the steps of the history that are not chance outcomes: player actions
and clock steps. Prints games/s, events/s and actions/s per player count.

    python benchmarks/realtime_speed.py [--games 300] [--bots reflex] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def _toy():
    sys.path.insert(0, str(REPO / "tests"))
    import toy_realtime
    from brady_widgets.engine.registry import names, register

    if toy_realtime.GAME.name not in names():
        register(toy_realtime.GAME)
    from toy_realtime.bots import BOTS
    from toy_realtime.rules import SnapGame

    return SnapGame, BOTS


def _loop(players: int, games: int, bot: str, copy_views: bool) -> dict:
    from brady_widgets.scheduler import Scheduler
    from brady_widgets.simulation import game_seed

    SnapGame, BOTS = _toy()
    events = actions = 0
    t0 = time.process_time()
    for i in range(games):
        seed = game_seed(1, i)
        g = SnapGame(players, seed)
        Scheduler(g, {s: BOTS[bot](s, seed) for s in range(players)}, lag=0, copy_views=copy_views).run()
        assert g.over
        events += sum(1 for h in g.history if h.get("seat") != "chance")
        actions += sum(1 for h in g.history if type(h.get("seat")) is int)
    dt = time.process_time() - t0
    return {
        "games_s": games / dt,
        "events_s": events / dt,
        "actions_s": actions / dt,
        "events_per_game": events / games,
    }


def _simulate(players: int, games: int, bot: str) -> dict:
    from brady_widgets import simulate

    _toy()
    t0 = time.process_time()
    rows = simulate("toy_snap", players=players, bots=bot, games=games, seed=1, executor=False, progress=False)
    dt = time.process_time() - t0
    return {"games_s": games / dt, "actions_s": sum(r["length"] for r in rows) / dt}


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300, help="games per row")
    ap.add_argument("--bots", default="reflex", help="the toy's bot for every seat (random, reflex, steady)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    args = ap.parse_args(argv)
    out = {}
    _simulate(2, 5, args.bots)  # warm up: imports, the registry, first calls
    print(f"{'players':>7} {'way':26} {'games/s':>9} {'events/s':>10} {'actions/s':>10} {'events/game':>12}")
    for players in (2, 3, 4):
        rows = {
            "simulate": _simulate(players, args.games, args.bots),
            "scheduler": _loop(players, args.games, args.bots, copy_views=False),
            "scheduler, copied views": _loop(players, args.games, args.bots, copy_views=True),
        }
        for way, r in rows.items():
            ev = f"{r['events_s']:10.0f}" if "events_s" in r else f"{'':>10}"
            per = f"{r['events_per_game']:12.1f}" if "events_per_game" in r else f"{'':>12}"
            print(f"{players:7} {way:26} {r['games_s']:9.0f} {ev} {r['actions_s']:10.0f} {per}")
        out[str(players)] = rows
    if args.json:
        print(json.dumps(out))
    return out


if __name__ == "__main__":
    main()

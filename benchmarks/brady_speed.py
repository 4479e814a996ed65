"""Brady Bunch engine speed: random playouts through the public API.

``BradyBunch`` games played to the end with ``legal_actions`` + ``act`` (every
call validated, every event logged), a seat drawn uniformly from ``to_act`` and
a uniformly random legal action for it each time, as in
``benchmarks/engine_speed.py``. Every player action counts (Snoop cards are
drawn inside ``act`` and are not counted).

Two settings of the ``max_questions`` option, at 5 and 8 players:

* ``None`` (the rulebook: no cap). A uniformly random Alice then asks most of the
  time (up to ~260 questions against one ``end_round``), so games are long and
  most actions are questions and answers;
* ``2`` (a small cap, as the tests use for random games): games of ordinary length.

Rates are CPU seconds of this process (``time.process_time``), so they mean "on
one core" even on a busy machine; each figure is the best of ``--repeats`` runs
of ``--seconds`` each.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time


def playouts(players: int, max_questions, seconds: float) -> dict:
    from brady_widgets.brady_bunch.rules import BradyBunch

    rng = random.Random(players * 1000 + (max_questions or 0))
    actions = games = 0
    seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        g = BradyBunch(players, seed=seed, max_questions=max_questions)
        seed += 1
        while not g.over:
            seat = rng.choice(g.to_act)
            g.act(seat, rng.choice(g.legal_actions(seat)))
            actions += 1
        games += 1
    cpu = time.process_time() - start
    return {
        "players": players,
        "max_questions": max_questions,
        "actions_per_s": actions / cpu,
        "games_per_s": games / cpu,
        "actions_per_game": actions / games,
        "cpu_s": cpu,
    }


def best_of(repeats: int, *args) -> dict:
    return max((playouts(*args) for _ in range(repeats)), key=lambda r: r["actions_per_s"])


def run(seconds: float = 2.0, repeats: int = 3, players=(5, 8), caps=(None, 2)) -> dict:
    return {"runs": [best_of(repeats, p, cap, seconds) for p in players for cap in caps]}


def report(res: dict) -> None:
    print("Brady Bunch engine speed (random playouts via legal_actions + act; CPU time, one core)")
    print(f"{'players':>7s} {'max_questions':>13s} {'actions/s':>10s} {'games/s':>8s} {'actions/game':>13s}")
    for r in res["runs"]:
        cap = "None" if r["max_questions"] is None else str(r["max_questions"])
        print(f"{r['players']:7d} {cap:>13s} {r['actions_per_s']:10,.0f} {r['games_per_s']:8.2f} {r['actions_per_game']:13.1f}")


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    ap.add_argument("--repeats", type=int, default=3, help="best of this many measurements")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    args = ap.parse_args(argv)
    res = run(args.seconds, args.repeats)
    report(res)
    if args.json:
        print(json.dumps(res))
    return res


if __name__ == "__main__":
    main(sys.argv[1:])

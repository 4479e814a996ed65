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

In the same process, the script also plays every Python-implemented OpenSpiel
game the way ``engine_speed.py`` does (same function) and prints each Brady
figure divided by their median: the target of issue 7 (item 11) is >= 2 for
every row. ``--no-openspiel`` skips them.

``--snapshot FILE`` instead writes a behaviour snapshot, as ``engine_speed.py``
does for Costume Party: the ``to_json``, every view and the log of 300 seeded
random playouts (3..8 players, Cousin Oliver on and off, ``max_questions`` None
and 2) and a hash of every legal list, the views and the refused or accepted
probe actions along the way. Take one before and one after an engine change
and compare the files byte for byte (``cmp``); it takes a few CPU minutes.
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


def openspiel_median(seconds: float, repeats: int) -> dict:
    """OpenSpiel's Python games measured exactly as ``engine_speed.py`` measures them."""
    import statistics
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))  # also when imported from elsewhere
    from engine_speed import openspiel_runs  # the same measurement, not a copy

    runs, skipped = openspiel_runs(seconds, repeats)
    rates = {name: r["actions_per_s"] for name, r in runs.items()}
    median = statistics.median(rates.values()) if rates else float("nan")
    return {"games": rates, "skipped": skipped, "median_actions_per_s": median}


def run(seconds: float = 2.0, repeats: int = 3, players=(5, 8), caps=(None, 2), openspiel: bool = True) -> dict:
    runs = [best_of(repeats, p, cap, seconds) for p in players for cap in caps]
    res: dict = {"runs": runs}
    if openspiel:
        # OpenSpiel with a third of Brady's time per measurement: 9 games, and their rates are steady
        theirs = openspiel_median(max(seconds / 3, 0.3), repeats)
        med = theirs["median_actions_per_s"]
        for r in runs:
            r["ratio_vs_openspiel_median"] = r["actions_per_s"] / med
        res["openspiel"] = theirs
        res["openspiel_median_actions_per_s"] = med
        res["min_ratio_vs_openspiel_median"] = min(r["ratio_vs_openspiel_median"] for r in runs)
    return res


def report(res: dict) -> None:
    print("Brady Bunch engine speed (random playouts via legal_actions + act; CPU time, one core)")
    med = res.get("openspiel_median_actions_per_s")
    print(
        f"{'players':>7s} {'max_questions':>13s} {'actions/s':>10s} {'games/s':>8s} {'actions/game':>13s}"
        + (f" {'/ OpenSpiel median':>19s}" if med else "")
    )
    for r in res["runs"]:
        cap = "None" if r["max_questions"] is None else str(r["max_questions"])
        ratio = f" {'x' + format(r['ratio_vs_openspiel_median'], '.2f'):>19s}" if med else ""
        print(
            f"{r['players']:7d} {cap:>13s} {r['actions_per_s']:10,.0f} {r['games_per_s']:8.2f} {r['actions_per_game']:13.1f}{ratio}"
        )
    if med:
        for name, rate in res["openspiel"]["games"].items():
            print(f"  {name + ' (OpenSpiel)':38s} {rate:10,.0f} actions/s")
        for name, why in res["openspiel"]["skipped"].items():
            print(f"  skipped {name}: {why}")
        print(
            f"OpenSpiel Python games, median of {len(res['openspiel']['games'])}: {med:,.0f} actions/s "
            f"-> Brady x{res['min_ratio_vs_openspiel_median']:.2f} in its slowest row (target >= 2 in every row)"
        )


# ------------------------------------------------------------------ snapshot
PROBES = [
    {"type": "ask_played", "kid": "Greg", "round": 1},
    {"type": "ask_truth", "kid": "Greg", "about": "Greg", "round": 1},
    {"type": "ask_truth", "kid": "Greg", "about": "Peter", "round": 9},
    {"type": "ask_suspect", "kid": "Nobody"},
    {"type": "peek", "kid": "Greg"},
    {"type": "end_round"},
    {"type": "cookie", "kid": "Greg"},
    {"type": "pass"},
    {"type": "say_looked", "kid": "nobody"},
    {"type": "say_card", "value": 3},
    {"type": "play", "value": 7},
    {"type": "ask_number", "kid": "Marcia", "round": 1},
    {"type": "ask_looked", "kid": "Jan", "round": 0},
]


def snapshot(path: str, games: int = 300) -> str:
    """Write the behaviour snapshot described in the module docstring; return its hash."""
    import hashlib
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))  # also when imported from elsewhere
    from brady_widgets.brady_bunch.rules import BradyBunch
    from brady_widgets.engine import IllegalAction
    from engine_speed import game_record, write_snapshot

    configs = [(p, co, mq) for p in range(3, 9) for co in ((False, True) if p >= 6 else (False,)) for mq in (None, 2)]
    out, h = [], hashlib.sha256()
    for n in range(games):
        p, co, mq = configs[n % len(configs)]
        g = BradyBunch(p, seed=n, cousin_oliver=co, max_questions=mq)
        rng = random.Random(n)
        step = 0
        while not g.over:
            seat = rng.choice(g.to_act)
            legal = g.legal_actions(seat)
            h.update(json.dumps([seat, legal]).encode())
            if n % 15 == 0 and step % 7 == 0:  # now and then: every seat's list, probes, views
                for s in range(p):
                    h.update(json.dumps(g.legal_actions(s)).encode())
                for a in PROBES:
                    c = g.clone()
                    try:
                        h.update(json.dumps(["ok", c.act(seat, a), c.to_json()]).encode())
                    except IllegalAction as e:
                        h.update(f"{e.code}|{e}|{c.to_json() == g.to_json()}".encode())
                h.update(json.dumps([g.view(x) for x in [None, *range(p)]] + [g.full_view()], sort_keys=True).encode())
            g.act(seat, rng.choice(legal))
            step += 1
        out += game_record(g)
    return write_snapshot(path, out, h)


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    ap.add_argument("--repeats", type=int, default=3, help="best of this many measurements")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    ap.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel games (no ratio)")
    ap.add_argument("--snapshot", metavar="FILE", help="write a behaviour snapshot instead")
    args = ap.parse_args(argv)
    if args.snapshot:
        print(f"wrote {args.snapshot} ({snapshot(args.snapshot)})")
        return {}
    res = run(args.seconds, args.repeats, openspiel=not args.no_openspiel)
    report(res)
    if args.json:
        print(json.dumps(res))
    return res


if __name__ == "__main__":
    main(sys.argv[1:])

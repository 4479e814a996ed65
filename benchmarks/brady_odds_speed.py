"""Alice's notebook speed: ``brady_bunch.odds.panel(view)`` at 4, 6 and 8 players.

Positions: the start of a game (round 1, nothing seen: every card unseen, no
claims) and mid-game (a seeded random game driven to the talk phase of round 3:
some peeks, a dozen claims or so, Cookies). Each panel is the widget's default
call, ``odds.panel(view)``: claim-free and trust-0.7 odds, ``odds.PANEL_SAMPLES``
(2,000) seeded samples each in pure Python (no numpy: the play path runs in browser
kernels without it), or the exact path when few cards are unseen. Also shown: the
panel's stated error (its largest standard error), how far its odds are from the
numpy estimate the panel used before (20,000 samples, ``highest_odds``, now the
lessons' path: "diff", the largest difference over kids, plain and trusted), and
one ``highest_odds`` call (numpy) with and without trust.

Times are the best and the median of ``--repeats`` calls, wall clock and CPU
(``process_time``); on a busy machine the CPU figure is the fairer one.
Target: panel under 30 ms at 8 players.

    python benchmarks/brady_odds_speed.py [--repeats 30] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time


def position(players: int, seed: int, mid: bool):
    from brady_widgets.brady_bunch.rules import BradyBunch

    g = BradyBunch(players, seed=seed, max_questions=3)
    if not mid:
        return g.view(0)
    rng = random.Random(seed)
    while not (g.round == 3 and g.phase == "talk"):
        s = g.to_act[0]
        legal = g.legal_actions(s)
        if g.phase == "talk" and rng.random() < 0.5:  # ask about half of the allowed questions
            legal = [a for a in legal if a["type"] == "cookie"]
        g.act(s, rng.choice(legal))
    return g.view(0)


def timed(fn, repeats: int) -> dict:
    wall, cpu = [], []
    for _ in range(repeats):
        w, c = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - w) * 1e3)
        cpu.append((time.process_time() - c) * 1e3)
    return {
        "wall_ms_best": min(wall),
        "wall_ms_median": statistics.median(wall),
        "cpu_ms_best": min(cpu),
        "cpu_ms_median": statistics.median(cpu),
    }


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=30)
    ap.add_argument("--json", action="store_true", help="end with one line of JSON")
    args = ap.parse_args(argv)
    from brady_widgets.brady_bunch import odds
    from brady_widgets.brady_bunch.knowledge import position as model

    rows = []
    for players in (4, 6, 8):
        for mid in (False, True):
            view = position(players, seed=players, mid=mid)
            pos = model(view, 0.7)
            odds.panel(view)  # warm up (imports, caches)
            row = {
                "players": players,
                "when": "mid-game" if mid else "start",
                "unseen": len(pos.unknown),
                "claims": len(pos.likelihood),
                "method": odds.panel(view)["method"],
                "panel": timed(lambda: odds.panel(view), args.repeats),
                "highest_odds": timed(lambda: odds.highest_odds(view), max(5, args.repeats // 3)),
                "highest_odds_trust": timed(lambda: odds.highest_odds(view, trust=0.7), max(5, args.repeats // 3)),
            }
            panel = odds.panel(view)
            diff = 0.0
            for t, key in ((None, "p_highest"), (0.7, "p_highest_trust")):
                before = odds.highest_odds(view, trust=t)
                diff = max(diff, *(abs(k[key] - before[k["kid"]]) for k in panel["kids"]))
            row["error"], row["diff"] = panel["error"], diff
            rows.append(row)
    print(
        f"{'players':>7} {'when':>9} {'unseen':>6} {'claims':>6} {'method':>8} "
        "| panel ms: wall best/median, cpu best/median | error, diff | numpy highest_odds cpu ms: plain, trust"
    )
    for r in rows:
        p = r["panel"]
        print(
            f"{r['players']:>7} {r['when']:>9} {r['unseen']:>6} {r['claims']:>6} {r['method']:>8} | "
            f"{p['wall_ms_best']:6.1f} / {p['wall_ms_median']:6.1f}, {p['cpu_ms_best']:6.1f} / {p['cpu_ms_median']:6.1f} | "
            f"{r['error']:.4f}, {r['diff']:.4f} | "
            f"{r['highest_odds']['cpu_ms_best']:6.1f}, {r['highest_odds_trust']['cpu_ms_best']:6.1f}"
        )
    worst = max(r["panel"]["cpu_ms_median"] for r in rows if r["players"] == 8)
    print(f"8 players, worst median CPU time of a panel: {worst:.1f} ms (target < 30 ms)")
    print(
        f"largest stated error {max(r['error'] for r in rows):.4f}; largest difference from the numpy panel "
        f"{max(r['diff'] for r in rows):.4f} (tests/test_brady_odds.py checks it within the errors)"
    )
    if args.json:
        print(json.dumps({"rows": rows}))


if __name__ == "__main__":
    sys.exit(main())

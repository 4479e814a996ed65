"""Run every engine/bot benchmark, one after the other, and print one summary table.

Each script runs in its own interpreter (so import times are fresh and one
benchmark's memory does not slow the next), prints its own report, and hands
its figures back as JSON. The browser figures (click-to-redraw latency, bytes
per update) come from ``widget_latency.py``, which needs JupyterLab and a
browser and is run on its own.

    python benchmarks/run_all.py            # full run (several minutes)
    python benchmarks/run_all.py --quick    # smaller samples, for a smoke check
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run_script(name: str, args: list[str]) -> dict:
    cmd = [sys.executable, str(HERE / name), "--json", *args]
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=HERE.parent)
    took = time.perf_counter() - start
    if out.returncode:
        print(out.stdout + out.stderr)
        raise SystemExit(f"{name} failed with exit code {out.returncode}")
    lines = out.stdout.rstrip().splitlines()
    print("\n".join(lines[:-1]))
    print(f"({name}: {took:.1f} s)\n")
    return json.loads(lines[-1])


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="small samples (figures are rough)")
    args = ap.parse_args(argv)
    q = args.quick
    engine = run_script("engine_speed.py", ["--seconds", "0.3", "--repeats", "1"] if q else [])
    lesson = run_script("lesson_scale.py", ["--games", "10000"] if q else [])
    bots = run_script("bots_costume_party.py", ["--games", "100"] if q else [])
    imports = run_script("import_time.py", ["--repeats", "3"] if q else [])
    brady = run_script("brady_speed.py", ["--seconds", "0.3", "--repeats", "1"] if q else [])
    brady_bots = run_script("bots_brady_bunch.py", ["--games", "40", "--speed-games", "10"] if q else [])
    brady_odds = run_script("brady_odds_speed.py", ["--repeats", "5"] if q else [])
    brouhaha = run_script(
        "brouhaha_speed.py", ["--seconds", "0.3", "--repeats", "1", "--level-games", "10", "--paired", "1"] if q else []
    )
    big_brother = run_script(
        "big_brother_speed.py",
        ["--seconds", "0.3", "--repeats", "1", "--level-games", "10", "--bloc-games", "10", "--paired", "1"]
        if q
        else [],
    )

    rows = []
    rows.append(("engine: ours, actions/s (median of 2/4/8 players)", f"{engine['our_actions_per_s']:,.0f}", ""))
    rows.append(
        ("engine: OpenSpiel Python games, median actions/s", f"{engine['openspiel_median_actions_per_s']:,.0f}", "")
    )
    rows.append(("engine: ours / OpenSpiel median", f"x{engine['ratio_vs_median']:.2f}", ">= x2"))
    rows.append(("engine: ours / median(kuhn, liars poker)", f"x{engine['ratio_vs_named']:.2f}", ">= x2"))
    rows.append(("engine: games/s, 4 players", f"{engine['ours']['4']['games_per_s']:,.0f}", ""))
    for p, r in lesson.items():
        rows.append(
            (
                f"lesson scale: {r['games']:,} fast games, {p} players (CPU s)",
                f"{r['cpu_s']:.2f}",
                "< 10 s" if r["games"] >= 100_000 else "(quick)",
            )
        )
    for p, r in bots["win_rates"].items():
        lo, hi = r["ci95"]
        rows.append(
            (
                f"detective win rate, 1 vs {int(p) - 1} random ({r['games']} games)",
                f"{r['rate']:.3f} [{lo:.3f}, {hi:.3f}]",
                f"chance {r['chance']:.3f}",
            )
        )
    for b, s in bots["speed"].items():
        rows.append((f"bot-vs-bot games/s, 4 x {b}", f"{s['games_per_s']:.1f}", ""))
    rows.append(("import brady_widgets - import anywidget", f"{imports['delta_s'] * 1000:+.0f} ms", "<= +500 ms"))
    rows.append(("  ... with CostumePartyWidget loaded", f"{imports['delta_with_widget_s'] * 1000:+.0f} ms", ""))

    for r in brady["runs"]:
        cap = "no question cap" if r["max_questions"] is None else f"max_questions={r['max_questions']}"
        rows.append(
            (f"Brady Bunch random playouts, {r['players']} players, {cap}: actions/s", f"{r['actions_per_s']:,.0f}", "")
        )
    for _key, r in brady_bots["win_rates"].items():
        lo, hi = r["ci95"]
        table = f"{r['players']}p" + (" Oliver" if r["cousin_oliver"] else "")
        rows.append(
            (
                f"Brady smart Alice win rate, {table} ({r['games']} games)",
                f"{r['rate']:.3f} [{lo:.3f}, {hi:.3f}]",
                f"random accusation {r['random_accusation']:.3f}",
            )
        )
    for row in brady_odds["rows"]:
        rows.append(
            (
                f"Brady odds panel, {row['players']} players, {row['when']}: CPU ms (median)",
                f"{row['panel']['cpu_ms_median']:.1f}",
                "< 30 ms",
            )
        )

    for r in brouhaha["random"]:
        rows.append(
            (
                f"Brouhaha random playouts, {r['players']} players: steps/s",
                f"{r['steps_per_s']:,.0f}",
                f"x{r['ratio_vs_openspiel_median']:.2f} OpenSpiel median" if "ratio_vs_openspiel_median" in r else "",
            )
        )
    for r in brouhaha["bots"]:
        rows.append(
            (
                f"Brouhaha bot-vs-bot games/s, {r['players']} x {r['bots']} (virtual time)",
                f"{r['games_per_s']:.1f}",
                f"{r['ms_per_game']:.0f} ms a game",
            )
        )
    tb = brouhaha["total_black"]
    rows.append((f"Total Black simulations/s, {tb['players']} players (TB_BOTS)", f"{tb['sims_per_s']:.1f}", ""))
    for r in brouhaha["levels"]:
        lo, hi = r["ci95"]
        rows.append(
            (
                f"Brouhaha {r['a']} vs {r['b']}, {r['players']}p, share of wins ({r['games']} games)",
                f"{r['share']:.3f} [{lo:.3f}, {hi:.3f}]",
                "> 0.5",
            )
        )

    r = big_brother["random"]
    rows.append(
        (
            f"Big Brother random playouts, {r['players']} players: steps/s",
            f"{r['steps_per_s']:,.0f}",
            f"x{r['ratio_vs_openspiel_median']:.2f} OpenSpiel median (>= x2)"
            if "ratio_vs_openspiel_median" in r
            else "",
        )
    )
    for r in big_brother["bots"]:
        rows.append(
            (
                f"Big Brother bot-vs-bot games/s, {r['players']} x {r['bots']} (virtual time)",
                f"{r['games_per_s']:.1f}",
                f"{r['ms_per_game']:.0f} ms a game",
            )
        )
    for r in big_brother["levels"]:
        lo, hi = r["ci95"]
        rows.append(
            (
                f"Big Brother {r['a']} vs {r['b']}, {r['players']}p, share of wins ({r['games']} games)",
                f"{r['share']:.3f} [{lo:.3f}, {hi:.3f}]",
                "> 0.5",
            )
        )
    for r in big_brother["blocs"]:
        m0, m1 = r["none"]["evicted_per_game"][0], r["bloc"]["evicted_per_game"][0]
        rows.append(
            (
                f"Big Brother bloc {r['seats']}: members evicted a game, without -> with ({r['games']} games)",
                f"{m0:.2f} -> {m1:.2f}",
                "fewer with",
            )
        )

    width = max(len(r[0]) for r in rows)
    print("=" * (width + 40))
    print(f"{'figure':{width}s}  {'value':>24s}  target")
    print("-" * (width + 40))
    for name, value, target in rows:
        print(f"{name:{width}s}  {value:>24s}  {target}")
    print("=" * (width + 40))


if __name__ == "__main__":
    main(sys.argv[1:])

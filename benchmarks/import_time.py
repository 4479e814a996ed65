"""Import time: ``import brady_widgets`` against ``import anywidget``.

Each import runs in a fresh interpreter (``python -c``), timed inside it with
``time.perf_counter`` around the import statement (interpreter start-up is not
counted); the figure is the median of ``--repeats`` runs, the runs of the
different statements interleaved. ``import brady_widgets`` loads the engine
kernel only (widgets, games and numpy load when first used), so it is also
timed with the widget class loaded (``from brady_widgets import
CostumePartyWidget``), which brings in anywidget itself.

Target: ``import brady_widgets`` at most 0.5 s more than ``import anywidget``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

STATEMENTS = {
    "anywidget": "import anywidget",
    "brady_widgets": "import brady_widgets",
    "brady_widgets + widget": "from brady_widgets import CostumePartyWidget",
}


def time_import(statement: str) -> float:
    code = f"import time; t = time.perf_counter(); {statement}; print(time.perf_counter() - t)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def run(repeats: int = 7) -> dict:
    times = {name: [] for name in STATEMENTS}
    for _ in range(repeats):
        for name, stmt in STATEMENTS.items():
            times[name].append(time_import(stmt))
    med = {name: statistics.median(v) for name, v in times.items()}
    return {
        "median_s": med,
        "runs_s": times,
        "delta_s": med["brady_widgets"] - med["anywidget"],
        "delta_with_widget_s": med["brady_widgets + widget"] - med["anywidget"],
    }


def report(res: dict) -> None:
    print("Import time (fresh interpreter each, median)")
    for name, t in res["median_s"].items():
        print(f"  {STATEMENTS[name]:48s} {t * 1000:8.1f} ms")
    print(f"  import brady_widgets - import anywidget: {res['delta_s'] * 1000:+.1f} ms (target <= +500 ms)")
    print(f"  with the widget class loaded:            {res['delta_with_widget_s'] * 1000:+.1f} ms")


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    args = ap.parse_args(argv)
    res = run(args.repeats)
    report(res)
    if args.json:
        print(json.dumps(res))
    return res


if __name__ == "__main__":
    main(sys.argv[1:])

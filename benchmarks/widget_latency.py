"""Click-to-redraw latency and bytes per update of the Costume Party widget,
beside a bare anywidget counter, in one JupyterLab session driven by Debian's
chromium.

    python benchmarks/widget_latency.py [--moves 30] [--check] [--json]
                                        [--screenshot docs/images/costume_party.png | --no-screenshot]

Latency is measured IN THE PAGE: ``performance.now()`` just before the click
and in the MutationObserver callback of the first DOM change under the widget
after the click handler returned, i.e. the view -> kernel -> synced traits ->
redraw round trip (the callback runs once the redraw's task is done, so the
whole redraw is inside the figure). Clicks are about 250 ms apart for both
widgets; 3 warm-up clicks each are not counted. Seat 0 plays by clicking (roll;
a highlighted figure, then a highlighted room; draw, else kill) against the
default bots in two set-ups: bots paced 0.1 s apart (as in a notebook, where the
default pace is 0.6 s), and pace=0 (the bots answer inside the click's round
trip). The view's own redraw is timed separately on local clicks (selecting a
figure redraws synchronously, without the kernel).

Bytes per update are the sizes of the WebSocket frames that carry the widget's
state updates (comm_msg "update"), per frame and summed per human action.

Targets (issue 2): our median <= 1.5x the bare counter's; bytes per update < 8 KB.
``--check`` exits 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "e2e"))

import jlab_harness as H

GAP_S = 0.25
WARMUP = 3  # first clicks (code paths warming up) are not counted
KILLED_JS = "(root) => /Killed:/.test((root.querySelector('.bw-table') || root).textContent)"


def pct(values, q):
    values = sorted(values)
    if not values:
        return float("nan")
    k = (len(values) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def summary(values):
    return {"median": statistics.median(values), "p95": pct(values, 0.95), "n": len(values)}


def measure_counter(page, moves: int, js: str = H.CLICK_TO_REDRAW_JS) -> list:
    """The counter's click round trips (``js``: what each click returns, e.g.
    ``H.CLICK_TO_FRAME_JS`` for [to the DOM change, to the next frame])."""
    button = page.locator('[data-testid="count"]')
    button.wait_for()
    root = page.locator(".jp-OutputArea-output", has=button).first
    out = []
    for _ in range(moves):
        ms = page.evaluate(js, [button.element_handle(), root.element_handle(), 10_000])
        if ms is None:
            raise RuntimeError("the counter did not redraw within 10 s")
        out.append(ms)
        time.sleep(GAP_S)
    return out


def measure_costume_party(page, roots, frames, moves: int, screenshot: Path | None = None):
    """Seat 0 plays by clicks (roll; figure then room; draw, else kill); every
    click that goes through the kernel is timed (selecting a figure is local).
    When a game ends (or seat 0 is out), play goes on in the next widget."""
    latencies, per_action, per_frame, local = [], [], [], []
    shot_taken = False
    roots = list(roots)
    driver = None
    while len(latencies) < moves:
        if driver is None or driver.game_over() or not driver.state()["seatAlive"]:
            if not roots:
                raise RuntimeError(f"all benchmark games ended after {len(latencies)} timed clicks")
            driver = H.CostumePartyDriver(page, roots.pop(0), timeout=60)
            driver.local_ms = local
            driver.root.scroll_into_view_if_needed()
            continue
        mark = frames.mark()
        ms = driver.step(measure=True)
        if ms is None:
            continue
        latencies.append(ms)
        s = driver.wait_actionable()
        if s["phase"] != "over" and s["seatAlive"]:
            time.sleep(0.05)  # let trailing frames land before they are counted
        sizes = [size for kind, _, size, _ in frames.widget_states(start=mark, sizes=True) if kind != "open"]
        per_frame.extend(sizes)
        if s["phase"] != "over" and s["seatAlive"]:  # not the bots' play to the end of a game
            per_action.append(sum(sizes))
        # the README picture: a game under way (a figure killed already), seat 0 to act
        late = len(latencies) >= moves * 2 // 3
        if screenshot and not shot_taken and late and s["phase"] != "over" and s["seatAlive"]:
            if driver.root.evaluate(KILLED_JS) or len(latencies) >= moves - 1:
                driver.root.screenshot(path=str(screenshot))
                shot_taken = True
        time.sleep(GAP_S)
    return latencies, per_frame, per_action, local


#: The bench notebook: the bare counter, then the Costume Party games. ``paced``:
#: bots take their turns 0.1 s apart after the click, as in a notebook (the
#: default pace is 0.6 s); ``sync``: pace=0, the bots answer inside the click's
#: round trip (the worst case for the redraw).
BENCH_CELLS = [
    "from bare_counter import BareCounter\ncounter = BareCounter()\ncounter",
    "from brady_widgets import CostumePartyWidget\n"
    "paced = [CostumePartyWidget(players=4, seed={seed} + i, humans=[0], pace=0.1) for i in range(4)]\n"
    "display(*paced)",
    "sync = [CostumePartyWidget(players=4, seed={seed} + i, humans=[0], pace=0) for i in range(4)]\ndisplay(*sync)",
]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--moves", type=int, default=30)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--screenshot", type=Path, default=REPO / "docs" / "images" / "costume_party.png")
    ap.add_argument("--no-screenshot", action="store_true")
    ap.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    args = ap.parse_args(argv)
    shot = None if args.no_screenshot else args.screenshot
    if shot:
        shot.parent.mkdir(parents=True, exist_ok=True)

    cells = [c.replace("{seed}", str(args.seed)) for c in BENCH_CELLS]
    with H.bench_notebook(cells) as (lab, page, frames):
        # warm up both (first clicks compile code paths), not counted
        counter_ms = measure_counter(page, WARMUP + args.moves)[WARMUP:]
        ids = H.kernel_eval(lab, page, "{'paced': [g.model_id for g in paced], 'sync': [g.model_id for g in sync]}")
        results = {}
        for name in ("paced", "sync"):
            roots = [H.widget_root(page, m) for m in ids[name]]
            ms, per_frame, per_action, local = measure_costume_party(
                page, roots, frames, WARMUP + args.moves, shot if name == "paced" else None
            )
            results[name] = (ms[WARMUP:], per_frame, per_action, local)

    kb = 1024
    c = summary(counter_ms)
    print(
        f"click-to-redraw latency in the page, {args.moves} timed clicks ~{GAP_S * 1000:.0f} ms apart "
        f"(+{WARMUP} warm-up clicks each)"
    )
    print(f"  bare anywidget counter          : median {c['median']:6.1f} ms   p95 {c['p95']:6.1f} ms")
    ok = True
    figures = {"counter_ms": c}
    for name, title in (("paced", "Costume Party, bots paced"), ("sync", "Costume Party, pace=0")):
        ms, per_frame, per_action, local = results[name]
        o = summary(ms)
        ratio = o["median"] / c["median"]
        figures[name] = {
            "ms": o,
            "ratio": ratio,
            "view_redraw_ms": summary(local) if local else None,
            "frame_bytes": {"median": statistics.median(per_frame), "max": max(per_frame), "n": len(per_frame)},
            "action_bytes": {"median": statistics.median(per_action), "max": max(per_action), "n": len(per_action)},
        }
        print(
            f"  {title:<32}: median {o['median']:6.1f} ms   p95 {o['p95']:6.1f} ms   "
            f"ratio of medians {ratio:.2f}x (target <= 1.5x)"
        )
        print(
            f"      bytes per state update frame: median {statistics.median(per_frame) / kb:.2f} KB   "
            f"max {max(per_frame) / kb:.2f} KB over {len(per_frame)} frames (target < 8 KB)"
        )
        print(
            f"      bytes per action (all frames): median {statistics.median(per_action) / kb:.2f} KB   "
            f"max {max(per_action) / kb:.2f} KB"
        )
        if local:
            lo = summary(local)
            print(
                f"      of which the view's own redraw : median {lo['median']:.1f} ms   p95 {lo['p95']:.1f} ms "
                f"(selecting a figure: a local, synchronous redraw; {lo['n']} samples)"
            )
        ok = ok and ratio <= 1.5 and max(per_frame) < 8 * kb
    if shot:
        print(f"screenshot: {shot}")
    print("targets:", "MET" if ok else "MISSED")
    if args.json:
        print(json.dumps({**figures, "targets_met": ok}))
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())

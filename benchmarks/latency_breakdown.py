"""Where a click's round trip goes: the bare anywidget counter beside the Big Brother
widget (6 players, ``big_brother_latency.py``'s cells), each click split into its parts
from WebSocket frames time-stamped IN THE PAGE.

    python benchmarks/latency_breakdown.py [--setup thinking|at_once] [--moves 25]
                                           [--kernel] [--profile] [--kprofile] [--json]

The page's ``WebSocket`` is wrapped (an init script) so that every kernel frame sent
or received gets ``performance.now()`` when the page sends it or when its ``message``
event starts (before JupyterLab's own handler). For each timed click (clicks ~250 ms
apart, counter and game alternating, 3 warm-up pairs not counted):

    click -> out       the view's handler until its comm_msg leaves the page
    out -> busy        the link and the kernel picking the message up (status busy in)
    busy -> update     the kernel's work until the first state update arrives
    update -> dom      the front end: ipywidgets' set_state and the view's redraw, to
                       the first DOM change under the widget (CLICK_TO_REDRAW_JS)
    total              click -> first DOM change (the latency benchmarks' figure)
    busy -> idle       the kernel's whole handling of the message (status idle in)

``--kernel`` adds the kernel's own time stamps (epoch ms, the page's clock too): the
message reaching the shell thread, busy, the update published, idle. ``--profile``
records a JavaScript CPU profile (Chrome DevTools Protocol) of each timed game click and
prints the functions with the most self and total time; ``--kprofile`` writes a cProfile
of the kernel's comm handlers to /tmp/kernel_profile.txt. The counter's column is the
yardstick: the issue's target is total(game) <= 1.5 x total(counter).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
sys.path.insert(0, str(REPO / "tests" / "e2e"))

import big_brother_latency as BB
import jlab_harness as H
import widget_latency as WL

#: Kernel-side time stamps (epoch ms, the same clock as the page's timeOrigin + now()):
#: when the shell channel thread decodes a message's header, when the main thread
#: dispatches it, and each status / comm message it publishes, by parent msg_id.
KERNEL_PATCH = r"""
import threading, time
import ipykernel.kernelbase as _kb
import ipykernel.comm.comm as _kc
_K = get_ipython().kernel
__bw_kt = {}
def __bw_note(mid, what):
    if mid:
        __bw_kt.setdefault(mid, {}).setdefault(what, time.time() * 1000)
_des = _K.session.deserialize
def __bw_deserialize(*a, **kw):
    m = _des(*a, **kw)
    where = 'main' if threading.current_thread() is threading.main_thread() else 'thread'
    __bw_note(m['header'].get('msg_id'), 'recv_' + where)
    return m
_K.session.deserialize = __bw_deserialize
_ps = _kb.Kernel._publish_status
def __bw_status(self, status, channel, parent=None):
    p = parent or self.get_parent(channel)
    __bw_note((p or {}).get('header', {}).get('msg_id'), status)
    return _ps(self, status, channel, parent)
_kb.Kernel._publish_status = __bw_status
_pm = _kc.BaseComm.publish_msg
def __bw_publish(self, msg_type, data=None, *a, **kw):
    p = _K.get_parent('shell') or {}
    if isinstance(data, dict) and data.get('method') == 'update':
        __bw_note(p.get('header', {}).get('msg_id'), 'update')
    return _pm(self, msg_type, data, *a, **kw)
_kc.BaseComm.publish_msg = __bw_publish
"""

#: cProfile of every comm message's handling in the kernel (``--kprofile``).
KERNEL_PROFILE = r"""
import cProfile, comm.base_comm as _cb
__bw_prof = cProfile.Profile()
__bw_hm = _cb.BaseComm.handle_msg
def __bw_handle(self, msg):
    __bw_prof.enable()
    try:
        return __bw_hm(self, msg)
    finally:
        __bw_prof.disable()
_cb.BaseComm.handle_msg = __bw_handle
"""

KERNEL_PARTS = (
    "k: out -> recv",
    "k: recv -> busy",
    "k: busy -> page",
    "k: busy -> update",
    "k: update -> page",
    "k: update -> idle",
)

PARTS = ("click -> out", "out -> busy", "busy -> update", "update -> dom", "total", "busy -> idle", "updates")


def split(click: dict, frames: list[dict], comm: str) -> dict | None:
    """The parts of one click from the frames after it (None: the frames do not tell)."""
    out = next((f for f in frames if f["dir"] == "out" and f["type"] == "comm_msg" and f["comm"] == comm), None)
    if out is None:
        return None
    mine = [f for f in frames if f["dir"] == "in" and f["parent"] == out["msg_id"]]
    busy = next((f for f in mine if f["state"] == "busy"), None)
    idle = next((f for f in mine if f["state"] == "idle"), None)
    updates = [f for f in mine if f["type"] == "comm_msg" and f["method"] == "update"]
    if busy is None or not updates:
        return None
    first = updates[0]
    return {
        "click -> out": out["t"] - click["t0"],
        "out -> busy": busy["t"] - out["t"],
        "busy -> update": first["t"] - busy["t"],
        "update -> dom": click["tdom"] - first["t"],
        "total": click["tdom"] - click["t0"],
        "busy -> idle": (idle["t"] - busy["t"]) if idle else float("nan"),
        "updates": len(updates),
        "_out": out,
        "_update": first,
    }


def kernel_split(row: dict, frames: list[dict], origin: float, kt: dict) -> None:
    """Add the kernel's parts to ``row`` (page times + ``origin`` = epoch ms)."""
    out = row.pop("_out")
    k = kt or {}
    upd = row.pop("_update")
    t_out, t_upd_in = origin + out["t"], origin + upd["t"]
    if not {"recv_thread", "busy", "update"} <= set(k):
        return
    busy_in = next(f for f in frames if f["dir"] == "in" and f["parent"] == out["msg_id"] and f["state"] == "busy")
    row["k: out -> recv"] = k["recv_thread"] - t_out
    row["k: recv -> busy"] = k["busy"] - k["recv_thread"]
    row["k: busy -> page"] = origin + busy_in["t"] - k["busy"]
    row["k: busy -> update"] = k["update"] - k["busy"]
    row["k: update -> page"] = t_upd_in - k["update"]
    row["k: update -> idle"] = k.get("idle", float("nan")) - k["update"]


def timed_click(page, button, root, comm: str, kernel=None, cdp=None, profiles=None) -> dict | None:
    if cdp is not None:
        cdp.send("Profiler.start")
    click = page.evaluate(H.CLICK_TIMES_JS, [button.element_handle(), root.element_handle(), 10_000])
    if cdp is not None:
        profiles.append(cdp.send("Profiler.stop")["profile"])
    if click is None:
        raise RuntimeError("no redraw within 10 s of a click")
    time.sleep(WL.GAP_S)
    frames = page.evaluate("(t) => window.__wsLog.since(t)", click["t0"] - 1)
    page.evaluate("() => window.__wsLog.clear()")
    row = split(click, frames, comm)
    if row and kernel is not None:
        origin = page.evaluate("() => performance.timeOrigin")
        kt = kernel.eval(f"__bw_kt.pop({row['_out']['msg_id']!r}, {{}})")
        kernel_split(row, frames, origin, kt)
    elif row:
        row.pop("_out"), row.pop("_update")
    return row


def run(setup: str, moves: int, seed: int, profile: bool, kernel_side: bool = False, kprofile: bool = False):
    """``(counter rows, game rows, CPU profiles or None)``, warm-up clicks left out;
    ``setup`` names the widgets of ``BB.BB_CELL`` to play (``thinking`` or ``at_once``)."""
    cells = [WL.BENCH_CELLS[0], BB.BB_CELL.replace("{seed}", str(seed))]
    counter_rows, game_rows = [], []
    with H.bench_notebook(cells, init_script=H.WS_RECORDER_JS) as (lab, page, _frames):
        counter_id = H.kernel_eval(lab, page, "counter.model_id")
        ids = H.kernel_eval(lab, page, f"[w.model_id for w in {setup}]")
        counter = page.locator('[data-testid="count"]')
        counter_root = page.locator(".jp-OutputArea-output", has=counter).first
        kernel = None
        if kernel_side or kprofile:
            kernel = lab.kernel(H.kernel_id(page))
            kernel.run(KERNEL_PATCH)
            if kprofile:
                kernel.run(KERNEL_PROFILE)
        cdp, profiles = None, []
        if profile:
            cdp = page.context.new_cdp_session(page)
            cdp.send("Profiler.enable")
            cdp.send("Profiler.setSamplingInterval", {"interval": 100})
        while len(game_rows) < WL.WARMUP + moves:
            model_id = ids.pop(0)
            root = H.widget_root(page, model_id, selector=".bw-big-brother")
            root.scroll_into_view_if_needed()
            while len(game_rows) < WL.WARMUP + moves:
                testid = BB.next_button(root)
                if testid == "over":
                    break
                row = timed_click(page, counter, counter_root, counter_id, kernel)
                if row:
                    counter_rows.append(row)
                root.scroll_into_view_if_needed()
                warm = len(game_rows) >= WL.WARMUP
                row = timed_click(
                    page,
                    root.locator(f'[data-testid="{testid}"]'),
                    root,
                    model_id,
                    kernel,
                    cdp if warm else None,
                    profiles,
                )
                if row:
                    row["button"] = testid.split("-")[0]
                    game_rows.append(row)
        prof = profiles or None
        if kernel is not None:
            if kprofile:
                kernel.run(
                    "import pstats, io; __bw_s = io.StringIO(); "
                    "pstats.Stats(__bw_prof, stream=__bw_s).sort_stats('cumulative').print_stats(45); "
                    "open('/tmp/kernel_profile.txt', 'w').write(__bw_s.getvalue())"
                )
                print("kernel profile of the comm handlers: /tmp/kernel_profile.txt")
            kernel.close()
    return counter_rows[WL.WARMUP :], game_rows[WL.WARMUP :], prof


def profile_table(prof: list[dict], top: int = 25) -> tuple[list[tuple[str, float, float]], dict]:
    """(function, self ms, total ms) by self time, from CDP CPU profiles (one per click)."""
    self_ms, total_ms = defaultdict(float), defaultdict(float)
    for one in prof:
        _add_profile(one, self_ms, total_ms)
    rows = sorted(self_ms, key=lambda k: -self_ms[k])[:top]
    return [(k, self_ms[k], total_ms[k]) for k in rows], total_ms


def profile_parts(prof: dict) -> tuple[dict, dict, dict]:
    """``(nodes by id, parent id by id, ms by sampled node id)`` of a CDP CPU profile."""
    nodes = {n["id"]: n for n in prof["nodes"]}
    dt = defaultdict(float)
    # a sample's delta is the time since the previous sample: charge it to the previous one
    samples, deltas = prof["samples"], prof["timeDeltas"]
    for sid, d in zip(samples, deltas[1:] + [0]):
        dt[sid] += d / 1000
    parent = {c: n["id"] for n in prof["nodes"] for c in n.get("children", [])}
    return nodes, parent, dt


def _add_profile(prof: dict, self_ms: dict, total_ms: dict) -> None:
    nodes, parent, dt = profile_parts(prof)

    def name(n):
        cf = n["callFrame"]
        url = cf["url"].rsplit("/", 1)[-1][:40]
        return f"{cf['functionName'] or '(anon)'} {url}:{cf['lineNumber'] + 1}"

    for nid, ms in dt.items():
        self_ms[name(nodes[nid])] += ms
        seen, cur = set(), nid
        while cur is not None:
            nm = name(nodes[cur])
            if nm not in seen:
                total_ms[nm] += ms
                seen.add(nm)
            cur = parent.get(cur)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--setup", default="thinking", choices=("thinking", "at_once"))
    ap.add_argument("--moves", type=int, default=25)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--kernel", action="store_true", help="also time the parts inside the kernel")
    ap.add_argument(
        "--kprofile", action="store_true", help="cProfile the kernel's comm handlers (to /tmp/kernel_profile.txt)"
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    counter, game, prof = run(args.setup, args.moves, args.seed, args.profile, args.kernel, args.kprofile)

    def med(rows, k):
        vals = [r[k] for r in rows if k in r]
        return statistics.median(vals) if vals else float("nan")

    print(f"medians over {len(counter)} counter and {len(game)} Big Brother ({args.setup}) clicks, ms")
    print(f"  {'part':<16}{'counter':>10}{'big_brother':>14}")
    shown = PARTS + (KERNEL_PARTS if args.kernel or args.kprofile else ())
    for k in shown:
        print(f"  {k:<16}{med(counter, k):>10.2f}{med(game, k):>14.2f}")
    print(f"  ratio of totals: x{med(game, 'total') / med(counter, 'total'):.2f}")
    by_button = defaultdict(list)
    for r in game:
        by_button[r.get("button", "?")].append(r)
    parts = [k for k in shown if any(k in r for r in game)]
    print("  by button (medians, ms): " + "  ".join(f"{b} n={len(rs)}" for b, rs in by_button.items()))
    for k in parts:
        print(f"  {k:<16}" + "".join(f"{med(rs, k):>10.2f}" for rs in by_button.values()))
    if prof:
        rows, totals = profile_table(prof)
        n = max(1, len(game))
        print(
            f"\nJS CPU profile of the {n} timed game clicks (from the click until the measurement returned: "
            f"the first DOM change and what ran just after it, e.g. an animation frame), ms per click:"
        )
        for k, s, t in rows:
            print(f"  self {s / n:6.2f}  total {t / n:6.2f}  {k}")
        print("  --- total time of every named function (>= 0.05 ms a click):")
        for k in sorted(totals, key=lambda k: -totals[k]):
            if totals[k] / n >= 0.05 and "(" not in k.split()[0]:
                print(f"  total {totals[k] / n:6.2f}  {k}")
    if args.json:
        print(json.dumps({"counter": counter, "game": game}))
    return 0


if __name__ == "__main__":
    sys.exit(main())

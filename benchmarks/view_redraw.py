"""The Big Brother view's redraw alone, in Debian's chromium without JupyterLab: a
recorded game's updates replayed into the built bundle on a stand-in model.

    python benchmarks/view_redraw.py [--games 2] [--passes 3] [--profile] [--render] [--json]

A 6-player game is played in Python (seat 0 takes the first legal action in the
benchmark's click order, the bots answer at once) and every update message the
widget sends is recorded: the traits it changes, as the kernel sends them. The page
mounts ``brady_widgets/static/big_brother.js`` on a model that stores the traits and
fires ``change:<trait>`` as ipywidgets does, then applies the updates in order and
times each one from the model's change to the end of the view's redraw (the
microtask it queues) and counts its DOM changes (mutation records), i.e. the view's own share of ``update -> dom`` in
``latency_breakdown.py``, without the kernel, the link, ipywidgets or the notebook
around it. Updates are grouped by what the person did just before (roll, vote,
...; ``bots`` for the bots' own steps). ``--profile`` adds a CPU profile of the
timed passes (Chrome DevTools Protocol, 50 us sampling): the view's functions with
the most time. ``--render`` adds what the browser does after the redraw, from a trace of
one more pass: style and layout (forced after each update, as the next frame would do
them) and the pre-paint, paint and layerize of the frames drawn during the pass, in ms
per update.

This is the quick loop for work on the view; the figure the issue names is
``big_brother_latency.py``'s (the whole round trip, against the bare counter).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "e2e"))
sys.path.insert(0, str(REPO / "benchmarks"))

import jlab_harness as H
import latency_breakdown as LB  # the CPU profile's walk

ORDER = ("roll", "vote", "choose", "rank", "gossip", "gossip_card")


def record(seed: int) -> tuple[dict, list[tuple[str, dict]]]:
    """``(first state, [(what the person did, the update's traits), ...])`` of one game."""
    from ipywidgets import Widget

    from brady_widgets.big_brother.widget import BigBrotherWidget
    from brady_widgets.testing.widgets import legal_of, send
    from brady_widgets.widget import MSG

    class Quick:
        def __init__(self, seat, seed):
            self.seat = seat

        def choose(self, view, legal):
            return next((a for a in legal if a["type"] != "claim"), legal[0])

    updates: list[tuple[str, dict]] = []
    label = ["bots"]
    original = Widget._send

    def _send(self, msg, buffers=None):
        if msg.get("method") == "update" and not ({"_esm", "_css"} & set(msg.get("state", {}))):
            updates.append((label[0], json.loads(json.dumps(msg["state"]))))
        return original(self, msg, buffers)

    async def play():
        w = BigBrotherWidget(players=6, seed=seed, humans=[0], bot=Quick, pace=0)
        first = json.loads(
            json.dumps(
                {
                    k: v
                    for k, v in w.get_state().items()
                    if not k.startswith("_") and k not in ("layout", "tabbable", "tooltip")
                }
            )
        )
        Widget._send = _send
        try:
            send(w, {"type": MSG.CLOCK, "id": "bench"})
            for _ in range(400):
                if w.game.over:
                    break
                await asyncio.sleep(0.03)
                legal = legal_of(w)
                action = next((a for t in ORDER for a in legal if a["type"] == t), None)
                if action is None:
                    continue
                label[0] = action["type"]
                send(w, {"type": MSG.ACT, "action": action})
                label[0] = "bots"
        finally:
            Widget._send = original
            w.close()
        return first

    first = asyncio.run(play())
    return first, updates


PAGE_JS = """async ([src, first, updates, passes]) => {
  const mod = await import(src);
  const widget = mod.default;
  const times = [];
  for (let pass = 0; pass < passes; pass++) {
    const data = structuredClone(first);
    const listeners = new Map();
    const model = {
      get: (k) => data[k],
      on: (e, cb) => { if (!listeners.has(e)) listeners.set(e, new Set()); listeners.get(e).add(cb); },
      off: (e, cb) => listeners.get(e)?.delete(cb),
      send: () => {},
    };
    const el = document.createElement('div');
    document.body.appendChild(el);
    const cleanup = widget.render({ model, el });
    el.offsetHeight;
    const row = [];
    const obs = new MutationObserver(() => {});
    obs.observe(el, { subtree: true, childList: true, attributes: true, characterData: true });
    for (const [, state] of updates) {
      const copy = structuredClone(state);
      await new Promise((r) => setTimeout(r, 0));
      const t0 = performance.now();
      for (const [k, v] of Object.entries(copy)) {
        data[k] = v;
        for (const cb of listeners.get('change:' + k) || []) cb();
      }
      await null;  // the redraw the change queued runs first
      const ms = performance.now() - t0;
      row.push([ms, obs.takeRecords().length]);
      el.offsetHeight;  // style and layout outside the timed part, as after a click
    }
    obs.disconnect();
    if (typeof cleanup === 'function') cleanup();
    el.remove();
    times.push(row);
  }
  return times;
}"""


#: The trace's renderer phases after a DOM change (Chromium's event names), and what to record.
RENDER_PHASES = ("UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize")
TRACE_CATEGORIES = ("devtools.timeline", "disabled-by-default-devtools.timeline", "blink")


def render_times(trace: Path) -> dict[str, float]:
    """ms in each of :data:`RENDER_PHASES` in a Chromium trace (complete events; a phase
    nested in the same phase, e.g. a layer's paint inside the document's, counted once)."""
    events = json.loads(trace.read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    out: dict[str, float] = defaultdict(float)
    outer_end: dict[tuple, float] = {}
    phases = sorted(
        (e for e in events if e.get("ph") == "X" and e.get("name") in RENDER_PHASES),
        key=lambda e: (e.get("pid"), e.get("tid"), e["ts"]),
    )
    for e in phases:
        key = (e.get("pid"), e.get("tid"), e["name"])
        if e["ts"] < outer_end.get(key, -1):
            continue  # inside an outer event of the same phase
        outer_end[key] = e["ts"] + e.get("dur", 0)
        out[e["name"]] += e.get("dur", 0) / 1000
    return out


def callers(profiles: list[dict], natives: tuple[str, ...]) -> list[tuple[str, float]]:
    """Time in the ``natives`` DOM calls by the function that called them, most first."""
    out: dict[str, float] = defaultdict(float)
    for prof in profiles:
        nodes, parent, dt = LB.profile_parts(prof)
        for nid, ms in dt.items():
            cf = nodes[nid]["callFrame"]
            if cf["functionName"] in natives and not cf["url"]:
                chain, cur = [cf["functionName"]], parent.get(nid)
                while cur is not None and len(chain) < 4:
                    up = nodes[cur]["callFrame"]
                    chain.append(f"{up['functionName'] or '(anon)'}:{up['lineNumber'] + 1}")
                    cur = parent.get(cur)
                by = " <- ".join(chain)
                out[by] += ms
    return sorted(out.items(), key=lambda kv: -kv[1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument(
        "--bundle",
        type=Path,
        default=REPO / "brady_widgets" / "static" / "big_brother.js",
        help="the view's bundle (default: the built one)",
    )
    ap.add_argument("--render", action="store_true", help="trace one more pass: style, layout and paint per update")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    games = [record(args.seed + i) for i in range(args.games)]
    bundle = args.bundle.read_text()
    css = (REPO / "brady_widgets" / "static" / "big_brother.css").read_text()
    import tempfile

    from playwright.sync_api import sync_playwright

    by_kind: dict[str, list[float]] = defaultdict(list)
    changes: dict[str, list[int]] = defaultdict(list)
    profiles = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        browser = H.launch_chromium(pw, Path(tmp))
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_content(f"<!doctype html><html><head><style>{css}</style></head><body></body></html>")
        src = page.evaluate("(code) => URL.createObjectURL(new Blob([code], {type: 'text/javascript'}))", bundle)
        cdp = None
        if args.profile:
            cdp = page.context.new_cdp_session(page)
            cdp.send("Profiler.enable")
            cdp.send("Profiler.setSamplingInterval", {"interval": 50})
        render: dict[str, float] = defaultdict(float)
        n_render = 0
        for first, updates in games:
            page.evaluate(PAGE_JS, [src, first, updates, 1])  # warm-up pass
            if args.render:
                trace = Path(tmp) / "trace.json"
                browser.start_tracing(page=page, path=str(trace), categories=list(TRACE_CATEGORIES))
                page.evaluate(PAGE_JS, [src, first, updates, 1])
                browser.stop_tracing()
                for name, ms in render_times(trace).items():
                    render[name] += ms
                n_render += len(updates)
            if cdp is not None:
                cdp.send("Profiler.start")
            times = page.evaluate(PAGE_JS, [src, first, updates, args.passes])
            if cdp is not None:
                profiles.append(cdp.send("Profiler.stop")["profile"])
            for row in times:
                for (kind, _), (ms, n) in zip(updates, row):
                    by_kind[kind].append(ms)
                    changes[kind].append(n)
        browser.close()

    every = [ms for v in by_kind.values() for ms in v]
    summary = {
        kind: {
            "n": len(v),
            "median_ms": round(statistics.median(v), 3),
            "p90_ms": round(sorted(v)[int(0.9 * (len(v) - 1))], 3),
            "dom_changes": round(statistics.mean(changes[kind]), 1),
        }
        for kind, v in sorted(by_kind.items(), key=lambda kv: -len(kv[1]))
    }
    every_n = [n for v in changes.values() for n in v]
    summary["all"] = {
        "n": len(every),
        "median_ms": round(statistics.median(every), 3),
        "p90_ms": round(sorted(every)[int(0.9 * (len(every) - 1))], 3),
        "dom_changes": round(statistics.mean(every_n), 1),
    }
    if args.render:
        summary["render_ms_per_update"] = {k: round(render[k] / max(1, n_render), 3) for k in RENDER_PHASES}
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(
            f"Big Brother view, redraw per update (model change -> end of redraw), {args.games} games x {args.passes} passes"
        )
        for kind, s in summary.items():
            if kind == "render_ms_per_update":
                print(
                    "  after each update, the browser's own work (ms per update): "
                    + ", ".join(f"{k} {v:.2f}" for k, v in s.items())
                )
                continue
            print(
                f"  after {kind:12s} n={s['n']:5d}  median {s['median_ms']:6.3f} ms   p90 {s['p90_ms']:6.3f} ms   DOM changes {s['dom_changes']:6.1f} (mean)"
            )
    if profiles:
        rows, total = LB.profile_table(profiles, top=30)
        n = max(1, len(every))
        print("\nCPU profile of the timed passes, ms per update (self, total):")
        for name, self_ms, total_ms in rows:
            print(f"  self {self_ms / n:7.4f}  total {total_ms / n:7.4f}  {name}")
        print("  --- native DOM calls by caller (ms per update):")
        for name, ms in callers(
            profiles, ("removeChild", "setAttribute", "setProperty", "insertBefore", "appendChild")
        )[:15]:
            print(f"  {ms / n:7.4f}  {name}")
        print("  --- by total:")
        for name, ms in sorted(total.items(), key=lambda kv: -kv[1])[:40]:
            print(f"  total {ms / n:7.4f}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

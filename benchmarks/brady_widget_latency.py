"""Click-to-redraw latency of the Brady Bunch question panel (Alice asks, a bot
kid answers), beside the bare anywidget counter, in one JupyterLab session
driven by Debian's chromium.

    python benchmarks/brady_widget_latency.py [--questions 30] [--json]

Measured IN THE PAGE, as in ``widget_latency.py``: ``performance.now()`` just
before the click on the question panel's "Ask" button, then in MutationObserver
callbacks under the widget: the redraw that shows the question (a new newest log
line) and the redraw that shows the answer in the table talk. Two set-ups, each
a 5-player game where Alice is in the talk phase of round 1 (the default smart
bot kids, Alice's notebook on): ``pace=0`` (the bot answers inside the click's
round trip: one update) and ``pace=0.1`` (the answer comes 0.1 s after the
question, as in a notebook, where the default pace is 0.6 s). Before each timed
click the kid to ask is chosen in the panel (a local click, not timed). Clicks
are ~250 ms apart; 3 warm-up clicks each are not counted. Frame sizes are the
widget's state-update frames (comm_msg "update") per question.
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
sys.path.insert(0, str(REPO / "benchmarks"))

import jlab_harness as H
from widget_latency import GAP_S, WARMUP, measure_counter, summary

ANYWIDGET_ID = "brady_widgets.brady_bunch.widget.BradyBunchWidget"

#: Click "Ask"; resolve [ms to the first redraw, ms to the redraw that shows the answer].
ASK_JS = """async ([btn, root, timeoutMs]) => {
  return await new Promise((resolve) => {
    // the answer is drawn when the table talk's newest statement changes (the talk is a window)
    const newestTalk = () => {
      const els = root.querySelectorAll('[data-testid^="talk-"]');
      return els.length ? els[els.length - 1].getAttribute("data-testid") : null;
    };
    const talk0 = newestTalk();
    // the question is drawn when the log shows a new newest line (the view's own
    // bookkeeping on a click, such as its double-click lock, changes no node)
    const logEl = root.querySelector('[data-testid="log"]');
    const newest = () => (logEl ? logEl.lastElementChild && logEl.lastElementChild.textContent : null);
    const last0 = newest();
    let t0 = 0, first = null, done = false;
    const obs = new MutationObserver(() => {
      if (done) return;
      const t = performance.now() - t0;
      if (first === null && newest() !== last0) first = t;
      if (newestTalk() !== talk0 && first !== null) { done = true; obs.disconnect(); resolve([first, t]); }
    });
    obs.observe(root, {subtree: true, childList: true, attributes: true, characterData: true});
    t0 = performance.now();
    btn.click();
    obs.takeRecords();
    setTimeout(() => { if (!done) { done = true; obs.disconnect(); resolve(null); } }, timeoutMs);
  });
}"""

SETUP = (
    "from brady_widgets import BradyBunchWidget\n"
    "def talk_phase(pace):\n"
    "    w = BradyBunchWidget(players=5, seed={seed}, pace=0)\n"
    "    w.act({'type': 'reveal_snoops'})\n"
    "    w.act({'type': 'lights_out'})  # the bot kids play, snoop and claim at once (pace 0)\n"
    "    assert w.view['phase'] == 'talk', w.view['phase']\n"
    "    w.pace = pace\n"
    "    return w\n"
)
BENCH_CELLS = [
    "from bare_counter import BareCounter\ncounter = BareCounter()\ncounter",
    SETUP + "sync = talk_phase(0)\nsync",
    "paced = talk_phase(0.1)\npaced",
]


def measure_questions(page, root, frames, n: int, model_id: str):
    root.scroll_into_view_if_needed()
    first, answered, per_question = [], [], []
    kids = root.evaluate(
        "(r) => [...r.querySelectorAll('button[data-testid^=\"ask-kid-\"]')].map((b) => b.dataset.testid.slice(8))"
    )
    assert kids, "no question panel: is Alice in the talk phase?"
    for i in range(n):
        root.locator(f'[data-testid="ask-kid-{kids[i % len(kids)]}"]').click()  # local choice
        btn = root.locator('[data-testid="ask"]')
        mark = frames.mark()
        res = page.evaluate(ASK_JS, [btn.element_handle(), root.element_handle(), 30_000])
        if res is None:
            raise RuntimeError("no answer drawn within 30 s")
        first.append(res[0])
        answered.append(res[1])
        time.sleep(GAP_S)
        sizes = [
            s
            for kind, _, s, _ in frames.widget_states(
                anywidget_id=ANYWIDGET_ID, comm_id=model_id, start=mark, sizes=True
            )
            if kind != "open"
        ]
        per_question.append((len(sizes), sum(sizes), max(sizes) if sizes else 0))
    return first, answered, per_question


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--questions", type=int, default=30)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    args = ap.parse_args(argv)

    cells = [c.replace("{seed}", str(args.seed)) for c in BENCH_CELLS]
    with H.bench_notebook(cells) as (lab, page, frames):
        counter_ms = measure_counter(page, WARMUP + args.questions)[WARMUP:]
        ids = H.kernel_eval(lab, page, "{'sync': sync.model_id, 'paced': paced.model_id}")
        results = {}
        for name in ("sync", "paced"):
            root = H.widget_root(page, ids[name], selector=".bw-brady")
            f, a, q = measure_questions(page, root, frames, WARMUP + args.questions, ids[name])
            results[name] = (f[WARMUP:], a[WARMUP:], q[WARMUP:])

    c = summary(counter_ms)
    print(
        f"click-to-redraw latency in the page, {args.questions} timed clicks ~{GAP_S * 1000:.0f} ms apart "
        f"(+{WARMUP} warm-up clicks each)"
    )
    print(f"  bare anywidget counter              : median {c['median']:6.1f} ms   p95 {c['p95']:6.1f} ms")
    figures = {"counter_ms": c}
    for name, title in (("sync", "Brady question, pace=0"), ("paced", "Brady question, bots paced 0.1 s")):
        f, a, q = results[name]
        fs, as_ = summary(f), summary(a)
        kb = [b / 1024 for _, b, _ in q]
        figures[name] = {
            "first_redraw_ms": fs,
            "answer_ms": as_,
            "ratio_first": fs["median"] / c["median"],
            "kb_per_question": {"median": statistics.median(kb), "max": max(kb)},
            "max_frame_kb": max(m for _, _, m in q) / 1024,
        }
        print(
            f"  {title:<36}: first redraw median {fs['median']:6.1f} ms   p95 {fs['p95']:6.1f} ms "
            f"({fs['median'] / c['median']:.2f}x the counter)"
        )
        print(f"  {'':<36}  answer drawn  median {as_['median']:6.1f} ms   p95 {as_['p95']:6.1f} ms")
        print(
            f"  {'':<36}  bytes per question: median {statistics.median(kb):.1f} KB, max frame "
            f"{figures[name]['max_frame_kb']:.1f} KB"
        )
    if args.json:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Key press -> redraw latency of a real-time action (issue 8), beside the bare anywidget
counter's click round trip, in one JupyterLab session driven by Debian's chromium; then,
unless ``--no-race``, the fair race over an injected slow link (200 ms each way).

    python benchmarks/realtime_latency.py [--moves 30] [--no-race] [--check] [--json]

The real-time action is a ``play`` of a hand card in the toy Snap race
(``tests/toy_realtime``): it is not a race, so the kernel applies it at once (no ``lag``
wait). Seat 0 holds 1, 2, 3 and plays them in that order, so no card matches the one it
covers and no snap window opens; the flip timer is an hour, so nothing else happens. The
benchmark's widget class binds the key ``p`` to "the first legal play" (``action_keys``, as
the game binds Space to a slap); the widget's root has the focus and Playwright presses
``p`` on the keyboard, one press after each counter click (paired samples). Latency is measured IN THE PAGE: ``performance.now()`` in the
keydown's capture phase (before the view's handler) to the first DOM change under the
widget outside its ticking countdown (``jlab_harness.key_to_redraw``): the view's stamp and
send, the kernel's judging and applying, the synced traits and the redraw. The counter is
measured as in ``widget_latency.py`` (its helpers are imported); a click and a press ~250 ms
apart, 3 warm-up pairs not counted. Bytes per update: the WebSocket frames of the
widget's updates after each press.

The race: ``tests/e2e/test_realtime_browser.py``'s ``slow_race`` (imported, not copied) in
this session, a person pressing Space ~700 ms into a snap window against the ``steady``
bot's 1000 ms, with ``lag=250`` (the person should win) and the control ``lag=0`` (the bot).

Target (issue 8): the key press median <= 1.5x the bare counter's. ``--check`` exits 1
when it is missed (or a race has the wrong winner).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "benchmarks"))
sys.path.insert(0, str(REPO / "tests" / "e2e"))

import jlab_harness as H
import widget_latency as WL  # the counter, the summaries, the gap and warm-up

HAND = 3  # cards a seat may hold: plays per game
CLOCK = '[data-testid="clock"]'  # the countdown ticks every 100 ms: not a redraw of ours

SNAP_CELL = """import sys
sys.path.insert(0, {tests!r})
import toy_realtime
from brady_widgets.engine.registry import register
register(toy_realtime.GAME)
from toy_realtime.rules import SnapGame
from toy_realtime.presenter import SnapPresenter
from toy_realtime.widget import SnapWidget


class KeySnapPresenter(SnapPresenter):
    # the benchmark's own key: "p" plays the first legal card (Space still slaps)
    action_keys = {{**SnapPresenter.action_keys, "p": "play"}}


class KeySnap(SnapWidget):
    presenter_class = KeySnapPresenter


# seat 0 plays 1, 2, 3: never the rank it covers; no flip for an hour
DEAL = {{"hands": [[1, 2, 3], [4, 5, 6]], "deck": [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]}}
snaps = [KeySnap(game=SnapGame(2, i, deal=DEAL, hand={hand}, flip_ms=3_600_000), humans=[0], bot="steady")
         for i in range({games})]
display(*snaps)"""

PLAYS_JS = "(root) => root.querySelectorAll('[data-testid=log] li.bw-log-play').length"


def measure_interleaved(page, roots, frames, presses: int):
    """One counter click, then one press of ``p`` on the next widget (``HAND`` plays each), and
    so on, ~``GAP_S`` apart: paired samples under the same load. Returns the counter's and
    the key's in-page latencies and the bytes of the widget update frames after each press."""
    counter_ms, key_ms, per_frame = [], [], []
    plan = [(model_id, root, n) for model_id, root in roots for n in range(1, HAND + 1)][:presses]
    if len(plan) < presses:
        raise RuntimeError(f"{len(roots)} games hold only {len(plan)} plays")
    for model_id, root, n in plan:
        counter_ms += WL.measure_counter(page, 1)  # el.click(): the focus stays where it is
        if n == 1:
            root.scroll_into_view_if_needed()
            root.focus()
        mark = frames.mark()
        key_ms.append(H.key_to_redraw(page, root, "p", ignore=CLOCK))
        # the redraw was the play's: the log has one more play of ours
        page.wait_for_function(f"(root) => ({PLAYS_JS})(root) >= {n}", arg=root.element_handle(), timeout=10_000)
        time.sleep(0.05)  # trailing frames land before they are counted
        per_frame += [s for k, _, s, _ in frames.widget_states(start=mark, sizes=True, comm_id=model_id) if k != "open"]
        time.sleep(WL.GAP_S)
    return counter_ms, key_ms, per_frame


def run_races(lab, page) -> dict:
    """The fair race over the slow link, lag=250 then the control lag=0, in ``page``."""
    import test_realtime_browser as RT

    def run_notebook(name, cells):
        H.write_notebook(lab.root / name, cells)
        H.open_notebook(page, lab, name)
        H.run_all_cells(page)
        return lab.kernel(H.kernel_id(page))

    out = {}
    RT.prepare_page(page, RT.LINK_MS)  # the next pages load behind the slow link
    for lag in (RT.RACE_LAG, 0):
        lab.delete_all_sessions()
        kernel, _, root = RT.open_race(page, run_notebook, lag=lag, flip_ms=4000, counter=True)
        try:
            out[lag] = RT.slow_race(page, kernel, root, lag)
        finally:
            kernel.close()
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--moves", type=int, default=30, help="timed presses (and counter clicks)")
    ap.add_argument("--no-race", action="store_true", help="skip the slow-link race (about 40 s)")
    ap.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    args = ap.parse_args(argv)

    presses = WL.WARMUP + args.moves
    games = -(-presses // HAND)
    cells = [WL.BENCH_CELLS[0], SNAP_CELL.format(tests=str(REPO / "tests"), hand=HAND, games=games)]
    races = {}
    with H.bench_notebook(cells) as (lab, page, frames):
        ids = H.kernel_eval(lab, page, "[g.model_id for g in snaps]")
        roots = [(m, H.widget_root(page, m, selector=".bw-root")) for m in ids]
        counter_ms, key_ms, per_frame = measure_interleaved(page, roots, frames, presses)
        counter_ms, key_ms = counter_ms[WL.WARMUP :], key_ms[WL.WARMUP :]
        # the kernel's side: every press was a play of seat 0, in order, and no window opened
        played = H.kernel_eval(
            lab, page, "[[h['action'].get('card') for h in g.game.history if h.get('seat') == 0] for g in snaps]"
        )
        windows = H.kernel_eval(lab, page, "sum(e['type'] == 'window_opened' for g in snaps for e in g.game.events)")
        errors = H.notebook_errors(page)
        if sum(map(len, played)) != presses or any(p != [1, 2, 3][: len(p)] for p in played) or windows or errors:
            raise RuntimeError(f"the presses were not the plays expected: {played}, windows {windows}, {errors}")
        if not args.no_race:
            races = run_races(lab, page)

    c, k = WL.summary(counter_ms), WL.summary(key_ms)
    ratio = k["median"] / c["median"]
    kb = 1024
    print(
        f"latency in the page, {args.moves} timed click/press pairs ~{WL.GAP_S * 1000:.0f} ms apart "
        f"(+{WL.WARMUP} warm-up pairs)"
    )
    print(f"  bare anywidget counter, click -> redraw     : median {c['median']:6.1f} ms   p95 {c['p95']:6.1f} ms")
    print(
        f"  Snap race, key 'p' plays a card -> redraw   : median {k['median']:6.1f} ms   p95 {k['p95']:6.1f} ms   "
        f"ratio of medians {ratio:.2f}x (target <= 1.5x)"
    )
    print(
        f"      bytes per update frame: median {statistics.median(per_frame) / kb:.2f} KB   "
        f"max {max(per_frame) / kb:.2f} KB over {len(per_frame)} frames"
    )
    ok = ratio <= 1.5
    figures = {
        "counter_ms": c,
        "key_play_ms": k,
        "ratio": ratio,
        "frame_bytes": {"median": statistics.median(per_frame), "max": max(per_frame), "n": len(per_frame)},
    }
    if races:
        figures["race"] = {}
        for lag, r in races.items():
            print(r["summary"])
            want = 0 if lag else 1
            ok = ok and r["winner"] == want
            figures["race"][f"lag{lag:g}"] = {
                "winner": r["winner"],
                "expected": want,
                "press_after_ms": r["pressed_after"],
                "stamp_after_K_ms": r["stamp"] - r["K"],
                "arrival_after_K_ms": r["arrival"] - r["K"],
                "margin_ms": r["margin"],
                "counter_trip_ms": r["trip"],
            }
    print("targets:", "MET" if ok else "MISSED")
    if args.json:
        print(json.dumps({**figures, "targets_met": ok}))
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())

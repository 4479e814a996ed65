"""Bytes per widget update over whole games at each game's largest table.

Every registered game, at its largest player count, with one person (seat 0)
choosing uniformly among the legal actions against the default bots, no caps
(a Brady Alice then asks hundreds of questions), and a hot-seat game; every
``update`` message the widget sends is measured as ipywidgets serializes it
(UTF-8 JSON of the comm data), plus the Jupyter envelope measured in the
browser tests (0.9 KB). The view's set-up messages (``_esm``/``_css``) are left
out. Prints one row per game and mode: updates, median, max and total bytes.
A real-time game is played on virtual time (random actions at random moments,
``brady_widgets.testing.widgets.play_randomly``) and has no hot-seat mode;
``--toy`` adds the real-time toy of the tests (``tests/toy_realtime``).

Brouhaha (real time) is measured at 10 players, the whole game on virtual time, with
the default bots; its rows say the largest update and the total bytes of the game. It
is added here even before its package is listed in the registry's ``GAME_PACKAGES``.
Big Brother (real time, taken in turns: a gossip countdown, no races) likewise, at 6
players, in both modes: against the default bots and hot-seat (the curtain lifted for
each person, random actions at random moments on virtual time).
``--only NAME`` measures one game.

    python benchmarks/frame_sizes.py [--games 3] [--toy] [--only brouhaha] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

ENVELOPE = 900


def measure(name: str, mode: str, seed: int) -> dict:
    from ipywidgets import Widget

    from brady_widgets.engine.registry import load_game, load_widget

    cls = load_game(name)
    players = cls.player_counts.stop - 1
    sizes: list[int] = []
    original = Widget._send

    def _send(self, msg, buffers=None):
        state = msg.get("state", {})
        if msg.get("method") == "update" and not ({"_esm", "_css"} & set(state)):
            sizes.append(len(json.dumps(msg, separators=(",", ":"), ensure_ascii=False).encode()) + ENVELOPE)
        return original(self, msg, buffers)

    Widget._send = _send
    rng = random.Random(seed)
    t0 = time.perf_counter()
    try:
        kw = {"humans": (0,)} if mode == "bots" else {}
        w = load_widget(name)(players=players, seed=seed, mode=mode, pace=0, **kw)
        if cls.realtime and mode == "hotseat":
            _hotseat_realtime(w, rng)
        elif cls.realtime:
            from brady_widgets.testing.widgets import play_randomly

            play_randomly(w, rng, max_steps=50_000)
        else:
            legal_of = _legal_reader(w)
            for _ in range(50_000):
                if w.game.over:
                    break
                if w.curtain.get("up"):
                    w.lift_curtain()
                w.act(rng.choice(legal_of(w)))
        w.close()
    finally:
        Widget._send = original
    return {
        "game": name,
        "mode": mode,
        "players": players,
        "seed": seed,
        "updates": len(sizes),
        "median": int(statistics.median(sizes)) if sizes else 0,
        "max": max(sizes, default=0),
        "total": sum(sizes),
        "seconds": round(time.perf_counter() - t0, 1),
    }


def _hotseat_realtime(w, rng, max_steps: int = 50_000) -> None:
    """A real-time game taken in turns, hot-seat, on virtual time: each person lifts the
    curtain and acts at random after a random pause (the countdown runs meanwhile)."""
    from brady_widgets.testing.widgets import legal_of, send

    send(w, {"type": "clock", "id": "frame-sizes"})
    for _ in range(max_steps):
        if w.game.over:
            break
        if w.curtain.get("up"):
            send(w, {"type": "lift_curtain"})
        legal = legal_of(w)
        if legal and w.seat in w.game.to_act:
            send(w, {"type": "act", "action": rng.choice(legal), "at": w.now})
        w.advance_time(rng.randint(20, 400))


def _hotseat_playable(name: str) -> bool:
    """Whether the game's widget takes ``mode="hotseat"`` (a real-time game where everyone
    acts at once refuses it in a sentence naming real time)."""
    from brady_widgets.engine.registry import load_game, load_widget

    cls = load_game(name)
    try:
        load_widget(name)(players=cls.player_counts.start, seed=0, mode="hotseat", pace=0).close()
    except ValueError as exc:
        if "real time" in str(exc):
            return False
        raise
    return True


def _legal_reader(w):
    try:  # the compact form (issue 7); older widgets synced the plain list
        from brady_widgets.widget import expand_legal

        return lambda w: expand_legal(w.legal)
    except ImportError:
        return lambda w: list(w.legal)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3, help="seeded games per game and mode")
    ap.add_argument("--json", help="write the rows to this file")
    ap.add_argument("--toy", action="store_true", help="add the real-time toy of the tests")
    ap.add_argument("--only", help="measure this game only")
    args = ap.parse_args(argv)
    from brady_widgets.engine.registry import load_game, names, register

    if "brouhaha" not in names():  # Brouhaha's package, until the registry lists it
        from brady_widgets.brouhaha import GAME as BROUHAHA

        register(BROUHAHA)
    if "big_brother" not in names():  # likewise Big Brother's
        from brady_widgets.big_brother import GAME as BIG_BROTHER

        register(BIG_BROTHER)

    if args.toy:
        from pathlib import Path

        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
        import toy_realtime

        register(toy_realtime.GAME)

    rows = []
    print(f"{'game':14} {'mode':8} {'players':>7} {'updates':>8} {'median B':>9} {'max B':>8} {'total KB':>9}")
    for name in [n for n in names() if args.only in (None, n)]:
        game_cls = load_game(name)
        for mode in ("bots",) if game_cls.realtime and game_cls.races else ("bots", "hotseat"):
            if mode == "hotseat" and not _hotseat_playable(name):
                continue  # a real-time game whose widget refuses one shared screen (Total Black)
            for seed in range(1, args.games + 1):
                r = measure(name, mode, seed)
                rows.append(r)
                print(
                    f"{name:14} {mode:8} {r['players']:7} {r['updates']:8} {r['median']:9} {r['max']:8} {r['total'] / 1024:9.1f}"
                )
    worst = max(rows, key=lambda r: r["max"])
    print(f"\nlargest update: {worst['max']} bytes ({worst['game']}, {worst['mode']}); target <= 8192")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())

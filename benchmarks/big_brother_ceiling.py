"""Big Brother bot-vs-bot games: how fast could they be if the bots thought for free, or the
views cost nothing too? The ceilings of issue 28's "6 medium" row, measured.

The same seeded ``simulate("big_brother", 6, "medium")`` run three ways, in rounds (CPU time
of this process, ``time.process_time``; the best round of each is printed, and each
round's ratios):

* **real**: as ``compare_past.py`` runs it;
* **answers replayed**: every housemate's ``plan`` returns the answer it gave in a real run
  of the same games, at once, without reading its view (the views are still built: the
  scheduler asks for them); the games are move for move the same;
* **no views either**: the same, and every seat's view is an empty log (the teacher's view
  stays real; nothing reads the others).

The first ratio bounds what any change to the bots alone can give, keeping their
decisions; the second what the bots and the views together can give: the rest is the
kernel, the engine's steps and the scheduler. A run checks that the three give the same
games (their winners and lengths).

    python benchmarks/big_brother_ceiling.py [--games 30] [--rounds 3]
"""

from __future__ import annotations

import argparse
import time


def _run(games: int) -> tuple[float, list]:
    from brady_widgets import simulate

    start = time.process_time()
    rows = simulate("big_brother", 6, "medium", games=games, seed=7, executor=False, progress=False)
    cpu = time.process_time() - start
    return games / cpu, [(r["winners"], r["length"]) for r in rows]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)

    from brady_widgets import simulate
    from brady_widgets.big_brother import bots, rules

    simulate("big_brother", 6, "medium", games=1, seed=999, executor=False, progress=False)  # warm up
    plan, view = bots.HousemateBot.plan, rules.BigBrother._view
    answers: list = []

    def recording(self, v, legal):
        answer = plan(self, v, legal)
        answers.append(answer)
        return answer

    bots.HousemateBot.plan = recording
    _, games_real = _run(args.games)

    def setup(mode: str) -> None:
        bots.HousemateBot.plan, rules.BigBrother._view = plan, view
        if mode != "real":
            given = iter(answers)
            bots.HousemateBot.plan = lambda self, v, legal: next(given)
        if mode == "no views either":
            rules.BigBrother._view = lambda self, seat, reveal=False: (
                view(self, seat, reveal) if reveal or seat is None else {"log": []}
            )

    modes = ("real", "answers replayed", "no views either")
    rates: dict[str, list[float]] = {m: [] for m in modes}
    try:
        for _ in range(args.rounds):
            for mode in modes:
                setup(mode)
                rate, played = _run(args.games)
                if played != games_real:
                    raise SystemExit(f"{mode}: the games differ from the real run's")
                rates[mode].append(rate)
    finally:
        bots.HousemateBot.plan, rules.BigBrother._view = plan, view
    print(f"big_brother 6 medium, {args.games} games, {args.rounds} rounds (CPU time, best round)")
    for mode in modes:
        ratios = [r / real for r, real in zip(rates[mode], rates["real"])]
        print(f"{mode:18} {max(rates[mode]):7.1f} games/s   x real: " + ", ".join(f"{x:.2f}" for x in ratios))


if __name__ == "__main__":
    main()

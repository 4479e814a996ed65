"""Where a Brady Bunch bot-vs-bot game's time goes, by taking parts away (issue 28).

A profile's shares blur what each part costs (cProfile inflates the many small calls,
and both profilers spread the log's one-time work over whoever first reads an event).
This script measures by subtraction instead: the same games (``simulate``'s seeds, the
smart bots), played through the same ``Scheduler`` as ``simulate(..., executor=False)``,
with parts taken away one at a time:

* ``smart``: the smart bots, as ``simulate`` plays them;
* ``replay``: bots that hand back the smart bots' recorded actions (the same games, the
  same views built and handed out: the bots' own work taken away);
* ``replay, view = log``: ... and a view that is only the seat's log (``log_for``);
* ``replay, view without log``: ... the whole view but an empty log;
* ``replay, view = {}``: ... no view at all: what is left is the kernel's and the
  scheduler's per-step work, ``act``, ``legal_actions`` and the set-up (the floor that no
  change of the bots or of the game's view can go below).

The differences are what each part costs per game: ``smart - replay`` the bots' choices,
``replay - replay, view = {}`` the views, of which ``view = log`` minus the floor the
seat's log (the kernel's ``log_for``). Rates are CPU seconds (``time.process_time``) in
this process; each round runs every variant once, in turn, and the median over the
rounds is printed (a shared machine: read the ratios, not one run). The view is taken
away by replacing ``BradyBunch._view`` (or ``log_for``) for the variant's run only (put back after).

    python benchmarks/brady_bot_floor.py                 # 5 and 8 players, 3 rounds
    python benchmarks/brady_bot_floor.py --players 5 --games 300 --rounds 5
"""

from __future__ import annotations

import argparse
import statistics
import time

from brady_widgets.brady_bunch.bots import BradyBot
from brady_widgets.brady_bunch.rules import BradyBunch
from brady_widgets.scheduler import Scheduler
from brady_widgets.simulation import game_seed

SEED = 7


class _Replay:
    """Hands back a seat's recorded actions in order (the equal action of ``legal``)."""

    def __init__(self, actions: list):
        self.actions = actions
        self.i = 0

    def choose(self, view: dict, legal: list) -> dict:
        action = self.actions[self.i]
        self.i += 1
        return legal[legal.index(action)]


def _play(players: int, games: int, bots_for) -> list:
    out = []
    for i in range(games):
        g = BradyBunch(players, game_seed(SEED, i))
        Scheduler(g, dict(enumerate(bots_for(i))), delay=0, lag=0, copy_views=False).run(max_steps=1_000_000)
        if not g.over:
            raise RuntimeError("a game did not end")
        out.append(g)
    return out


def _smart(players: int):
    return lambda i: [BradyBot(s, game_seed(SEED, i)) for s in range(players)]


def _recorded(players: int, games: int) -> list[dict]:
    seqs = []
    for g in _play(players, games, _smart(players)):
        per: dict[int, list] = {s: [] for s in range(players)}
        for h in g.history:
            if h["seat"] != "chance":
                per[h["seat"]].append(h["action"])
        seqs.append(per)
    return seqs


def _variants() -> dict[str, dict]:
    """variant -> the attributes of ``BradyBunch`` it replaces for its run (smart: the bots too)."""
    return {
        "smart": {},
        "replay": {},
        "replay, view = log": {"_view": lambda self, seat, reveal=False: {"log": self.log_for(seat, reveal)}},
        "replay, view without log": {"log_for": lambda self, seat, reveal=False: []},
        "replay, view = {}": {"_view": lambda self, seat, reveal=False: {}},
    }


def measure(players: int, games: int, rounds: int) -> dict[str, float]:
    """Median games/s of every variant over ``rounds`` rounds."""
    seqs = _recorded(players, games)
    rates: dict[str, list[float]] = {name: [] for name in _variants()}
    for _ in range(rounds):
        for name, patch in _variants().items():
            bots = _smart(players) if name == "smart" else (lambda i: [_Replay(seqs[i][s]) for s in range(players)])
            own = {attr: BradyBunch.__dict__.get(attr) for attr in patch}
            for attr, fn in patch.items():
                setattr(BradyBunch, attr, fn)
            try:
                t = time.process_time()
                _play(players, games, bots)
                rates[name].append(games / (time.process_time() - t))
            finally:
                for attr, fn in own.items():  # the class's own again (or the kernel's, inherited)
                    if fn is None:
                        delattr(BradyBunch, attr)
                    else:
                        setattr(BradyBunch, attr, fn)
    return {name: statistics.median(r) for name, r in rates.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, nargs="*", default=[5, 8])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    for players in args.players:
        med = measure(players, args.games, args.rounds)
        ms = {name: 1000.0 / rate for name, rate in med.items()}
        total = ms["smart"]
        print(f"brady_bunch {players} smart: median of {args.rounds} rounds, {args.games} games each (CPU time)")
        for name, rate in med.items():
            print(f"  {name:28s} {rate:8.1f} games/s  {ms[name]:6.2f} ms/game")
        floor = ms["replay, view = {}"]
        parts = {
            "bots' choices (smart - replay)": total - ms["replay"],
            "views (replay - floor)": ms["replay"] - floor,
            "  of which the log (view = log - floor)": ms["replay, view = log"] - floor,
            "  the rest of the view (without log - floor)": ms["replay, view without log"] - floor,
            "floor: kernel, scheduler, act, legal, set-up": floor,
        }
        for name, cost in parts.items():
            print(f"  {name:46s} {cost:6.2f} ms/game  {cost / total:6.1%}")
        print(f"  the fastest possible with bots and views free: {total / floor:.2f}x today's games/s")


if __name__ == "__main__":
    main()

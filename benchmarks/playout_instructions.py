"""Instructions per random-playout game of compare_past.py's engine rows, counted by callgrind (issue 28).

``compare_past.py`` times its engine rows (random playouts: steps/s, divided by OpenSpiel's
Python median) in CPU seconds, which swing 10-30% on a shared machine. This script runs the
very same playout loop (its ``WORKER``'s engine branch: the same options, time gaps and
random draws, the warm-up game on seed ``10**6``, then seeds ``0, 1, ...``) for a fixed number
of games under ``valgrind --tool=callgrind``, once with no game and once with ``--games``
games, and prints the difference per game, per tree (``PYTHONPATH`` set to each tree, and
``PYTHONHASHSEED=0``: string hashes change the work of set and dict look-ups)::

    python benchmarks/playout_instructions.py --tree /work/main --tree .        # Big Brother, 6 players
    python benchmarks/playout_instructions.py --game brouhaha --players 10 --games 10

``--freeze`` calls ``gc.freeze()`` after the warm-up game, so that a full collection does
not walk the imported modules at a different point of each run: the counts of two trees
then differ by their engines' work alone (the collector's share of the game's own objects is
still counted). The driver's own work (the random draws, the two lists per step, the method
calls) is in every count: at 6 players it is about 40% of a Big Brother game's instructions.
An instruction is not a nanosecond: read the counts beside a paired timing.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

TREE = Path(__file__).resolve().parent.parent

#: compare_past.WORKER's engine branch, for a fixed number of games
RUN = r"""
import gc, random, sys
from brady_widgets.engine.registry import load_game
game, players, games, freeze = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4] == "1"
cls = load_game(game)
options = {"max_questions": 2} if game == "brady_bunch" else {}
gap = {"big_brother": 3000}.get(game, 400)
rng = random.Random(players)

def playout(g):
    steps = 0
    seats = range(g.players)
    while not g.over:
        if g.realtime:
            due = g.next_deadline()
            at = g.clock + rng.randrange(gap + 1)
            legal = [g.legal_actions(s) for s in seats]
            can = [s for s in seats if legal[s]]
            if can and (due is None or at < due):
                s = rng.choice(can)
                g.act(s, rng.choice(legal[s]), at=at)
            else:
                g.advance(due)
        else:
            s = rng.choice(g.to_act)
            g.act(s, rng.choice(g.legal_actions(s)))
        steps += 1
    return steps

playout(cls(players, 10**6, **options))  # warm up
if freeze:
    gc.freeze()
steps = 0
for seed in range(games):
    steps += playout(cls(players, seed, **options))
print(steps)
"""


def instructions(tree: Path, game: str, players: int, games: int, freeze: bool) -> tuple[int, int]:
    """(instructions callgrind counts for the whole process, playout steps) with ``games`` games."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", RUN]
    cmd += [game, str(players), str(games), "1" if freeze else "0"]
    out = subprocess.run(cmd, env=env, cwd=tree, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in callgrind's output:\n{out.stderr[-2000:]}")
    return int(found.group(1)), int(out.stdout.split()[-1])


def per_game(tree: Path, game: str, players: int, games: int, freeze: bool = False) -> tuple[float, float]:
    """(instructions, steps) per game: ``games`` games minus none, divided by ``games``."""
    base, _ = instructions(tree, game, players, 0, freeze)
    total, steps = instructions(tree, game, players, games, freeze)
    return (total - base) / games, steps / games


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tree", action="append", type=Path, help="a source tree (repeatable; default: this one)")
    ap.add_argument("--game", default="big_brother", help="any registered game (default big_brother)")
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--freeze", action="store_true", help="gc.freeze() after the warm-up game (less noise)")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    trees = [t.resolve() for t in (args.tree or [TREE])]
    first = None
    for tree in trees:
        count, steps = per_game(tree, args.game, args.players, args.games, args.freeze)
        first = count if first is None else first
        ratio = f"  {first / count:.3f}x the first tree's speed" if tree != trees[0] else ""
        print(
            f"{args.game} {args.players} players, {args.games} games ({steps:.0f} steps/game): "
            f"{count / 1e6:8.3f} M instructions/game  {tree}{ratio}",
            flush=True,
        )


if __name__ == "__main__":
    main()

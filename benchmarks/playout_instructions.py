"""Instructions per random-playout game of compare_past.py's engine rows, counted by callgrind (issue 28).

``compare_past.py`` times its engine rows (random playouts: steps/s, divided by OpenSpiel's
Python median) in CPU seconds, which swing 10-30% on a shared machine. This script runs the
very same playout loop (its ``WORKER``'s engine branch, asked for a number of games: the same options, time gaps and
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
import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TREE = HERE.parent
sys.path.insert(0, str(HERE))  # the sibling benchmarks, also when imported from elsewhere

from brady_instructions import callgrind  # the same runner, not a copy
from compare_past import WORKER  # the very playout loop compare_past times


def instructions(tree: Path, game: str, players: int, games: int, freeze: bool) -> tuple[int, int]:
    """(instructions callgrind counts for the whole process, playout steps) with ``games`` games:
    compare_past's WORKER itself, asked for a fixed number of games instead of a time."""
    count, out = callgrind(tree, WORKER, "engine", json.dumps([game, players, 0, games, freeze]))
    return count, json.loads(out.strip().splitlines()[-1])["steps"]


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

"""Instructions per bot-vs-bot game (Brady Bunch by default, ``--game`` any other), counted by callgrind (issue 28).

On a shared machine two timings of the same tree differ by 10-30% from one minute to the
next, more than most single changes to the bots or the view are worth. Instruction counts
do not depend on the load: this script runs ``simulate`` (the smart bots, seed 7, as
``compare_past`` does) under ``valgrind --tool=callgrind`` twice per tree, with no game and
with ``--games`` games (the same imports and warm-up in both), with ``PYTHONHASHSEED=0``
(string hashes change the work of set and dict look-ups), and prints the difference per
game. Each tree runs in its own process with ``PYTHONPATH`` set to it, so a past commit's
tree (a ``git worktree`` or ``git archive`` of it) is measured beside this one::

    python benchmarks/brady_instructions.py                       # this tree, 5 and 8 players
    python benchmarks/brady_instructions.py --tree /tmp/old --tree .   --players 5 --games 40
    python benchmarks/brady_instructions.py --game big_brother --level medium --players 6 --games 4

Under callgrind a game runs ~50x slower: 40 games at 5 players take about half a minute.
An instruction is not a nanosecond (cache misses and C calls weigh differently), so read
the counts beside a paired timing (``compare_past.py``, ``brady_bot_floor.py``).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

TREE = Path(__file__).resolve().parent.parent

RUN = r"""
import sys
from brady_widgets import simulate
players, games, game, level = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
simulate(game, players, level, games=2, seed=99, executor=False, progress=False)  # imports, caches
if games:
    simulate(game, players, level, games=games, seed=7, executor=False, progress=False)
"""


def alias(tree: Path) -> Path:
    """A path of one fixed length that leads to ``tree`` (a symlink under /tmp, made once):
    the trees compared are read through paths of equal length, so the path's own length (in
    ``sys.path``, every module's ``__file__``, the strings made of them) is not part of the
    difference (identical code at two paths of different lengths measured 0.85% apart)."""
    tree = tree.resolve()
    link = Path(tempfile.gettempdir()) / f"bi-{hashlib.sha1(str(tree).encode()).hexdigest()[:16]}"
    if not (link.is_symlink() and link.resolve() == tree):
        link.unlink(missing_ok=True)
        link.symlink_to(tree, target_is_directory=True)
    return link


def callgrind(tree: Path, code: str, *argv: object) -> tuple[int, str]:
    """``python -c code argv...`` under callgrind in ``tree`` (``PYTHONPATH`` set to it,
    ``PYTHONHASHSEED=0``): the instructions counted for the whole process, and its stdout.

    The process runs with address randomisation off (``setarch -R``, where there is one:
    the addresses objects get change the work of id-keyed look-ups and of the allocator, so
    counts drifted ~0.6% between runs of one tree; with it they repeat to the last digit),
    in ``tree`` as read through :func:`alias`."""
    tree = alias(tree)
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", code]
    if shutil.which("setarch"):
        cmd = ["setarch", "-R", *cmd]
    out = subprocess.run([*cmd, *map(str, argv)], env=env, cwd=tree, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in callgrind's output:\n{out.stderr[-2000:]}")
    return int(found.group(1)), out.stdout


def instructions(tree: Path, players: int, games: int, game: str = "brady_bunch", level: str = "smart") -> int:
    """Instructions callgrind counts for the whole process (imports, warm-up, ``games`` games)."""
    return callgrind(tree, RUN, players, games, game, level)[0]


def per_game(tree: Path, players: int, games: int, game: str = "brady_bunch", level: str = "smart") -> float:
    # the run with no game first: a tree's first run may compile its .pyc files, which must
    # fall in the count that is subtracted, not in the games' (as playout_instructions does)
    base = instructions(tree, players, 0, game, level)
    return (instructions(tree, players, games, game, level) - base) / games


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tree", action="append", type=Path, help="a source tree (repeatable; default: this one)")
    ap.add_argument("--players", type=int, nargs="*", default=[5, 8])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--game", default="brady_bunch", help="any registered game (default brady_bunch)")
    ap.add_argument("--level", default="smart", help="the bot level of every seat (default smart)")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    trees = [t.resolve() for t in (args.tree or [TREE])]
    for players in args.players:
        games = max(1, args.games if players <= 5 else args.games // 2)
        counts = [per_game(tree, players, games, args.game, args.level) for tree in trees]
        for tree, count in zip(trees, counts):
            ratio = f"  {counts[0] / count:.3f}x the first tree's speed" if count and tree != trees[0] else ""
            print(
                f"{args.game} {players} {args.level}, {games} games: {count / 1e6:8.2f} M instructions/game  {tree}{ratio}"
            )


if __name__ == "__main__":
    main()

"""Where a random playout's instructions go, step kind by step kind, counted by callgrind (issue 28).

``playout_instructions.py`` counts a whole playout game: the driver's random draws and lists
and the engine's steps together. This script runs the same playout (``compare_past.py``'s
``WORKER`` engine loop: a random seat among those with legal actions plays a random legal
action at ``clock + randrange(gap + 1)``, or the clock advances to the next deadline; the
warm-up game on seed ``10**6``, then seeds ``0, 1, ...``, ``gc.freeze()`` after the warm-up)
and calls each kind of step through its own small C function of the standard library, so
that callgrind's inclusive count of that function is what the engine spent on those steps
(the call itself included, as the driver's own call would be)::

    construction       functools.reduce        the game's __init__ (set-up, shuffles)
    roll               itertools.starmap       act with a "roll" (Big Brother)
    vote, goes on      functools.partial       act with a "vote" that leaves others to vote
    vote, last         operator.methodcaller   act with the last "vote" of a question
    other action       itertools.dropwhile     act with any other action
    advance            itertools.takewhile     advance(next_deadline())

What is left of the game's count without the wrappers (``playout_instructions.py --freeze``:
the same games, minus a run with none) is the driver's own work: its random draws, its two
lists per step and its ``legal_actions``/``next_deadline`` calls. Steps are classified by the action's type (and,
for a vote, by whether the voter is the last one waited on), so any registered real-time
game runs; a turn-based one is driven as compare_past drives it (``act`` with no time)::

    python benchmarks/playout_step_costs.py                     # Big Brother, 6 players, 20 games
    python benchmarks/playout_step_costs.py --tree /work/main --games 30

It needs valgrind and a libpython whose symbols callgrind can name (callgrind_annotate).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
TREE = HERE.parent
sys.path.insert(0, str(HERE))  # the sibling benchmarks, also when imported from elsewhere

from playout_instructions import per_game as playout_per_game  # the plain WORKER's count

#: step kind -> the C function (file:function, as callgrind_annotate names it) it runs under
WRAPPERS = {
    "construction": "_functoolsmodule.c:functools_reduce",
    "roll": "itertoolsmodule.c:starmap_next",
    "vote, goes on": "_functoolsmodule.c:partial_vectorcall",
    "vote, last": "_operator.c:methodcaller_call",
    "other action": "itertoolsmodule.c:dropwhile_next",
    "advance": "itertoolsmodule.c:takewhile_next",
}

RUN = r"""
import functools, gc, itertools, json, operator, random, sys
from brady_widgets.engine.registry import load_game
game, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
cls = load_game(game)
options = {"max_questions": 2} if game == "brady_bunch" else {}
gap = {"big_brother": 3000}.get(game, 400)
rng = random.Random(players)
counts = {}

def act(g, s, a, at):
    kind = a.get("type") if isinstance(a, dict) else None
    if kind == "roll":
        key = "roll"
        next(itertools.starmap(g.act, [(s, a, at)]))
    elif kind == "vote" and list(getattr(g, "waiting", ())) != [s]:
        key = "vote, goes on"
        functools.partial(g.act, s, a, at)()
    elif kind == "vote":
        key = "vote, last"
        operator.methodcaller("act", s, a, at)(g)
    else:
        key = "other action"
        next(itertools.dropwhile(lambda _: g.act(s, a, at) and False, [0]))
    counts[key] = counts.get(key, 0) + 1

def advance(g, due):
    next(itertools.takewhile(lambda _: g.advance(due) or True, [0]))
    counts["advance"] = counts.get("advance", 0) + 1

def playout(g, timed):
    seats = range(g.players)
    while not g.over:
        if g.realtime:
            due = g.next_deadline()
            at = g.clock + rng.randrange(gap + 1)
            legal = [g.legal_actions(s) for s in seats]
            can = [s for s in seats if legal[s]]
            if can and (due is None or at < due):
                s = rng.choice(can)
                a = rng.choice(legal[s])
                act(g, s, a, at) if timed else g.act(s, a, at=at)
            else:
                advance(g, due) if timed else g.advance(due)
        else:
            s = rng.choice(g.to_act)
            a = rng.choice(g.legal_actions(s))
            act(g, s, a, None) if timed else g.act(s, a)

playout(cls(players, 10**6, **options), False)  # warm up
gc.freeze()
for seed in range(games):
    playout(functools.reduce(lambda _, n: cls(players, n, **options), [seed], None), True)
counts["construction"] = games
print(json.dumps(counts))
"""


def _callgrind(tree: Path, game: str, players: int, games: int, out: Path) -> dict:
    """The step counts of RUN under callgrind, its profile written to ``out``."""
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c", RUN]
    done = subprocess.run([*cmd, game, str(players), str(games)], env=env, cwd=tree, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"the playout failed under callgrind:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def inclusive(profile: Path, functions: list[str]) -> dict[str, int]:
    """Inclusive instructions of each ``file:function`` in a callgrind profile (0 if never called)."""
    text = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", "--threshold=100", str(profile)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    got = dict.fromkeys(functions, 0)
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+)\s+\([^)]*\)\s+(\S+)", line)
        if m is None:
            continue
        for name in functions:
            if m.group(2).endswith("/" + name) or m.group(2) == name:
                got[name] = max(got[name], int(m.group(1).replace(",", "")))
    return got


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tree", type=Path, default=TREE, help="the source tree (default: this one)")
    ap.add_argument("--game", default="big_brother", help="any registered game (default big_brother)")
    ap.add_argument("--players", type=int, default=6)
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args(argv)
    for tool in ("valgrind", "callgrind_annotate"):
        if shutil.which(tool) is None:
            sys.exit(f"{tool} is not installed (apt-get install valgrind)")
    tree = args.tree.resolve()
    per_game, _ = playout_per_game(tree, args.game, args.players, args.games, freeze=True)
    with tempfile.TemporaryDirectory() as tmp:
        counts = _callgrind(tree, args.game, args.players, args.games, Path(tmp, "games.out"))
        costs = inclusive(Path(tmp, "games.out"), list(WRAPPERS.values()))
    games = args.games
    print(f"{args.game} {args.players} players, {games} games, {tree}: {per_game / 1e6:.3f} M instructions/game")
    print(f"{'step kind':<16}{'per game':>10}{'instr/step':>12}{'M/game':>9}{'share':>8}")
    engine = 0.0
    for kind, function in WRAPPERS.items():
        n = counts.get(kind, 0)
        cost = costs[function] / games
        engine += cost
        if n:
            print(f"{kind:<16}{n / games:>10.1f}{costs[function] / n:>12,.0f}{cost / 1e6:>9.3f}{cost / per_game:>8.1%}")
    rest = per_game - engine
    print(f"{'driver (rest)':<16}{'':>10}{'':>12}{rest / 1e6:>9.3f}{rest / per_game:>8.1%}")


if __name__ == "__main__":
    main()

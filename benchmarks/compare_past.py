"""This tree beside past commits, in one run: bot-vs-bot games/s, engine steps/s, rooms server load.

Each past commit (default: the main commit the speed work started from, ``362ca1a``,
and the commit issue 28 measured, ``e27989f``) is checked out in a git worktree under
``/tmp`` (made once, kept for the next run: ``--clean`` removes them). Every figure is then
measured for every tree in paired, interleaved rounds: round ``r`` runs figure ``f`` once
in each tree, one after the other (the order alternates from round to round), each in its
own subprocess whose ``PYTHONPATH`` is that tree, so a busy moment of a shared machine
hits both sides of a pair. Rates are CPU seconds of the subprocess
(``time.process_time``), after one warm-up game. Printed: each tree's median over the
rounds and the median of the per-round ratios (this tree / the past tree).

The workloads are this file's own (the same code runs against every tree, through the
public API only: ``simulate(..., executor=False)`` and ``legal_actions``/``act``/
``advance``), so a change of a benchmark script between commits changes nothing here.

Figures:

* bot-vs-bot games/s through ``simulate()`` (one core, in-process): Costume Party 4
  detectives, Brady 5 and 8 smart, Brouhaha 4 medium and 10 hard, Big Brother 6 medium;
* engine random playouts (steps/s): Big Brother 6 players (the slowest row of issue 28),
  Brouhaha 4 and 10, Brady 5 and 8 with ``max_questions=2``, Costume Party 4;
* OpenSpiel's yardstick, when ``open_spiel`` is installed (the ``bench`` extra): once per
  round, every Python-implemented OpenSpiel game for ``--openspiel-seconds`` CPU seconds
  each (``engine_speed._theirs``, in a subprocess of this tree), and its median; each engine
  row then also prints the median over the rounds of (this tree's rate / that round's
  OpenSpiel median), the ratio issue 28 asks to be at least x2.5. Our steps count every
  ``act`` and clock step, theirs every applied action, chance nodes included;
* the rooms server under load (``benchmarks/rooms_load.py --only B``, 30 tables x 6 playing
  clients for ``--rooms-seconds``): this tree's clients against each tree's server (the
  server's ``PYTHONPATH`` and working directory are that tree: ``--server-tree``); one load
  run per tree and round gives three rows, the update latency's median and p95 (ms) and the
  server's CPU (% of one core). For these rows the ratio is "times better": past / this.

CI does not run it (it takes minutes)::

    python benchmarks/compare_past.py                      # both default commits, 3 rounds
    python benchmarks/compare_past.py --past e27989f --rounds 5 --only big_brother
    python benchmarks/compare_past.py --past e27989f --no-openspiel   # without the yardstick
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
TREE = HERE.parent
DEFAULT_PAST = ("362ca1a", "e27989f")

#: name -> (kind, arguments); kind "bots": (game, players, bot, games), "engine": (game, players, seconds)
#: (WORKER also takes "engine" (game, players, seconds, games, freeze): ``games`` games, untimed)
FIGURES: dict[str, tuple[str, tuple]] = {
    "costume_party 4 detective": ("bots", ("costume_party", 4, "detective", 40)),
    "brady_bunch 5 smart": ("bots", ("brady_bunch", 5, "smart", 60)),
    "brady_bunch 8 smart": ("bots", ("brady_bunch", 8, "smart", 30)),
    "brouhaha 4 medium": ("bots", ("brouhaha", 4, "medium", 30)),
    "brouhaha 10 hard": ("bots", ("brouhaha", 10, "hard", 12)),
    "big_brother 6 medium": ("bots", ("big_brother", 6, "medium", 30)),
    "engine big_brother 6 random": ("engine", ("big_brother", 6, 1.5)),
    "engine brouhaha 4 random": ("engine", ("brouhaha", 4, 1.0)),
    "engine brouhaha 10 random": ("engine", ("brouhaha", 10, 1.0)),
    "engine brady_bunch 5 q2 random": ("engine", ("brady_bunch", 5, 1.0)),
    "engine brady_bunch 8 q2 random": ("engine", ("brady_bunch", 8, 1.0)),
    "engine costume_party 4 random": ("engine", ("costume_party", 4, 1.0)),
    # "rooms": (tables, key of rooms_load's figures, unit); one load run per tree and round
    "rooms 30x6 update median": ("rooms", (30, "latency_ms_median", "ms")),
    "rooms 30x6 update p95": ("rooms", (30, "latency_ms_p95", "ms")),
    "rooms 30x6 server CPU": ("rooms", (30, "server_cpu_percent_of_one_core", "% core")),
}

# The worker: run in a subprocess with PYTHONPATH set to one tree; prints one JSON line.
WORKER = r"""
import json, random, sys, time
kind, args = sys.argv[1], json.loads(sys.argv[2])
if kind == "bots":
    from brady_widgets import simulate
    game, players, bot, games = args
    simulate(game, players, bot, games=1, seed=999, executor=False, progress=False)  # warm up
    start = time.process_time()
    rows = simulate(game, players, bot, games=games, seed=7, executor=False, progress=False)
    cpu = time.process_time() - start
    print(json.dumps({"rate": len(rows) / cpu, "unit": "games/s"}))
elif kind == "openspiel":
    import statistics
    sys.path.insert(0, "benchmarks")
    from engine_speed import _openspiel_games, _theirs
    rates = []
    for name in _openspiel_games():
        try:
            rates.append(_theirs(name, args[0])["actions_per_s"])
        except Exception:  # a game that needs parameters: skipped, as engine_speed does
            continue
    print(json.dumps({"rate": statistics.median(rates), "unit": "actions/s", "games": len(rates)}))
else:
    from brady_widgets.engine.registry import load_game
    game, players, seconds = args[:3]
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
    if len(args) > 3:  # (games, freeze): that many games, untimed (playout_instructions.py counts them)
        if args[4]:
            import gc
            gc.freeze()
        print(json.dumps({"steps": sum(playout(cls(players, seed, **options)) for seed in range(args[3]))}))
        sys.exit()
    games = steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        steps += playout(cls(players, games, **options))
        games += 1
    cpu = time.process_time() - start
    print(json.dumps({"rate": steps / cpu, "unit": "steps/s"}))
"""


def _git(*args: str, cwd: Path = TREE) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def past_tree(commit: str) -> Path:
    """A worktree of ``commit`` under /tmp (made if missing; detached, never a branch)."""
    sha = _git("rev-parse", "--verify", f"{commit}^{{commit}}")
    path = Path("/tmp") / f"brady_past_{sha[:10]}"
    if not (path / "brady_widgets" / "__init__.py").exists():
        _git("worktree", "add", "--detach", "--force", str(path), sha)
    return path


#: OpenSpiel's yardstick: measured once per round, in this tree (it does not depend on ours)
OPENSPIEL = "openspiel python median"


def has_openspiel() -> bool:
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        return False
    return True


def measure(tree: Path, name: str, openspiel_seconds: float = 0.5) -> float:
    kind, args = ("openspiel", (openspiel_seconds,)) if name == OPENSPIEL else FIGURES[name]
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONHASHSEED": "0"}
    out = subprocess.run(
        [sys.executable, "-c", WORKER, kind, json.dumps(args)],
        cwd=tree,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return float(json.loads(out.strip().splitlines()[-1])["rate"])


def measure_rooms(tree: Path, tables: int, seconds: float) -> dict:
    """One rooms load run (scenario B): this tree's clients, ``tree``'s server; its figures."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "rooms.json"
        cmd = [sys.executable, str(HERE / "rooms_load.py"), "--only", "B", "--tables", str(tables)]
        cmd += ["--seconds", str(seconds), "--server-tree", str(tree), "--json", str(out)]
        subprocess.run(cmd, cwd=TREE, check=True, capture_output=True, text=True)
        return json.loads(out.read_text())


def run(past: list[str], rounds: int, only: str | None, openspiel: float = 0.5, rooms_seconds: float = 20.0) -> dict:
    """``openspiel``: CPU seconds per OpenSpiel game and round (0: no yardstick)."""
    trees = {"this": TREE, **{c: past_tree(c) for c in past}}
    names = [n for n in FIGURES if only is None or only in n]
    rates: dict[str, dict[str, list[float]]] = {n: {t: [] for t in trees} for n in names}
    yard: list[float] = []
    engines = any(FIGURES[n][0] == "engine" for n in names)
    order = list(trees)
    for r in range(rounds):
        if openspiel and engines:
            yard.append(measure(TREE, OPENSPIEL, openspiel))
            print(f"round {r + 1}/{rounds} {OPENSPIEL}: {yard[-1]:,.1f}", file=sys.stderr, flush=True)
        loads: dict = {}  # (tables, tree) -> this round's rooms figures (one load run gives three rows)
        for name in names:
            for label in order if r % 2 == 0 else order[::-1]:
                kind, args = FIGURES[name]
                if kind == "rooms":
                    if (args[0], label) not in loads:
                        loads[args[0], label] = measure_rooms(trees[label], args[0], rooms_seconds)
                    rates[name][label].append(float(loads[args[0], label][args[1]]))
                    continue
                rates[name][label].append(measure(trees[label], name))
            print(f"round {r + 1}/{rounds} {name}: " + ", ".join(f"{t} {v[-1]:,.1f}" for t, v in rates[name].items()),
                  file=sys.stderr, flush=True)  # fmt: skip
    return {"trees": {t: str(p) for t, p in trees.items()}, "rounds": rounds, "rates": rates, "openspiel": yard}


def report(res: dict) -> None:
    past = [t for t in res["trees"] if t != "this"]
    yard = res.get("openspiel") or []
    head = f"{'figure':32s} {'unit':>8s} {'this':>10s}" + "".join(f" {c:>10s} {'x vs ' + c:>13s}" for c in past)
    if yard:
        head += f" {'x OpenSpiel':>12s}"
    print(f"this tree vs past commits: median of {res['rounds']} paired rounds (CPU time, one core per subprocess)")
    print(head)
    for name, by_tree in res["rates"].items():
        kind, args = FIGURES[name]
        unit = {"bots": "games/s", "engine": "steps/s"}.get(kind) or args[2]
        line = f"{name:32s} {unit:>8s} {statistics.median(by_tree['this']):10,.1f}"
        for c in past:
            if kind == "rooms":  # lower is better: times better is past / this
                ratios = [b / a if a else float("inf") for a, b in zip(by_tree["this"], by_tree[c])]
            else:
                ratios = [a / b for a, b in zip(by_tree["this"], by_tree[c])]
            line += f" {statistics.median(by_tree[c]):10,.1f} {statistics.median(ratios):12.2f}x"
        if yard and FIGURES[name][0] == "engine":
            mine = [a / b for a, b in zip(by_tree["this"], yard)]
            line += f" {statistics.median(mine):11.2f}x (min {min(mine):.2f})"
        print(line)
    if yard:
        print(f"{OPENSPIEL:32s} {'actions/s':>8s} {statistics.median(yard):10,.1f}  (per round: "
              + ", ".join(f"{y:,.0f}" for y in yard) + ")")  # fmt: skip


def clean(past: list[str]) -> None:
    for c in past:
        sha = _git("rev-parse", "--verify", f"{c}^{{commit}}")
        path = Path("/tmp") / f"brady_past_{sha[:10]}"
        if path.exists():
            _git("worktree", "remove", "--force", str(path))


def main(argv=None) -> dict | None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--past", action="append", help=f"a past commit (repeatable; default {' '.join(DEFAULT_PAST)})")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--only", help="only the figures whose name contains this")
    ap.add_argument("--json", help="also write the rates to this file")
    ap.add_argument("--clean", action="store_true", help="remove the past worktrees and stop")
    ap.add_argument(
        "--openspiel-seconds", type=float, default=0.5, help="CPU seconds per OpenSpiel game and round (yardstick)"
    )
    ap.add_argument("--no-openspiel", action="store_true", help="no OpenSpiel yardstick")
    ap.add_argument("--rooms-seconds", type=float, default=20.0, help="length of each rooms load run")
    args = ap.parse_args(argv)
    past = args.past or list(DEFAULT_PAST)
    if args.clean:
        clean(past)
        return None
    openspiel = 0.0 if args.no_openspiel or not has_openspiel() else args.openspiel_seconds
    res = run(past, args.rounds, args.only, openspiel, args.rooms_seconds)
    report(res)
    if args.json:
        Path(args.json).write_text(json.dumps(res, indent=1))
    return res


if __name__ == "__main__":
    main()

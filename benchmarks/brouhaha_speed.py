"""Brouhaha speed: random playouts, bot-vs-bot games and Total Black, beside OpenSpiel.

Four figures, all in CPU seconds of this process (``time.process_time``: "on one
core", even on a busy machine), each the best of ``--repeats`` runs:

* **random playouts** at 4 and 10 players: whole ``Brouhaha`` games (default
  options: a 300 s time limit) of random legal actions, each 0-400 ms after the
  last step, by a random seat among those with legal actions; the clock advances
  to a deadline when the next action would pass it (:func:`random_playout`).
  Games/s and steps/s (actions and clock steps, every one validated and logged).
* **bot-vs-bot games** at 4 and 10 players on virtual time: every seat a
  ``medium`` (and, a second row, ``hard``) bot, driven by the one
  :class:`~brady_widgets.scheduler.Scheduler` with no settle lag and the
  engine's views as they are (``copy_views=False``, as ``simulate()`` does).
* **Total Black** at 42 players: ``TotalBlack`` games with ``TB_BOTS`` on the
  Scheduler's virtual time until every pair is found; simulations/s.
* **levels**: seeded 4-player tournaments hard vs easy, medium vs easy, hard vs
  medium, seats alternating; a level's share of the win with a 95% interval.
* **OpenSpiel**: every Python-implemented OpenSpiel game measured in the same
  process by ``engine_speed.openspiel_runs`` (the same function, imported), and the
  random playouts' steps/s divided by their median actions/s; and ``--paired K`` rounds
  of ours then every OpenSpiel game, back to back, each round's ratio and their median
  (``engine_speed.paired_ratios``).

    python benchmarks/brouhaha_speed.py [--seconds 2] [--repeats 3] [--level-games 100] [--paired 5] [--json] [--no-openspiel]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from itertools import compress
from pathlib import Path

HERE = Path(__file__).resolve().parent


def _timed(fn, seconds: float) -> tuple[int, int, float]:
    """Call ``fn(i)`` (returns steps) for i = 0, 1, ... until ``seconds`` of CPU time
    have passed (at least once); ``(calls, steps, cpu)``."""
    games = steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds or games == 0:
        steps += fn(games)
        games += 1
    return games, steps, time.process_time() - start


def random_playout(game, rng: random.Random, gap_ms: int = 400) -> int:
    """Play ``game`` to its end with random legal actions at random times: a random
    seat among those with legal actions plays a random one of them, ``0..gap_ms`` ms
    after the clock, unless that is at or past the next deadline: then the clock
    advances to it. Returns the steps (actions and clock steps).

    The driver's own work is kept small (``map`` and ``compress`` instead of list
    comprehensions, ``randrange(gap_ms + 1)`` for ``randint(0, gap_ms)``: the same
    calls to the game and the same random numbers), so the figure is the engine's."""
    steps = 0
    players = range(game.players)
    legal_actions, act, advance, next_deadline = game.legal_actions, game.act, game.advance, game.next_deadline
    span = gap_ms + 1
    while not game.over:
        due = next_deadline()
        at = game.clock + rng.randrange(span)
        legal = list(map(legal_actions, players))  # each seat asked once per step
        seats = list(compress(players, legal))
        if seats and (due is None or at < due):
            seat = rng.choice(seats)
            act(seat, rng.choice(legal[seat]), at=at)
        else:
            advance(due)
        steps += 1
    return steps


def random_playouts(players: int, seconds: float) -> dict:
    from brady_widgets.brouhaha.rules import Brouhaha

    rng = random.Random(players)
    games, steps, cpu = _timed(lambda i: random_playout(Brouhaha(players, seed=i), rng), seconds)
    return {"players": players, "games_per_s": games / cpu, "steps_per_s": steps / cpu, "steps_per_game": steps / games}


def bot_games(players: int, level: str, seconds: float) -> dict:
    from brady_widgets.brouhaha.bots import BOTS
    from brady_widgets.brouhaha.rules import Brouhaha
    from brady_widgets.scheduler import Scheduler

    def one(i: int) -> int:
        g = Brouhaha(players, seed=i)
        Scheduler(g, {s: BOTS[level](s, i) for s in range(players)}, lag=0, copy_views=False).run()
        assert g.over
        return len(g.history)

    games, steps, cpu = _timed(one, seconds)
    return {
        "players": players,
        "bots": level,
        "games_per_s": games / cpu,
        "steps_per_game": steps / games,
        "ms_per_game": 1000 * cpu / games,
    }


def total_black(players: int, seconds: float) -> dict:
    from brady_widgets.brouhaha.bots import TB_BOTS
    from brady_widgets.brouhaha.total_black import TotalBlack
    from brady_widgets.scheduler import Scheduler

    bot = next(iter(TB_BOTS.values()))

    def one(i: int) -> int:
        g = TotalBlack(players, seed=i)
        Scheduler(g, {s: bot(s, i) for s in range(players)}, lag=0, copy_views=False).run()
        assert g.over
        return len(g.history)

    games, steps, cpu = _timed(one, seconds)
    return {
        "players": players,
        "sims_per_s": games / cpu,
        "steps_per_sim": steps / games,
        "ms_per_sim": 1000 * cpu / games,
    }


def levels(
    pairs=(("hard", "easy"), ("medium", "easy"), ("hard", "medium")), players: int = 4, games: int = 100
) -> list[dict]:
    """Seeded tournaments between two levels: seats alternate between them (swapped
    every other game); a level's share of the win in each game (ties shared), its
    mean and a normal 95% interval. Figures for the docs (the test plays fewer games)."""
    from brady_widgets.brouhaha.bots import BOTS
    from brady_widgets.brouhaha.rules import Brouhaha
    from brady_widgets.scheduler import Scheduler

    rows = []
    for a, b in pairs:
        shares = []
        for i in range(games):
            mine = {s for s in range(players) if (s + i) % 2 == 0}
            g = Brouhaha(players, seed=500 + i)
            Scheduler(g, {s: BOTS[a if s in mine else b](s, i) for s in range(players)}, lag=0, copy_views=False).run()
            shares.append(sum(s in mine for s in g.winners) / len(g.winners))
        mean = statistics.fmean(shares)
        half = 1.96 * statistics.stdev(shares) / len(shares) ** 0.5 if len(shares) > 1 else float("nan")
        rows.append(
            {"a": a, "b": b, "players": players, "games": games, "share": mean, "ci95": [mean - half, mean + half]}
        )
    return rows


def openspiel_median(seconds: float, repeats: int) -> dict:
    """OpenSpiel's Python games measured exactly as ``engine_speed.py`` measures them."""
    sys.path.insert(0, str(HERE))  # also when imported from elsewhere
    from engine_speed import openspiel_runs  # the same measurement, not a copy

    runs, skipped = openspiel_runs(seconds, repeats)
    rates = {name: r["actions_per_s"] for name, r in runs.items()}
    median = statistics.median(rates.values()) if rates else float("nan")
    return {"games": rates, "skipped": skipped, "median_actions_per_s": median}


def best(repeats: int, fn, *args, key: str) -> dict:
    return max((fn(*args) for _ in range(repeats)), key=lambda r: r[key])


def paired(players: int, rounds: int, seconds: float) -> dict:
    """Random playouts at ``players`` against OpenSpiel's median, round by round
    (``engine_speed.paired_ratios``): each round ``seconds`` of ours, then every OpenSpiel
    game for a third of that."""
    sys.path.insert(0, str(HERE))
    from engine_speed import paired_ratios

    out = paired_ratios(lambda: random_playouts(players, seconds)["steps_per_s"], rounds, max(seconds / 3, 0.3))
    return {"players": players, **out} if out else {}


def run(
    seconds: float = 2.0, repeats: int = 3, openspiel: bool = True, level_games: int = 100, paired_rounds: int = 0
) -> dict:
    res: dict = {
        "levels": levels(games=level_games) if level_games else [],
        "random": [best(repeats, random_playouts, p, seconds, key="steps_per_s") for p in (4, 10)],
        "bots": [
            best(repeats, bot_games, p, lvl, seconds, key="games_per_s") for lvl in ("medium", "hard") for p in (4, 10)
        ],
        "total_black": best(repeats, total_black, 42, seconds, key="sims_per_s"),
    }
    if openspiel:
        theirs = openspiel_median(max(seconds / 3, 0.3), repeats)
        med = theirs["median_actions_per_s"]
        res["openspiel"] = theirs
        res["openspiel_median_actions_per_s"] = med
        for r in res["random"]:
            r["ratio_vs_openspiel_median"] = r["steps_per_s"] / med
        if paired_rounds:
            res["paired"] = [paired(p, paired_rounds, seconds / 2) for p in (4, 10)]
    return res


def report(res: dict) -> None:
    print("Brouhaha speed (CPU time, one core; virtual time for bots)")
    med = res.get("openspiel_median_actions_per_s")
    print(
        f"{'random playouts':24s} {'players':>7s} {'games/s':>9s} {'steps/s':>10s} {'steps/game':>11s}"
        + ("  / OpenSpiel median" if med else "")
    )
    for r in res["random"]:
        ratio = f"  x{r['ratio_vs_openspiel_median']:.2f}" if med else ""
        print(
            f"{'':24s} {r['players']:7d} {r['games_per_s']:9.1f} {r['steps_per_s']:10,.0f} {r['steps_per_game']:11.1f}{ratio}"
        )
    print(f"{'bot-vs-bot games':24s} {'players':>7s} {'games/s':>9s} {'ms/game':>10s} {'steps/game':>11s}")
    for r in res["bots"]:
        print(
            f"{'  all ' + r['bots']:24s} {r['players']:7d} {r['games_per_s']:9.1f} {r['ms_per_game']:10.1f} {r['steps_per_game']:11.1f}"
        )
    for r in res["levels"]:
        lo, hi = r["ci95"]
        print(
            f"{r['a']} vs {r['b']}, {r['players']} players, seats alternating ({r['games']} games): "
            f"{r['a']}'s share of the win {r['share']:.3f} [{lo:.3f}, {hi:.3f}] (even: 0.5)"
        )
    tb = res["total_black"]
    print(
        f"Total Black, {tb['players']} players, TB_BOTS: {tb['sims_per_s']:.1f} simulations/s ({tb['ms_per_sim']:.1f} ms each, {tb['steps_per_sim']:.0f} steps)"
    )
    if med:
        for name, rate in res["openspiel"]["games"].items():
            print(f"  {name + ' (OpenSpiel)':38s} {rate:10,.0f} actions/s")
        for name, why in res["openspiel"]["skipped"].items():
            print(f"  skipped {name}: {why}")
        print(f"OpenSpiel Python games, median of {len(res['openspiel']['games'])}: {med:,.0f} actions/s")
    for pr in res.get("paired", []):
        if pr:
            print(f"paired rounds, {pr['players']} players: ours / OpenSpiel median round by round "
                  f"{', '.join(f'x{r:.2f}' for r in pr['ratios'])}: median x{pr['median']:.2f} (min x{pr['min']:.2f}, max x{pr['max']:.2f})")  # fmt: skip


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per measurement")
    ap.add_argument("--repeats", type=int, default=3, help="best of this many measurements")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    ap.add_argument("--no-openspiel", action="store_true", help="skip the OpenSpiel games (no ratio)")
    ap.add_argument(
        "--paired",
        type=int,
        default=5,
        metavar="K",
        help="K paired rounds of ours then OpenSpiel at 4 and 10 players (median ratio; 0: none)",
    )
    ap.add_argument("--level-games", type=int, default=100, help="games per level tournament (0: none)")
    args = ap.parse_args(argv)
    res = run(
        args.seconds,
        args.repeats,
        openspiel=not args.no_openspiel,
        level_games=args.level_games,
        paired_rounds=args.paired,
    )
    report(res)
    if args.json:
        print(json.dumps(res))
    return res


if __name__ == "__main__":
    main(sys.argv[1:])

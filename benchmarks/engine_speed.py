"""Engine speed: random playouts through the public API, beside OpenSpiel.

Our side: ``CostumeParty`` games played to the end with ``legal_actions`` +
``act`` (every call validated, every event logged), a uniformly random legal
action each time. We count *player* actions (roll, move, kill, draw); the die
is rolled inside ``act`` and not counted as an action of its own.

Their side, in the same process: every Python-implemented game that
``open_spiel.python.games`` registers (``python_kuhn_poker``,
``python_liars_poker``, ``python_tic_tac_toe``, ...), played with
``state.legal_actions()`` + ``state.apply_action()``, chance nodes sampled from
``state.chance_outcomes()`` and counted as actions (which flatters them), and
simultaneous nodes played with ``apply_actions`` (one action per node).

Rates are CPU seconds of this process (``time.process_time``), so they mean
"on one core" even on a busy machine; each figure is the best of ``--repeats``
runs of ``--seconds`` each.

Target: our actions/s at least 2x the median of OpenSpiel's Python games.

``--snapshot FILE`` instead writes a behaviour snapshot (the ``to_json`` of
seeded random playouts of 2..8 players and every option, plus a hash of every
view, legal list and refused action along the way): take one before and one
after an engine change and compare the files byte for byte.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
import time

NAMED = ("python_kuhn_poker", "python_liars_poker")  # the two the issue names


def _ours(players: int, seconds: float) -> dict:
    from brady_widgets.costume_party.rules import CostumeParty

    rng = random.Random(players)
    actions = games = 0
    seed = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        g = CostumeParty(players, seed=seed)
        seed += 1
        while not g.over:
            seat = g.to_act[0]
            g.act(seat, rng.choice(g.legal_actions(seat)))
            actions += 1
        games += 1
    cpu = time.process_time() - start
    return {"actions_per_s": actions / cpu, "games_per_s": games / cpu, "actions_per_game": actions / games}


def _openspiel_games() -> list[str]:
    import pyspiel
    from open_spiel.python import games as _  # noqa: F401  (registers the python_* games)

    return sorted(n for n in pyspiel.registered_names() if n.startswith("python_") and "mfg" not in n)


def _theirs(name: str, seconds: float) -> dict:
    import pyspiel

    game = pyspiel.load_game(name)
    n_players = game.num_players()
    rng = random.Random(0)
    actions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = rng.choices([a for a, _ in outcomes], weights=[p for _, p in outcomes])[0]
                state.apply_action(action)
            elif state.is_simultaneous_node():
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(n_players)])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        games += 1
    cpu = time.process_time() - start
    return {"actions_per_s": actions / cpu, "games_per_s": games / cpu, "actions_per_game": actions / games}


def best_of(fn, repeats: int, *args) -> dict:
    runs = [fn(*args) for _ in range(repeats)]
    return max(runs, key=lambda r: r["actions_per_s"])


def openspiel_runs(seconds: float, repeats: int) -> tuple[dict, dict]:
    """``({game: best run}, {game or "open_spiel": why skipped})`` for every
    Python-implemented OpenSpiel game (the yardstick of every engine here)."""
    theirs, skipped = {}, {}
    try:
        names = _openspiel_games()
    except ImportError as exc:  # open-spiel is a benchmark-only dependency
        names, skipped["open_spiel"] = [], str(exc)
    for name in names:
        try:
            theirs[name] = best_of(_theirs, repeats, name, seconds)
        except Exception as exc:  # noqa: BLE001 -- a game that needs parameters, etc.
            skipped[name] = f"{type(exc).__name__}: {exc}"
    return theirs, skipped


def paired_ratios(ours, rounds: int, seconds: float) -> dict:
    """Our rate over OpenSpiel's median, measured in pairs: each round times ``ours()``
    (a rate: steps per CPU second) and then every OpenSpiel Python game for ``seconds``
    each, back to back, and takes that round's ratio. A busy machine slows both halves
    of a round alike, so the rounds' median ratio moves less than a ratio of two bests
    taken minutes apart. ``{"ratios", "median", "min", "max", "ours", "theirs"}``, or
    ``{}`` without OpenSpiel."""
    try:
        names = _openspiel_games()
    except ImportError:
        return {}
    ratios, mine, medians = [], [], []
    for _ in range(rounds):
        rate = ours()
        theirs = []
        for name in names:
            try:
                theirs.append(_theirs(name, seconds)["actions_per_s"])
            except Exception:  # noqa: BLE001 -- a game that needs parameters: skipped, as in openspiel_runs
                continue
        med = statistics.median(theirs)
        mine.append(rate)
        medians.append(med)
        ratios.append(rate / med)
    return {"ratios": ratios, "median": statistics.median(ratios), "min": min(ratios), "max": max(ratios),
            "ours": mine, "theirs": medians}  # fmt: skip


def run(seconds: float = 1.0, repeats: int = 3, players=(2, 4, 8)) -> dict:
    ours = {p: best_of(_ours, repeats, p, seconds) for p in players}
    theirs, skipped = openspiel_runs(seconds, repeats)
    our_rate = statistics.median(r["actions_per_s"] for r in ours.values())
    their_median = statistics.median(r["actions_per_s"] for r in theirs.values()) if theirs else float("nan")
    named = [theirs[n]["actions_per_s"] for n in NAMED if n in theirs]
    named_median = statistics.median(named) if named else float("nan")
    return {
        "ours": {str(p): r for p, r in ours.items()},
        "openspiel": theirs,
        "skipped": skipped,
        "our_actions_per_s": our_rate,
        "openspiel_median_actions_per_s": their_median,
        "ratio_vs_median": our_rate / their_median,
        "openspiel_named_median_actions_per_s": named_median,
        "ratio_vs_named": our_rate / named_median,
    }


def report(res: dict) -> None:
    print("Engine speed (random playouts through the public API; CPU time, one core)")
    print(f"{'game':34s} {'actions/s':>11s} {'games/s':>9s} {'actions/game':>13s}")
    for p, r in res["ours"].items():
        print(
            f"{'costume_party ' + p + 'p (ours)':34s} {r['actions_per_s']:11,.0f} {r['games_per_s']:9,.1f} {r['actions_per_game']:13.1f}"
        )
    for name, r in res["openspiel"].items():
        print(
            f"{name + ' (OpenSpiel)':34s} {r['actions_per_s']:11,.0f} {r['games_per_s']:9,.1f} {r['actions_per_game']:13.1f}"
        )
    for name, why in res["skipped"].items():
        print(f"  skipped {name}: {why}")
    print(f"ours (median over player counts): {res['our_actions_per_s']:,.0f} actions/s")
    print(
        f"OpenSpiel Python games, median: {res['openspiel_median_actions_per_s']:,.0f} actions/s "
        f"-> ours x{res['ratio_vs_median']:.2f} (target >= 2)"
    )
    print(
        f"OpenSpiel {' + '.join(NAMED)} median: {res['openspiel_named_median_actions_per_s']:,.0f} actions/s "
        f"-> ours x{res['ratio_vs_named']:.2f}"
    )


# ------------------------------------------------------------------ snapshot
FUZZ = [
    {"type": "move", "figure": 3, "to": "red"},
    {"type": "move", "figure": 99, "to": "red"},
    {"type": "move", "figure": 2, "to": "attic"},
    {"type": "kill", "figure": 0},
    {"type": "kill", "figure": 25},
    {"type": "draw"},
    {"type": "roll"},
    {"type": "move", "figure": True, "to": "red"},
    {"type": "move", "figure": 1},
    {"type": "fly"},
    "roll",
    {"type": "kill", "figure": 5, "x": 1},
]
OPTIONS = [
    {},
    {"adjacency": "open_plan"},
    {"adjacency": "ring"},
    {"faces": ["blue", "black"]},
    {"faces": ["red", "green", "black", "black", "black"], "first_seat": 1},
]


def snapshot(path: str, games: int = 210) -> None:
    """Write the behaviour snapshot described in the module docstring."""
    from brady_widgets.costume_party.rules import CostumeParty
    from brady_widgets.engine import IllegalAction

    lines, h = [], hashlib.sha256()

    def dump(x):
        h.update(json.dumps(x, sort_keys=True).encode())

    for i in range(games):
        players = 2 + i % 7
        g = CostumeParty(players, seed=i, **(OPTIONS[i % len(OPTIONS)] if i >= 100 else {}))
        rng = random.Random(i)
        while not g.over:
            s = g.to_act[0]
            legal = g.legal_actions(s)
            if i % 10 == 0:
                dump(
                    [g.view(x) for x in [None, *range(players)]]
                    + [g.full_view(), legal, [str(o) for o in g.chance_outcomes()]]
                )
                for a in FUZZ:
                    for seat in (s, (s + 1) % players):
                        c = g.clone()
                        try:
                            dump(["ok", c.act(seat, a), c.to_json()])
                        except IllegalAction as e:
                            h.update(f"{e.code}|{e}".encode())
            g.act(s, rng.choice(legal))
        dump([g.view(x) for x in [None, *range(players)]] + [g.events, g.scores, g.winners])
        lines.append(g.to_json())
    lines.append(h.hexdigest())
    with open(path, "w") as fh:
        fh.write("\n".join(lines))


def game_record(game) -> list[str]:
    """A finished game as snapshot lines: its ``to_json`` and, as one JSON line, every
    view, the full view, its events, scores and winners."""
    seats = [None, *range(game.players)]
    views = [game.view(x) for x in seats] + [game.full_view(), game.events, game.scores, game.winners]
    return [game.to_json(), json.dumps(views, sort_keys=True)]


def write_snapshot(path: str, lines: list[str], digest) -> str:
    """Write a snapshot's lines and its running hash's hex digest (the last line); return the digest."""
    lines = [*lines, digest.hexdigest()]
    with open(path, "w") as fh:
        fh.write("\n".join(lines))
    return lines[-1]


def main(argv=None) -> dict | None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0, help="CPU seconds per measurement")
    ap.add_argument("--repeats", type=int, default=3, help="best of this many measurements")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON on the last line")
    ap.add_argument("--snapshot", metavar="FILE", help="write a behaviour snapshot instead")
    args = ap.parse_args(argv)
    if args.snapshot:
        snapshot(args.snapshot)
        print(f"wrote {args.snapshot}")
        return None
    res = run(args.seconds, args.repeats)
    report(res)
    if args.json:
        print(json.dumps(res))
    return res


if __name__ == "__main__":
    main(sys.argv[1:])

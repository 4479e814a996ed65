"""Behaviour fingerprint of the bot games: take one before and one after a change to an
engine, a bot or the scheduler, and compare the files byte for byte.

For every game, two table sizes and every bot level of the game's table, it plays
``N`` seeded games through ``simulate(..., executor=False)`` (the run's seed 11) and
hashes the rows; then plays the same games again through a ``Scheduler`` on virtual time
and hashes each game's ``to_json`` (history, chance outcomes, RNG state) and its whole
event list. One line per case: ``game/players/level hash``.

    python benchmarks/bots_fingerprint.py FILE [--only big_brother]
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

#: (game, players, games per bot level)
CASES = [
    ("costume_party", 4, 8),
    ("costume_party", 6, 4),
    ("brady_bunch", 5, 8),
    ("brady_bunch", 8, 4),
    ("brouhaha", 4, 6),
    ("brouhaha", 10, 3),
    ("big_brother", 6, 6),
    ("big_brother", 4, 4),
]
SEED = 11


def fingerprints(only: str = "") -> dict[str, str]:
    from brady_widgets import simulate
    from brady_widgets.engine.registry import load_bots, load_game
    from brady_widgets.scheduler import Scheduler
    from brady_widgets.simulation import game_seed

    out = {}
    for game, players, n in CASES:
        if only not in game:
            continue
        cls, table = load_game(game), load_bots(game)
        for level in sorted(table):
            h = hashlib.sha256()
            rows = simulate(game, players, level, games=n, seed=SEED, executor=False, progress=False)
            h.update(json.dumps(rows, sort_keys=True, default=str).encode())
            for i in range(n):
                gs = game_seed(SEED, i)
                g = cls(players, gs)
                bots = {s: table[level](s, gs) for s in range(players)}
                Scheduler(g, bots, delay=0, lag=0, copy_views=False).run(max_steps=1_000_000)
                h.update(g.to_json().encode())
                h.update(json.dumps(g.events, sort_keys=True, default=str).encode())
            out[f"{game}/{players}/{level}"] = h.hexdigest()[:16]
    return out


def main(argv=None) -> dict[str, str]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file")
    ap.add_argument("--only", default="", help="only the games whose name contains this")
    args = ap.parse_args(argv)
    out = fingerprints(args.only)
    Path(args.file).write_text("".join(f"{k} {v}\n" for k, v in out.items()))
    print(f"wrote {len(out)} fingerprints to {args.file}")
    return out


if __name__ == "__main__":
    main()

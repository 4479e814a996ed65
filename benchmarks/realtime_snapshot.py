"""Behaviour snapshots of the real-time engines (Brouhaha, Total Black, Big Brother):
take one before and one after an engine change and compare the files byte for byte.

``engine_speed.py --snapshot`` and ``brady_speed.py --snapshot`` do this for the turn
games; this module does it for the real-time ones, with the same driver as their speed
benchmarks (``brouhaha_speed.random_playout``'s choices: a random seat among those with
legal actions plays a random legal action at a random time, or the clock advances to the
next deadline). Along every playout it hashes, at every step, every seat's legal list,
``to_act`` and the next deadline; now and then every view, the full view, every seat's
log and a set of probe actions (each tried on a clone: its events and JSON if accepted,
its error code and message if refused, and whether the clone is unchanged). Each game's
``to_json``, views, events, scores and winners at the end are written out whole.

    python benchmarks/realtime_snapshot.py FILE [--games 120]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the sibling benchmarks, also when imported
from engine_speed import game_record, write_snapshot

# fixed probe actions (malformed, or of another game): _deep tries six of them, each for a
# random seat, besides every seat's own last legal action, the next seat's first one and,
# for seat 0, its first one at the deadline
_FIXED = [
    {"type": "vote", "target": 0},
    {"type": "vote", "target": 99},
    {"type": "vote", "target": True},
    {"type": "vote", "target": 1, "extra": 2},
    {"type": "roll"},
    {"type": "roll", "x": 1},
    {"type": "claim", "card": 0, "culprit": 1},
    {"type": "gossip", "partner": 1, "side": "nice"},
    {"type": "gossip_card", "target": 1},
    {"type": "rank", "target": 0},
    {"type": "choose", "target": 1},
    {"type": "play", "card": "cat"},
    {"type": "play", "card": 3},
    {"type": "slap"},
    {"type": "take_back"},
    {"type": "hunt", "target": 1},
    {"type": "pass", "card": "dog"},
    {"type": "hold"},
    {"type": "nope"},
    {"target": 1},
    "vote",
]


def _configs():
    from brady_widgets.big_brother.rules import BigBrother
    from brady_widgets.brouhaha.rules import Brouhaha
    from brady_widgets.brouhaha.total_black import TotalBlack

    out = []
    for p in (4, 5, 6):
        out.append((BigBrother, p, {}, 3000))
        out.append((BigBrother, p, {"first_seat": p - 1, "gossip_ms": 2500}, 4000))
    out.append((BigBrother, 6, {"tags": ["man", "woman", None, "woman", "man", None]}, 3000))
    for p in (3, 4, 7, 10):
        out.append((Brouhaha, p, {}, 400))
    out.append((Brouhaha, 5, {"bang": True, "cries": "solo"}, 400))
    out.append((Brouhaha, 4, {"time_limit_ms": None}, 900))
    for p in (2, 6):
        out.append((TotalBlack, p, {}, 400))
    return out


def _probe(h, game, seat, action, at) -> None:
    from brady_widgets.engine import IllegalAction

    before = game.to_json()
    c = game.clone()
    try:
        events = c.act(seat, action, at=at)
        h.update(json.dumps(["ok", events, c.to_json()], sort_keys=True).encode())
    except IllegalAction as e:
        h.update(f"{e.code}|{e}|{c.to_json() == before}".encode())


def _deep(h, game, rng) -> None:
    n = game.players
    seats = [None, *range(n)]
    h.update(json.dumps([game.view(x) for x in seats] + [game.full_view()], sort_keys=True).encode())
    h.update(json.dumps([game.log_for(x) for x in seats] + [game.log_for(None, reveal=True)], sort_keys=True).encode())
    at = game.clock + rng.randint(0, 50)
    for s in range(n):
        mine = game.legal_actions(s)
        other = game.legal_actions((s + 1) % n)
        if other:
            _probe(h, game, s, other[0], at)  # another seat's action
        if mine:
            due = game.next_deadline()
            _probe(h, game, s, mine[-1], at)
            if due is not None and s == 0:
                _probe(h, game, s, mine[0], due)  # at the deadline: advance() applies it first
    for a in rng.sample(_FIXED, 6):
        _probe(h, game, rng.randrange(n), a, at)
    _probe(h, game, n, {"type": "roll"}, at)
    _probe(h, game, "0", {"type": "roll"}, at)


def snapshot(path: str, games: int = 120) -> str:
    """Write the snapshot described in the module docstring; return its hash."""
    configs = _configs()
    out, h = [], hashlib.sha256()
    for i in range(games):
        cls, p, options, gap = configs[i % len(configs)]
        game = cls(p, seed=i, **options)
        rng = random.Random(i)
        probe_rng = random.Random(-i)
        players = range(p)
        step, every = 0, 12 if cls.__name__ == "BigBrother" else 60
        while not game.over:
            due = game.next_deadline()
            at = game.clock + rng.randint(0, gap)
            legal = [game.legal_actions(s) for s in players]
            h.update(json.dumps([legal, game.to_act, due, game.clock]).encode())
            if i % 6 == 0 and step % every == 0:
                _deep(h, game, probe_rng)
            seats = [s for s in players if legal[s]]
            if seats and (due is None or at < due):
                seat = rng.choice(seats)
                h.update(json.dumps(game.act(seat, rng.choice(legal[seat]), at=at), sort_keys=True).encode())
            else:
                h.update(json.dumps(game.advance(due), sort_keys=True).encode())
            step += 1
        out += game_record(game)
    return write_snapshot(path, out, h)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path")
    ap.add_argument("--games", type=int, default=120)
    args = ap.parse_args(argv)
    print(snapshot(args.path, args.games))


if __name__ == "__main__":
    main()

"""Server CPU per replay step of a finished game, in process (issue 23 item 4).

    python benchmarks/replay_cost.py            # about 20 s

For each registered game at its largest table (Brady at 8 players, where the odds panel
is a Monte Carlo run), a game is played by its default-level bots as people would play it
(one action at a time); then the public screen steps through the whole replay forwards,
backwards and at random, and the CPU time per step is printed. Two cases:

* ``watched``: the projector and seat 0's device were shown every step live, as in a class
  (the table keeps what those screens computed: Brady's odds panels);
* ``cold``: nobody watched the game (bots at pace 0): the first pass pays for every panel.

The rooms server's own figure, with watchers over WebSockets and another table's round
trip beside it, is ``benchmarks/rooms_load.py --replay-watchers 3``.
"""

from __future__ import annotations

import random
import time

from brady_widgets.engine.registry import load_game, load_widget, names
from brady_widgets.session import session_for


def play(name: str, watched: bool, seed: int = 2023):
    cls = load_game(name)
    players = cls.player_counts.stop - 1
    widget = load_widget(name)
    t = session_for(name, players=players, seed=seed, humans=list(range(players)), pace=0)
    bots = {s: t._bot_factory(widget.default_bot)(s, seed + s) for s in range(players)}
    steps = 0
    while not t.game.over and steps < 5000:
        if watched:
            t.state_for(None)
            t.state_for(0)
        if cls.realtime:
            return None  # real-time games are played on a clock: see rooms_load.py
        s = t.game.to_act[0]
        t.act_for(s, bots[s].choose(t.game.view(s), t.game.legal_actions(s)))
        steps += 1
    return t


def main() -> None:
    for name in names():
        for watched in (True, False):
            t = play(name, watched)
            if t is None:
                continue
            n = t._n_actions()
            out = []
            for label, order in (
                ("forward", range(n + 1)),
                ("backward", range(n, -1, -1)),
                ("random", random.Random(3).sample(range(n + 1), n + 1)),
            ):
                c0 = time.process_time()
                for k in order:
                    t.state_for(None, replay_step=k)
                out.append(f"{label} {(time.process_time() - c0) / (n + 1) * 1000:.2f}")
            kind = "watched" if watched else "cold"
            print(f"{name} {t.game.players}p, {n} steps, {kind}: ms CPU per step: " + ", ".join(out))


if __name__ == "__main__":
    main()

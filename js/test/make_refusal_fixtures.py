"""Write the refusals and end banners js/test/refusals.test.js draws (issue 25, item 4):
real synced states, not hand-made.

For every registered game: a student's screen (seat 0) at the start, the error each
refusal its view's messages can cause is shown with (``{"code", "message"}``, the message
the game's sentence), and the end of a seeded bot game (its ``view["end"]``, the banner).
``tests/test_refusal_words.py`` checks the same refusals in Python.

    python js/test/make_refusal_fixtures.py [folder]     (default: js/test/fixtures)
"""

import json
import pathlib
import sys

from brady_widgets.engine.registry import load_game, load_widget, names
from brady_widgets.protocol import MSG, TRAITS
from brady_widgets.testing.widgets import illegal_action_for, send

OUT = pathlib.Path(__file__).parent / "fixtures"
PLAYERS = {"brady_bunch": 5, "big_brother": 6}


def refusals(name: str) -> list[dict]:
    players = PLAYERS.get(name, 4)
    W = load_widget(name)
    realtime = load_game(name).realtime
    errors = []

    def tried(w, msg):
        if realtime:
            send(w, {"type": MSG.CLOCK, "id": "v"})
            send(w, {"type": MSG.START})  # the person pressed Start
        send(w, msg)
        errors.append({"code": w.error["code"], "message": w.error["message"]})

    w = W(game=load_game(name)(players, 3), humans=[0], pace=0)
    tried(w, {"type": "dance"})
    tried(w, {"type": MSG.ACT})
    tried(w, {"type": MSG.ACT, "action": "slap", "rev": w.rev})
    tried(w, {"type": MSG.ACT, "action": {"type": "fly"}, "rev": w.rev})
    tried(w, {"type": MSG.ACT, "action": illegal_action_for(w.game, 0), "rev": w.rev})
    tried(w, {"type": MSG.REVEAL, "on": True})
    tried(w, {"type": MSG.REPLAY, "step": 0})
    g = load_game(name)(players, 3)
    legal = next(g.legal_actions(s) for s in range(players) if g.legal_actions(s))
    watcher = W(game=g.clone(), humans=[], pace=0, bot={})
    tried(watcher, {"type": MSG.ACT, "action": legal[0], "rev": watcher.rev})
    if not realtime:
        idle = next(s for s in range(players) if s not in g.to_act)
        other = W(game=g.clone(), humans=[idle], pace=0, bot={})
        tried(other, {"type": MSG.ACT, "action": legal[0], "rev": other.rev})
    done = ended(name)
    after = W(game=done.game, humans=[0], pace=0)
    send(after, {"type": MSG.ACT, "action": legal[0], "rev": after.rev})
    errors.append({"code": after.error["code"], "message": after.error["message"]})
    return errors


def ended(name: str):
    w = load_widget(name)(players=PLAYERS.get(name, 4), seed=2, humans=(), pace=0)
    w.run_bots()
    for _ in range(200):
        if w.game.over:
            break
        w.advance_time(60_000)
    return w


def main(out: pathlib.Path = OUT) -> None:
    out.mkdir(parents=True, exist_ok=True)
    games = {}
    for name in sorted(names()):
        W = load_widget(name)
        if not W.__module__.startswith("brady_widgets."):
            continue  # a game registered by a test (the toys): no view bundle of its own
        start = W(game=load_game(name)(PLAYERS.get(name, 4), 3), humans=[0], pace=0)
        games[name] = {
            "start": start.get_state(TRAITS),
            "errors": refusals(name),
            "over": ended(name).get_state(TRAITS),
        }
    (out / "refusals.json").write_text(json.dumps(games, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)

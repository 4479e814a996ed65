"""Write the widget states the JS unit tests render (real synced states, not hand-made).

Run from the repository root after changing what the widget syncs:
    python js/test/make_fixtures.py
"""

import json
import pathlib
import random

from brady_widgets.costume_party.widget import CostumePartyWidget

OUT = pathlib.Path(__file__).parent / "fixtures"
TRAITS = ["seat", "view", "legal", "log", "error", "curtain", "settings", "replay"]


def state(w):
    return w.get_state(TRAITS)


def until(w, rng, phase):
    for _ in range(500):
        if w.view["phase"] == phase and w.legal:
            return w
        w.act(rng.choice(w.legal))
    raise RuntimeError(f"no {phase} phase")


def main():
    OUT.mkdir(exist_ok=True)
    fixtures = {}
    w = CostumePartyWidget(players=4, seed=3, bot="random", pace=0)
    fixtures["roll"] = state(w)
    fixtures["move"] = state(until(w, random.Random(1), "move"))
    b = CostumePartyWidget(players=4, seed=5, bot="random", pace=0)
    fixtures["black"] = state(until(b, random.Random(2), "black"))
    h = CostumePartyWidget(players=3, seed=21, mode="hotseat", bot="random", pace=0)
    fixtures["curtain"] = state(h)
    e = CostumePartyWidget(players=3, seed=4, bot="random", pace=0)
    try:
        e.act({"type": "draw"})
    except ValueError:
        pass
    fixtures["error"] = state(e)
    o = CostumePartyWidget(players=3, seed=12, bot="random", pace=0)
    rng = random.Random(12)
    while not o.game.over:
        o.act(rng.choice(o.legal))
    fixtures["over"] = state(o)
    o.set_reveal(True)
    o.replay_to(3)
    fixtures["replay_reveal"] = state(o)
    for name, value in fixtures.items():
        (OUT / f"{name}.json").write_text(json.dumps(value, indent=1, sort_keys=True) + "\n")
    print("wrote", ", ".join(sorted(fixtures)))


if __name__ == "__main__":
    main()

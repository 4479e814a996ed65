"""Write the Costume Party widget states js/test/costume_party.test.js and the shared frame's tests renders (real synced states, not hand-made).

Run from the repository root after changing what the widget syncs (``python
js/test/make_fixtures.py`` writes every game's):
    python js/test/make_costume_party_fixtures.py [folder]     (default: js/test/fixtures)
tests/test_js_fixtures.py writes them into a temporary folder and fails if the committed
ones differ.
"""

import json
import pathlib
import random
import sys

from brady_widgets.costume_party.widget import CostumePartyWidget
from brady_widgets.protocol import TRAITS
from brady_widgets.widget import expand_legal

OUT = pathlib.Path(__file__).parent / "fixtures"


def state(w):
    return w.get_state(TRAITS)


def legal(w):
    """The shown seat's legal actions as a list (the trait is compact)."""
    return expand_legal(w.legal)


def until(w, rng, phase):
    for _ in range(500):
        if w.view["phase"] == phase and w.legal:
            return w
        w.act(rng.choice(legal(w)))
    raise RuntimeError(f"no {phase} phase")


def main(out: pathlib.Path = OUT) -> None:
    out.mkdir(parents=True, exist_ok=True)
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
    o = CostumePartyWidget(players=3, seed=12, bot="random", pace=0, teacher=True)
    rng = random.Random(12)
    while not o.game.over:
        o.act(rng.choice(legal(o)))
    fixtures["over"] = state(o)
    o.set_reveal(True)
    o.replay_to(3)
    fixtures["replay_reveal"] = state(o)
    for name, value in fixtures.items():
        (out / f"{name}.json").write_text(json.dumps(value, indent=1, sort_keys=True) + "\n")
    print("wrote", ", ".join(sorted(fixtures)))


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)

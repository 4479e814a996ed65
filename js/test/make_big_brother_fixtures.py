"""Write the Big Brother widget states js/test/big_brother.test.js renders (real synced
states from the real widget on the tutorial positions, not hand-made).

Run from the repository root after changing what the widget syncs:
    python js/test/make_big_brother_fixtures.py [folder]     (default: js/test/fixtures)
tests/test_js_fixtures.py writes them into a temporary folder and fails if the committed
ones differ.
"""

import json
import pathlib
import sys

from brady_widgets.big_brother import positions as P
from brady_widgets.big_brother.widget import BigBrotherWidget
from brady_widgets.protocol import TRAITS

OUT = pathlib.Path(__file__).parent / "fixtures"
#: the states, one fixture file each (``big_brother_<name>.json``, like every fixture here)
NAMES = ("roll", "vote", "gossip_pick", "gossip", "choose", "claim", "eviction", "return", "final", "curtain", "reveal")


class Idle:
    def __init__(self, seat, seed):
        pass

    def choose(self, view, legal):
        return next((a for a in legal if a["type"] != "claim"), legal[0])


def state(game, **kw):
    kw.setdefault("humans", [0])
    w = BigBrotherWidget(game=game, bot=Idle, pace=0, names=["Ann", "Ben", "Cat", "Dan", "Eve"], **kw)
    return w.get_state(TRAITS)


def main(out: pathlib.Path = OUT) -> None:
    out.mkdir(parents=True, exist_ok=True)
    states = {
        "roll": state(P.start()),
        "vote": state(P.confrontation()),
        "gossip_pick": state(P.gossip_pick()),
        "gossip": state(P.gossip_countdown()),
        "choose": state(P.room("Storeroom")),
        "claim": state(P.camera_claim()),
        "eviction": state(P.eviction()),
        "return": state(P.the_return()),
        "final": state(P.final_vote()),
        "curtain": state(P.confrontation(), mode="hotseat", humans=[0, 1, 2, 3, 4]),
        "reveal": state(P.confrontation(), reveal=True, teacher=True),
    }
    assert tuple(states) == NAMES
    for name, st in states.items():
        path = out / f"big_brother_{name}.json"
        path.write_text(json.dumps(st, indent=None, sort_keys=True) + "\n")
        print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)

"""Write the Brady Bunch widget states js/test/brady_bunch.test.js renders (real synced states, not hand-made).

Run from the repository root after changing what the widget syncs (``python
js/test/make_fixtures.py`` writes every game's):
    python js/test/make_brady_bunch_fixtures.py [folder]     (default: js/test/fixtures)
tests/test_js_fixtures.py writes them into a temporary folder and fails if the committed
ones differ.
"""

import json
import pathlib
import random
import sys

from brady_widgets.brady_bunch.rules import BradyBunch
from brady_widgets.brady_bunch.widget import BradyBunchWidget
from brady_widgets.protocol import TRAITS
from brady_widgets.widget import expand_legal

OUT = pathlib.Path(__file__).parent / "fixtures"


def state(w):
    return w.get_state(TRAITS)


def legal(w):
    """The shown seat's legal actions as a list (the trait is compact)."""
    return expand_legal(w.legal)


def main(out: pathlib.Path = OUT) -> None:
    out.mkdir(parents=True, exist_ok=True)
    fixtures = brady_fixtures()
    for name, value in fixtures.items():
        (out / f"{name}.json").write_text(json.dumps(value, indent=1, sort_keys=True) + "\n")
    print("wrote", ", ".join(sorted(fixtures)))


def brady_until(w, rng, want, avoid=("ask_",), limit=3000):
    """Click (legal actions, asks rarely) until ``want(w)`` holds for the shown seat."""
    for _ in range(limit):
        if w.curtain["up"]:
            w.lift_curtain()
            continue
        if want(w):
            return w
        if w.game.over:
            break
        calm = [a for a in legal(w) if not a["type"].startswith(avoid)]
        w.act(rng.choice(calm if calm and rng.random() < 0.9 else legal(w)))
    raise RuntimeError("the wanted Brady Bunch position never came")


def brady_fixtures():
    out = {}
    kw = {"bot": "random", "pace": 0}
    phase = lambda p: (lambda w: w.view["phase"] == p and w.legal)  # noqa: E731
    a = BradyBunchWidget(seed=3, teacher=True, **kw)
    out["brady_reveal"] = state(a)
    rng = random.Random(3)
    for name in ("play", "talk", "help", "help_peek", "final"):
        out[f"brady_{name}"] = state(brady_until(a, rng, phase(name)))
    a.act({"type": "ask_truth", "kid": "Greg", "about": "Jan", "round": 1})
    out["brady_talked"] = state(a)
    out["brady_accuse"] = state(brady_until(a, rng, phase("accuse")))
    a.act(legal(a)[0])
    out["brady_over"] = state(a)
    a.set_reveal(True)
    a.replay_to(5)
    out["brady_replay_reveal"] = state(a)
    k = BradyBunchWidget(seed=4, humans=(2,), max_questions=3, **kw)
    out["brady_kid_play"] = state(k)
    rng = random.Random(4)
    out["brady_kid_snoop"] = state(brady_until(k, rng, phase("snoop")))
    out["brady_kid_claims"] = state(brady_until(k, rng, phase("claims")))
    out["brady_kid_answer"] = state(brady_until(k, rng, phase("answer")))
    g = BradyBunch(5, 5)
    rng = random.Random(5)
    while g.phase != "talk":
        seat = g.to_act[0]
        g.act(seat, rng.choice([a for a in g.legal_actions(seat) if not a["type"].startswith("ask_")]))
    g.act(0, {"type": "ask_number", "kid": "Greg", "round": 1})
    out["brady_kid_number"] = state(BradyBunchWidget(game=g, humans=[1], **kw))
    s = BradyBunchWidget(seed=6, humans=(2,), max_questions=1, **kw)
    out["brady_kid_signs"] = state(brady_until(s, random.Random(6), phase("signs")))
    o = BradyBunchWidget(players=6, seed=7, humans=(5,), cousin_oliver=True, max_questions=1, **kw)
    out["brady_oliver_expose"] = state(brady_until(o, random.Random(7), phase("expose")))
    h = BradyBunchWidget(players=4, seed=8, mode="hotseat", **kw)
    out["brady_curtain"] = state(h)
    e = BradyBunchWidget(seed=9, **kw)
    try:
        e.act({"type": "accuse", "kid": "Greg"})
    except ValueError:
        pass
    out["brady_error"] = state(e)
    return out


if __name__ == "__main__":
    main(pathlib.Path(sys.argv[1]) if len(sys.argv) > 1 else OUT)

"""Big Brother's engine: what its speed-ups of issue 28 keep (the fifteenth pass).

The engine snapshot and the bots' fingerprints (benchmarks/) prove that no game changed;
these tests pin the state each cut relies on, so that a later change that undoes one fails
here, beside the reason, instead of only in a benchmark's count.
"""

from __future__ import annotations

import copy
import random

from brady_widgets.big_brother.rules import BigBrother
from brady_widgets.engine.game import FrozenEvent, FrozenList


def _rolled(seed: int = 3, rolls: int = 5) -> BigBrother:
    """A 6-player game played at random until ``rolls`` movement rolls were made."""
    g = BigBrother(6, seed=seed)
    rng = random.Random(seed)
    clock = 0
    while sum(e["type"] == "roll" for e in g.events) < rolls:
        seat = rng.choice([s for s in range(6) if g.legal_actions(s)])
        clock += 1
        g.act(seat, rng.choice(list(g.legal_actions(seat))), at=clock)
    return g


def test_last_roll_is_read_from_the_roll_event_and_each_view_gets_its_own_copy():
    g = BigBrother(6, seed=1)
    assert g.last_roll is None and g.view(None)["last_roll"] is None and g.full_view()["last_roll"] is None
    g = _rolled()
    ev = [e for e in g.events if e["type"] == "roll"][-1]
    # a roll makes no dict of its own: the game keeps the event, last_roll is read from it
    assert g._roll_event is ev
    want = {"seat": ev["seat"], "dice": list(ev["dice"]), "from": ev["start"], "to": ev["to"]}
    got = g.last_roll
    assert got == want and list(got) == ["seat", "dice", "from", "to"]
    assert type(got) is dict and type(got["dice"]) is list and got["dice"] is not ev["dice"]
    got["dice"].append(0)  # a caller's copy: the game and the next reading do not change
    assert g.last_roll == want and list(ev["dice"]) == want["dice"]
    full = g.full_view()["last_roll"]
    assert full == want and type(full) is dict and type(full["dice"]) is list
    shared = g.view(0)["last_roll"]
    assert shared == want and type(shared) is FrozenEvent and type(shared["dice"]) is FrozenList
    assert g.view(1)["last_roll"] is shared  # one read-only part for every view of the roll
    assert list(shared) == ["seat", "dice", "from", "to"]


def test_a_copy_keeps_its_last_roll():
    g = _rolled(seed=5, rolls=3)
    twin = g.clone()
    assert twin.last_roll == g.last_roll and twin.view(2)["last_roll"] == g.view(2)["last_roll"]
    assert copy.deepcopy(g).last_roll == g.last_roll


def test_realtime_is_an_instance_attribute_too():
    # CPython 3.11 reads a class attribute through the generic look-up (every step of a
    # playout and of the scheduler reads it); the instance holds the class's own value
    g = BigBrother(6, seed=1)
    assert BigBrother.realtime is True
    assert vars(g)["realtime"] is True
    assert vars(g.clone())["realtime"] is True


def test_vote_lists_are_the_votes_for_the_targets_each_seat_holds():
    # _vote_lists takes the table's shared lists at once when every hand holds a card of
    # every number but its own (counted in C); each list must still be exactly the rule's
    from brady_widgets.big_brother.rules import _vote_lists

    seen = {"all": 0, "some": 0}
    for seed in range(6):
        g = BigBrother(6, seed=seed)
        rng = random.Random(seed)
        clock = 0
        while not g.over:
            if g.phase in ("vote", "evict_vote", "final_vote"):
                seen["all" if all(h.count(0) == 1 for h in g.hand) else "some"] += 1
                want = [[{"type": "vote", "target": t} for t in g.targets if t != s and g.hand[s][t]] for s in range(6)]
                assert [list(map(dict, lst)) for lst in _vote_lists(g)] == want
            seat = rng.choice([s for s in range(6) if g.legal_actions(s)])
            clock += 1
            g.act(seat, rng.choice(list(g.legal_actions(seat))), at=clock)
    assert seen["all"] > 100 and seen["some"] > 10  # both ways were checked

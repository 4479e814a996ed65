"""Bot levels (issue 11, item 9): ``easy``, ``medium`` and ``hard`` in both games.

Each level is in the game's ``BOTS`` table (so widgets take ``bot="easy"``),
is deterministic for a (seat, seed), pickles, leaves the old bots alone, makes
its documented mistake on a fixed position, and the levels are ordered in
seeded games. The conformance kit's bot checks run for every entry of ``BOTS``
in ``tests/test_conformance.py`` and ``tests/test_brady_conformance.py``.
"""

from __future__ import annotations

import pickle

import pytest

from brady_widgets import simulate
from brady_widgets.brady_bunch import bots as bb
from brady_widgets.brady_bunch.bots import _Table
from brady_widgets.brady_bunch.positions import brady_position
from brady_widgets.brady_bunch.rules import BradyBunch
from brady_widgets.costume_party import bots as cp
from brady_widgets.costume_party.positions import position
from brady_widgets.simulation import game_seed

LEVELS = ("easy", "medium", "hard")
GAMES = {"costume_party": cp, "brady_bunch": bb}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_levels_in_the_bots_table(game):
    table = GAMES[game].BOTS
    for level in LEVELS:
        assert level in table and table[level] is GAMES[game].LEVELS[level]
    old = {
        "costume_party": {"random": cp.RandomBot, "detective": cp.DetectiveBot},
        "brady_bunch": {"random": bb.RandomBot, "smart": bb.BradyBot},
    }[game]
    for name, cls in old.items():
        assert table[name] is cls  # the old names and classes are untouched
    assert len({table[level] for level in LEVELS}) == 3  # three different bots


def test_old_bot_streams_unchanged():
    # the seed strings of the old bots (notebooks and snapshots depend on them)
    assert cp.DetectiveBot(1, 5).rng.random() == __import__("random").Random("detective:5:1").random()
    assert bb.BradyBot(1, 5).rng.random() == __import__("random").Random("brady:smart:5:1").random()
    assert cp.BOTS["hard"] is cp.DetectiveBot  # Costume Party's hard is the detective itself


def test_widget_lists_the_levels():
    from brady_widgets.brady_bunch.widget import BradyBunchWidget
    from brady_widgets.costume_party.widget import CostumePartyWidget

    for cls in (CostumePartyWidget, BradyBunchWidget):
        with pytest.raises(ValueError) as err:
            cls(players=4, seed=0, humans=(0,), bot="nonsense", pace=0)
        for level in LEVELS:
            assert repr(level) in str(err.value)
        w = cls(players=4, seed=0, humans=(), bot="easy", pace=0)
        w.run_bots()
        assert w.game.over


@pytest.mark.parametrize("game,players", [("costume_party", 4), ("brady_bunch", 5)])
@pytest.mark.parametrize("level", LEVELS)
def test_level_deterministic_per_seed(game, players, level):
    a = simulate(game, players, level, games=3, seed=21, executor=False, progress=False)
    b = simulate(game, players, level, games=3, seed=21, executor=False, progress=False)
    assert a == b
    # a bot and its pickled copy make the same choices
    table = GAMES[game].BOTS
    g = (
        BradyBunch(players, 3)
        if game == "brady_bunch"
        else __import__("brady_widgets.costume_party.rules", fromlist=["x"]).CostumeParty(players, 3)
    )
    bots = {s: table[level](s, 3) for s in range(players)}
    twins = {s: pickle.loads(pickle.dumps(bots[s])) for s in range(players)}
    steps = 0
    while not g.over and steps < 400:
        s = g.to_act[0]
        view, legal = g.view(s), g.legal_actions(s)
        act = bots[s].choose(view, legal)
        assert twins[s].choose(view, legal) == act and act in legal
        g.act(s, act)
        steps += 1


# ------------------------------------------------------------ Costume Party
def _black_pair():
    """Seat 0 stands with one other figure and rolls black: the opponent could be
    any of 19 figures, so killing figure 1 is a poor bet and the detective draws."""
    return position(2, rooms={"red": [0, 1]}, others="hall", secrets=[0, 1], steps=["roll:black"])


def test_costume_easy_blunders_on_black():
    g = _black_pair()
    view, legal = g.view(0), g.legal_actions(0)
    kills = {
        level: sum(cp.BOTS[level](0, s).choose(view, legal)["type"] == "kill" for s in range(150)) for level in LEVELS
    }
    assert kills["hard"] == 0
    assert kills["easy"] > kills["medium"] > 0  # a kill nobody could justify, more often at easy
    assert kills["easy"] < 75  # but mostly it still plays the detective's move


def test_costume_easy_never_kills_itself_by_choice():
    g = position(2, rooms={"red": [0, 1]}, others="hall", secrets=[0, 1], steps=["roll:black"])
    for s in range(200):
        a = cp.EasyBot(0, s).choose(g.view(0), g.legal_actions(0))
        assert a != {"type": "kill", "figure": 0}


def test_costume_hard_beats_easy():
    # head to head at 2 players, seats swapped half the time: hard should win more than half
    wins = n = 0
    for seat in (0, 1):
        bots = ["easy", "easy"]
        bots[seat] = "hard"
        rows = simulate("costume_party", 2, bots, games=60, seed=1 + seat, executor=False, progress=False)
        wins += sum(r["winner"] == seat for r in rows)
        n += len(rows)
    assert wins / n > 0.5


# ------------------------------------------------------------------- Brady
HANDS = {"Greg": [1, 1, 2], "Marcia": [1, 2, 2], "Peter": [6, 6, 5]}


def _snooped(extra=()):
    """Round 1, 4 players: Alice asks Snoop Marcia to look at Peter; Marcia
    (low cards: a Tattletale) sees Peter's 6; Peter (high: a Troublemaker)
    looks at Greg."""
    return brady_position(
        4,
        hands=HANDS,
        deck=[3, 4, 5],
        steps=[
            "snoops:Marcia,Peter",
            "request:Marcia:Peter",
            "lights_out",
            "plays:Greg=1,Marcia=1,Peter=6",
            "peek:Peter",
            "peek:Greg",
            *extra,
        ],
    )


def _seat(g, kid):
    return next(k["seat"] for k in g.view(0)["kids"] if k["kid"] == kid)


def test_brady_easy_kid_lies_about_a_checked_card():
    # Alice asked a Snoop to look at Peter: the smart (and hard) Troublemaker tells the
    # truth about that card; the easy one lies anyway, and Marcia will contradict him
    g = _snooped(["Greg:pass", "Marcia:pass", "Peter:pass", "ask_played:Peter"])
    s = _seat(g, "Peter")
    view, legal = g.view(s), g.legal_actions(s)
    for seed in range(30):
        assert bb.BradyBot(s, seed).choose(view, legal) == {"type": "say_card", "value": 6}
        assert bb.HardBot(s, seed).choose(view, legal) == {"type": "say_card", "value": 6}
        said = bb.EasyBot(s, seed).choose(view, legal)
        assert said["type"] == "say_card" and said["value"] <= 3


def test_brady_tattletale_bluffs_at_higher_levels():
    g = _snooped()
    s = _seat(g, "Marcia")
    view, legal = g.view(s), g.legal_actions(s)
    truth = {"type": "claim", "kid": "Peter", "value": 6}
    told = {level: sum(bb.BOTS[level](s, seed).choose(view, legal) == truth for seed in range(200)) for level in LEVELS}
    assert bb.BradyBot(s, 0).choose(view, legal) == truth
    assert told["easy"] == 200 and told["hard"] == 0
    assert 0 < told["medium"] < 200


def test_brady_easy_alice_trusts_a_caught_liar():
    # Peter says he played 2; Alice's Help Token shows his 6
    g = _snooped(
        [
            "Greg:pass",
            "Marcia:pass",
            "Peter:claim:Peter:2",
            "ask_played:Greg",
            "say_card:1",
            "cookie:Greg",
            "peek:Peter",
            "use_token:woman",
            "peek:Peter",
        ]
    )
    view = g.view(0)
    assert {"round": 1, "kid": "Peter", "value": 6, "via": "woman"} in view["peeks"]
    trust = {level: bb.BOTS[level](0, 0)._alice_state(view, _Table(view))[0] for level in LEVELS}
    assert trust["hard"]["Peter"] < 0.2 and trust["medium"]["Peter"] < 0.2
    assert trust["easy"]["Peter"] == 0.9


def _alice_wins(alice, kid, games, seed, players=5):
    wins = 0
    for i in range(games):
        gs = game_seed(seed, i)
        g = BradyBunch(players, gs)
        bots = [(alice if s == 0 else kid)(s, gs) for s in range(players)]
        while not g.over:
            for s in g.to_act:
                if g.over:
                    break
                g.act(s, bots[s].choose(g.view(s), g.legal_actions(s)))
        wins += g.accused in g.roles["troublemakers"]
    return wins


def test_brady_kid_levels_ordered():
    # the smart Alice against easy kids and against hard kids, the same 60 deals
    easy = _alice_wins(bb.BradyBot, bb.EasyBot, 60, seed=5)
    hard = _alice_wins(bb.BradyBot, bb.HardBot, 60, seed=5)
    assert easy > hard + 6


# ---------------------------------------------------------------- Brouhaha
def test_brouhaha_levels_ordered_with_intervals():
    """hard > medium > easy (issue 25: the slap fix kept the order): each pairing's
    share of the win, seats alternating, has a 95% interval above one half. The
    benchmark (``benchmarks/bot_levels.py``, imported) plays more games and prints the
    lone slaps too."""
    import pathlib
    import sys

    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "benchmarks"))
    from bot_levels import brouhaha_lone_slaps
    from brouhaha_speed import levels

    for row in levels(pairs=(("hard", "medium"), ("medium", "easy")), games=40):
        assert row["ci95"][0] > 0.5, row
    # and the benchmark's lone-slap count: a few at most, a game per bot, at every level
    for level in LEVELS:
        row = brouhaha_lone_slaps(level, 5, 11, watcher=True)
        assert row["lone_per_bot_game"] < 2 and row["max"] <= 5, row

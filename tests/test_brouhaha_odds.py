"""Brouhaha odds (``brady_widgets/brouhaha/odds.py``): exact against brute-force
enumeration on small cases, and against seeded simulation within 3 standard errors.

``share_chance`` reads nothing but the view: equal views (a real game and a
resampled one) give equal chances, and dealing the unseen cards at random and
looking at the truth agrees with it.
"""

from __future__ import annotations

import itertools
import math
import random
import statistics
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from brady_widgets.brouhaha import content
from brady_widgets.brouhaha.odds import birthday, share_chance, share_parts, shared_animal_chance


# ------------------------------------------------------------------ helpers
def make_view(
    players=4,
    me=0,
    mine="cow",
    hand=(),
    cries=None,
    removed=(),
    reserves=None,
    lost=(),
    hunter=None,
    reveal=None,
    mode="shared",
):
    """A seat's view with only the keys share_chance may read."""
    return {
        "game": "brouhaha",
        "players": players,
        "viewer": me,
        "phase": "play",
        "my_down": mine,
        "my_hand": sorted(hand, key=content.RANK.__getitem__),
        "cries": list(cries or [None] * players),
        "hunter_down": hunter,
        "removed": list(removed),
        "reserves": reserves or [[] for _ in range(players)],
        "lost": list(lost),
        "reveal": reveal,
        "options": {"bang": False, "cries": mode},
    }


def brute_share(view) -> Fraction:
    """Enumerate every ordered choice of distinct unseen cards (copies told apart) for
    the unknown face-down cards crying the viewer's cry, as the spec's model says."""
    mine, mode = view["my_down"], view["options"]["cries"]
    if mine in (None, "hunter"):
        return Fraction(0)
    cry = content.cry_of(mine, mode)
    seen = Counter(view["my_hand"]) + Counter([mine]) + Counter(view["removed"]) + Counter(view["lost"])
    for r in view["reserves"]:
        seen += Counter(r)
    known = {}
    if view["reveal"]:
        known = dict(zip(view["reveal"]["seats"], view["reveal"]["cards"]))
        seen += Counter(known.values())
    slots = [s for s, c in enumerate(view["cries"]) if s != view["viewer"] and s != view["hunter_down"] and c == cry]
    if any(known.get(s) == mine for s in slots):
        return Fraction(1)
    slots = [s for s in slots if s not in known]
    deck = [(a, i) for a in content.species_sharing(cry, mode) for i in range(2 - seen[a])]
    hits = total = 0
    for combo in itertools.permutations(deck, len(slots)):
        total += 1
        hits += any(a == mine for a, _ in combo)
    return Fraction(hits, total) if total else Fraction(0)


# ---------------------------------------------------------- share_chance: exact
CASES = [
    # (description, view kwargs)
    ("one other Moo, nothing seen", dict(cries=["Moo!", "Moo!", None, None])),
    ("two other Moos", dict(cries=["Moo!", "Moo!", "Moo!", None])),
    ("three other Moos", dict(cries=["Moo!", "Moo!", "Moo!", "Moo!"])),
    ("a yak in hand makes a cow likelier", dict(hand=["yak", "dog"], cries=["Moo!", "Moo!", None, "Woof!"])),
    (
        "both yaks and a bison seen",
        dict(hand=["yak", "yak"], reserves=[[], ["bison"], [], []], cries=["Moo!", None, "Moo!", None]),
    ),
    ("other cow in a Reserve: 0", dict(reserves=[[], [], ["cow"], []], cries=["Moo!", "Moo!", None, None])),
    ("other cow in own hand: 0", dict(hand=["cow"], cries=["Moo!", "Moo!", None, None])),
    ("removed pair of yaks", dict(removed=["yak", "yak"], cries=["Moo!", "Moo!", None, None])),
    ("lost bison", dict(lost=["bison"], cries=["Moo!", None, "Moo!", "Moo!"])),
    ("the Hunter's imitation does not count", dict(cries=["Moo!", "Moo!", "Moo!", None], hunter=2)),
    ("no other Moo", dict(cries=["Moo!", "Woof!", "Baa!", None])),
    ("no card down", dict(mine=None, cries=[None, "Moo!", None, None])),
    ("a Hunter down", dict(mine="hunter", cries=["Moo!", "Moo!", None, None])),
    (
        "reveal on the table shows a cow",
        dict(
            players=5,
            cries=["Moo!", "Moo!", "Moo!", None, None],
            reveal={"seats": [1, 3], "cards": ["cow", "dog"], "match": False},
        ),
    ),
    (
        "reveal shows a yak",
        dict(
            players=5,
            cries=["Moo!", "Moo!", "Moo!", None, "Moo!"],
            reveal={"seats": [1, 3], "cards": ["yak", "dog"], "match": False},
        ),
    ),
    ("solo cries: the cry names the cow", dict(mode="solo", cries=["Moo!", "Moo!", None, None])),
    ("solo cries: a different word", dict(mode="solo", cries=["Moo!", "Grunt!", "Snort!", None])),
    ("seat 2's view", dict(me=2, mine="dog", hand=["wolf"], cries=["Woof!", "Moo!", "Woof!", "Woof!"])),
]


@pytest.mark.parametrize("what,kw", CASES, ids=[c[0] for c in CASES])
def test_share_chance_equals_brute_force(what, kw):
    view = make_view(**kw)
    assert share_chance(view) == brute_share(view)
    assert isinstance(share_chance(view), Fraction)


def test_share_chance_known_values():
    assert share_chance(make_view(cries=["Moo!", "Moo!", None, None])) == Fraction(1, 5)  # 1 cow among 5 unseen Moos
    assert share_chance(make_view(cries=["Moo!", "Moo!", "Moo!", None])) == 1 - Fraction(
        math.comb(4, 2), math.comb(5, 2)
    )
    assert share_chance(make_view(hand=["yak", "yak", "bison"], cries=["Moo!", "Moo!", None, None])) == Fraction(1, 2)
    assert share_chance(make_view(mode="solo", cries=["Moo!", "Moo!", None, None])) == 1
    parts = share_parts(make_view(cries=["Moo!", "Moo!", "Moo!", None], hunter=3))
    assert (parts["m"], parts["n_mine"], parts["n_other"], parts["cry"]) == (2, 1, 4, "Moo!")


def test_random_views_against_brute_force():
    """Seeded random small positions: every card of the Moo and Woof groups is put
    somewhere (hand, Reserves, removed, lost, down), and the chance is the brute force."""
    rng = random.Random(7)
    checked = 0
    for _ in range(120):
        players = rng.randint(3, 8)
        me = rng.randrange(players)
        cards = [a for g in ("Moo!", "Woof!") for a in content.CRY_GROUPS[g] for _ in range(2)]
        rng.shuffle(cards)
        mine = cards.pop()
        hand, removed, lost = [], [], []
        reserves = [[] for _ in range(players)]
        cries = [None] * players
        for s in range(players):
            if s != me and cards and rng.random() < 0.7:
                cries[s] = content.cry_of(cards.pop())  # a down card: only its cry is in the view
        for c in cards:
            r = rng.random()
            if r < 0.2:
                hand.append(c)
            elif r < 0.35:
                reserves[rng.randrange(players)].append(c)
            elif r < 0.45:
                lost.append(c)
        cries[me] = content.cry_of(mine)
        hunter = rng.choice([None, None, *[s for s in range(players) if s != me and cries[s]]])
        view = make_view(players, me, mine, hand, cries, removed, reserves, lost, hunter)
        assert share_chance(view) == brute_share(view), view
        checked += share_chance(view) > 0
    assert checked > 30  # not all zeros


# ------------------------------------------------ shared_animal_chance, birthday
def brute_shared(k, counts) -> Fraction:
    deck = [(a, i) for a, n in enumerate(counts) for i in range(n)]
    hits = total = 0
    for combo in itertools.combinations(deck, k):
        total += 1
        hits += len({a for a, _ in combo}) < k
    return Fraction(hits, total)


@pytest.mark.parametrize("counts", [[2, 2, 2], [2, 2, 2, 2, 2], [2, 1, 2, 1], [3, 2, 1, 1], [1, 1, 1, 1]])
def test_shared_animal_chance_brute_force(counts):
    for k in range(0, sum(counts) + 1):
        assert shared_animal_chance(k, counts) == brute_shared(k, counts), (k, counts)


def test_shared_animal_chance_values_and_errors():
    assert shared_animal_chance(2) == Fraction(1, 41)  # 42 cards: the second card is the first's partner
    assert shared_animal_chance(22) == 1  # 22 cards from 21 animals: pigeonhole
    assert shared_animal_chance(0) == shared_animal_chance(1) == 0
    assert shared_animal_chance(3, Counter({"cow": 2, "yak": 2})) == 1
    for bad in (-1, 43, 2.0, True):
        with pytest.raises(ValueError):
            shared_animal_chance(bad)
    with pytest.raises(ValueError):
        shared_animal_chance(2, [2, -1])


def deck_after_removals(players) -> Counter:
    pairs, _ = content.REMOVED[players]
    return Counter({a: 2 for a in content.ANIMAL_IDS[pairs:]})


@pytest.mark.parametrize("players,k", [(4, 5), (8, 6), (10, 10), (3, 4)])
def test_shared_animal_chance_against_simulation(players, k):
    """k cards drawn without replacement from the deck left after the removals, seeded:
    the frequency of a shared animal is within 3 standard errors of the exact chance."""
    counts = deck_after_removals(players)
    deck = np.repeat(np.arange(len(counts)), list(counts.values()))
    rng = np.random.default_rng(players * 100 + k)
    trials = 20_000
    keys = rng.random((trials, deck.size))
    hands = deck[np.argsort(keys, axis=1)[:, :k]]
    srt = np.sort(hands, axis=1)
    shared = (srt[:, 1:] == srt[:, :-1]).any(axis=1)
    p = float(shared_animal_chance(k, counts))
    se = math.sqrt(p * (1 - p) / trials)
    assert abs(shared.mean() - p) <= 3 * se, (shared.mean(), p, se)
    # with replacement (the classic birthday problem) is a different, larger number
    assert birthday(k, len(counts)) > shared_animal_chance(k, counts)


def test_birthday_brute_force_and_classic():
    for days in (1, 2, 3, 5):
        for k in range(0, 6):
            hits = sum(len(set(t)) < k for t in itertools.product(range(days), repeat=k))
            assert birthday(k, days) == Fraction(hits, days**k), (k, days)
    assert round(float(birthday(23)), 6) == 0.507297
    assert birthday(22) < Fraction(1, 2) < birthday(23)
    assert birthday(366) == 1
    with pytest.raises(ValueError):
        birthday(3, 0)
    with pytest.raises(ValueError):
        birthday(-1)


# ------------------------------------------------------ share_chance on the engine
def first_cards(players, seed, cries="shared"):
    """A seeded deal where every seat puts down a uniformly random card of its hand
    (seeded): the other face-down cards are then a uniform draw without replacement
    from the cards seat 0 has not seen (exchangeability), the spec's model."""
    from brady_widgets.brouhaha.rules import Brouhaha

    g = Brouhaha(players, seed, cries=cries)
    rng = random.Random(seed)
    for s in range(players):
        plays = [a for a in g.legal_actions(s) if a["type"] == "play"]
        g.act(s, rng.choice(plays), at=10 * s)
    return g


def test_share_chance_reads_only_the_view():
    """Resampled worlds (everything seat s cannot know redrawn, same public history)
    give the same chance: it depends on the view alone; and the view's own numbers
    explain it (no hidden hand or card is read)."""
    rng = random.Random(3)
    compared = 0
    for players in (3, 5, 8, 10):
        g = first_cards(players, players)
        for s in range(players):
            view = g.view(s)
            p = share_chance(view)
            for _ in range(3):
                assert share_chance(g.resample(s, rng).view(s)) == p
                compared += 1
            stripped = {k: v for k, v in view.items() if k not in ("log", "hand_sizes", "scores", "clock", "deadline")}
            assert share_chance(stripped) == p
            truth = g.full_view()
            assert "hands" not in view and "down" not in view and truth["down"][s] == view["my_down"]
    assert compared == 3 * (3 + 5 + 8 + 10)


@pytest.mark.parametrize("players,cries", [(4, "shared"), (8, "shared"), (10, "shared")])
def test_share_chance_against_seeded_games(players, cries):
    """Many seeded deals, every seat puts a random card down: for each value the odds
    panel shows seat 0, the frequency with which some other face-down card really is
    its animal agrees within 3 standard errors, and so does the overall mean."""
    by_value: dict = {}
    games = 4000
    for seed in range(games):
        g = first_cards(players, 10_000 + seed, cries)
        truth = g.full_view()["down"]
        p = share_chance(g.view(0))
        hit = any(truth[t] == truth[0] for t in range(1, players))
        by_value.setdefault(p, []).append(hit)
    total_p = sum(float(p) * len(h) for p, h in by_value.items()) / games
    total_hit = sum(sum(h) for h in by_value.values()) / games
    var = sum(float(p) * (1 - float(p)) * len(h) for p, h in by_value.items()) / games**2
    assert abs(total_hit - total_p) <= 3 * math.sqrt(var) + 1e-12
    checked = 0
    for p, hits in by_value.items():
        if p in (0, 1):
            assert all(h == bool(p) for h in hits), p  # certain values are certain
        elif len(hits) >= 30:
            se = math.sqrt(float(p) * (1 - float(p)) / len(hits))
            assert abs(statistics.fmean(hits) - float(p)) <= 3 * se, (p, statistics.fmean(hits), len(hits))
            checked += 1
    assert checked >= 1 and len(by_value) >= 3

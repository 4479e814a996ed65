"""The Brady Bunch odds against brute force, and against the real engine.

``exact_highest_odds(view)`` claims the exact chance that each kid ends with the
highest total, given what the view's seat has seen. The brute force below shares
no code with it: it reads the view its own way, lists every *physical* card of
the pool, and enumerates every ordered assignment of those cards to the hidden
positions (the other kids' unseen cards, then a kid viewer's future draws), every
choice of the unknown Cookie signs and every way a kid viewer may play its hand
(one card a round, uniformly at random, drawing back up to three between rounds),
weighting each world by its prior probability and by the likelihood of every
claim. Each ordered assignment of distinct physical cards is equally likely, so
the answer is a ratio of weighted counts: exact fractions, compared exactly.

The sampled :func:`highest_odds` is compared with the exact answer within four
standard errors. Engine tests build real positions and check that the odds use
nothing but the view (a resampled world gives identical odds).
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from fractions import Fraction

import numpy as np
import pytest

from brady_widgets.brady_bunch import odds
from brady_widgets.brady_bunch.rules import BradyBunch, full_deck

HAND = 3


# ----------------------------------------------------------------- small views
def make_view(
    kids,
    rounds=2,
    me=None,
    my_cards=(),
    hand=(),
    peeks=(),
    exposed=(),
    cookies=None,
    signs=None,
    my_sign=None,
    talk=(),
    cards=None,
):
    """A view with just the keys the odds read (the engine's names and shapes).

    ``peeks``/``exposed``: (kid, round, value); ``talk``: (speaker, kind, subject,
    about_round, value); ``cards``: {kid: [values]} once the game is over."""
    cookies = cookies or {}
    signs = signs or {}
    return {
        "game": "brady_bunch",
        "viewer": None if me is None else 1,
        "role": "alice" if me is None else "kid",
        "me": "Alice" if me is None else me,
        "round": rounds,
        "rounds": rounds,
        "phase": "over" if cards else "talk",
        "over": bool(cards),
        "kids": [
            {
                "kid": k,
                "cookies": cookies.get(k, 0),
                "sign": signs.get(k),
                "face_up": None,
                "cards": (list(cards[k]) if cards else None),
            }
            for k in kids
        ],
        "my_cards": list(my_cards) if me is not None else None,
        "hand": sorted(hand) if me is not None else None,
        "my_sign": my_sign,
        "peeks": [{"round": r, "kid": k, "value": v, "via": "woman"} for k, r, v in peeks],
        "exposed": [{"round": r, "kid": k, "value": v} for k, r, v in exposed],
        "talk": [
            {
                "i": i,
                "round": r,
                "about_round": r,
                "speaker": s,
                "kind": kind,
                "subject": subj,
                "value": v,
                "yes": None,
                "question": None,
            }
            for i, (s, kind, subj, r, v) in enumerate(talk)
        ],
    }


def _trust(trust, speaker):
    if trust is None:
        return None
    t = trust.get(speaker) if isinstance(trust, dict) else trust
    if t is None:
        return None
    return Fraction(repr(t)) if isinstance(t, float) else Fraction(t)


def brute_force(view, counts, trust=None):
    """``{kid: Fraction}`` by enumerating every world (see the module docstring)."""
    kids = [k["kid"] for k in view["kids"]]
    rounds = view["rounds"]
    me = view["me"] if view["role"] == "kid" else None
    seen = {}
    if me:
        seen.update({(me, r + 1): v for r, v in enumerate(view["my_cards"])})
    for p in view["peeks"] + view["exposed"]:
        seen[(p["kid"], p["round"])] = p["value"]
    for k in view["kids"]:
        if k["cards"]:
            seen.update({(k["kid"], r + 1): v for r, v in enumerate(k["cards"])})
    pool = [v for v, c in sorted(counts.items()) for _ in range(c)]
    for v in list(seen.values()) + (list(view["hand"]) if me else []):
        pool.remove(v)
    hidden = [(k, r) for k in kids if k != me for r in range(1, rounds + 1) if (k, r) not in seen]
    my_played = len(view["my_cards"]) if me else rounds
    draws = (HAND + rounds - 1 - my_played - len(view["hand"])) if me and not view["over"] else 0
    unsigned = [
        k["kid"]
        for k in view["kids"]
        if k["cookies"] and k["sign"] is None and not (k["kid"] == me and view["my_sign"])
    ]
    sign_of = {k["kid"]: (1 if k["sign"] == "+" else -1) for k in view["kids"] if k["sign"]}
    if me and view["my_sign"]:
        sign_of[me] = 1 if view["my_sign"] == "+" else -1

    def my_plays(hand, draws_seq, left):
        """[(probability, sum of my future plays)] over every random way to play."""
        if left == 0:
            return [(Fraction(1), 0)]
        if len(hand) < HAND and draws_seq:
            return my_plays(hand + [draws_seq[0]], draws_seq[1:], left)
        out = []
        for i, c in enumerate(hand):
            for p, s in my_plays(hand[:i] + hand[i + 1 :], draws_seq, left - 1):
                out.append((p / len(hand), s + c))
        return out

    wins = {k: Fraction(0) for k in kids}
    total_w = Fraction(0)
    for assignment in itertools.permutations(range(len(pool)), len(hidden) + draws):
        values = [pool[i] for i in assignment]
        world = dict(seen)
        world.update(zip(hidden, values))
        mine_drawn = values[len(hidden) :]
        w = Fraction(1)
        for st in view["talk"]:
            if st["kind"] not in ("played", "looked") or st["value"] is None or st["speaker"] == me:
                continue
            t = _trust(trust, st["speaker"])
            if t is None:
                continue
            actual = world[(st["subject"], st["about_round"])]
            w *= t if actual == st["value"] else (1 - t) / 5
        if not w:
            continue
        plays = my_plays(list(view["hand"]), mine_drawn, rounds - my_played) if me else [(Fraction(1), 0)]
        for signs in itertools.product((1, -1), repeat=len(unsigned)):
            sg = dict(sign_of)
            sg.update(zip(unsigned, signs))
            for p, extra in plays:
                totals = {}
                for k in view["kids"]:
                    kid = k["kid"]
                    cards_sum = sum(world[(kid, r)] for r in range(1, rounds + 1) if (kid, r) in world)
                    totals[kid] = cards_sum + (extra if kid == me else 0) + k["cookies"] * sg.get(kid, 1)
                top = max(totals.values())
                ww = w * p / 2 ** len(unsigned)
                total_w += ww
                for kid, s in totals.items():
                    if s == top:
                        wins[kid] += ww
    if not total_w:
        raise ValueError("no world")
    return {k: v / total_w for k, v in wins.items()}


KIDS3 = ["Greg", "Marcia", "Peter"]
CASES = {
    "alice_blind": (make_view(KIDS3), {1: 2, 3: 2, 6: 2}, None),
    "alice_peek": (make_view(KIDS3, peeks=[("Greg", 1, 6)]), {1: 2, 3: 2, 6: 3}, None),
    "ties_everywhere": (make_view(KIDS3, peeks=[("Peter", 2, 2)]), {2: 5, 3: 2}, None),
    "exposed_and_cookies": (
        make_view(KIDS3, exposed=[("Marcia", 1, 5)], cookies={"Greg": 2, "Peter": 1}, signs={"Peter": "-"}),
        {1: 2, 4: 2, 5: 2, 6: 1},
        None,
    ),
    "claims_trust": (
        make_view(
            KIDS3,
            peeks=[("Peter", 1, 1)],
            talk=[
                ("Greg", "played", "Greg", 1, 6),
                ("Marcia", "looked", "Greg", 2, 1),
                ("Peter", "played", "Marcia", 1, 6),
            ],
        ),
        {1: 3, 3: 1, 6: 3},
        0.7,
    ),
    "claims_trust_per_speaker": (
        make_view(
            KIDS3,
            talk=[
                ("Greg", "played", "Greg", 1, 6),
                ("Marcia", "played", "Greg", 1, 1),
                ("Peter", "looked", "Marcia", 2, 3),
            ],
        ),
        {1: 2, 3: 2, 6: 2},
        {"Greg": 0.9, "Marcia": 0.3},
    ),
    "claims_certain": (
        make_view(KIDS3, talk=[("Greg", "played", "Marcia", 1, 6), ("Peter", "played", "Marcia", 2, 6)]),
        {1: 2, 3: 2, 6: 2},
        1.0,
    ),
    "kid_viewer_before_play": (
        make_view(
            KIDS3,
            me="Greg",
            my_cards=[],
            hand=[1, 6, 6],
            cookies={"Greg": 1},
            talk=[("Marcia", "played", "Peter", 1, 1), ("Greg", "played", "Marcia", 1, 1)],
        ),
        {1: 3, 3: 2, 6: 4},
        0.8,
    ),
    "kid_viewer_after_play": (
        make_view(
            KIDS3, me="Marcia", my_cards=[3], hand=[5, 6], peeks=[("Greg", 1, 5)], cookies={"Marcia": 1}, my_sign="+"
        ),
        {1: 2, 3: 2, 5: 2, 6: 3},
        None,
    ),
    "four_kids": (
        make_view(
            ["Greg", "Marcia", "Peter", "Jan"],
            peeks=[("Greg", 1, 2), ("Jan", 2, 6)],
            cookies={"Jan": 1},
            talk=[("Peter", "played", "Peter", 1, 6)],
        ),
        {2: 3, 4: 2, 6: 3},
        0.6,
    ),
    "game_over": (
        make_view(
            KIDS3, cards={"Greg": [6, 1], "Marcia": [4, 3], "Peter": [5, 2]}, cookies={"Greg": 1}, signs={"Greg": "+"}
        ),
        {1: 1, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1},
        0.7,
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_exact_equals_brute_force(name):
    view, counts, trust = CASES[name]
    exact = odds.exact_highest_odds(view, trust=trust, counts=counts)
    assert all(isinstance(p, Fraction) for p in exact.values())
    assert exact == brute_force(view, counts, trust)
    assert sum(exact.values()) >= 1


def test_cases_are_not_trivial():
    """The cases above cover ties, cookies, trust and kid viewers, with answers strictly between 0 and 1."""
    sums = {name: sum(odds.exact_highest_odds(v, t, c).values()) for name, (v, c, t) in CASES.items()}
    assert sums["ties_everywhere"] > Fraction(3, 2)
    assert sums["game_over"] == 1
    for name in ("alice_blind", "claims_trust", "kid_viewer_before_play", "four_kids"):
        assert any(
            0 < p < 1
            for p in odds.exact_highest_odds(*CASES[name][0:1], trust=CASES[name][2], counts=CASES[name][1]).values()
        )


def test_brute_force_has_teeth():
    """The comparison would catch a wrong model: drawing with replacement, or forgetting the trust, or the cookies."""
    view, counts, trust = CASES["claims_trust"]
    exact = odds.exact_highest_odds(view, trust=trust, counts=counts)
    assert exact != odds.exact_highest_odds(view, trust=None, counts=counts)
    doubled = {v: 2 * c for v, c in counts.items()}  # closer to drawing with replacement
    assert odds.exact_highest_odds(view, trust, doubled) != exact
    view, counts, _ = CASES["exposed_and_cookies"]
    no_cookies = copy.deepcopy(view)
    for k in no_cookies["kids"]:
        k["cookies"] = 0
    assert odds.exact_highest_odds(no_cookies, counts=counts) != brute_force(view, counts)


def test_trust_one_sixth_is_no_evidence_and_trust_moves_the_odds():
    view, counts, _ = CASES["claims_trust"]
    none = odds.exact_highest_odds(view, None, counts)
    assert odds.exact_highest_odds(view, Fraction(1, 6), counts) == none
    # Greg says he played a 6 in round 1: the more he is trusted, the likelier he is on top
    greg_says = make_view(KIDS3, talk=[("Greg", "played", "Greg", 1, 6)])
    counts = {1: 2, 3: 2, 6: 2}
    ps = [odds.exact_highest_odds(greg_says, t, counts)["Greg"] for t in (None, 0.3, 0.6, 0.9, 1)]
    assert ps[0] < ps[1] < ps[2] < ps[3] < ps[4]
    # distrust (t below 1/6) makes a 6 less likely than no claim at all
    assert odds.exact_highest_odds(greg_says, 0.05, counts)["Greg"] < ps[0]


def test_impossible_claims_raise():
    view = make_view(KIDS3, talk=[("Greg", "played", "Marcia", 1, 6), ("Peter", "played", "Marcia", 1, 1)])
    with pytest.raises(ValueError):
        odds.exact_highest_odds(view, 1.0, {1: 2, 6: 4})
    with pytest.raises(ValueError):
        odds.highest_odds(view, 1.0, samples=100, counts={1: 2, 6: 4})
    with pytest.raises(ValueError):
        odds.sampled_odds(view, 1.0, samples=100, counts={1: 2, 6: 4})
    p = odds.panel(view, trust=1.0)
    assert p["warning"] and all(k["p_highest_trust"] is None for k in p["kids"])
    with pytest.raises(ValueError):
        odds.highest_odds(view, trust=1.5)
    with pytest.raises(ValueError):
        odds.highest_odds(view, samples=0)
    with pytest.raises(ValueError):
        odds.sampled_odds(view, samples=0)
    with pytest.raises(ValueError):
        odds.sampled_odds(view, trust=1.5)


SAMPLES = 20000


@pytest.mark.parametrize("name", sorted(CASES))
def test_sampled_within_four_standard_errors(name):
    view, counts, trust = CASES[name]
    exact = odds.exact_highest_odds(view, trust=trust, counts=counts)
    for t, ex in ((None, odds.exact_highest_odds(view, None, counts)), (trust, exact)):
        got = odds.highest_odds_with_error(view, trust=t, samples=SAMPLES, seed=1, counts=counts)
        for kid, p in ex.items():
            p = float(p)
            if t is None:
                se = (p * (1 - p) / SAMPLES) ** 0.5
            else:
                se = got["se"][kid]
            assert abs(got["odds"][kid] - p) <= 4 * se + 1e-12, (name, t, kid, got["odds"][kid], p, se)
        if t is not None:
            assert got["ess"] > SAMPLES / 4  # the tilted proposal keeps most samples useful


PY_SAMPLES = 4000


@pytest.mark.parametrize("name", sorted(CASES))
def test_pure_python_sampler_within_four_standard_errors(name):
    """The panel's and the bot's sampler (pure Python, no numpy) against the exact odds,
    within four of the standard errors it states."""
    view, counts, trust = CASES[name]
    # 0.2: claims near worthless, weighing plainly dealt worlds instead of tilting the draws
    for t in (None, trust, 0.2):
        ex = odds.exact_highest_odds(view, t, counts)
        got = odds.sampled_odds_with_error(view, trust=t, samples=PY_SAMPLES, seed=1, counts=counts)
        for kid, p in ex.items():
            p = float(p)
            se = (p * (1 - p) / PY_SAMPLES) ** 0.5 if t is None else got["se"][kid]
            assert abs(got["odds"][kid] - p) <= 4 * se + 1e-12, (name, t, kid, got["odds"][kid], p, se)
        if t is not None:
            assert got["ess"] > PY_SAMPLES / 4


def test_pure_python_standard_errors_are_honest():
    """Over many seeds, the estimate lands within two stated standard errors of the exact
    answer about 95% of the time (weighted with claims, and plain), and the errors shrink
    as 1/sqrt(samples)."""
    for name in ("claims_trust", "four_kids", "kid_viewer_before_play"):
        view, counts, trust = CASES[name]
        for t in (None, trust):
            ex = {k: float(p) for k, p in odds.exact_highest_odds(view, t, counts).items()}
            inside = total = 0
            for seed in range(60):
                got = odds.sampled_odds_with_error(view, trust=t, samples=300, seed=seed, counts=counts)
                for kid, p in ex.items():
                    if 0 < p < 1:
                        total += 1
                        inside += abs(got["odds"][kid] - p) <= 2 * got["se"][kid]
            assert 0.88 <= inside / total <= 0.995, (name, t, inside, total)
    view, counts, trust = CASES["four_kids"]
    small = odds.sampled_odds_with_error(view, trust, samples=500, seed=2, counts=counts)["se"]
    big = odds.sampled_odds_with_error(view, trust, samples=8000, seed=2, counts=counts)["se"]
    assert all(2.5 < small[k] / big[k] < 6 for k in small if big[k] > 0)


def test_claims_near_worthless_weigh_the_plain_draws():
    """At a trust near 1/6 the sampler deals the worlds as without claims (the same draws)
    and weighs them: the trusted odds sit next to the plain ones, closer than two
    independent estimates would, and leave them as the trust moves on."""
    from brady_widgets.brady_bunch.knowledge import position

    view, counts, _ = CASES["claims_trust"]
    plan = odds._sample_plan(position(view, 0.18, counts), tilt=True)
    assert plan["weighed"] and not plan["lik"]
    assert odds._sample_plan(position(view, 0.7, counts), tilt=True)["lik"]
    plain = odds.sampled_odds(view, None, samples=2000, seed=5, counts=counts)
    near = odds.sampled_odds(view, 0.1667, samples=2000, seed=5, counts=counts)
    assert max(abs(near[k] - plain[k]) for k in plain) < 0.002
    assert odds.sampled_odds(view, 1 / 6, samples=2000, seed=5, counts=counts) == plain
    far = odds.sampled_odds(view, 0.2, samples=2000, seed=5, counts=counts)
    assert max(abs(far[k] - plain[k]) for k in plain) > 0.005


def test_pure_python_sampling_is_seeded_and_moves_with_the_seed():
    view, counts, trust = CASES["kid_viewer_before_play"]
    a = odds.sampled_odds(view, trust, samples=500, seed=3, counts=counts)
    assert a == odds.sampled_odds(view, trust, samples=500, seed=3, counts=counts)
    assert a != odds.sampled_odds(view, trust, samples=500, seed=4, counts=counts)


def mid_game(players: int, seed: int, rounds_in: int = 3):
    """A seeded random game driven to the talk phase of round ``rounds_in`` (as the benchmark)."""
    g = BradyBunch(players, seed=seed, max_questions=3)
    rng = random.Random(seed)
    while not (g.round == rounds_in and g.phase == "talk"):
        s = g.to_act[0]
        legal = g.legal_actions(s)
        if g.phase == "talk" and rng.random() < 0.5:
            legal = [a for a in legal if a["type"] == "cookie"]
        g.act(s, rng.choice(legal))
    return g


@pytest.mark.parametrize("players", [4, 6, 8])
def test_the_panel_shows_todays_numbers_within_its_stated_error(players):
    """Today's panel was 20,000 numpy samples (``highest_odds_with_error``, now the lessons'
    path); the pure-Python panel shows the same odds, plain and at trust 0.7, within four
    of the two estimates' combined standard errors (plus the panel's rounding), from
    Alice's chair and a kid's (whose own future plays are part of the model)."""
    checked = 0
    for seed in (players, players + 10):
        for rounds_in in (1, 3):
            g = mid_game(players, seed, rounds_in)
            for seat in (0, 1):
                view = g.view(seat)
                panel = odds.panel(view, trust=0.7)
                if panel["method"] != "sampled":
                    continue
                assert panel["samples"] == odds.PANEL_SAMPLES
                assert 0 < panel["error"] <= 0.5 / odds.PANEL_SAMPLES**0.5 * 2
                for t, key in ((None, "p_highest"), (0.7, "p_highest_trust")):
                    mine = odds.sampled_odds_with_error(view, trust=t)
                    today = odds.highest_odds_with_error(view, trust=t, samples=20000, seed=0)
                    assert panel["error"] >= round(max(mine["se"].values()), 4)
                    for k in panel["kids"]:
                        kid = k["kid"]
                        assert k[key] == round(mine["odds"][kid], 4)
                        tol = 4 * (mine["se"][kid] ** 2 + today["se"][kid] ** 2) ** 0.5 + 5e-5
                        assert abs(k[key] - today["odds"][kid]) <= tol, (players, seed, seat, t, kid, k[key], today)
                        checked += 1
    assert checked >= 4 * players


def test_sampling_is_seeded_and_moves_with_the_seed():
    view, counts, trust = CASES["four_kids"]
    a = odds.highest_odds(view, trust, samples=5000, seed=3, counts=counts)
    assert a == odds.highest_odds(view, trust, samples=5000, seed=3, counts=counts)
    assert a != odds.highest_odds(view, trust, samples=5000, seed=4, counts=counts)


# ----------------------------------------------------------------- real engine
def drive(game, script, rng):
    """Act until the script is used up: the seat to act takes its scripted action if
    one matches the head of the script, otherwise a fixed harmless choice."""
    script = list(script)
    while script and not game.over:
        seat, action = script[0]
        if seat in game.to_act and action in game.legal_actions(seat):
            game.act(seat, action)
            script.pop(0)
            continue
        s = game.to_act[0]
        legal = game.legal_actions(s)
        pick = next((a for a in legal if a["type"] in ("lights_out", "pass", "end_round", "reveal_snoops")), None)
        if pick is None and game.phase == "talk":
            pick = next(a for a in legal if a["type"] == "cookie")
        if pick is None:
            pick = rng.choice(legal)
        game.act(s, pick)
    return game


def engine_game():
    """A 4-player game with a fixed deal: Greg holds 6s, Peter 1s; Alice peeks at Greg in round 1."""
    deck = full_deck()
    hands = {"Greg": [6, 6, 6], "Marcia": [3, 4, 3], "Peter": [1, 1, 2]}
    for h in hands.values():
        for v in h:
            deck.remove(v)
    random.Random(5).shuffle(deck)
    g = BradyBunch(4, seed=5, max_questions=2, deal={"hands": hands, "deck": deck})
    script = [
        (1, {"type": "play", "value": 6}),
        (2, {"type": "play", "value": 3}),
        (3, {"type": "play", "value": 1}),
        (1, {"type": "claim", "kid": "Greg", "value": 1}),
        (2, {"type": "claim", "kid": "Marcia", "value": 6}),
        (3, {"type": "claim", "kid": "Greg", "value": 6}),
        (0, {"type": "cookie", "kid": "Peter"}),
        (0, {"type": "use_token", "token": "woman"}),
        (0, {"type": "peek", "kid": "Greg"}),
        (0, {"type": "end_round"}),
        (1, {"type": "play", "value": 6}),
        (2, {"type": "play", "value": 4}),
        (3, {"type": "play", "value": 1}),
        (1, {"type": "claim", "kid": "Peter", "value": 6}),
        (2, {"type": "pass"}),
        (3, {"type": "pass"}),
    ]
    return drive(g, script, random.Random(0))


def test_engine_position_odds():
    g = engine_game()
    v = g.view(0)
    assert v["round"] == 2 and v["peeks"] and v["peeks"][0]["kid"] == "Greg" and v["peeks"][0]["value"] == 6
    p = odds.highest_odds(v, samples=SAMPLES)
    assert set(p) == {"Greg", "Marcia", "Peter"}
    assert 1 <= sum(p.values()) <= 3 and all(0 <= x <= 1 for x in p.values())
    # the seen 6 makes Greg likelier than the others, and likelier than without the peek
    blind = copy.deepcopy(v)
    blind["peeks"] = []
    q = odds.highest_odds(blind, samples=SAMPLES)
    assert p["Greg"] > q["Greg"] + 0.05 and p["Greg"] > max(p["Marcia"], p["Peter"])
    low = copy.deepcopy(v)
    low["peeks"][0]["value"] = 1
    assert odds.highest_odds(low, samples=SAMPLES)["Greg"] < q["Greg"] - 0.05
    # trusting the kids: Peter's "Greg played 6" (round 1) is no news, Alice saw it;
    # Greg's "Peter played 6" (round 2) moves Peter up
    t = odds.highest_odds(v, trust=0.9, samples=SAMPLES)
    assert t["Peter"] > p["Peter"] + 0.05
    # a kid's view: Greg knows his own cards and hand
    pg = odds.highest_odds(g.view(1), samples=SAMPLES)
    assert pg["Greg"] > 0.5 and sum(pg.values()) >= 1


def test_engine_odds_use_only_the_view():
    g = engine_game()
    rng = random.Random(11)
    for seat in (0, 1, 3):
        v = g.view(seat)
        base = odds.highest_odds(v, trust=0.7, samples=3000)
        panel = odds.panel(v)
        changed = False
        for _ in range(3):
            twin = g.resample(seat, rng)
            tv = twin.view(seat)
            hidden = ("hands", "board", "tucked_cards", "deck")
            changed |= [twin.full_view()[k] for k in hidden] != [g.full_view()[k] for k in hidden]
            assert odds.highest_odds(tv, trust=0.7, samples=3000) == base
            assert odds.panel(tv) == panel
        assert changed  # the hidden cards really were different


def test_engine_game_over_is_certain():
    g = engine_game()
    rng = random.Random(2)
    while not g.over:
        s = g.to_act[0]
        legal = g.legal_actions(s)
        pick = next(
            (
                a
                for a in legal
                if a["type"] in ("lights_out", "pass", "end_round", "reveal_snoops", "cookie", "sign", "accuse")
            ),
            None,
        )
        g.act(s, pick or rng.choice(legal))
    v = g.view(0)
    p = odds.exact_highest_odds(v)
    top = max(g.final_scores.values())
    assert p == {k: Fraction(int(s == top)) for k, s in g.final_scores.items()}
    pn = odds.panel(v)
    assert pn["method"] == "exact" and pn["error"] == 0
    assert {k["kid"]: k["p_highest"] for k in pn["kids"]} == {k: float(x) for k, x in p.items()}


# ----------------------------------------------------------------- panel
def random_position(players, seed, steps):
    g = BradyBunch(players, seed=seed, max_questions=2)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        s = g.to_act[0]
        g.act(s, rng.choice(g.legal_actions(s)))
    return g


def test_panel_is_json_safe_deterministic_and_consistent():
    g = random_position(8, 3, 70)
    v = g.view(0)
    p = odds.panel(v)
    assert json.loads(json.dumps(p)) == p
    assert p == odds.panel(v)
    assert p["method"] == "sampled" and p["samples"] == odds.PANEL_SAMPLES and p["trust"] == 0.7
    assert [k["kid"] for k in p["kids"]] == [k["kid"] for k in v["kids"]]
    direct = odds.sampled_odds(v)
    for k in p["kids"]:
        assert k["p_highest"] == round(direct[k["kid"]], 4)
        assert len(k["seen"]) == 4 and k["unknown_cards"] + sum(x is not None for x in k["seen"]) == 4
        assert k["known_total"] == sum(x for x in k["seen"] if x is not None)
    assert sum(k["p_highest"] for k in p["kids"]) >= 0.999
    none = odds.panel(v, trust=None)
    assert all(k["p_highest_trust"] is None for k in none["kids"]) and none["trust"] is None
    per = odds.panel(v, trust={"Greg": 0.9})
    assert per["trust"] == {"Greg": 0.9}


def test_panel_exact_when_small():
    view, counts, trust = CASES["claims_trust"]
    # a real-deck view near the end: one unseen card each
    v = make_view(
        KIDS3,
        rounds=2,
        peeks=[("Greg", 1, 4), ("Marcia", 1, 2), ("Peter", 1, 5)],
        talk=[("Greg", "played", "Greg", 2, 6)],
    )
    p = odds.panel(v, trust=0.7)
    assert p["method"] == "exact" and p["samples"] is None
    ex = odds.exact_highest_odds(v, 0.7)
    assert {k["kid"]: k["p_highest_trust"] for k in p["kids"]} == {k: round(float(x), 4) for k, x in ex.items()}


def test_numpy_floats_in_views_are_fine():
    view, counts, trust = CASES["claims_trust"]
    assert odds.exact_highest_odds(view, np.float64(0.7), counts) == odds.exact_highest_odds(view, 0.7, counts)


def test_the_odds_read_only_view_keys():
    """``odds.VIEW_KEYS`` (the widget's cache key) is all the panel reads: over
    smart-bot games from Alice's and a kid's seat, the panel of those keys alone
    equals the panel of the whole view (and the comparison has teeth: dropping
    the talk, the peeks or the board changes the panel somewhere)."""
    from brady_widgets.brady_bunch.bots import BOTS

    teeth = {"talk": False, "peeks": False, "kids": False}
    checked = 0
    for players, seed in ((4, 1), (5, 2)):
        g = BradyBunch(players, seed)
        bots = {s: BOTS["smart"](s, seed) for s in range(players)}
        step = 0
        while not g.over:
            s = g.to_act[0]
            g.act(s, bots[s].choose(g.view(s), g.legal_actions(s)))
            step += 1
            if step % 9 and not g.over:
                continue
            for seat in (0, 1):
                view = g.view(seat)
                full = odds.panel(view, samples=2000)
                assert odds.panel({k: view[k] for k in odds.VIEW_KEYS}, samples=2000) == full
                checked += 1
                for k in teeth:
                    try:
                        teeth[k] |= odds.panel({j: view[j] for j in odds.VIEW_KEYS if j != k}, samples=2000) != full
                    except Exception:  # noqa: BLE001 -- a missing key it needs may also raise
                        teeth[k] = True
    assert checked > 10 and all(teeth.values()), (checked, teeth)


# ------------------------------------------------------------ independent draws
def with_replacement(view, counts, trust=None):
    """``{kid: Fraction}`` for an Alice view by enumerating every world of the model of
    ``odds.independent_odds``: each unseen card an independent draw from the unseen pool,
    its probabilities ``copies(v) * likelihood(v)`` normalised per card."""
    kids = [k["kid"] for k in view["kids"]]
    rounds = view["rounds"]
    seen = {(p["kid"], p["round"]): p["value"] for p in view["peeks"] + view["exposed"]}
    for k in view["kids"]:
        if k["cards"]:
            seen.update({(k["kid"], r + 1): v for r, v in enumerate(k["cards"])})
    pool = dict(counts)
    for v in seen.values():
        pool[v] -= 1
    hidden = [(k, r) for k in kids for r in range(1, rounds + 1) if (k, r) not in seen]
    lik = {s: {v: Fraction(1) for v in range(1, 7)} for s in hidden}
    for st in view["talk"]:
        slot, t = (st["subject"], st["about_round"]), _trust(trust, st["speaker"])
        if slot in lik and t is not None and st["value"] is not None:
            for v in range(1, 7):
                lik[slot][v] *= t if v == st["value"] else (1 - t) / 5
    per_slot = []
    for s in hidden:
        w = {v: c * lik[s][v] for v, c in pool.items() if c > 0}
        z = sum(w.values())
        per_slot.append([(v, p / z) for v, p in w.items()])
    signs = [(k["kid"], k["cookies"], k["sign"]) for k in view["kids"] if k["cookies"]]
    out = {k: Fraction(0) for k in kids}
    for deal in itertools.product(*per_slot):
        for coins in itertools.product((1, -1), repeat=len(signs)):
            p = Fraction(1)
            tot = {k: sum(v for (kk, _), v in seen.items() if kk == k) for k in kids}
            for (kid, _), (v, q) in zip(hidden, deal):
                tot[kid] += v
                p *= q
            for (kid, c, sign), coin in zip(signs, coins):
                if sign is None:
                    tot[kid] += coin * c
                    p /= 2
                elif coin == 1:
                    tot[kid] += c if sign == "+" else -c
                else:
                    p = Fraction(0)
            top = max(tot.values())
            for k in kids:
                if tot[k] == top:
                    out[k] += p
    return out


ALICE_CASES = [n for n, (v, _, _) in CASES.items() if v["role"] == "alice"]


@pytest.mark.parametrize("name", sorted(ALICE_CASES))
def test_independent_odds_are_the_with_replacement_model(name):
    view, counts, trust = CASES[name]
    got = odds.independent_odds(view, trust=trust, counts=counts)
    want = with_replacement(view, counts, trust)
    assert set(got) == set(want)
    assert all(abs(got[k] - float(want[k])) < 1e-12 for k in got), (got, want)


def test_independent_odds_with_one_unseen_card_are_exact():
    """With one unseen card there is nothing for the pool to couple: the closed form is the exact answer."""
    view = make_view(KIDS3, peeks=[("Greg", 1, 6), ("Greg", 2, 1), ("Marcia", 1, 4), ("Marcia", 2, 3), ("Peter", 1, 2)])
    view["talk"] = make_view(KIDS3, talk=[("Greg", "played", "Peter", 2, 6)])["talk"]
    for trust in (None, 0.7):
        exact = odds.exact_highest_odds(view, trust=trust)
        got = odds.independent_odds(view, trust=trust)
        assert all(abs(got[k] - float(exact[k])) < 1e-12 for k in got)
        assert 0 < got["Peter"] < 1


def test_independent_odds_close_to_the_sampler_on_a_real_game():
    """Alice's accusation odds: the closed form beside the pure-Python sampler on a mid-game view
    (they differ only by the pool's coupling, small with eight copies of each value)."""
    g = mid_game(6, 3, 3)
    view = g.view(0)
    got = odds.independent_odds(view, trust=0.7)
    sampled = odds.sampled_odds_with_error(view, trust=0.7, samples=20000, seed=1)
    for k, p in got.items():
        assert abs(p - sampled["odds"][k]) < 0.05 + 4 * sampled["se"][k]
    assert sum(got.values()) >= 1 - 1e-9


def test_impossible_claims_raise_in_the_closed_form_too():
    view = make_view(KIDS3, talk=[("Greg", "played", "Marcia", 1, 6)])
    with pytest.raises(ValueError):
        odds.independent_odds(view, trust=1.0, counts={1: 2, 3: 2})

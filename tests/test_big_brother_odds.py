"""Big Brother odds: the exact absorbing chain against independent computations.

* the two-dice table against the 36 ordered pairs and the rulebook-free literal;
* the chain (fundamental matrix, exact Fractions) against a forward iteration of the
  turn, roll by roll, in floats (a different algorithm) and, exactly, against a board
  where every space but the start ends the turn (one roll: the two-dice table itself);
* against seeded simulation of whole turns (within 4 standard errors);
* the view's odds are the chain's, for the mover's space.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from brady_widgets.big_brother import odds
from brady_widgets.big_brother.content import DEFAULT_TRACK
from brady_widgets.big_brother.rules import BigBrother

#: the number of ways to roll each sum with two dice
WAYS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
KINDS = [s["kind"] for s in DEFAULT_TRACK]


def forward(kinds: list[str], start: int, target: int, tol: float = 1e-15) -> float:
    """P(landing on ``target`` this turn from ``start``), by pushing the probability mass
    of unfinished turns forward roll by roll (states: space x already-landed flag)."""
    n = len(kinds)
    mass = {(start, False): 1.0}
    hit = 0.0
    while sum(mass.values()) > tol:
        nxt: dict = {}
        for (x, seen), m in mass.items():
            for s, w in WAYS.items():
                y = (x + s) % n
                now = seen or y == target
                p = m * w / 36
                if kinds[y] == "confrontation":
                    hit += p * now
                else:
                    nxt[(y, now)] = nxt.get((y, now), 0.0) + p
        mass = nxt
    # the flag is only counted once a turn ends: add the mass left (all below tol)
    return hit


def forward_rolls(kinds: list[str], start: int, tol: float = 1e-15) -> float:
    n = len(kinds)
    mass = {start: 1.0}
    expected, k = 0.0, 0
    while sum(mass.values()) > tol:
        k += 1
        nxt: dict = {}
        for x, m in mass.items():
            for s, w in WAYS.items():
                y = (x + s) % n
                p = m * w / 36
                if kinds[y] == "confrontation":
                    expected += k * p
                else:
                    nxt[y] = nxt.get(y, 0.0) + p
        mass = nxt
    return expected


def test_two_dice_sum():
    assert odds.two_dice() == {s: Fraction(w, 36) for s, w in WAYS.items()}
    assert odds.two_dice() == odds.two_dice_brute()
    assert sum(odds.two_dice().values()) == 1
    assert odds.two_dice()[7] == 6 * odds.two_dice()[2]


@pytest.mark.parametrize("start", [0, 1, 5, 13, 31])
def test_landing_odds_match_a_forward_iteration(start):
    exact = odds.landing_odds(DEFAULT_TRACK, start)
    assert all(isinstance(p, Fraction) and 0 <= p <= 1 for p in exact)
    for j in range(len(KINDS)):
        assert float(exact[j]) == pytest.approx(forward(KINDS, start, j), abs=1e-12)


def test_the_turn_ends_on_exactly_one_confrontation_space():
    for start in range(32):
        end = odds.end_odds(DEFAULT_TRACK, start)
        assert sum(end) == 1
        land = odds.landing_odds(DEFAULT_TRACK, start)
        assert all(end[j] == (land[j] if KINDS[j] == "confrontation" else 0) for j in range(32))


def test_one_roll_boards_give_the_two_dice_table_exactly():
    kinds = ["room"] + ["confrontation"] * 31
    for start in (0, 3, 19):  # never onto space 0, the one room
        land = odds.landing_odds(kinds, start)
        want = [Fraction(0)] * 32
        for s, w in WAYS.items():
            want[(start + s) % 32] += Fraction(w, 36)
        assert land == want
        assert odds.expected_rolls(kinds, start) == 1


def test_a_room_before_every_confrontation_is_an_exact_two_step_chain():
    # spaces 1..12 are rooms and nothing else but confrontation: from 0 the pawn lands
    # on a room r with P(r) (r = 2..12), then lands on r + s, a confrontation unless <= 12
    kinds = ["room"] * 13 + ["confrontation"] * 19
    assert len(kinds) == 32
    land = odds.landing_odds(kinds, 0)
    p = odds.two_dice()
    assert land[2] == p[2]  # only a first roll of 2 lands on space 2
    assert land[4] == p[4] + p[2] * p[2]  # 4, or 2 then 2


@pytest.mark.parametrize("start", [0, 9, 20])
def test_expected_rolls_match_a_forward_iteration(start):
    assert float(odds.expected_rolls(DEFAULT_TRACK, start)) == pytest.approx(forward_rolls(KINDS, start), abs=1e-12)
    assert odds.expected_rolls(DEFAULT_TRACK, start) > 1


def test_landing_odds_match_simulation():
    turns = 20_000
    exact = odds.landing_odds(DEFAULT_TRACK, 0)
    sim = odds.simulate_landing(DEFAULT_TRACK, 0, turns, seed=4)
    for p, q in zip(exact, sim):
        se = math.sqrt(float(p) * (1 - float(p)) / turns)
        assert abs(float(p) - q) <= 4 * se + 1e-9


def test_simulation_is_seeded():
    assert odds.simulate_landing(DEFAULT_TRACK, 3, 500, seed=1) == odds.simulate_landing(DEFAULT_TRACK, 3, 500, seed=1)


def test_a_board_with_no_confrontation_has_no_odds():
    with pytest.raises(ValueError, match="confrontation"):
        odds.landing_odds(["room"] * 32, 0)
    with pytest.raises(ValueError):
        odds.landing_odds(DEFAULT_TRACK, 40)


def test_the_view_shows_the_chain_for_the_movers_space():
    g = BigBrother(4, 9)
    rng = random.Random(0)
    shown = 0
    while not g.over and shown < 5:
        if g.phase in ("roll", "gossip_pick", "gossip", "choose"):  # the mover rolls again from here
            land = odds.landing_odds(g.track, g.pos[g.mover])
            assert g.view(None)["land_odds"] == [round(float(p), 4) for p in land]
            shown += g.phase == "roll"
        elif g.view(None)["land_odds"] is not None:
            raise AssertionError(f"odds in phase {g.phase}, where the turn is over")
        if not g.to_act:
            g.advance(g.next_deadline())
            continue
        s = g.to_act[0]
        g.act(s, rng.choice(g.legal_actions(s)), at=g.clock)
    assert shown == 5
    assert odds.odds_strings(DEFAULT_TRACK, 0)[2] == str(odds.landing_odds(DEFAULT_TRACK, 0)[2])

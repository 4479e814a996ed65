"""The odds panel's numbers against brute force.

``identity_odds(view)`` claims the exact posterior of "opponent s is figure f"
given everything the viewing seat has seen, with the cards dealt at random. The
brute force below does not reason about the rules at all: it enumerates every
deal the viewer cannot rule out by itself (its own card and the public record
are fixed; every assignment of the other cards to the opponents still in play
is tried), *replays the actual history in the engine* with that deal, and keeps
the deal when the replay succeeds and gives the viewer exactly the same view.
Every kept deal is equally likely a priori (the rest of the deck is the same
set in every kept deal, so its orders multiply every count by the same factor),
so the posterior is a ratio of counts: exact fractions, compared exactly.
"""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction

import pytest

from brady_widgets.costume_party import odds
from brady_widgets.costume_party.rules import CostumeParty
from brady_widgets.engine import IllegalAction

MAX_DEALS = 2000  # keeps each brute force to a second or so


def play_to(players: int, seed: int, steps: int, **options) -> CostumeParty:
    g = CostumeParty(players, seed=seed, **options)
    rng = random.Random(seed * 7919 + players)
    for _ in range(steps):
        if g.over:
            break
        s = g.to_act[0]
        g.act(s, rng.choice(g.legal_actions(s)))
    return g


def brute_force(game: CostumeParty, viewer: int):
    """``({seat: {figure: Fraction}}, number of consistent deals)`` by replaying every candidate deal."""
    view = game.view(viewer)
    drawn = [ev["card"] for ev in view["log"] if ev["type"] == "draw"]  # the deck's top, in order: public
    hidden = [s for s in range(game.players) if s != viewer and view["revealed"][s] is None]
    known = {viewer: view["my_character"]}
    known.update({s: view["revealed"][s] for s in range(game.players) if view["revealed"][s] is not None})
    pool = [c for c in range(20) if c not in known.values() and c not in drawn]
    counts = {s: {} for s in hidden}
    total = 0
    for combo in itertools.permutations(pool, len(hidden)):
        secrets = [None] * game.players
        for s, c in known.items():
            secrets[s] = c
        for s, c in zip(hidden, combo):
            secrets[s] = c
        deck = drawn + sorted(c for c in pool if c not in combo)
        deal = {"secrets": secrets, "deck": deck, "rooms": list(view_rooms_at_start(game))}
        try:
            other = CostumeParty.replay(game.players, game.seed, game.history, deal=deal, **game.options)
        except (IllegalAction, ValueError):
            continue
        if other.view(viewer) != view:
            continue
        total += 1
        for s, c in zip(hidden, combo):
            counts[s][c] = counts[s].get(c, 0) + 1
    return {s: {f: Fraction(n, total) for f, n in row.items()} for s, row in counts.items()}, total


def view_rooms_at_start(game: CostumeParty):
    # where the figures stood at the start is public (everyone saw the board)
    return game.deal["rooms"]


def deal_count(game: CostumeParty, viewer: int) -> int:
    view = game.view(viewer)
    drawn = {ev["card"] for ev in view["log"] if ev["type"] == "draw"}
    hidden = sum(1 for s in range(game.players) if s != viewer and view["revealed"][s] is None)
    known = {c for c in view["revealed"] if c is not None} | {view["my_character"]}
    pool = 20 - len(known | drawn)
    out = 1
    for i in range(hidden):
        out *= pool - i
    return out


def find_positions(players: int, want: int, seeds=range(300), dead_viewer: bool = False):
    """Seeded positions that are small enough to enumerate but not trivial: an
    opponent's kill constrains someone, and some opponent still has at least
    three possible figures (``identity_odds`` only picks the positions here; the
    brute force decides what is right)."""
    found = []
    for seed in seeds:
        g = CostumeParty(players, seed=seed)
        rng = random.Random(seed * 7919 + players)
        earliest = rng.randrange(0, 80)  # spread the positions over the game
        while not g.over:
            if len(g.history) < earliest:
                s = g.to_act[0]
                g.act(s, rng.choice(g.legal_actions(s)))
                continue
            kills = [ev for ev in g.events if ev["type"] == "kill"]
            hit = None
            for viewer in range(players):
                if dead_viewer == g.alive[viewer] or deal_count(g, viewer) > MAX_DEALS:
                    continue
                if not any(ev["seat"] != viewer and g.alive[ev["seat"]] for ev in kills):
                    continue
                probs = odds.identity_odds(g.view(viewer))
                if probs and max(len(p) for p in probs.values()) >= 3:
                    hit = viewer
                    break
            if hit is not None:
                found.append((g.clone(), hit))
                break
            s = g.to_act[0]
            g.act(s, rng.choice(g.legal_actions(s)))
        if len(found) == want:
            break
    return found


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 8])
def test_identity_odds_equals_brute_force(players):
    positions = find_positions(players, want=2)
    assert len(positions) == 2, "no enumerable position found"
    for game, viewer in positions:
        view = game.view(viewer)
        expected, total = brute_force(game, viewer)
        assert total >= 1  # the true deal is always consistent
        got = odds.identity_odds(view)
        assert got == expected, (players, game.seed, viewer)
        # the comparison has teeth: ignoring the kills (uniform over the figures on the board) is wrong here
        on_board = sorted(f for figs in view["rooms"].values() for f in figs if f != view["my_character"])
        naive = {s: {f: Fraction(1, len(on_board)) for f in on_board} for s in expected}
        assert naive != expected
        for _seat, probs in got.items():
            assert sum(probs.values()) == 1
            assert all(isinstance(p, Fraction) for p in probs.values())


def test_brute_force_covers_kills_draws_and_eliminations():
    # the positions above must exercise every kind of evidence, or the comparison proves little
    seen = {"constrained": 0, "draws": 0, "eliminations": 0, "dead_viewer": 0}
    for players in (2, 3, 4, 5, 6, 8):
        for game, viewer in find_positions(players, want=2):
            view = game.view(viewer)
            got = odds.identity_odds(view)
            on_board = sum(len(f) for f in view["rooms"].values())
            seen["constrained"] += any(len(p) < on_board - 1 for p in got.values())
            seen["draws"] += any(ev["type"] == "draw" for ev in view["log"])
            seen["eliminations"] += any(ev["type"] == "eliminated" for ev in view["log"])
            seen["dead_viewer"] += not view["alive"][viewer]
    assert seen["constrained"] >= 6 and seen["draws"] >= 4 and seen["eliminations"] >= 2, seen


def test_brute_force_with_an_eliminated_viewer():
    # an eliminated seat still watches and deduces
    for players in (4, 6):
        positions = find_positions(players, want=1, dead_viewer=True)
        assert positions, "no position with an eliminated viewer found"
        game, viewer = positions[0]
        assert not game.alive[viewer]
        expected, total = brute_force(game, viewer)
        assert odds.identity_odds(game.view(viewer)) == expected


def test_identity_odds_at_the_start_is_uniform():
    g = CostumeParty(4, seed=3)
    got = odds.identity_odds(g.view(1))
    mine = g.view(1)["my_character"]
    assert set(got) == {0, 2, 3}
    for probs in got.values():
        assert set(probs) == set(range(20)) - {mine}
        assert set(probs.values()) == {Fraction(1, 19)}


def test_identity_odds_empty_when_game_over():
    g = play_to(3, 1, 10_000)
    assert g.over
    assert odds.identity_odds(g.view(0)) == {}


@pytest.mark.parametrize(
    "faces, expected",
    [
        (
            None,
            {
                "blue": Fraction(1, 6),
                "yellow": Fraction(1, 6),
                "red": Fraction(1, 6),
                "green": Fraction(1, 6),
                "black": Fraction(1, 3),
            },
        ),
        (["red", "black", "black"], {"red": Fraction(1, 3), "black": Fraction(2, 3)}),
        (
            ["blue", "blue", "green", "black"],
            {"blue": Fraction(1, 2), "green": Fraction(1, 4), "black": Fraction(1, 4)},
        ),
    ],
)
def test_die_odds(faces, expected):
    opts = {} if faces is None else {"faces": faces}
    g = CostumeParty(3, seed=0, **opts)
    got = odds.die_odds(g.view(0))
    assert got == expected
    assert sum(got.values()) == 1
    # and they are the engine's own chance odds
    assert dict(g.chance_outcomes()) == got


def test_die_odds_match_observed_rolls():
    # a seeded frequency check that the declared odds are the odds the engine rolls with
    g = CostumeParty(2, seed=0, faces=["red", "black", "black"])
    rolls = {"red": 0, "black": 0}
    rng = random.Random(0)
    while not g.over and sum(rolls.values()) < 3000:
        s = g.to_act[0]
        events = g.act(s, rng.choice(g.legal_actions(s)))
        for ev in events:
            if ev["type"] == "roll":
                rolls[ev["face"]] += 1
        if g.over:
            g = CostumeParty(2, seed=sum(rolls.values()), faces=["red", "black", "black"])
    n = sum(rolls.values())
    assert abs(rolls["black"] / n - 2 / 3) < 4 * (2 / 9 / n) ** 0.5


@pytest.mark.parametrize("players", [2, 4, 8])
def test_panel_json_safe_and_normalized(players):
    for seed in range(6):
        g = play_to(players, seed, 15 * seed)
        for viewer in range(players):
            p = odds.panel(g.view(viewer))
            text = json.dumps(p)  # JSON-safe
            assert json.loads(text) == p
            assert abs(sum(p["die"].values()) - 1) < 1e-3
            ident = p["identity"]
            exact = odds.identity_odds(g.view(viewer))
            assert set(ident) == {str(s) for s in exact}
            for seat, probs in ident.items():
                assert all(isinstance(k, str) and isinstance(v, float) for k, v in probs.items())
                assert abs(sum(probs.values()) - 1) < 5e-5 * len(probs) + 1e-9
                for fig, prob in probs.items():
                    assert abs(prob - float(exact[int(seat)][int(fig)])) <= 5e-5

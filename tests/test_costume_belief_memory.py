"""The detective's memory of the public log (``BeliefMemory``) gives what reading the whole log gave.

A bot used to rebuild its evidence from its view's whole log at every call (``move_evidence`` as
it was, kept below as the reference): the boards of the past undone from today's rooms, every
move's factor counted again. The memory reads only the entries a view adds, and counts again
only the moves whose boards a draw changes. On every seat's view at every step of seeded games
at 2..8 players (and the public record, ``viewer=None``), fed in order, with steps skipped, out
of order and as deep copies, its weights must be equal to the reference's as floats (not
close) and its candidate sets equal to ``candidate_sets``; the bot's exposure (the public
record with a hypothetical kill appended) equal to the reference computed on that record.
"""

from __future__ import annotations

import copy
import math
import random

import pytest

from brady_widgets.costume_party.bots import BOTS, BeliefMemory, DetectiveBot, move_evidence
from brady_widgets.costume_party.knowledge import candidate_sets, weighted_posterior
from brady_widgets.costume_party.rules import CostumeParty


# ------------------------------------------------- the whole-log version (reference)
def reference_move_evidence(view: dict, strength: float = 1.5, cap: float = 2.0) -> dict:
    if strength == 0:
        return {}
    viewer = view["viewer"]
    players = view["players"]
    alive_now = view["alive"]
    n_fig = 20
    board: list = [None] * n_fig
    for room, figs in view["rooms"].items():
        for f in figs:
            board[f] = room
    log = [ev for ev in view["log"] if ev["type"] in ("move", "kill", "draw", "eliminated")]
    before: dict[int, list] = {}
    for idx in range(len(log) - 1, -1, -1):
        ev = log[idx]
        t = ev["type"]
        if t == "move":
            board[ev["figure"]] = ev["from"]
            before[idx] = list(board)
        elif t == "kill":
            board[ev["figure"]] = ev["room"]
        elif t == "draw" and not ev["gone"]:
            board[ev["card"]] = "?"
    pins: dict[int, set[int]] = {}
    alive = [True] * players
    lo, hi = 1.0 / cap, cap
    out: dict[int, dict[int, float]] = {}
    for idx, ev in enumerate(log):
        t = ev["type"]
        if t == "kill":
            s = ev["seat"]
            allowed = set(ev["room_figures"]) - {ev["figure"]}
            pins[s] = pins[s] & allowed if s in pins else allowed
        elif t == "eliminated":
            alive[ev["seat"]] = False
        elif t == "move":
            s = ev["seat"]
            if s == viewer or not alive_now[s]:
                continue
            f, a, b = ev["figure"], ev["from"], ev["to"]
            brd = before[idx]
            on = {g for g in range(n_fig) if brd[g] is not None and brd[g] != "?" and g != f}
            in_a = {g for g in on if brd[g] == a}
            in_b = {g for g in on if brd[g] == b}
            exp_a = exp_b = 0.0
            for other in range(players):
                if other == s or not alive[other]:
                    continue
                cand = on & pins[other] if other in pins else on
                if cand:
                    exp_a += len(cand & in_a) / len(cand)
                    exp_b += len(cand & in_b) / len(cand)
            risk_a = exp_a / len(in_a) if in_a else 0.0
            risk_b = exp_b / len(in_b) if in_b else 0.0
            factor = math.exp(strength * (risk_a - risk_b))
            factor = min(hi, max(lo, factor))
            if factor != 1.0:
                row = out.setdefault(s, {})
                row[f] = row.get(f, 1.0) * factor
    for row in out.values():
        for f in row:
            row[f] = min(hi * hi, max(lo * lo, row[f]))
    return out


def reference_exposure(bot: DetectiveBot, view: dict, kill: int | None = None) -> float:
    me = view["my_character"]
    rooms = {r: list(figs) for r, figs in view["rooms"].items()}
    log = list(view["log"])
    if kill is not None:
        here = next(r for r, figs in rooms.items() if me in figs)
        log.append({"type": "kill", "seat": bot.seat, "figure": kill, "room": here, "room_figures": list(rooms[here])})
        rooms[here].remove(kill)
    public = {**view, "viewer": None, "my_character": None, "rooms": rooms, "log": log}
    cands = candidate_sets(public)
    weights = reference_move_evidence(public, bot.move_evidence, bot.evidence_cap) if bot.move_evidence else {}
    try:
        post = weighted_posterior(cands, weights)
    except ValueError:
        try:
            post = weighted_posterior(cands)
        except ValueError:
            return 0.0
    return post.get(bot.seat, {}).get(me, 0.0)


def games(players: int, seed: int):
    """Every step of a seeded game of detectives, easy bots and random bots: (game, views by seat)."""
    names = ["detective", "easy", "random", "medium"]
    g = CostumeParty(players, seed=seed)
    bots = [BOTS[names[(s + seed) % len(names)]](s, seed) for s in range(players)]
    while not g.over:
        views = {s: g.view(s) for s in range(players)}
        views[None] = g.view(None)
        yield g, views
        s = g.to_act[0]
        g.act(s, bots[s].choose(views[s], g.legal_actions(s)))
    yield g, {s: g.view(s) for s in [*range(players), None]}


def check(memory: BeliefMemory, view: dict, strength: float = 1.5) -> None:
    memory.update(view)
    want = reference_move_evidence(view, strength)
    got = memory.weights(view["viewer"], view["alive"]) if strength else {}
    assert got == want  # floats equal, not close
    assert memory.candidates(view, view["viewer"], view.get("my_character")) == candidate_sets(view)


@pytest.mark.parametrize("players", [2, 3, 4, 6, 8])
def test_memory_fed_every_view_equals_the_whole_log(players):
    recounts = 0
    for seed in range(4):
        memories = {s: BeliefMemory() for s in [*range(players), None]}
        easy = {s: BeliefMemory(0.0) for s in range(players)}
        for _g, views in games(players, seed):
            for s, view in views.items():
                drawn_before = len(memories[s].moves)
                check(memories[s], view)
                if s is not None:
                    check(easy[s], view, 0.0)
                recounts += drawn_before > 0 and memories[s].read == len(view["log"])
        assert memories[None].read > 0
    assert recounts > 0


def test_memory_reads_only_the_new_entries_and_recounts_after_a_draw():
    # the memory grows (no re-read from the start) while the log continues; a draw of a figure on
    # the board changes the boards of the moves since it last moved, and only their factors
    seen_draw = False
    for seed in range(6):
        memory = BeliefMemory()
        for _g, views in games(4, seed):
            view = views[None]
            before = [[*rec[:5], list(rec[5])] for rec in memory.moves]  # the boards as they were
            check(memory, view)
            assert [rec[:5] for rec in memory.moves[: len(before)]] == [rec[:5] for rec in before]
            new = view["log"][len(view["log"]) - 1]
            if new["type"] == "draw" and not new["gone"]:
                changed = [rec for rec, old in zip(memory.moves, before) if rec[5] != old[5]]
                seen_draw = seen_draw or bool(changed)
                assert all(rec[5][new["card"]] == "?" for rec in changed)
    assert seen_draw


@pytest.mark.parametrize("players", [4, 7])
def test_memory_fed_any_view_skipped_shuffled_or_copied(players):
    rng = random.Random(players)
    for seed in range(3):
        steps = [views for _g, views in games(players, 100 + seed)]
        skipping = {s: BeliefMemory() for s in [*range(players), None]}
        mixed = BeliefMemory()
        for i, views in enumerate(steps):
            if i % 7 == 3:
                for s, view in views.items():
                    check(skipping[s], view)
            # an earlier step, another seat, a deep copy (no shared entries), then the step itself
            old = steps[rng.randrange(i + 1)]
            check(mixed, old[rng.choice(list(old))])
            check(mixed, copy.deepcopy(views[rng.randrange(players)]))
            check(mixed, views[None])


def test_move_evidence_is_the_reference():
    for _g, views in games(5, 9):
        for view in views.values():
            assert move_evidence(view) == reference_move_evidence(view)
            assert move_evidence(view, 0.7, 3.0) == reference_move_evidence(view, 0.7, 3.0)


@pytest.mark.parametrize("players", [3, 4, 6])
def test_exposure_equals_the_public_record_with_the_kill_appended(players):
    checked = 0
    for seed in range(3):
        bots = {s: DetectiveBot(s, seed) for s in range(players)}
        easy = {s: BOTS["easy"](s, seed) for s in range(players)}
        for g, views in games(players, 200 + seed):
            if g.over:
                continue
            for s in g.to_act:
                view = views[s]
                me = view["my_character"]
                here = next(figs for figs in view["rooms"].values() if me in figs)
                for bot in (bots[s], easy[s]):
                    assert bot.exposure(view) == reference_exposure(bot, view)
                    for kill in here:
                        if kill != me:
                            assert bot.exposure(view, kill) == reference_exposure(bot, view, kill)
                            checked += 1
    assert checked > 100

"""Seeded Total Black positions for tests and lessons: games reached by the ``hold`` bots
on the engine's own clock, so each replays, saves and shows in a widget like any game."""

from __future__ import annotations

from ..progress import a_seed, checks, flag, players_of, whole
from .rules import TotalBlack

PLAYERS = players_of("total_black")

HOLD = {"type": "hold"}


@checks(players=PLAYERS, seed=a_seed, rounds=whole(0), holds=flag)
def after_rounds(players: int = 8, seed: int = 0, rounds: int = 2, holds: bool = True, **options) -> TotalBlack:
    """A ``players``-player game after ``rounds`` bump rounds in which every player whose
    bump cried its own cry held hands (``holds=False``: nobody held)."""
    g = TotalBlack(players, seed, **options)
    for _ in range(rounds):
        if g.over:
            break
        if holds:
            for s in range(players):
                p = g.partner[s]
                if p is not None and g._cry[g.cards[p]] == g._cry[g.cards[s]]:
                    g.act(s, HOLD, at=g.clock)
        g.advance(g.next_deadline())
    return g


@checks(players=PLAYERS, seed=a_seed)
def stranger_held(players: int = 8, seed: int = 0, **options) -> TotalBlack | None:
    """The first round of a seeded game where seat 0 bumped into a look-alike (same cry,
    not its partner), with seat 0 and that stranger holding hands: at the deadline both
    hear 'not your partner'. ``None`` if no such bump happens in 50 rounds."""
    g = TotalBlack(players, seed, **options)
    for _ in range(50):
        p = g.partner[0]
        if p is not None and g.cards[p] != g.cards[0] and g._cry[g.cards[p]] == g._cry[g.cards[0]]:
            g.act(0, HOLD, at=g.clock)
            g.act(p, HOLD, at=g.clock)
            return g
        g.advance(g.next_deadline())
        if g.over:
            return None
    return None


POSITIONS = {
    "after_rounds": "a game after a few rounds of hold-iff-same-cry play",
    "stranger_held": "seat 0 and a look-alike stranger hold hands (they will hear 'not your partner')",
}
